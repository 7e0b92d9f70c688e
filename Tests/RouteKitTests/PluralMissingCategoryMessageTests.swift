import Testing
@testable import RouteKit

/// `plural-missing-category` words its finding when asked: the categories the plural lacks, in
/// CLDR's order, then the locale's whole CLDR list.
@Suite struct PluralMissingCategoryMessageTests {
    @Test func listsWhatIsMissingInCLDROrder() throws {
        let findings = try StringsFindingsLimitTests.lint([
            "s0.yml": "en:\n  talks: { one: \"%{count} talk\", other: \"%{count} talks\" }\n",
            "s1.yml": "ru:\n  talks: { one: \"%{count} доклад\" }\n  days: { many: \"%{count} дней\", other: \"%{count} дня\" }\n",
            "s2.yml": "de:\n  talks: { one: \"%{count} Vortrag\" }\n",
        ], rule: "plural-missing-category", limit: nil)
        #expect(Set(findings.map(\.message)) == [
            "plural 'talks' in locale 'ru' lacks 'few', 'many', 'other' (CLDR: one, few, many, other)",
            "plural 'days' in locale 'ru' lacks 'one', 'few' (CLDR: one, few, many, other)",
            "plural 'talks' in locale 'de' lacks 'other' (CLDR: one, other)",
        ])
    }
}
