import Foundation

/// A lint run's cache of what several rules derive from the string table, computed once for all of them: by the first
/// rule that asks, while any other that asks meanwhile waits for it.
final class StringTableCache: @unchecked Sendable {
    private let strings: StringTable
    /// Guards the values below (hence `@unchecked Sendable`).
    private let lock = NSLock()
    private var pluralCategoriesByLocale: [String: [Int8]]?

    init(_ strings: StringTable) {
        self.strings = strings
    }

    /// Per plural form of `locale`, indexed like `LocaleStrings.forms`: the index of its category
    /// in `pluralCategoryNames`, or -1 when its key is not a category. Both plural rules need
    /// every form's category, and reading the keys from the text arenas is their main cost.
    func pluralCategories(of locale: String) -> [Int8] {
        lock.lock()
        defer { lock.unlock() }
        if pluralCategoriesByLocale == nil { pluralCategoriesByLocale = Self.pluralCategories(strings) }
        return pluralCategoriesByLocale![locale] ?? []
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
