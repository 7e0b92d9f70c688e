/// The words before a plural form's key in a message, "the 'one' form of '": made once per CLDR
/// category, not per message (an interpolated String cost some 1,000 instructions a message).
enum PluralFormWords {
    /// By the category's index in `pluralCategoryNames`.
    private static let byCategory = pluralCategoryNames.map { "the '\($0)' form of '" }

    /// Hands `piece` the words for the category at `index` in `pluralCategoryNames`, or, for a
    /// category outside it (nil), the same words around its `name`.
    static func write(category index: Int?, named name: () -> String, to piece: (String) -> Void) {
        if let index { return piece(byCategory[index]) }
        piece("the '")
        piece(name())
        piece("' form of '")
    }

    /// The words for the category named `name`.
    static func words(named name: String) -> String {
        pluralCategoryNames.firstIndex(of: name).map { byCategory[$0] } ?? "the '\(name)' form of '"
    }
}
