/// Apple String Catalogs (`.xcstrings`), formatted by `String(format:)` (and `String(localized:)`
/// with interpolations, which builds the same format).
///
/// - A string is formatted only when the code passes arguments: its key (the source literal, as
///   Xcode extracts it) or its source text has a format specifier. Otherwise `%` is plain text.
/// - Specifiers are C's printf with `%@` (an object): `%@ %d %lld %1$@ %.2f`, `%%` for a percent.
/// - `%#@name@` (or `%1$#@name@`) is a substitution: it takes an argument like any specifier, and
///   its `substitutions` entry chooses the text (a plural variation per variable). Each
///   localization chooses its own variations: a plain source and a plural translation is valid.
/// - A `%` that starts no specifier is undefined behaviour for `String(format:)`: routekit reports
///   it as a crash (`format-crash`), which is what it often is with `%@`.
public struct AppleDialect: DialectRules {
    public init() {}

    public var mayShowVerbatim: Bool { false }

    public func scan(_ text: UnsafeBufferPointer<UInt8>, formatted: Bool, _ body: (FormatToken) -> Void) {
        Self.scan(text, formatted: formatted, plainSpecifiers: true, body)
    }

    /// `scan`, with the common specifiers told apart first (`plainSpecifiers`) or left to the
    /// general grammar, which the tests hold the shortcut to.
    static func scan(_ text: UnsafeBufferPointer<UInt8>, formatted: Bool, plainSpecifiers: Bool, _ body: (FormatToken) -> Void) {
        guard formatted else { return }
        var index = 0
        var sequential = 0
        while let percent = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text, from: index) {
            if percent + 1 < text.count, text[percent + 1] == UInt8(ascii: "%") {
                body(FormatToken(.escape("%"), percent ..< percent + 2))
                index = percent + 2
                continue
            }
            // The common specifiers (`%@`, `%d`, `%lld`): what `PrintfSpec.placeholder` reads
            // them as, without its general grammar (a third of every scan of a catalog's texts).
            if plainSpecifiers, let (conversion, end) = plainSpecifier(text, at: percent) {
                sequential += 1
                body(FormatToken(.argument, percent ..< end, position: sequential, family: family(conversion)))
                index = end
                continue
            }
            if let (position, end) = Self.substitution(text, at: percent) {
                let argument = position ?? { sequential += 1; return sequential }()
                body(FormatToken(.argument, percent ..< end, position: argument, family: FormatToken.unknownType))
                index = end
                continue
            }
            if let (position, spec, end) = PrintfSpec.placeholder(in: text, at: percent), !spec.flags.contains(.comma) {
                let argument = position ?? { sequential += 1; return sequential }()
                body(FormatToken(.argument, percent ..< end, position: argument, family: Self.family(spec.conversion)))
                index = end
                continue
            }
            if let end = Self.pointerConversion(text, at: percent) {
                // `% p` (as in "% publicacions" for "%@ publicacions"): a valid specifier that shows
                // the object's address, `0x…`, and swallows the letter.
                let written = String(decoding: UnsafeBufferPointer(rebasing: text[percent ..< end]), as: UTF8.self)
                body(FormatToken(.crash("'\(written)' is a pointer conversion: String(format:) shows the argument's memory address (0x…), "
                                        + "not its text"), percent ..< end))
                return
            }
            let shown = JavaFormatSpecifier.character(text, at: percent + 1)
            let end = Swift.min(percent + 1 + (percent + 1 < text.count ? shown.utf8.count : 0), text.count)
            body(FormatToken(.crash("'%\(percent + 1 < text.count ? shown : "")' is no format specifier: String(format:) reads it undefined (a crash or garbage)"),
                             percent ..< end))
            return
        }
    }

    /// A specifier of a conversion alone or after `l` or `ll` at `start`, a `%` → (conversion,
    /// end): one that `PrintfSpec.placeholder` reads with no position, flags, width or precision
    /// (a conversion is neither a flag, a digit nor a length modifier, so it reads it the same).
    @inline(__always)
    static func plainSpecifier(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (UInt8, Int)? {
        var i = start + 1
        if i < text.count, text[i] == UInt8(ascii: "l") {
            i += 1
            if i < text.count, text[i] == UInt8(ascii: "l") { i += 1 }
        }
        guard i < text.count, PrintfSpec.isConversion(text[i]) else { return nil }
        return (text[i], i + 1)
    }

    /// The end of `%p` with flags, width or precision (`% p`, `%-8p`) at `start`, else nil.
    static func pointerConversion(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var i = start + 1
        while i < text.count, "-+ #0123456789.".utf8.contains(text[i]) { i += 1 }
        return i < text.count && text[i] == UInt8(ascii: "p") ? i + 1 : nil
    }

    /// `%#@name@` or `%N$#@name@` at `start` → (explicit position, end).
    static func substitution(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int?, Int)? {
        var i = start + 1
        var position: Int?
        var digits = 0, value = 0
        while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9"), digits < 9 {
            value = value * 10 + Int(text[i] - UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        if digits > 0 {
            guard i < text.count, text[i] == UInt8(ascii: "$"), value > 0 else { return nil }
            position = value
            i += 1
        }
        guard i + 2 < text.count, text[i] == UInt8(ascii: "#"), text[i + 1] == UInt8(ascii: "@") else { return nil }
        var end = i + 2
        while end < text.count, text[end] != UInt8(ascii: "@") {
            let byte = text[end]
            let word = byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard word else { return nil }
            end += 1
        }
        guard end < text.count, end > i + 2 else { return nil }
        return (position, end + 1)
    }

    static func family(_ conversion: UInt8) -> Int32 {
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"): FormatToken.integer
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
             UInt8(ascii: "a"), UInt8(ascii: "A"): FormatToken.float
        case UInt8(ascii: "c"), UInt8(ascii: "C"): FormatToken.character
        case UInt8(ascii: "s"), UInt8(ascii: "S"): FormatToken.string
        case UInt8(ascii: "@"): FormatToken.object
        default: FormatToken.anyType
        }
    }

    public func missingArgument(_ written: String, position: Int, count: Int) -> String? {
        "\(written) reads argument \(position), but the code passes \(count) (String(format:) reads past its arguments: a crash or garbage)"
    }

    public func render(_ text: String, arguments: FormatArguments, locale: String?) -> Result<String, FormatFailure> {
        guard !arguments.positional.isEmpty else { return .success(text) }
        let symbols = locale.map { NumberSymbols.for(locale: $0) } ?? .root
        return renderTokens(text, formatted: true) { token, written in
            guard let position = token.position else { return .failure(FormatFailure("?")) }
            guard position <= arguments.positional.count else {
                return .failure(FormatFailure(missingArgument(written, position: position, count: arguments.positional.count)!))
            }
            var bytes = written
            return bytes.withUTF8 { b -> Result<String, FormatFailure> in
                if Self.substitution(b, at: 0) != nil {
                    return .failure(FormatFailure("routekit does not render \(written): a substitution with several variables (render its plural through one variable)"))
                }
                guard let (_, spec, _) = PrintfSpec.placeholder(in: b, at: 0) else { return .failure(FormatFailure("?")) }
                return spec.render(arguments.positional[position - 1], .c, symbols: symbols)
                    .map(arguments.wrap).mapError { FormatFailure("argument \(position) for \(written) \($0.message)") }
            }
        }
    }
}
