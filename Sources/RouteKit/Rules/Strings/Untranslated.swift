/// A translation identical to the base text, in another language: probably copied, not translated.
/// Regional variants of the base language (`en-GB` for `en`) are expected to match and are skipped.
struct Untranslated: LintRule {
    static let id = "untranslated"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        guard let base = strings.base else { return [] }
        let baseLocale = strings.baseLocale
        let translations = strings.locales.filter { !LocaleFallback.sameLanguage($0, baseLocale) }.compactMap { strings[$0] }
        // One array reserved for the most there can be (untouched capacity costs no memory).
        var findings: [Finding] = []
        findings.reserveCapacity(translations.reduce(0) { $0 + $1.entries.count })
        for table in translations {
            let locale = table.locale
            // Every translated text may be a copy: stored compactly (`EntryFindings`) at the
            // entry's first text, the message made again when asked for.
            let copied = EntryFindings(rule: Self.id, table: table, place: .text, message: .made { index, form, _ in
                let entry = table.entries[index]
                let text = storage.string(entry.file, form.map { table.forms[$0].text } ?? entry.text)
                return "'\(storage.name(entry.key))' in locale '\(locale)' is the same as in '\(baseLocale)': \"\(text)\""
            })
            for (index, entry) in table.entries.indexed {
                guard let sourceIndex = base.index(of: entry.key) else { continue }
                let source = base.entries[sourceIndex]
                // Texts compared one by one: a plural's forms in order, as many as the base has.
                guard (entry.isPlural ? Int(entry.text.length) : 1) == (source.isPlural ? Int(source.text.length) : 1) else { continue }
                var same = true
                var alphabetic = false
                var position = 0
                table.forEachText(of: entry) { text in
                    guard same else { return }
                    let sourceText = source.isPlural ? base.forms[Int(source.text.start) + position].text : source.text
                    position += 1
                    storage.withBytes(entry.file, text) { a in
                        storage.withBytes(source.file, sourceText) { b in
                            same = a.elementsEqual(b)
                            if same, !alphabetic { alphabetic = String(decoding: a, as: UTF8.self).unicodeScalars.contains { $0.properties.isAlphabetic } }
                        }
                    }
                }
                guard same, alphabetic else { continue }
                copied.add(entry: index, form: entry.isPlural ? Int(entry.text.start) : nil, to: &findings)
            }
        }
        return findings
    }
}
