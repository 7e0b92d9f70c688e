import Testing
@testable import RouteKit

/// Messages about one plural form start with "the '<category>' form of '<key>'", the words made
/// once per category (`writeFormOf`): each category's words are its own, for every category.
@Suite struct PluralFormMessageTests {
    @Test func extraCategoryNamesItsFormAndTheLocalesList() throws {
        let findings = try StringsFindingsLimitTests.lint([
            "s0.yml": "en:\n  talks: { one: \"%{count} talk\", other: \"%{count} talks\" }\n",
            "s1.yml": "de:\n  talks: { one: \"%{count} Vortrag\", two: \"%{count} Vorträge\", few: \"%{count} Vorträge\", many: \"%{count} Vorträge\", other: \"%{count} Vorträge\" }\n",
            "s2.yml": "ja:\n  talks: { one: \"%{count} 件\", other: \"%{count} 件\" }\n",
        ], rule: "plural-extra-category", limit: nil)
        #expect(Set(findings.map(\.message)) == [
            "the 'two' form of 'talks' is never selected in locale 'de' (CLDR: one, other)",
            "the 'few' form of 'talks' is never selected in locale 'de' (CLDR: one, other)",
            "the 'many' form of 'talks' is never selected in locale 'de' (CLDR: one, other)",
            "the 'one' form of 'talks' is never selected in locale 'ja' (CLDR: other)",
        ])
    }

    @Test func placeholderMismatchNamesTheFormAndTheLocale() throws {
        let findings = try StringsFindingsLimitTests.lint([
            "s0.yml": "en:\n  talks: { one: \"%{count} talk\", other: \"%{count} talks\" }\n",
            "s1.yml": "de:\n  talks: { one: \"%{room} Vortrag\", other: \"%{count} Vorträge %{room}\" }\n",
            "s2.yml": "fr:\n  talks: { one: \"%{count} exposé\", other: \"%{count} exposés %{hall}\" }\n",
        ], rule: "placeholder-mismatch", limit: nil)
        #expect(Set(findings.map(\.message)) == [
            "the 'one' form of 'talks' in locale 'de' has %{room}, which the base text lacks",
            "the 'other' form of 'talks' in locale 'de' has %{room}, which the base text lacks",
            "the 'other' form of 'talks' in locale 'fr' has %{hall}, which the base text lacks",
        ])
    }
}
