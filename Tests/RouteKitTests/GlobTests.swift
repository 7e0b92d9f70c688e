import Testing
@testable import RouteKit

@Suite struct GlobTests {
    @Test func matchesSegments() {
        #expect(Glob.matches(name: "en.yml", pattern: "*.yml"))
        #expect(!Glob.matches(name: "en.yaml", pattern: "*.yml"))
        #expect(Glob.matches(name: "de.yml", pattern: "[a-e]?.yml"))
        #expect(!Glob.matches(name: "fr.yml", pattern: "[!f]?.yml"))
        #expect(Glob.expandBraces("s/{a,b}/*.{yml,yaml}").count == 4)
    }

    @Test func expandsOnDisk() throws {
        let dir = try TemporaryDirectory().write([
            "strings/en.yml": "", "strings/de/x.yml": "", "strings/.hidden.yml": "", "other.yml": "",
        ])
        let root = dir.url.path
        #expect(Glob.expand("strings/*.yml", root: root).map { PathUtilities.relative($0, to: root) } == ["strings/en.yml"])
        #expect(Glob.expand("strings/**/*.yml", root: root).map { PathUtilities.relative($0, to: root) } == ["strings/de/x.yml", "strings/en.yml"])
        #expect(Glob.expand("{other,strings/en}.yml", root: root).count == 2)
    }
}
