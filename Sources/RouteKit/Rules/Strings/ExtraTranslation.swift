/// A key that a translation has and the base locale does not: dead text, or a renamed key.
struct ExtraTranslation: LintRule {
    static let id = "extra-translation"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        guard let base = strings.base else { return [] }
        var findings: [Finding] = []
        for locale in strings.locales where locale != strings.baseLocale {
            guard let table = strings[locale] else { continue }
            // Every key of a translation may be extra: stored compactly (`EntryFindings`).
            var extra = EntryFindings.Builder()
            for (index, entry) in table.entries.enumerated() where !base.contains(entry.key) { extra.add(entry: index) }
            findings += EntryFindings.findings(rule: Self.id, table: table, place: .key, extra, prefix: { _ in "key '" },
                                               suffix: "' of locale '\(locale)' is not in base locale '\(strings.baseLocale)'")
        }
        return findings
    }
}
