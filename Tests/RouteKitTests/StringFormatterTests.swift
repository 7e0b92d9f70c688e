import Testing
@testable import RouteKit

@Suite struct StringFormatterTests {
    @Test func fillsNamedAndPositional() throws {
        #expect(try StringFormatter.format("Room %{room}", named: ["room": "A"]).get() == "Room A")
        #expect(try StringFormatter.format("Hallo %1$s, heute %2$d Vorträge", positional: ["Ana", "3"]).get() == "Hallo Ana, heute 3 Vorträge")
        #expect(try StringFormatter.format("%2$s before %1$s", positional: ["a", "b"]).get() == "b before a")
        #expect(try StringFormatter.format("%s and %s", positional: ["a", "b"]).get() == "a and b")
        #expect(try StringFormatter.format("%@ has %lld", positional: ["x", "12"]).get() == "x has 12")
        #expect(try StringFormatter.format("%.2f km", positional: ["3.14159"]).get() == "3.14 km")
        #expect(try StringFormatter.format("100%% sure, %d", positional: ["1"]).get() == "100% sure, 1")
    }

    @Test func missingExtraAndBadArgsAreClearErrors() {
        #expect(StringFormatter.format("Room %{room}", key: "'room'") == .failure(.init(message: "'room' needs a value for %{room}")))
        #expect(StringFormatter.format("Room", named: ["room": "A"], key: "'room'") == .failure(.init(message: "'room' has no %{room} placeholder")))
        #expect(StringFormatter.format("%1$s %2$s", positional: ["a"], key: "'k'") == .failure(.init(message: "'k' needs argument 2 for %2$s, but 1 given")))
        #expect(StringFormatter.format("%s", positional: ["a", "b"], key: "'k'") == .failure(.init(message: "'k' takes 1 positional argument, but 2 given")))
        #expect(StringFormatter.format("%d talks", positional: ["many"], key: "'k'") == .failure(.init(message: "'k': argument 1 for %d must be a whole number, got 'many'")))
    }

    @Test func pluralFormMayOmitCountButNotExtraArgs() throws {
        #expect(try StringFormatter.format("once", named: ["count": "1"], allTexts: ["once", "%{count} times"]).get() == "once")
        #expect(throws: StringFormatter.Failure.self) {
            try StringFormatter.format("once", named: ["count": "1", "x": "y"], allTexts: ["once", "%{count} times"]).get()
        }
    }

    @Test func isolatesUserValues() throws {
        #expect(try StringFormatter.format("Room %{room}", named: ["room": "אולם"], isolate: true).get() == "Room \u{2068}אולם\u{2069}")
    }
}
