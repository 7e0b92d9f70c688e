import Testing
@testable import RouteKit

/// `DuplicateKeyFindings`: the duplicate keys of a strings load, stored as integers and made into
/// findings when asked: rule, position, key, locale, and a message that names the first
/// definition's file relative to the config's directory (never absolute, never with a line:
/// the message is part of the finding's identity in a baseline).
@Suite struct DuplicateKeyFindingsTests {
    static func load(_ files: [(String, String)], root: String = "/p") -> [Finding] {
        let read = files.map { YAMLReader.read(text: $0.1, path: root + "/" + $0.0) }
        let (_, findings) = StringsLoader.load(read, baseLocale: "en", root: root)
        return findings.filter { $0.rule == "duplicate-key" }
    }

    @Test func aKeyInTwoFilesNamesTheFirstFileRelatively() throws {
        let findings = Self.load([("strings/a.yml", "en:\n  plain: A\n"), ("strings/b.yml", "en:\n  other: O\n  plain: B\n")])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.message == "key 'plain' of locale 'en' is already defined in strings/a.yml")
        #expect(finding.severity == .error)
        #expect(finding.key == "plain" && finding.locale == "en")
        #expect(finding.location == SourceLocation(file: "/p/strings/b.yml", line: 3, column: 3), "\(String(describing: finding.location))")
        #expect(finding.isStoredInGroup)
    }

    @Test func aDottedAndANestedKeyInOneFile() throws {
        let findings = Self.load([("s.yml", "en:\n  x.y: One\n  x:\n    y: Two\n")])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.message == "key 'x.y' of locale 'en' is already defined earlier in this file")
        #expect(finding.location?.file == "/p/s.yml" && finding.location?.line == 4 && finding.location?.column == 5,
                "\(String(describing: finding.location))")
    }

    @Test func eachLocaleHasItsOwnKeys() {
        // The same key in two locales is no duplicate; in one locale across three files it is two.
        let findings = Self.load([("a.yml", "en:\n  k: A\nde:\n  k: A\n"), ("b.yml", "en:\n  k: B\n"), ("c.yml", "en:\n  k: C\nde:\n  j: J\n")])
        #expect(findings.map(\.message) == [
            "key 'k' of locale 'en' is already defined in a.yml",
            "key 'k' of locale 'en' is already defined in a.yml",
        ])
        #expect(findings.compactMap(\.location?.file).sorted() == ["/p/b.yml", "/p/c.yml"])
    }

    /// The message is the same on every checkout: moving the project changes no baseline entry.
    @Test func theMessageDoesNotDependOnWhereTheProjectIs() {
        let files = [("strings/a.yml", "en:\n  plain: A\n"), ("strings/b.yml", "en:\n  plain: B\n")]
        let here = Self.load(files, root: "/home/me/app").map(\.message)
        let there = Self.load(files, root: "/ci/build/7/app").map(\.message)
        #expect(here == there && here.count == 1)
        #expect(!here.joined().contains("/home") && !here.joined().contains("/ci"))
    }

    /// A finding made from the group is the same as one made with the same fields.
    @Test func groupedFindingsEqualSingleOnes() throws {
        let finding = try #require(Self.load([("a.yml", "en:\n  k: A\n"), ("b.yml", "en:\n  k: B\n")]).first)
        let single = Finding(rule: finding.rule, severity: finding.severity, message: finding.message,
                             location: finding.location, file: finding.file, route: finding.route, key: finding.key, locale: finding.locale)
        #expect(single == finding)
        #expect(!single.isStoredInGroup)
    }
}
