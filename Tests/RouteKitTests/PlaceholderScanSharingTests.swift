import Testing
@testable import RouteKit

/// `placeholder-mismatch` compares each translation in the scan `format-crash` and the verbatim
/// rule share (`StringTableCache.formatScans`); with that comparison off (the rule not selected),
/// the rule, run anyway, scans alone. Both ways find the same, with the other rules on or off,
/// and the other rules find the same whether it runs or not.
@Suite struct PlaceholderScanSharingTests {
    /// Rails texts of every kind the comparison tells apart: names missing, extra, a plural's
    /// forms (one showing the count, none showing it), a crash, blank and `%`-less texts, a
    /// plain text for a plural, and keys the base lacks.
    static let files: [String: String] = [
        "s0.yml": """
            en:
              greet: 'Hello %{name}'
              two: '%{a} and %{b}'
              plain: 'No placeholders'
              count:
                one: '%{count} item'
                other: '%{count} items'
              bare:
                one: 'one'
                other: 'many'
              empty: '%{x}'
              percent: '100%'
            """,
        "s1.yml": """
            de:
              greet: 'Hallo %{nom}'
              two: '%{b} und %{a}'
              plain: 'Keine %{extra}'
              count:
                one: 'ein Ding'
                other: 'Dinge'
              bare: 'nur eins'
              empty: ' '
              percent: '100 %'
              stray: 'nur %{hier}'
            """,
        "s2.yml": """
            fr:
              greet: 'Bonjour %{name} %{name}'
              two: '%{a}'
              count:
                one: '%{count} chose'
                other: '%{counts} choses'
              bare:
                one: '%{n} un'
                other: 'plusieurs'
              empty: ''
              percent: '100%{'
            """,
    ]

    static func context(comparesPlaceholders: Bool) throws -> (LintContext, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        var files = files
        files[".routekit.yml"] = "strings: [\"s*.yml\"]\n"
        try directory.write(files)
        let project = try directory.loadProject()
        // The linter's context when the rule is not selected: the scan leaves the comparison out.
        let rules = comparesPlaceholders ? nil : RuleRegistry.rules.filter { !($0 is PlaceholderMismatch) }
        return (LintContext(project: project, settings: project.config.rules, rules: rules), directory)
    }

    static func described(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.locale ?? "") \($0.key ?? "") \($0.message)" }.sorted()
    }

    @Test func theSharedScanAndTheRulesOwnFindTheSame() throws {
        let (shared, keep1) = try Self.context(comparesPlaceholders: true)
        let (alone, keep2) = try Self.context(comparesPlaceholders: false)
        _ = (keep1, keep2)
        // The other rules first, on the context that compares: its scan is made for them.
        let crashes = Self.described(FormatCrash().check(shared)), verbatim = Self.described(PlaceholderShownVerbatim().check(shared))
        let found = Self.described(PlaceholderMismatch().check(shared))
        // greet, plain (de) and two (fr) by name; count's forms (de: none shows the count; fr: an
        // extra name); bare (de: a plain text for a plural; fr: an extra name in a form).
        #expect(Set(found.map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") })
                    == ["de greet", "de plain", "de count", "de bare", "fr two", "fr count", "fr bare"], "\(found)")
        #expect(found.count == 7, "\(found)")
        #expect(Self.described(PlaceholderMismatch().check(alone)) == found)
        // The shared scan compared only where the rule is selected.
        #expect(shared.stringCache.formatScans().contains { $0.mismatches != nil })
        #expect(alone.stringCache.formatScans().allSatisfy { $0.mismatches == nil })
        #expect(Self.described(FormatCrash().check(alone)) == crashes)
        #expect(Self.described(PlaceholderShownVerbatim().check(alone)) == verbatim)
        // Through the linter: the rule alone, and beside every other rule.
        let project = shared.project
        let only = Linter.lint(project, selection: LintSelection(only: ["placeholder-mismatch"])).diagnostics
        let all = Linter.lint(project).diagnostics.filter { $0.rule == "placeholder-mismatch" }
        #expect(Self.described(only) == found)
        #expect(Self.described(all) == found)
        let crashesWithout = Linter.lint(project, selection: LintSelection(only: ["format-crash"])).diagnostics
        #expect(Self.described(crashesWithout) == crashes)
    }

    /// `empty-translation` reads its blank texts from the same shared reading of every text; with
    /// the placeholder rules off it reads them alone (`readsPlaceholders` false), and with itself
    /// not among the rules the cache was made for, by a reading of their own: the same findings
    /// each way, at plain texts and plural forms, a separator's blank translation left out.
    @Test func emptyTranslationFindsTheSameBlankTextsEveryWay() throws {
        let directory = try TemporaryDirectory()
        try directory.write([
            ".routekit.yml": "strings: [\"s*.yml\"]\n",
            "s0.yml": "en:\n  a: 'A'\n  b: ' x'\n  p:\n    one: 'one'\n    other: 'many'\n  q: '%{n}'\n",
            "s1.yml": "de:\n  a: ''\n  b: ' '\n  p:\n    one: ' '\n    other: \"\\u00A0\"\n  q: \"\\u3000\"\n  r: 'ok %{n}'\n",
        ])
        let project = try directory.loadProject()
        func found(rules: [any LintRule]?) -> [String] {
            Self.described(EmptyTranslation().check(LintContext(project: project, settings: project.config.rules, rules: rules)))
        }
        let shared = found(rules: nil)
        #expect(shared.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == ["2:6 de a", "5:10 de p", "6:12 de p", "7:6 de q"],
                "\(shared)")
        #expect(found(rules: [EmptyTranslation()]) == shared)
        #expect(found(rules: RuleRegistry.rules.filter { !($0 is EmptyTranslation) }) == shared)
        let only = Linter.lint(project, selection: LintSelection(only: ["empty-translation"])).diagnostics
        #expect(Self.described(only) == shared)
    }
}
