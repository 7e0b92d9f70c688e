/// The platform that shows a string, and so the rules it is read, rendered and checked by.
///
/// A title is shown by one platform's code, and routekit agrees with that code to the character:
/// which sequences are placeholders, how they are filled, what a stray `%` does. Each strings file
/// has one dialect, defaulted from its path (`StringDialect.default(forPath:)`) and overridable
/// per glob in the config. "How Compose renders `%s`" is in `ComposeDialect.swift`; each dialect's
/// file is the whole answer for its platform.
public enum StringDialect: Sendable, Hashable, CustomStringConvertible {
    /// Compose Multiplatform resources (`composeResources/values*/strings.xml`), filled by the
    /// resources library's `replaceWithArgs`, whose behaviour depends on the library's version.
    case compose(ComposeResourcesVersion)
    /// Android resources (`res/values*/strings.xml`), formatted by `java.util.Formatter`.
    case android
    /// Apple String Catalogs (`.xcstrings`), formatted by `String(format:)`.
    case apple
    /// Rails I18n YAML, interpolated by Ruby's `I18n.interpolate`.
    case rails

    /// The names a config may give (`dialect: android`).
    public static let names = ["compose", "android", "apple", "rails"]

    public var name: String {
        switch self {
        case .compose: "compose"
        case .android: "android"
        case .apple: "apple"
        case .rails: "rails"
        }
    }

    public var description: String {
        if case .compose(let version) = self { return "compose \(version)" }
        return name
    }

    /// The dialect a strings file has unless the config says otherwise: from its folder and
    /// extension. YAML is Rails I18n's format, and read as Rails reads it.
    public static func `default`(forPath path: String, composeVersion: ComposeResourcesVersion = .latest) -> StringDialect {
        let lower = path.lowercased()
        if lower.hasSuffix(".xcstrings") { return .apple }
        if lower.hasSuffix(".xml") {
            // `…/composeResources/values-de/strings.xml`: Compose Multiplatform's resources.
            let parts = path.split(separator: "/")
            if parts.count >= 3, parts[parts.count - 3] == "composeResources" { return .compose(composeVersion) }
            return .android
        }
        return .rails
    }

    /// The rules of this dialect.
    public var rules: any DialectRules {
        switch self {
        case .compose(let version): ComposeDialect(version: version)
        case .android: AndroidDialect()
        case .apple: AppleDialect()
        case .rails: RailsDialect()
        }
    }
}

/// What a dialect knows about its platform's formatter: the one small protocol every dialect
/// implements. Lint reads `scan`; `title`, `--batch`, `replay` and the HTML page read `render`.
public protocol DialectRules: Sendable {
    /// Calls `body` with each sequence of `text` that the platform acts on when it formats the
    /// string (in order): a placeholder it fills, an escape it replaces, a placeholder-looking
    /// sequence it shows as typed, or one it throws on. `formatted` is false where the app shows
    /// the string without formatting it (no arguments passed): then most platforms act on nothing.
    func scan(_ text: UnsafeBufferPointer<UInt8>, formatted: Bool, _ body: (FormatToken) -> Void)

    /// The text as the platform shows it with these arguments, or the platform's reason for
    /// throwing. `locale` is the locale numbers are written for (nil: CLDR root).
    func render(_ text: String, arguments: FormatArguments, locale: String?) -> Result<String, FormatFailure>

    /// What the platform does with a placeholder (`written`) that reads argument `position` when
    /// the code passes `count`; nil when that is no failure (named arguments).
    func missingArgument(_ written: String, position: Int, count: Int) -> String?

    /// False when `scan` never gives a `.verbatim` token (Apple formats every `%` it is given, or
    /// none): `placeholder-shown-verbatim` skips such files.
    var mayShowVerbatim: Bool { get }
}

extension DialectRules {
    public var mayShowVerbatim: Bool { true }
}

/// One sequence a platform's formatter acts on, as byte offsets into the text.
public struct FormatToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Filled from an argument (`name` or `position` says which).
        case argument
        /// Replaced by fixed text: `%%` → `%`, Java's `%n` → a line break.
        case escape(String)
        /// Looks like a placeholder, but the platform shows it as typed.
        case verbatim
        /// The platform's formatter throws on it: the exception and its message, as the platform words them.
        case crash(String)
    }

    public var kind: Kind
    /// The sequence as written.
    public var range: Range<Int>
    /// A named argument's name (`%{name}`, `%<name>s`).
    public var name: Range<Int>?
    /// A positional argument's 1-based position (explicit `%2$s`, or counted for `%s`).
    public var position: Int?
    /// The argument's type family (`FormatToken.anyType` when the platform takes any value).
    public var family: Int32 = FormatToken.anyType

    public static let anyType: Int32 = 0
    /// Not known from the text (an Apple substitution: its variable's specifier decides): matches any.
    public static let unknownType: Int32 = -1
    static let integer: Int32 = 1, float: Int32 = 2, character: Int32 = 3, string: Int32 = 4, object: Int32 = 6
    static let boolean: Int32 = 7, hash: Int32 = 8, date: Int32 = 9

    init(_ kind: Kind, _ range: Range<Int>, name: Range<Int>? = nil, position: Int? = nil, family: Int32 = FormatToken.anyType) {
        self.kind = kind
        self.range = range
        self.name = name
        self.position = position
        self.family = family
    }

    var isArgument: Bool { if case .argument = kind { return true } else { return false } }

    /// A type family in words, for messages.
    static func familyName(_ family: Int32) -> String {
        switch family {
        case integer: "integer"
        case float: "float"
        case character: "character"
        case string: "string (%s)"
        case object: "object (%@)"
        case boolean: "boolean"
        case hash: "hash code"
        case date: "date/time"
        case unknownType: "a substitution"
        default: "text (%s)"
        }
    }

    /// Whether two type families are the same type as messages name them (every family without a
    /// name of its own is text).
    static func sameFamily(_ a: Int32, _ b: Int32) -> Bool { a == b || familyName(a) == familyName(b) }
}

/// The arguments a string is formatted with: by name (`%{room}`) and by position (`%1$s`).
public struct FormatArguments: Sendable, Hashable {
    public var named: [String: String]
    public var positional: [String]
    /// Wrap every filled-in value in Unicode isolates (bidi safety).
    public var isolate: Bool

    public init(named: [String: String] = [:], positional: [String] = [], isolate: Bool = false) {
        self.named = named
        self.positional = positional
        self.isolate = isolate
    }

    public var isEmpty: Bool { named.isEmpty && positional.isEmpty }

    func wrap(_ value: String) -> String { isolate ? StringFormatter.isolated(value) : value }
}

/// Why the platform would throw on a string with these arguments (its exception, worded as the
/// platform words it), or why routekit cannot show what the platform would.
public struct FormatFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension DialectRules {
    /// Every token of `text`, for callers that hold a String.
    public func tokens(in text: String, formatted: Bool) -> [FormatToken] {
        var text = text
        return text.withUTF8 { bytes in
            var tokens: [FormatToken] = []
            scan(bytes, formatted: formatted) { tokens.append($0) }
            return tokens
        }
    }

    /// True when `text` has a placeholder the platform fills: the app must pass arguments for it.
    public func hasArguments(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text) != nil else { return false }
        var found = false
        scan(text, formatted: true) { if $0.isArgument { found = true } }
        return found
    }

    /// Renders by filling tokens: escapes become their text, arguments come from `fill`, verbatim
    /// sequences stay, a crash fails. Shared by the dialects whose formatters work token by token.
    func renderTokens(_ text: String, formatted: Bool,
                      fill: (FormatToken, String) -> Result<String, FormatFailure>) -> Result<String, FormatFailure> {
        var text = text
        return text.withUTF8 { bytes -> Result<String, FormatFailure> in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var cursor = 0
            var failure: FormatFailure?
            scan(bytes, formatted: formatted) { token in
                guard failure == nil else { return }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor ..< token.range.lowerBound]))
                cursor = token.range.upperBound
                let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
                switch token.kind {
                case .escape(let replacement): output.append(contentsOf: replacement.utf8)
                case .verbatim: output.append(contentsOf: written.utf8)
                case .crash(let reason): failure = FormatFailure(reason)
                case .argument:
                    switch fill(token, written) {
                    case .success(let value): output.append(contentsOf: value.utf8)
                    case .failure(let reason): failure = reason
                    }
                }
            }
            if let failure { return .failure(failure) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor...]))
            return .success(String(decoding: output, as: UTF8.self))
        }
    }
}
