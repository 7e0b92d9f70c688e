/// An empty or whitespace-only value renders as a blank label.
struct EmptyTranslation: LintRule {
    static let id = "empty-translation"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        return strings.locales.compactMap { strings[$0] }.flatMap { locale in
            locale.allEntries.flatMap { entry in
                emptyTexts(of: entry).map { form, text in
                    let what = form.map { "the '\($0)' form of " } ?? ""
                    return finding("\(what)'\(entry.key)' is empty in locale '\(entry.locale)': it shows as a blank label",
                                   at: text.location, key: entry.key, locale: entry.locale)
                }
            }
        }
    }

    private func emptyTexts(of entry: StringEntry) -> [(String?, Located<String>)] {
        switch entry.value {
        case .text(let text): text.value.isBlank ? [(nil, text)] : []
        case .plural(let forms): forms.filter { $0.text.value.isBlank }.map { ($0.category.value, $0.text) }
        }
    }
}

extension String {
    /// Empty, or only white space (including no-break and other Unicode spaces).
    var isBlank: Bool { unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0 == "\u{200B}" || $0 == "\u{FEFF}" } }
}
