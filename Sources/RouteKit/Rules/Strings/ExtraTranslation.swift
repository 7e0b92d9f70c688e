/// A key that a translation has and the base locale does not: dead text, or a renamed key.
struct ExtraTranslation: LintRule {
    static let id = "extra-translation"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        guard let base = strings.base else { return [] }
        var findings: [Finding] = []
        for locale in strings.locales where locale != strings.baseLocale {
            guard let table = strings[locale] else { continue }
            for entry in table.entries where !base.contains(entry.key) {
                let key = strings.keyName(entry.key)
                findings.append(finding("key '\(key)' of locale '\(locale)' is not in base locale '\(strings.baseLocale)'",
                                        at: table.keyLocation(entry), key: key, locale: locale))
            }
        }
        return findings
    }
}
