import FoundationEssentials

/// Android resources (`res/values*/strings.xml`): `getString(id, args)` formats with
/// `java.util.Formatter`; `getString(id)` shows the text as it is, `%%` and all.
///
/// The grammar is Java's: `%[index$ | <][flags][width][.precision]conversion`, flags `-#+ 0,(`,
/// conversions `b h s c d o x e f g a` (and upper case), `t`/`T` with a date suffix, `%%` and `%n`.
/// A `%` that starts no such specifier throws `UnknownFormatConversionException` ("50% off" with
/// an argument); a flag the conversion does not take throws `FormatFlagsConversionMismatchException`
/// (`%'d`: `'` is no flag in Java, so it is the conversion, and unknown). The checks and their
/// messages follow OpenJDK's `Formatter.FormatSpecifier`, which the differential test holds
/// routekit to (`AndroidDialectOracleTests`).
public struct AndroidDialect: DialectRules {
    public init() {}

    public func scan(_ text: UnsafeBufferPointer<UInt8>, formatted: Bool, _ body: (FormatToken) -> Void) {
        var index = 0
        var ordinary = 0
        var last = 0
        while let percent = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text, from: index) {
            switch JavaFormatSpecifier.parse(text, at: percent) {
            case .failure(let crash):
                // Shown as typed when the string is not formatted; thrown on when it is.
                body(FormatToken(formatted ? .crash(crash.message) : .verbatim, percent ..< crash.end))
                guard formatted else { index = crash.end; continue }
                return
            case .success(let spec):
                let range = percent ..< spec.end
                index = spec.end
                if !formatted {
                    body(FormatToken(.verbatim, range))
                    continue
                }
                switch spec.conversion {
                case UInt8(ascii: "%"): body(FormatToken(.escape(spec.padded("%")), range))
                case UInt8(ascii: "n"): body(FormatToken(.escape("\n"), range))
                default:
                    let position: Int
                    if let explicit = spec.index { position = explicit } else if spec.relative {
                        position = last
                    } else {
                        ordinary += 1
                        position = ordinary
                    }
                    guard position > 0 else {
                        // `%<s` first: no previous argument (MissingFormatArgumentException).
                        body(FormatToken(.crash("MissingFormatArgumentException: Format specifier '\(spec.written)'"), range))
                        return
                    }
                    last = position
                    body(FormatToken(.argument, range, position: position, family: spec.family))
                }
            }
        }
    }

    public func missingArgument(_ written: String, position: Int, count: Int) -> String? {
        var text = written
        let shown = text.withUTF8 { bytes -> String in
            guard case .success(let spec) = JavaFormatSpecifier.parse(bytes, at: 0) else { return written }
            return spec.written
        }
        return "MissingFormatArgumentException: Format specifier '\(shown)'"
    }

    public func render(_ text: String, arguments: FormatArguments, locale: String?) -> Result<String, FormatFailure> {
        // `getString(id)` without arguments does not format.
        guard !arguments.positional.isEmpty else { return .success(text) }
        // Java parses the whole format before it formats an argument: a bad specifier anywhere
        // throws before a missing or mistyped argument.
        for token in tokens(in: text, formatted: true) { if case .crash(let reason) = token.kind { return .failure(FormatFailure(reason)) } }
        let symbols = locale.map { NumberSymbols.for(locale: $0) } ?? .root
        var specs: [Int: JavaFormatSpecifier] = [:]
        var bytes = text
        bytes.withUTF8 { buffer in
            var index = 0
            while let percent = UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: buffer, from: index) {
                guard case .success(let spec) = JavaFormatSpecifier.parse(buffer, at: percent) else { break }
                specs[percent] = spec
                index = spec.end
            }
        }
        return renderTokens(text, formatted: true) { token, _ in
            guard let position = token.position, let spec = specs[token.range.lowerBound] else { return .failure(FormatFailure("?")) }
            guard position <= arguments.positional.count else {
                return .failure(FormatFailure(missingArgument(spec.written, position: position, count: arguments.positional.count)!))
            }
            return spec.format(arguments.positional[position - 1], symbols: symbols).map(arguments.wrap)
        }
    }
}

/// One `java.util.Formatter` specifier, parsed and checked as `Formatter.FormatSpecifier` does.
struct JavaFormatSpecifier {
    struct Crash: Error {
        var message: String
        /// Where the bytes read end (the sequence shown, when it is shown as typed).
        var end: Int
    }

    var index: Int?
    /// `<`: the previous specifier's argument.
    var relative = false
    /// Flags as written, in Java's order (`-#+ 0,(`).
    var flags = ""
    var width: Int?
    var precision: Int?
    var dateTime = false
    var upper = false
    /// Lower-cased conversion byte.
    var conversion: UInt8 = 0
    var end = 0

    static let conversions: Set<UInt8> = Set("bhscdoxegfa%n".utf8)
    private static let flagOrder = Array("-#+ 0,(<".utf8)
    private static let dateSuffixes: Set<UInt8> = Set("HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc".utf8)

    /// The specifier as `FormatSpecifier.toString()` writes it (exception messages quote it).
    var written: String {
        var text = "%" + flags + (relative ? "<" : "")
        if let index { text += "\(index)$" }
        if let width { text += String(width) }
        if let precision { text += ".\(precision)" }
        if dateTime { text += upper ? "T" : "t" }
        let c = Character(Unicode.Scalar(conversion))
        text += upper ? c.uppercased() : String(c)
        return text
    }

    var family: Int32 {
        if dateTime { return FormatToken.date }
        switch conversion {
        case UInt8(ascii: "d"), UInt8(ascii: "o"), UInt8(ascii: "x"): return FormatToken.integer
        case UInt8(ascii: "e"), UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "a"): return FormatToken.float
        case UInt8(ascii: "c"): return FormatToken.character
        default: return FormatToken.anyType
        }
    }

    /// Parses the specifier at `start` (a `%`): Java's fast path for a one-letter conversion, else
    /// its pattern `%(\d+\$)?([-#+ 0,(\<]*)?(\d+)?(\.\d+)?([tT])?([a-zA-Z%])`, then the checks.
    static func parse(_ s: UnsafeBufferPointer<UInt8>, at start: Int) -> Result<JavaFormatSpecifier, Crash> {
        var spec = JavaFormatSpecifier()
        var i = start + 1
        guard i < s.count else { return .failure(Crash(message: "UnknownFormatConversionException: Conversion = '%'", end: i)) }
        func isDigit(_ i: Int) -> Bool { i < s.count && s[i] >= UInt8(ascii: "0") && s[i] <= UInt8(ascii: "9") }
        func number(from a: Int, to b: Int) -> Int? {
            var value = 0
            for k in a ..< b {
                value = value * 10 + Int(s[k] - UInt8(ascii: "0"))
                if value > Int(Int32.max) { return nil }
            }
            return value
        }
        // The argument index: digits and `$` (else the digits are flags or width).
        var j = i
        while isDigit(j) { j += 1 }
        if j > i, j < s.count, s[j] == UInt8(ascii: "$") {
            guard let value = number(from: i, to: j), value > 0 else {
                let message = number(from: i, to: j).map { "Illegal format argument index = \($0)" }
                    ?? "Format argument index: (not representable as int)"
                return .failure(Crash(message: "IllegalFormatArgumentIndexException: \(message)", end: j + 1))
            }
            spec.index = value
            i = j + 1
        }
        var seen: [UInt8] = []
        while i < s.count, flagOrder.contains(s[i]) {
            if seen.contains(s[i]) {
                let flag = String(Unicode.Scalar(s[i]))
                return .failure(Crash(message: "DuplicateFormatFlagsException: Flags = '\(flag)'", end: i + 1))
            }
            seen.append(s[i])
            i += 1
        }
        spec.relative = seen.contains(UInt8(ascii: "<"))
        spec.flags = String(decoding: flagOrder.filter { seen.contains($0) && $0 != UInt8(ascii: "<") }, as: UTF8.self)
        j = i
        while isDigit(j) { j += 1 }
        if j > i {
            guard let value = number(from: i, to: j) else {
                return .failure(Crash(message: "IllegalFormatWidthException: \(Int32.min)", end: j))
            }
            spec.width = value
            i = j
        }
        if i < s.count, s[i] == UInt8(ascii: "."), isDigit(i + 1) {
            j = i + 1
            while isDigit(j) { j += 1 }
            guard let value = number(from: i + 1, to: j) else {
                return .failure(Crash(message: "IllegalFormatPrecisionException: \(Int32.min)", end: j))
            }
            spec.precision = value
            i = j
        }
        if i < s.count, s[i] == UInt8(ascii: "t") || s[i] == UInt8(ascii: "T") {
            spec.dateTime = true
            spec.upper = s[i] == UInt8(ascii: "T")
            i += 1
        }
        let isLetter = i < s.count && ((s[i] | 0x20) >= UInt8(ascii: "a") && (s[i] | 0x20) <= UInt8(ascii: "z") || s[i] == UInt8(ascii: "%"))
        guard isLetter else {
            // The pattern does not match: Java names the character after the `%`.
            let after = start + 1
            let shown = Self.character(s, at: after)
            return .failure(Crash(message: "UnknownFormatConversionException: Conversion = '\(shown)'",
                                  end: Swift.min(after + Swift.max(shown.utf8.count, 1), s.count)))
        }
        let c = s[i]
        spec.end = i + 1
        if spec.dateTime {
            spec.conversion = c
            if spec.precision != nil { return .failure(spec.crash("IllegalFormatPrecisionException: \(spec.precision!)")) }
            guard dateSuffixes.contains(c) else {
                return .failure(spec.crash("UnknownFormatConversionException: Conversion = 't\(Character(Unicode.Scalar(c)))'"))
            }
            if let bad = spec.firstFlag(in: "#+ 0,(") { return .failure(spec.mismatch(bad)) }
            if spec.width == nil && spec.has("-") { return .failure(spec.crash("MissingFormatWidthException: \(spec.written)")) }
            return .success(spec)
        }
        let lower = c | 0x20
        guard conversions.contains(c) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") && conversions.contains(lower)
                                           && !"DOFN".utf8.contains(c)) else {
            return .failure(Crash(message: "UnknownFormatConversionException: Conversion = '\(Character(Unicode.Scalar(c)))'", end: i + 1))
        }
        spec.upper = c != UInt8(ascii: "%") && c < UInt8(ascii: "a")
        spec.conversion = c == UInt8(ascii: "%") ? c : lower
        if let problem = spec.check() { return .failure(spec.crash(problem)) }
        return .success(spec)
    }

    private func has(_ flag: Character) -> Bool { flags.contains(flag) }

    /// The first of `candidates`, in their order (as `checkBadFlags` lists them), that is set.
    private func firstFlag(in candidates: String) -> Character? { candidates.first { flags.contains($0) } }

    private func crash(_ message: String) -> Crash { Crash(message: message, end: end) }

    private func mismatch(_ flag: Character) -> Crash {
        crash("FormatFlagsConversionMismatchException: Conversion = \(Character(Unicode.Scalar(conversion))), Flags = \(flag)")
    }

    /// The checks of `checkGeneral`, `checkCharacter`, `checkInteger`, `checkFloat` and `checkText`.
    private func check() -> String? {
        let c = Character(Unicode.Scalar(conversion))
        func numeric() -> String? {
            if width == nil && (has("-") || has("0")) { return "MissingFormatWidthException: \(written)" }
            if (has("+") && has(" ")) || (has("-") && has("0")) { return "IllegalFormatFlagsException: Flags = '\(flags)'" }
            return nil
        }
        func bad(_ list: String) -> String? {
            firstFlag(in: list).map { "FormatFlagsConversionMismatchException: Conversion = \(c), Flags = \($0)" }
        }
        switch c {
        case "b", "h", "s":
            if (c == "b" || c == "h") && has("#") { return bad("#") }
            if width == nil && has("-") { return "MissingFormatWidthException: \(written)" }
            return bad("+ 0,(")
        case "c":
            if let precision { return "IllegalFormatPrecisionException: \(precision)" }
            if let problem = bad("#+ 0,(") { return problem }
            if width == nil && has("-") { return "MissingFormatWidthException: \(written)" }
            return nil
        case "d", "o", "x":
            if let problem = numeric() { return problem }
            if let precision { return "IllegalFormatPrecisionException: \(precision)" }
            return c == "d" ? bad("#") : bad(",")
        case "e", "f", "g", "a":
            if let problem = numeric() { return problem }
            switch c {
            case "a": return bad("(,")
            case "e": return bad(",")
            case "g": return bad("#")
            default: return nil
            }
        case "%":
            if let precision { return "IllegalFormatPrecisionException: \(precision)" }
            if !flags.isEmpty && flags != "-" { return "IllegalFormatFlagsException: Flags = '\(flags)'" }
            if width == nil && has("-") { return "MissingFormatWidthException: \(written)" }
            return nil
        case "n":
            if let precision { return "IllegalFormatPrecisionException: \(precision)" }
            if let width { return "IllegalFormatWidthException: \(width)" }
            if !flags.isEmpty { return "IllegalFormatFlagsException: Flags = '\(flags)'" }
            return nil
        default:
            return nil
        }
    }

    /// The character at byte `index` (a whole scalar), as Java's message shows it.
    static func character(_ s: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
        guard index < s.count else { return "%" }
        var end = index + 1
        while end < s.count, s[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: s[index ..< end]), as: UTF8.self)
    }

    /// `%%` with a width: Java pads the percent sign.
    func padded(_ body: String) -> String {
        guard let width, width > body.utf16.count else { return body }
        let fill = String(repeating: " ", count: width - body.utf16.count)
        return has("-") ? body + fill : fill + body
    }

    /// The argument, given as text, formatted as Java formats the value the app passes: a
    /// `String` for `%s`, a whole number for `%d`, a decimal number for `%f`.
    func format(_ value: String, symbols: NumberSymbols) -> Result<String, FormatFailure> {
        let c = Character(Unicode.Scalar(conversion))
        let trimmed = value.trimmingWhitespace()
        func cased(_ text: String) -> String { upper ? text.uppercased() : text }
        if dateTime { return .failure(FormatFailure("routekit does not render Java's date conversion \(written)")) }
        switch c {
        case "s":
            var text = value
            if let precision { text = PrintfSpec.prefix(text, utf16Units: precision) }
            return .success(padded(cased(text)))
        case "b":
            // Any non-null argument that is not a Boolean is `true`.
            var text = value == "false" ? "false" : "true"
            if let precision { text = PrintfSpec.prefix(text, utf16Units: precision) }
            return .success(padded(cased(text)))
        case "c":
            // The app passes a Char: the value's first character.
            guard let first = value.first else { return .failure(FormatFailure("IllegalFormatConversionException: c != java.lang.String")) }
            return .success(padded(cased(String(first))))
        case "d", "o", "x":
            guard let number = Int64(trimmed) else {
                return .failure(FormatFailure("IllegalFormatConversionException: \(c) != java.lang.String"))
            }
            if symbols.numberingSystem != "latn" && c == "d" {
                return .failure(FormatFailure("routekit writes Latin digits only, and the locale writes numbers in \(symbols.numberingSystem) digits"))
            }
            if c != "d" {
                // Checked when an Int or a Long is printed: no sign flags in hex and octal.
                if let flag = firstFlag(in: "( +") {
                    return .failure(FormatFailure("FormatFlagsConversionMismatchException: Conversion = \(c), Flags = \(flag)"))
                }
                // A negative number as its two's complement: 32 bits for what fits a Kotlin Int, else 64.
                let bits = number < 0 ? (Int32(exactly: number) != nil ? UInt64(UInt32(bitPattern: Int32(number))) : UInt64(bitPattern: number))
                    : UInt64(number)
                var digits = String(bits, radix: c == "o" ? 8 : 16)
                var prefix = ""
                if has("#") { if c == "o" { digits = "0" + digits } else { prefix = "0x" } }
                return .success(pad(sign: cased(prefix), cased(digits)))
            }
            var digits = String(number.magnitude)
            if has(",") { digits = PrintfSpec.grouped(digits, by: symbols.group) }
            return .success(pad(sign: sign(negative: number < 0), digits, parenthesized: number < 0 && has("(")))
        case "e", "f":
            guard let number = Double(trimmed), number.isFinite else {
                return .failure(FormatFailure("IllegalFormatConversionException: \(c) != java.lang.String"))
            }
            if symbols.numberingSystem != "latn" {
                return .failure(FormatFailure("routekit writes Latin digits only, and the locale writes numbers in \(symbols.numberingSystem) digits"))
            }
            var format = "%"
            if has("#") { format += "#" }
            format += ".\(precision ?? 6)\(c)"
            // Java rounds the shortest decimal form half up, where C rounds the binary value.
            let magnitude = number.magnitude
            var body = CFormat.format(format, Self.isDecimalTie(magnitude, conversion: c, precision: precision ?? 6) ? magnitude.nextUp : magnitude)
            let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            var integer = String(parts[0])
            if has(",") && c == "f" { integer = PrintfSpec.grouped(integer, by: symbols.group) }
            body = parts.count == 2 ? integer + symbols.decimal + parts[1] : integer
            return .success(pad(sign: sign(negative: number.sign == .minus), cased(body), parenthesized: number < 0 && has("(")))
        default:
            return .failure(FormatFailure("routekit does not render Java's %\(c)"))
        }
    }

    private func sign(negative: Bool) -> String {
        negative ? (has("(") ? "" : "-") : has("+") ? "+" : has(" ") ? " " : ""
    }

    /// Pads to the width in UTF-16 units: spaces before, after with `-`, zeros after the sign with `0`.
    private func pad(sign: String, _ body: String, parenthesized: Bool = false) -> String {
        let body = parenthesized ? "(" + body + ")" : body
        let length = sign.utf16.count + body.utf16.count
        guard let width, width > length else { return sign + body }
        let fill = width - length
        if has("-") { return sign + body + String(repeating: " ", count: fill) }
        if has("0") { return sign + String(repeating: "0", count: fill) + body }
        return String(repeating: " ", count: fill) + sign + body
    }

    /// True when the shortest decimal form of `magnitude` ends in a 5 just past the digits kept.
    static func isDecimalTie(_ magnitude: Double, conversion: Character, precision: Int) -> Bool {
        // Swift's description is the shortest form that reads back: `2.5`, `1e-05`, `1.2345e+16`.
        let text = magnitude.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0]
        let point = mantissa.firstIndex(of: ".")
        let integerDigits = point.map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
        var digits = mantissa.filter { $0 != "." }
        // Trailing zeros of `2.0` say nothing.
        while digits.count > 1 && digits.last == "0" { digits.removeLast() }
        guard digits.last == "5" else { return false }
        if conversion == "e" || conversion == "E" {
            let significant = digits.drop { $0 == "0" }
            return significant.count == precision + 2
        }
        // Digits after the decimal point in the exact decimal form.
        let fraction = digits.count - integerDigits - exponent
        return fraction == precision + 1
    }
}
