/// A plural that lacks a form the locale's CLDR rules select: for those counts the app shows the
/// `other` form ("1 Vorträge"), or nothing when `other` is missing too.
struct PluralMissingCategory: LintRule {
    static let id = "plural-missing-category"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        let otherBit = 1 << pluralCategoryNames.firstIndex(of: "other")!
        var findings: [Finding] = []
        for locale in strings.locales {
            guard let table = strings[locale], !table.pluralEntries.isEmpty else { continue }
            let needed = PluralRules.for(locale: locale).orderedCategories.map(\.rawValue)
            // The categories as bits (see `pluralCategoryNames`), to tell most plurals complete
            // without a String; nil when one has no bit (it could never be present).
            var neededMask: Int? = 0
            for name in needed {
                if let index = pluralCategoryNames.firstIndex(of: name) { neededMask? |= 1 << index } else { neededMask = nil }
            }
            let categories = context.stringCache.pluralCategories(of: locale)
            for entryIndex in table.pluralEntries {
                let entry = table.entries[Int(entryIndex)]
                var presentMask = 0
                for formIndex in table.pluralForms(entry).indices where categories[formIndex] >= 0 {
                    presentMask |= 1 << Int(categories[formIndex])
                }
                if let neededMask, neededMask & ~presentMask == 0, presentMask & otherBit != 0 { continue }
                let present = { (name: String) in pluralCategoryNames.firstIndex(of: name).map { presentMask & (1 << $0) != 0 } ?? false }
                var missing = needed.filter { !present($0) }
                if !present("other") && !missing.contains("other") { missing.append("other") }
                guard !missing.isEmpty else { continue }
                let key = storage.name(entry.key)
                findings.append(finding("plural '\(key)' in locale '\(locale)' lacks \(missing.map { "'\($0)'" }.joined(separator: ", ")) (CLDR: \(needed.joined(separator: ", ")))",
                                        at: table.keyLocation(entry), key: key, locale: locale))
            }
        }
        return findings
    }
}
