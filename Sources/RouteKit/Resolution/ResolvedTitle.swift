/// A title or subtitle as the native shell shows it, and where it came from.
public struct ResolvedText: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// A string resource, by key.
        case key(String)
        /// A runtime param value.
        case param(String)
        /// A `{text}` literal.
        case literal
    }

    public var text: String
    public var source: Source
    /// The locale whose resources supplied the text; nil for param values and literals.
    public var locale: String?
    /// True when `locale` is not the first locale negotiation chose (the key was missing there),
    /// or when a `{param, fallback}` title used its fallback key.
    public var usedFallback: Bool
}

/// One pushed route: what `NavigationStack` shows for it, frozen at push time.
public struct StackEntry: Sendable, Hashable {
    /// Fresh for every push: the same route pushed twice gives two entries.
    public var id: String
    public var route: String
    public var params: [String: String]
    public var title: ResolvedText?
    public var subtitle: ResolvedText?
    /// The locale the entry was resolved for: the title's supplying locale, else the first choice.
    public var locale: String?
    /// The locales negotiation chose, in order.
    public var candidates: [String]

    /// `route.title ?? ""`, as the bar and the back-stack menu show it.
    public var displayTitle: String { title?.text ?? "" }
    public var displaySubtitle: String { subtitle?.text ?? "" }
    public var usedFallback: Bool { (title?.usedFallback ?? false) || (subtitle?.usedFallback ?? false) }
    /// True when a string resource shown (title or subtitle) is in another language than the
    /// user's first preferred locale (the base locale when none is given): the user's language
    /// was not served. A regional parent (`en-001` for `en-AU`) is the same language; a param
    /// value or a literal is in no language. `title --json` calls it `fallback`.
    public var languageNotServed = false
    /// The preferred locales given with extensions or private use (`en-US-u-mu-celsius`), which
    /// were matched without them. `title --json` lists them as `ignoredExtensions`.
    public var ignoredLocaleExtensions: [String] = []
}

/// What a param's declared type lets its value be, for the types whose values routekit can check.
enum ParamValueKind {
    case integer, decimal, boolean

    init?(type: String) {
        switch type {
        case "Int", "Long", "Short", "Byte", "UInt", "ULong", "UShort", "UByte", "Int32", "Int64": self = .integer
        case "Double", "Float": self = .decimal
        case "Boolean", "Bool": self = .boolean
        default: return nil
        }
    }

    var article: String { self == .integer ? "an" : "a" }

    var expected: String {
        switch self {
        case .integer: "a whole number such as 3 or -1"
        case .decimal: "a number such as 2 or 1.5"
        case .boolean: "true or false"
        }
    }

    /// Written as Kotlin's `toInt()`/`toDouble()` would read it, without sign `+`, spaces,
    /// commas or a bare leading point.
    func accepts(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        switch self {
        case .boolean:
            return value == "true" || value == "false"
        case .integer, .decimal:
            if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
            guard let first = bytes.first, isDigit(first) else { return false }
            if self == .integer { return bytes.allSatisfy(isDigit) }
            let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isDigit) }
        }
    }
}

/// Why a lookup failed: the message is shown to users as is.
public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
