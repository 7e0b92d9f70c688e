import FoundationEssentials

/// A CLDR plural category, in CLDR order.
public enum ImportPluralCategory: String, CaseIterable, Sendable, Comparable {
    case zero, one, two, few, many, other

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.order < rhs.order
    }

    /// By its place, not its raw value: as a dictionary key (a plural's forms), hashing the
    /// name's String was most of a `<plurals>` element's reading.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
    }

    /// The categories by `order` (`UTF8Text.pluralCategory`'s indices).
    static let inOrder: [ImportPluralCategory] = [.zero, .one, .two, .few, .many, .other]

    /// Its place in CLDR's order, `zero` first: what `<` compares.
    var order: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }
}

/// One imported string value: a text, or a plural map keyed by CLDR category.
public enum ImportedValue: Sendable, Equatable, CustomStringConvertible {
    case text(String)
    case plural([ImportPluralCategory: String])

    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    public var plural: [ImportPluralCategory: String]? {
        if case .plural(let forms) = self { return forms }
        return nil
    }

    public var description: String {
        switch self {
        case .text(let text): return text
        case .plural(let forms):
            return "{" + forms.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One key of one locale.
public struct ImportedEntry: Sendable, Equatable {
    public var key: String
    public var value: ImportedValue
    /// Written as YAML comment lines above the key (translation state, source comment).
    public var comments: [String]
    /// Where it came from (`file:line`), for messages.
    public var origin: String?

    public init(key: String, value: ImportedValue, comments: [String] = [], origin: String? = nil) {
        self.key = key
        self.value = value
        self.comments = comments
        self.origin = origin
    }
}

/// Something an importer wants the user to know: an item it skipped, or a value it changed or
/// kept in a way worth checking.
public struct ImportNote: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The item was not imported.
        case skipped
        /// The item was imported; this says something about it.
        case note
    }

    public var kind: Kind
    public var file: String?
    public var line: Int?
    public var locale: String?
    public var key: String?
    public var message: String

    public init(
        _ kind: Kind, file: String? = nil, line: Int? = nil, locale: String? = nil, key: String? = nil,
        _ message: String
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.locale = locale
        self.key = key
        self.message = message
    }

    public var description: String {
        var where_ = ""
        if let file {
            where_ = file
            if let line { where_ += ":\(line)" }
            where_ += ": "
        }
        var subject = ""
        if let key { subject = "'\(key)'" }
        if let locale { subject += subject.isEmpty ? "[\(locale)]" : " [\(locale)]" }
        if !subject.isEmpty { subject += ": " }
        return where_ + subject + message
    }
}

/// The in-memory result of a string import: locale → keys in insertion order → value, plus notes.
/// Writing it out is separate (`yaml(for:)`), so tests can check content without files.
public struct ImportedStrings: Sendable {
    public struct LocaleTable: Sendable, Equatable {
        public private(set) var order: [String] = []
        public private(set) var entries: [String: ImportedEntry] = [:]

        public init() {}

        public var count: Int { order.count }
        public var pluralCount: Int { entries.values.filter { $0.value.plural != nil }.count }

        public subscript(key: String) -> ImportedEntry? { entries[key] }

        /// Adds or replaces `entry`; a replaced key keeps its position.
        public mutating func set(_ entry: ImportedEntry) {
            if entries[entry.key] == nil { order.append(entry.key) }
            entries[entry.key] = entry
        }

        /// Keys in the order files write them (by Unicode scalar values, independent of the
        /// machine's locale).
        public var sortedKeys: [String] { order.sorted(by: ImportedStrings.scalarOrder) }
    }

    /// What was read (input file or directory), for the summary.
    public var source: String
    public var baseLocale: String
    public private(set) var tables: [String: LocaleTable] = [:]
    public var notes: [ImportNote] = []
    /// Input files read, as shown to the user.
    public var filesRead: [String] = []
    /// Facts for the summary that are not about one item (which text rules applied where).
    public var info: [String] = []

    public init(source: String, baseLocale: String) {
        self.source = source
        self.baseLocale = baseLocale
    }

    /// The base locale first, then the others by tag.
    public var locales: [String] {
        let others = tables.keys.filter { $0 != baseLocale }.sorted(by: ImportedStrings.scalarOrder)
        return (tables[baseLocale] == nil ? [] : [baseLocale]) + others
    }

    public func table(_ locale: String) -> LocaleTable? { tables[locale] }

    public func value(_ key: String, locale: String) -> ImportedValue? { tables[locale]?[key]?.value }

    public mutating func set(_ entry: ImportedEntry, locale: String) {
        tables[locale, default: LocaleTable()].set(entry)
    }

    /// Makes sure `locale` appears even with no keys (an empty translation file).
    public mutating func touch(_ locale: String) {
        if tables[locale] == nil { tables[locale] = LocaleTable() }
    }

    /// Base-locale keys a locale lacks.
    public func missingKeys(in locale: String) -> [String] {
        guard let base = tables[baseLocale], let table = tables[locale] else { return [] }
        return base.sortedKeys.filter { table[$0] == nil }
    }

    /// One Rails-layout YAML document for `locale`: `locale:` then the keys, sorted; plurals as
    /// maps of CLDR categories; comments above keys.
    public func yaml(for locale: String, header: [String] = []) -> String {
        let table = tables[locale] ?? LocaleTable()
        let entries = table.sortedKeys.map { key -> YAMLEmitter.Entry in
            let entry = table[key]!
            switch entry.value {
            case .text(let text):
                return YAMLEmitter.Entry(key, .scalar(text), comments: entry.comments)
            case .plural(let forms):
                let children = forms.sorted { $0.key < $1.key }.map {
                    YAMLEmitter.Entry($0.key.rawValue, .scalar($0.value))
                }
                return YAMLEmitter.Entry(key, .mapping(children), comments: entry.comments)
            }
        }
        return YAMLEmitter.document([YAMLEmitter.Entry(locale, .mapping(entries))], header: header)
    }

    static func scalarOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars) { $0.value < $1.value }
    }
}

/// Text from imported sources that ends up in YAML comments must stay inert: routekit reads
/// `# routekit:disable…` comments as suppressions.
enum ImportCommentText {
    static func inert(_ text: String) -> String {
        text.replacing("routekit:", with: "routekit :")
    }
}

/// An import that could not run: unreadable or malformed input, or nothing to import.
public struct ImportError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Locale tags as file names and YAML keys: letters, digits and `-` only, BCP 47 shaped.
public enum ImportLocaleTag {
    /// True for tags like `en`, `de-AT`, `zh-Hant-TW`, `es-419`, `sr-Latn`: safe as a file name.
    public static func isValid(_ tag: String) -> Bool {
        // On the UTF-8 bytes (a String Catalog asks it of every localization): only ASCII letters
        // and digits pass, and for those bytes, scalars and characters are one.
        var part = 0, length = 0
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") {
                guard length >= (part == 0 ? 2 : 1) else { return false }
                part += 1
                length = 0
                continue
            }
            let letter = (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte | 0x20)
            guard letter || (part > 0 && (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)) else { return false }
            length += 1
            guard length <= 8 else { return false }
        }
        return length >= (part == 0 ? 2 : 1)
    }

    /// `zh_Hant_tw` → `zh-Hant-TW`: `_` to `-`, language lower case, script title case, region upper case.
    public static func canonical(_ tag: String) -> String {
        let parts = tag.replacing("_", with: "-").split(separator: "-").map(String.init)
        guard let first = parts.first else { return tag }
        var result = [first.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4 && part.unicodeScalars.allSatisfy(isASCIILetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 || (part.count == 3 && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }) {
                result.append(part.uppercased())
            } else {
                result.append(part.lowercased())
            }
        }
        return result.joined(separator: "-")
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
