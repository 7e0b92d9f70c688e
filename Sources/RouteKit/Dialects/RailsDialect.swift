#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Rails I18n YAML, interpolated by Ruby's `I18n.interpolate` (the i18n gem).
///
/// - Only `%{name}` (name: ASCII letters, digits, `_` and `|`) and `%<name>` with a `Kernel#format`
///   spec (`%<n>05.1f`) are filled; `%%` becomes `%`. All three only when the app passes values
///   (`I18n.t(key, room: …)`, or `count:` for a plural): without values the text is shown as it is.
/// - A printf-looking `%d`, `%1$s` or `%.2f` is text: users see it as typed.
/// - A value missing for a placeholder raises `I18n::MissingInterpolationArgument`; a reserved
///   name (`%{scope}`, `%{default}`…) raises `I18n::ReservedInterpolationKey` when values are
///   passed (i18n 1.10, Debian's, the oracle of `RailsDialectTests`).
/// - Keys under `date.formats`, `time.formats` and `datetime.formats` hold strftime patterns
///   (`%e %B %Y`), and so does any text with a directive only strftime has (`%Y`, `%b`, `%H`).
///   `number.….format` and `negative_format` hold the number helpers' patterns (`%n %u`: number
///   and unit). Neither is a string to interpolate.
public struct RailsDialect: DialectRules {
    public init() {}

    /// `I18n::RESERVED_KEYS`, which a placeholder may not be named: the union of i18n 1.10's
    /// (`resolve`) and 1.14's (`rescue_format`), so a name either version refuses is reported.
    static let reservedNames: Set<String> = [
        "cascade", "deep_interpolation", "default", "exception_handler", "fallback", "fallback_in_progress",
        "fallback_original_locale", "format", "object", "raise", "rescue_format", "resolve", "scope", "separator", "throw",
    ]

    public func scan(_ text: UnsafeBufferPointer<UInt8>, formatted: Bool, _ body: (FormatToken) -> Void) {
        var index = 0
        // Whether the text is a date pattern: asked only when a printf-looking sequence is met.
        var strftime: Bool?
        while let percent = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text, from: index) {
            index = percent + 1
            let next = percent + 1 < text.count ? text[percent + 1] : 0
            if next == UInt8(ascii: "%") {
                if formatted { body(FormatToken(.escape("%"), percent ..< percent + 2)) }
                index = percent + 2
                continue
            }
            if next == UInt8(ascii: "{"), let close = UTF8Text.firstIndex(of: UInt8(ascii: "}"), in: text, from: percent + 2),
               close > percent + 2, Self.isName(UnsafeBufferPointer(rebasing: text[(percent + 2) ..< close]), bars: true) {
                let name = (percent + 2) ..< close
                index = close + 1
                body(token(for: name, percent ..< index, in: text, family: FormatToken.anyType, formatted: formatted))
                continue
            }
            if next == UInt8(ascii: "<"), let close = UTF8Text.firstIndex(of: UInt8(ascii: ">"), in: text, from: percent + 2),
               close > percent + 2, Self.isName(UnsafeBufferPointer(rebasing: text[(percent + 2) ..< close]), bars: false),
               let (spec, end) = PrintfSpec.parse(text, from: close + 1, ruby: true) {
                index = end
                let family: Int32 = Self.integerConversions.contains(spec.conversion) ? FormatToken.integer
                    : Self.floatConversions.contains(spec.conversion) ? FormatToken.float : FormatToken.anyType
                body(token(for: (percent + 2) ..< close, percent ..< end, in: text, family: family, formatted: formatted))
                continue
            }
            // printf's placeholders mean nothing to I18n; a date format's directives are strftime's.
            if let (_, _, end) = PrintfSpec.placeholder(in: text, at: percent),
               !(strftime ?? { let found = Self.looksLikeStrftime(text); strftime = found; return found }()) {
                body(FormatToken(.verbatim, percent ..< end))
                index = end
            }
        }
    }

    private func token(for name: Range<Int>, _ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, family: Int32,
                       formatted: Bool) -> FormatToken {
        // Reserved names compared on bytes: a String is made only for one of them.
        let bytes = UnsafeBufferPointer(rebasing: text[name])
        if formatted, Self.isReserved(bytes) {
            let written = String(decoding: bytes, as: UTF8.self)
            return FormatToken(.crash("I18n::ReservedInterpolationKey: reserved key :\(written) used"), range, name: name)
        }
        return FormatToken(.argument, range, name: name, family: family)
    }

    /// True when the text has a strftime directive that no printf placeholder spells (`%Y`, `%b`,
    /// `%H`, `%-m`…): a date format (Rails `date.formats`), where `%-d` is the unpadded day, not
    /// a printf `%d` with a stray flag.
    static func looksLikeStrftime(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while let found = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: b, from: index) {
            var next = found + 1
            // strftime's own flags: `-` (no padding), `_`, `0`, `^`, `#`.
            while next < b.count, strftimeFlags.contains(b[next]) { next += 1 }
            if next < b.count, strftimeOnly.contains(b[next]) { return true }
            index = max(next, found + 1)
            if index >= b.count { break }
        }
        return false
    }

    private static let strftimeOnly = ByteSet("YyBbmHIMSZzjklPUWVDTRrh")
    private static let strftimeFlags = ByteSet("-_0^#")
    // Sets of bytes, not `String.utf8.contains`: a generic search per placeholder.
    private static let integerConversions = ByteSet("diouxXbBc")
    private static let floatConversions = ByteSet("eEfgG")

    /// Whether `name` is one of `reservedNames`, told by its length and bytes: asked at every
    /// placeholder, where walking a list of the names' bytes was a sixth of reading Rails texts.
    static func isReserved(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func `is`(_ reserved: StaticString) -> Bool {
            memcmp(reserved.utf8Start, name.baseAddress!, name.count) == 0
        }
        switch name.count {
        case 5: return `is`("raise") || `is`("scope") || `is`("throw")
        case 6: return `is`("format") || `is`("object")
        case 7: return `is`("cascade") || `is`("default") || `is`("resolve")
        case 8: return `is`("fallback")
        case 9: return `is`("separator")
        case 13: return `is`("rescue_format")
        case 17: return `is`("exception_handler")
        case 18: return `is`("deep_interpolation")
        case 20: return `is`("fallback_in_progress")
        case 24: return `is`("fallback_original_locale")
        default: return false
        }
    }

    /// `\w` of Ruby's pattern: ASCII letters, digits and `_` (and `|` inside `%{…}`).
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>, bars: Bool) -> Bool {
        bytes.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || (bars && byte == UInt8(ascii: "|"))
        }
    }

    /// Keys whose values are Rails' own patterns (strftime, number formats), not strings to interpolate.
    public static func isFormatPatternKey(_ key: String) -> Bool {
        let segments = key.split(separator: ".")
        if segments.first == "number", let last = segments.last, last == "format" || last == "negative_format" { return true }
        guard let formats = segments.firstIndex(of: "formats"), formats > 0 else { return false }
        return ["date", "time", "datetime"].contains(segments[formats - 1])
    }

    public func missingArgument(_ written: String, position: Int, count: Int) -> String? { nil }

    public func render(_ text: String, arguments: FormatArguments, locale: String?) -> Result<String, FormatFailure> {
        // `I18n.t(key)` without values does not interpolate (a reserved name raises only then).
        if arguments.named.isEmpty && arguments.positional.isEmpty { return .success(text) }
        if !arguments.positional.isEmpty {
            return .failure(FormatFailure("Ruby I18n fills named placeholders only (%{name}); give the args as a mapping"))
        }
        return renderTokens(text, formatted: true) { token, written in
            guard let nameRange = token.name else { return .failure(FormatFailure("?")) }
            var bytes = written
            let name = bytes.withUTF8 { b in
                let offset = token.range.lowerBound
                return String(decoding: UnsafeBufferPointer(rebasing: b[(nameRange.lowerBound - offset) ..< (nameRange.upperBound - offset)]), as: UTF8.self)
            }
            guard let value = arguments.named[name] else {
                return .failure(FormatFailure("I18n::MissingInterpolationArgument: missing interpolation argument :\(name) in \"\(text)\""))
            }
            guard written.hasPrefix("%<") else { return .success(arguments.wrap(value)) }
            // `sprintf("%" + spec, value)`: the spec after `>`.
            return bytes.withUTF8 { b -> Result<String, FormatFailure> in
                let specStart = nameRange.upperBound - token.range.lowerBound + 1
                guard let (spec, _) = PrintfSpec.parse(b, from: specStart, ruby: true) else { return .failure(FormatFailure("?")) }
                return spec.render(value, .ruby, symbols: .root).map(arguments.wrap).mapError { FormatFailure("the value for \(written) \($0.message)") }
            }
        }
    }
}
