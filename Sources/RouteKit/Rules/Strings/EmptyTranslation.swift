/// An empty or whitespace-only value renders as a blank label.
struct EmptyTranslation: LintRule {
    static let id = "empty-translation"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Diagnostic] = []
        var scalars = BlankScalars()
        for locale in strings.locales {
            guard let table = strings[locale] else { continue }
            for entry in table.entries {
                if entry.isPlural {
                    for form in table.pluralForms(entry) where storage.withBytes(entry.file, form.text, { UTF8Text.isBlank($0, &scalars) }) {
                        let category = storage.string(entry.file, form.category)
                        findings.append(finding(message("the '\(category)' form of ", storage.names[Int(entry.key)], locale),
                                                at: storage.location(entry.file, form.text.line, form.text.column),
                                                key: storage.names[Int(entry.key)], locale: locale))
                    }
                } else if storage.withBytes(entry.file, entry.text, { UTF8Text.isBlank($0, &scalars) }) {
                    findings.append(finding(message("", storage.names[Int(entry.key)], locale),
                                            at: storage.location(entry.file, entry.text.line, entry.text.column),
                                            key: storage.names[Int(entry.key)], locale: locale))
                }
            }
        }
        return findings
    }

    private func message(_ what: String, _ key: String, _ locale: String) -> String {
        "\(what)'\(key)' is empty in locale '\(locale)': it shows as a blank label"
    }
}

extension String {
    /// Empty, or only white space (including no-break and other Unicode spaces).
    var isBlank: Bool { unicodeScalars.allSatisfy(\.isBlank) }
}

extension Unicode.Scalar {
    /// White space, or an invisible space (zero width space, byte order mark).
    var isBlank: Bool { properties.isWhitespace || self == "\u{200B}" || self == "\u{FEFF}" }
}
