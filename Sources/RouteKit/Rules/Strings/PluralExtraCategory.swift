/// A plural form the locale's CLDR rules never select: dead text, often copied from another
/// language's plural shape (a `few` in German). `zero` is always selected: by the rules where
/// they have it, at a count of 0 (as Rails I18n does) where they do not.
struct PluralExtraCategory: LintRule {
    static let id = "plural-extra-category"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Finding] = []
        for locale in strings.locales {
            guard let table = strings[locale], !table.pluralEntries.isEmpty else { continue }
            let names = PluralRules.for(locale: locale).orderedCategories.map(\.rawValue)
            var usedMask = 0
            for name in names { if let index = pluralCategoryNames.firstIndex(of: name) { usedMask |= 1 << index } }
            // An explicit `zero` is selected at a count of 0 where the rules have none
            // (Rails I18n; `PluralRules.selectsExplicitZero`), and by the rules elsewhere.
            if let zero = pluralCategoryNames.firstIndex(of: "zero") { usedMask |= 1 << zero }
            let used = Set(names).sorted(by: PluralCategoryOrder.precedes).joined(separator: ", ")
            let categories = context.stringCache.pluralCategories(of: locale)
            // A finding per form at most, made into words only when asked for.
            // In pieces, the words that are the same in each made once (one String made a message
            // in some 5,000 instructions).
            let tail = "' is never selected in locale '\(locale)' (CLDR: \(used))"
            let neverSelected = EntryFindings(rule: Self.id, table: table, place: .category, message: .inPieces { index, form, _, piece in
                let entry = table.entries[index]
                let category = Int(categories[form!])
                PluralFormWords.write(category: category >= 0 ? category : nil, named: { storage.string(entry.file, table.forms[form!].category) },
                            to: piece)
                piece(storage.name(entry.key))
                piece(tail)
            })
            for entryIndex in table.pluralEntries {
                let entry = table.entries[Int(entryIndex)]
                for formIndex in table.pluralFormIndices(entry) {
                    let category = Int(categories[formIndex])
                    if category >= 0, usedMask & (1 << category) != 0 { continue }
                    neverSelected.add(entry: Int(entryIndex), form: formIndex, to: &findings)
                }
            }
        }
        return findings
    }
}

enum PluralCategoryOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        (pluralCategoryNames.firstIndex(of: a) ?? 99) < (pluralCategoryNames.firstIndex(of: b) ?? 99)
    }
}
