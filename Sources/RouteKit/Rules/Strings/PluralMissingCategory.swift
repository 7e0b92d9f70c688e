/// A plural that lacks a form the locale's CLDR rules select: for those counts the app shows the
/// `other` form ("1 Vorträge"), or nothing when `other` is missing too.
struct PluralMissingCategory: LintRule {
    static let id = "plural-missing-category"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        let otherBit = 1 << pluralCategoryNames.firstIndex(of: "other")!
        var findings: [Finding] = []
        for locale in strings.locales {
            guard let table = strings[locale], !table.pluralEntries.isEmpty else { continue }
            let needed = PluralRules.for(locale: locale).orderedCategories.map(\.rawValue)
            // Each needed category's bit (see `pluralCategoryNames`; nil: it has none, so it is
            // never present), and all of them as one mask, to tell most plurals complete without a
            // String (nil when one has no bit). Made once per locale, as is the CLDR list the
            // messages end with.
            let neededBits = needed.map { name in pluralCategoryNames.firstIndex(of: name).map { 1 << $0 } }
            let neededMask = neededBits.contains(nil) ? nil : neededBits.reduce(0) { $0 | $1! }
            let otherNeeded = needed.contains("other")
            // The words that are the same in each message, joined (a piece costs some 140 instructions).
            let inLocale = "' in locale '\(locale)' lacks ", cldrTail = " (CLDR: " + needed.joined(separator: ", ") + ")"
            let categories = context.stringCache.pluralCategories(of: locale)
            // The categories a plural lacks; `other` always counts (every locale selects it).
            @Sendable func missing(_ entry: CompactEntry) -> [String] {
                var presentMask = 0
                for formIndex in table.pluralFormIndices(entry) where categories[formIndex] >= 0 {
                    presentMask |= 1 << Int(categories[formIndex])
                }
                if let neededMask, neededMask & ~presentMask == 0, presentMask & otherBit != 0 { return [] }
                var missing: [String] = []
                for (name, bit) in zip(needed, neededBits) where bit.map({ presentMask & $0 == 0 }) ?? true { missing.append(name) }
                if presentMask & otherBit == 0 && !otherNeeded { missing.append("other") }
                return missing
            }
            // A finding per plural at most, made into words only when asked for.
            let lacking = EntryFindings(rule: Self.id, table: table, place: .key, message: .inPieces { index, _, _, piece in
                let entry = table.entries[index]
                piece("plural '")
                piece(storage.name(entry.key))
                piece(inLocale)
                for (position, name) in missing(entry).enumerated() {
                    piece(position == 0 ? "'" : ", '")
                    piece(name)
                    piece("'")
                }
                piece(cldrTail)
            })
            for entryIndex in table.pluralEntries where !missing(table.entries[Int(entryIndex)]).isEmpty {
                lacking.add(entry: Int(entryIndex), to: &findings)
            }
        }
        return findings
    }
}
