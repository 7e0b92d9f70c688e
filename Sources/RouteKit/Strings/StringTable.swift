/// CLDR plural categories, in CLDR's order.
public let pluralCategoryNames = ["zero", "one", "two", "few", "many", "other"]

/// One string resource in one locale.
public struct StringEntry: Sendable {
    public enum Value: Sendable {
        case text(Located<String>)
        /// Category → form, in file order.
        case plural([(category: Located<String>, text: Located<String>)])
    }

    public var key: String
    public var locale: String
    public var value: Value
    /// Where the (last segment of the) key is written.
    public var keyLocation: SourceLocation

    /// Every text of the entry: one, or one per plural form.
    public var texts: [Located<String>] {
        switch value {
        case .text(let text): [text]
        case .plural(let forms): forms.map(\.text)
        }
    }

    public var isPlural: Bool {
        if case .plural = value { return true }
        return false
    }
}

/// The strings of one locale, keys in file order.
public struct LocaleStrings: Sendable {
    public var locale: String
    /// Where each top-level locale key is written (a locale may span several files).
    public var declarations: [SourceLocation] = []
    public private(set) var keys: [String] = []
    private var entries: [String: StringEntry] = [:]

    public init(locale: String) { self.locale = locale }

    public subscript(key: String) -> StringEntry? { entries[key] }

    public var count: Int { keys.count }

    public var allEntries: [StringEntry] { keys.map { entries[$0]! } }

    /// Adds an entry; returns the existing one instead when the key is already defined.
    mutating func add(_ entry: StringEntry) -> StringEntry? {
        if let existing = entries[entry.key] { return existing }
        entries[entry.key] = entry
        keys.append(entry.key)
        return nil
    }
}

/// All string resources of a project, by locale.
public struct StringTable: Sendable {
    public var baseLocale: String
    /// Locales in the order they were first found.
    public private(set) var locales: [String] = []
    private var byLocale: [String: LocaleStrings] = [:]

    public init(baseLocale: String) { self.baseLocale = baseLocale }

    public subscript(locale: String) -> LocaleStrings? { byLocale[locale] }

    public var base: LocaleStrings? { byLocale[baseLocale] }

    mutating func ensureLocale(_ locale: String, declaredAt location: SourceLocation) {
        if byLocale[locale] == nil {
            locales.append(locale)
            byLocale[locale] = LocaleStrings(locale: locale)
        }
        byLocale[locale]!.declarations.append(location)
    }

    mutating func add(_ entry: StringEntry) -> StringEntry? { byLocale[entry.locale]!.add(entry) }
}
