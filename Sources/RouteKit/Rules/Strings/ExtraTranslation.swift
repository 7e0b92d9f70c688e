/// A key that a translation has and the base locale does not: dead text, or a renamed key.
struct ExtraTranslation: LintRule {
    static let id = "extra-translation"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        guard let base = strings.base else { return [] }
        return strings.locales.filter { $0 != strings.baseLocale }.compactMap { strings[$0] }.flatMap { locale in
            locale.allEntries.compactMap { entry -> Diagnostic? in
                guard base[entry.key] == nil else { return nil }
                return finding("key '\(entry.key)' of locale '\(entry.locale)' is not in base locale '\(strings.baseLocale)'",
                               at: entry.keyLocation, key: entry.key, locale: entry.locale)
            }
        }
    }
}
