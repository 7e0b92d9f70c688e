import Testing
@testable import RouteKit

/// `limits.findings` bounds what a rule that fires at every push lists (a code base of `D(x)` is a
/// finding per 4 bytes, and a finding 24): the first that many, in the order found, and one more
/// finding that counts the rest. Below the limit nothing changes.
@Suite struct FindingsLimitTests {
    static func pushWithoutTitle(pushes: Int, limit: Int?) throws -> [Finding] {
        let directory = try TemporaryDirectory()
        try directory.write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [s.yml]\nsources: { kotlin: [\"*.kt\"] }\n"
                + (limit.map { "limits: { findings: \($0) }\n" } ?? ""),
            "s.yml": "en:\n  a: b\n",
            "routes.yml": "routes:\n  D: { title: a }\n",
            "Routes.kt": "sealed interface AppRoute\ndata class D(val x: Int) : AppRoute\n",
            "Nav.kt": "fun go(navigate: (AppRoute) -> Unit) {\n" + String(repeating: "D(x)", count: pushes) + "}\n",
        ])
        let project = try directory.loadProject()
        return Linter.lint(project, selection: LintSelection(only: ["push-without-title"])).diagnostics
    }

    @Test func aRuleListsAtMostTheLimitAndCountsTheRest() throws {
        let all = try Self.pushWithoutTitle(pushes: 10, limit: nil)
        #expect(all.count == 10)
        let cut = try Self.pushWithoutTitle(pushes: 10, limit: 3)
        #expect(cut.count == 4)
        let listed = cut.filter { $0.location != nil }
        #expect(listed.map { "\($0.location!.line):\($0.location!.column)" } == all.prefix(3).map { "\($0.location!.line):\($0.location!.column)" })
        let notice = cut.first { $0.location == nil }
        #expect(notice?.message == "7 more push-without-title finding(s) are not listed: over the limit of 3 findings (limits.findings)")
        #expect(notice?.file?.hasSuffix(".routekit.yml") == true)
        #expect(try Self.pushWithoutTitle(pushes: 10, limit: 10).count == 10)
    }
}

/// The same bound for the rules that fire at every entry of a strings file: a translation whose
/// keys are all extra, a translation without its placeholders, a key defined again (each a finding
/// per line of a dozen bytes, 4.1 to 4.8 × the input at the default limit before).
@Suite struct StringsFindingsLimitTests {
    static func lint(_ files: [String: String], rule: String, limit: Int?) throws -> [Finding] {
        let directory = try TemporaryDirectory()
        var files = files
        files[".routekit.yml"] = "strings: [\"s*.yml\"]\n" + (limit.map { "limits: { findings: \($0) }\n" } ?? "")
        try directory.write(files)
        let project = try directory.loadProject()
        return Linter.lint(project, selection: LintSelection(only: [rule])).diagnostics
    }

    static func lines(_ count: Int, value: String = "v") -> String {
        (0 ..< count).map { "  k\($0): \(value)\n" }.joined()
    }

    /// Below the limit every finding is listed; at 3, the first three (in the order the full run
    /// sorts them) and one notice counting the rest, in the config.
    static func expectBounded(_ files: [String: String], rule: String, total: Int) throws {
        let all = try lint(files, rule: rule, limit: nil)
        #expect(all.count == total)
        #expect(try lint(files, rule: rule, limit: total).count == total)
        let cut = try lint(files, rule: rule, limit: 3)
        #expect(cut.count == 4)
        let listed = cut.filter { $0.location != nil }
        #expect(listed.map(\.message) == Array(all.prefix(3).map(\.message)))
        let notice = cut.first { $0.location == nil }
        #expect(notice?.message == "\(total - 3) more \(rule) finding(s) are not listed: over the limit of 3 findings (limits.findings)")
        #expect(notice?.rule == rule)
    }

    @Test func extraTranslation() throws {
        try Self.expectBounded(["s0.yml": "en:\n  a: b\n", "s1.yml": "de:\n" + Self.lines(6), "s2.yml": "fr:\n" + Self.lines(4)],
                               rule: "extra-translation", total: 10)
    }

    @Test func placeholderMismatch() throws {
        try Self.expectBounded(["s0.yml": "en:\n" + Self.lines(8, value: "'%{n}'"), "s1.yml": "de:\n" + Self.lines(8)],
                               rule: "placeholder-mismatch", total: 8)
    }

    /// Locales are compared on all cores: the listed findings are still the first in locale and
    /// entry order, whichever locale finishes first (de has 2, fr 4, it 3).
    @Test func placeholderMismatchAcrossLocalesComparedInParallel() throws {
        try Self.expectBounded(["s0.yml": "en:\n" + Self.lines(4, value: "'%{n}'"), "s1.yml": "de:\n" + Self.lines(2),
                                "s2.yml": "fr:\n" + Self.lines(4), "s3.yml": "it:\n" + Self.lines(3)],
                               rule: "placeholder-mismatch", total: 9)
    }

    @Test func duplicateKeyAcrossFiles() throws {
        try Self.expectBounded(["s0.yml": "en:\n" + Self.lines(5), "s1.yml": "en:\n" + Self.lines(5), "s2.yml": "en:\n" + Self.lines(2)],
                               rule: "duplicate-key", total: 7)
    }

    /// Translations merge on all cores, a locale's files in one task: the duplicates are still
    /// listed in file order across locales (a file of two locales is one task with both).
    @Test func duplicateKeyAcrossTranslationsMergedInParallel() throws {
        try Self.expectBounded(["s0.yml": "en:\n" + Self.lines(3), "s1.yml": "de:\n" + Self.lines(3), "s2.yml": "de:\n" + Self.lines(2),
                                "s3.yml": "fr:\n" + Self.lines(3), "s4.yml": "fr:\n" + Self.lines(2),
                                "s5.yml": "it:\n" + Self.lines(1) + "es:\n" + Self.lines(1), "s6.yml": "es:\n" + Self.lines(1)
                                    + "it:\n" + Self.lines(1)],
                               rule: "duplicate-key", total: 6)
    }

    /// Findings the readers make at single nodes: listed in file order across files.
    @Test func duplicateKeyInOneFile() throws {
        try Self.expectBounded(["s0.yml": "en:\n" + Self.lines(3) + Self.lines(3), "s1.yml": "de:\n" + Self.lines(2) + Self.lines(2)],
                               rule: "duplicate-key", total: 5)
    }

    /// A key given again keeps its extent (SARIF's region), as a finding of its own did; a tag's
    /// finding is at its start only.
    @Test func nodeFindingsKeepTheirPlaces() throws {
        let found = try Self.lint(["s0.yml": "en:\n  key: v\n  key: !x w\n"], rule: "duplicate-key", limit: nil)
        #expect(found.map { "\($0.location!.line):\($0.location!.column)-\($0.location!.endLine ?? 0):\($0.location!.endColumn ?? 0)" } == ["3:3-3:6"])
        #expect(found.first?.key == "key")
        let tags = try Self.lint(["s0.yml": "en:\n  a: !x v\n"], rule: "yaml-syntax", limit: nil)
        #expect(tags.map { "\($0.location!.line):\($0.location!.column) \($0.location!.endLine == nil) \($0.key == nil)" } == ["2:6 true true"])
    }

    @Test func tagsInAStreamedFile() throws {
        try Self.expectBounded(["s0.yml": "en:\n" + Self.lines(4, value: "!!int 1"), "s1.yml": "de:\n" + Self.lines(3, value: "!x v")],
                               rule: "yaml-syntax", total: 7)
    }

    @Test func aliasesInATreeReadFile() throws {
        try Self.expectBounded(["s0.yml": "en:\n  a: &x v\n" + Self.lines(6, value: "*x")], rule: "yaml-syntax", total: 6)
    }

    @Test func membersRepeatedInAStringCatalog() throws {
        let members = (0 ..< 6).map { _ in "\"a\": {}" }.joined(separator: ", ")
        let directory = try TemporaryDirectory()
        let catalog = "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {" + members + "}}"
        for limit in [nil, 3] {
            try directory.write([".routekit.yml": "strings: [Localizable.xcstrings]\n" + (limit.map { "limits: { findings: \($0) }\n" } ?? ""),
                                 "Localizable.xcstrings": catalog])
            let project = try directory.loadProject()
            let found = Linter.lint(project, selection: LintSelection(only: ["duplicate-key"])).diagnostics
            #expect(found.count == (limit == nil ? 5 : 4))
            #expect(found.filter { $0.location != nil }.allSatisfy {
                $0.message == "'a' is given twice in one JSON object: the last one is read, as Xcode reads it"
            })
            if limit != nil {
                #expect(found.contains { $0.message == "2 more duplicate-key finding(s) are not listed: over the limit of 3 findings (limits.findings)" })
            }
        }
    }
}
