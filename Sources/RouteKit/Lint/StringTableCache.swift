import Synchronization

/// A lint run's cache of what several rules derive from the string table, computed once for all
/// of them: by the first rule that asks, while any other that asks meanwhile waits for it.
final class StringTableCache: Sendable {
    private let strings: StringTable
    /// Made by the first rule that asks; the lock is held while it is made.
    private let pluralCategoriesByLocale = Mutex<[String: [Int8]]?>(nil)

    init(_ strings: StringTable) {
        self.strings = strings
    }

    /// Per plural form of `locale`, indexed like `LocaleStrings.forms`: the index of its category
    /// in `pluralCategoryNames`, or -1 when its key is not a category. Both plural rules need
    /// every form's category, and reading the keys from the text arenas is their main cost.
    func pluralCategories(of locale: String) -> [Int8] {
        pluralCategoriesByLocale.withLock { byLocale in
            if byLocale == nil { byLocale = Self.pluralCategories(strings) }
            return byLocale![locale] ?? []
        }
    }

    private static func pluralCategories(_ strings: StringTable) -> [String: [Int8]] {
        var result: [String: [Int8]] = [:]
        for locale in strings.locales {
            guard let table = strings[locale] else { continue }
            var categories = [Int8](repeating: -1, count: table.forms.count)
            for entryIndex in table.pluralEntries {
                let entry = table.entries[Int(entryIndex)]
                for formIndex in table.pluralForms(entry).indices {
                    let category = strings.storage.withBytes(entry.file, table.forms[formIndex].category, UTF8Text.pluralCategory)
                    if let category { categories[formIndex] = Int8(category) }
                }
            }
            result[locale] = categories
        }
        return result
    }
}
