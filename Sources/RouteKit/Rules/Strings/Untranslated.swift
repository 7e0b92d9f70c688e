/// A translation identical to the base text, in another language: probably copied, not translated.
/// Regional variants of the base language (`en-GB` for `en`) are expected to match and are skipped.
struct Untranslated: LintRule {
    static let id = "untranslated"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        guard let base = strings.base else { return [] }
        let baseLanguage = language(of: strings.baseLocale)
        return strings.locales.filter { language(of: $0) != baseLanguage }.compactMap { strings[$0] }.flatMap { locale in
            locale.allEntries.compactMap { entry -> Diagnostic? in
                guard let source = base[entry.key] else { return nil }
                let texts = entry.texts.map(\.value), sourceTexts = source.texts.map(\.value)
                guard texts == sourceTexts, texts.contains(where: { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }) else {
                    return nil
                }
                return finding("'\(entry.key)' in locale '\(entry.locale)' is the same as in '\(strings.baseLocale)': \"\(texts[0])\"",
                               at: entry.texts.first?.location, key: entry.key, locale: entry.locale)
            }
        }
    }

    private func language(of tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }
}
