import Testing
@testable import RouteKit

@Suite struct PlaceholderParserTests {
    @Test func parsesNamedAndPrintf() {
        let placeholders = PlaceholderParser.parse("%{count} of %1$s, %2$d, %s %d %@ %lld %.2f 100%% %{x-y}")
        #expect(placeholders.map(\.text) == ["%{count}", "%1$s", "%2$d", "%s", "%d", "%@", "%lld", "%.2f", "%{x-y}"])
        #expect(placeholders[1].kind == .printf(position: 1, conversion: "s"))
        #expect(placeholders[3].kind == .printf(position: nil, conversion: "s"))
        #expect(placeholders[6].typeFamily == "integer")
        #expect(placeholders[0].offset == 0 && placeholders[1].offset == 12)
    }

    /// Issue 14 items 6, 8, 9, 10: `%@` and `%s` are different types; Ruby's `%<name>s` is a named
    /// placeholder with a format; the grouping flags `%,d` and `%'d` are placeholders.
    @Test func parsesRubyNamedAndFlags() {
        let placeholders = PlaceholderParser.parse("%<name>s has %<n>05.1f, %1$,d and %'d, %#x %-10s %.3s %llu")
        #expect(placeholders.map(\.text) == ["%<name>s", "%<n>05.1f", "%1$,d", "%'d", "%#x", "%-10s", "%.3s", "%llu"])
        #expect(placeholders[0].kind == .named("name") && placeholders[0].spec?.conversion == UInt8(ascii: "s"))
        #expect(placeholders[1].kind == .named("n"))
        #expect(placeholders[1].spec == PrintfSpec(flags: .zeroPad, width: 5, precision: 1, conversion: UInt8(ascii: "f")))
        #expect(placeholders[2].spec?.flags == .comma && placeholders[2].typeFamily == "integer")
        #expect(placeholders[3].spec?.flags == .apostrophe)
        #expect(placeholders[4].spec?.flags == .alternate)
        #expect(placeholders[5].spec?.flags == .leftAlign && placeholders[5].spec?.width == 10)
        #expect(placeholders[6].spec?.precision == 3)
        #expect(placeholders[7].spec?.integerBits == 64)
        #expect(PlaceholderParser.parse("%{name}")[0].spec == nil)
        #expect(PlaceholderParser.parse("%@")[0].typeFamily != PlaceholderParser.parse("%s")[0].typeFamily)
        #expect(PlaceholderParser.parse("%<name>").isEmpty && PlaceholderParser.parse("a %<b c").isEmpty)
    }

    @Test func loosePercentsAreText() {
        #expect(PlaceholderParser.parse("50 % off, 100%").isEmpty)
        #expect(PlaceholderParser.parse("%{} and %{").isEmpty)
        #expect(PlaceholderParser.parse("%%d").isEmpty)
    }
}
