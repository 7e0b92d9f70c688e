/// An empty or whitespace-only value renders as a blank label. A key that a route shows as its
/// title or subtitle is a blank bar or tab label (the rule's severity); any other key may be empty
/// on purpose, such as a decorative line (`other-keys`, a warning by default).
struct EmptyTranslation: LintRule {
    static let id = "empty-translation"
    static let checksEachStringSet = true
    static let otherKeys = RuleOption.severity("other-keys", default: .warning,
        "severity for keys no route uses as a title or subtitle (the rule's severity applies to those that do)")
    static let options: [any RuleOptionDeclaration] = [otherKeys]

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        let otherSeverity = context.value(Self.otherKeys, for: Self.self)
        // By key id: asked at every entry, where a set's hashing was a fifth of the rule.
        var isTitleKey = [Bool](repeating: false, count: storage.keyCount)
        for route in context.project.catalog.routes {
            for key in (route.title?.keys ?? []) + (route.subtitle?.keys ?? []) {
                if let id = strings.keyID(key.value), Int(id) < isTitleKey.count { isTitleKey[Int(id)] = true }
            }
        }
        // The blank texts, found in the one reading of every text the string rules share; a
        // finding each at most, stored compactly (`EntryFindings`).
        let blanks = context.stringCache.blankTexts()
        var findings: [Finding] = []
        findings.reserveCapacity(blanks.reduce(0) { $0 + $1.count })
        var scalars = BlankScalars()
        for (localeIndex, locale) in strings.locales.enumerated() {
            guard let table = strings[locale], !blanks[localeIndex].isEmpty else { continue }
            let empty = EntryFindings(rule: Self.id, table: table, place: .text, message: .aroundKey(
                prefix: { category in category.map(PluralFormWords.words(named:)) ?? "'" },
                suffix: "' is empty in locale '\(locale)': it shows as a blank label"))
            blanks[localeIndex].forEach { text in
                let form = text >= table.entries.count ? text - table.entries.count : nil
                let entryIndex = form.map(table.entryIndex(ofForm:)) ?? text
                let entry = table.entries[entryIndex]
                let severity: Severity
                if isTitleKey[Int(entry.key)] {
                    severity = .error
                } else if let otherSeverity {
                    severity = otherSeverity
                } else {
                    return
                }
                if let form {
                    empty.add(entry: entryIndex, form: form, severity: severity, to: &findings)
                } else if !Self.isMeantBlank(entry, in: strings, &scalars) {
                    empty.add(entry: entryIndex, severity: severity, to: &findings)
                }
            }
        }
        return findings
    }
}

extension EmptyTranslation {
    /// A blank text that is meant to be: a String Catalog's `Text("")` (the key is the source
    /// text, and it is empty), or the translation of a base text that starts or ends with white
    /// space (a separator joined into a sentence, such as " at " → " " in Japanese).
    static func isMeantBlank(_ entry: CompactEntry, in strings: StringTable, _ scalars: inout BlankScalars) -> Bool {
        let storage = strings.storage
        if storage.name(entry.key).isEmpty { return true }
        guard let base = strings.base, let baseIndex = base.index(of: entry.key), !base.entries[baseIndex].isPlural else { return false }
        let baseEntry = base.entries[baseIndex]
        return storage.withBytes(baseEntry.file, baseEntry.text) { text in
            guard let first = text.first, let last = text.last, !UTF8Text.isBlank(text, &scalars) else { return false }
            return first == UInt8(ascii: " ") || last == UInt8(ascii: " ")
        }
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
