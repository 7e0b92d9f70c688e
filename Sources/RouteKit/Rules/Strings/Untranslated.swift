/// A translation identical to the base text, in another language: probably copied, not translated.
/// Regional variants of the base language (`en-GB` for `en`) are expected to match and are skipped.
struct Untranslated: LintRule {
    static let id = "untranslated"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        guard let base = strings.base else { return [] }
        var findings: [Finding] = []
        for locale in strings.locales where !LocaleFallback.sameLanguage(locale, strings.baseLocale) {
            guard let table = strings[locale] else { continue }
            for entry in table.entries {
                guard let sourceIndex = base.index(of: entry.key) else { continue }
                let source = base.entries[sourceIndex]
                let texts = table.textRefs(entry), sourceTexts = base.textRefs(source)
                guard texts.count == sourceTexts.count else { continue }
                var same = true
                for (text, sourceText) in zip(texts, sourceTexts) where same {
                    same = storage.withBytes(entry.file, text) { a in storage.withBytes(source.file, sourceText) { b in a.elementsEqual(b) } }
                }
                guard same else { continue }
                let values = texts.map { storage.string(entry.file, $0) }
                guard values.contains(where: { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }) else { continue }
                let key = storage.name(entry.key)
                findings.append(finding("'\(key)' in locale '\(locale)' is the same as in '\(strings.baseLocale)': \"\(values[0])\"",
                                        at: texts.first.map { storage.location(entry.file, $0.line, $0.column) }, key: key, locale: locale))
            }
        }
        return findings
    }

}
