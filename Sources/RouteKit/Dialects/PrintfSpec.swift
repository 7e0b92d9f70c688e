import FoundationEssentials

/// What follows the `%` (and `n$` or `<name>`) of a printf-style placeholder: what the dialects
/// share. Compose and Rails find a printf placeholder to show verbatim with ``placeholder(in:at:)``;
/// Apple (C's printf with `%@`) and Rails (`%<name>…`, Ruby's `Kernel#format`) render with it,
/// each in its own ``PrintfFlavor``. Android reads its specifiers with `java.util.Formatter`'s own
/// grammar (`JavaFormatSpecifier`).
struct PrintfSpec: Sendable, Hashable {
    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `-`
        static let leftAlign = Flags(rawValue: 1)
        /// `+`
        static let plus = Flags(rawValue: 2)
        /// ` ` (Ruby's `%<n> d` only: in printf texts "50 % off" is text)
        static let space = Flags(rawValue: 4)
        /// `#`
        static let alternate = Flags(rawValue: 8)
        /// `0`
        static let zeroPad = Flags(rawValue: 16)
        /// `'` (POSIX)
        static let apostrophe = Flags(rawValue: 32)
        /// `,` (java.util.Formatter, Android)
        static let comma = Flags(rawValue: 64)
        static let grouping: Flags = [.apostrophe, .comma]
    }

    var flags: Flags = []
    var width: Int?
    var precision: Int?
    /// The size in bits of an integer argument as the length modifier gives it (`%hhu` 8, `%hu` 16,
    /// `%u` 32, `%lu`/`%llu`/`%qu`/`%zu` 64): what an unsigned or hexadecimal conversion wraps at.
    var integerBits: Int = 32
    /// The conversion character as a byte (`d`, `s`, `@`…).
    var conversion: UInt8 = 0
}

extension PrintfSpec {
    private static let conversionBytes = ByteSet("diuoxXfFeEgGaAcCsSp@")
    /// Whether `byte` is a conversion of C's printf (with `%@`), as `placeholder(in:at:)` reads them.
    @inline(__always)
    static func isConversion(_ byte: UInt8) -> Bool { conversionBytes.contains(byte) }

    /// Ruby's `Kernel#format` conversions, as I18n's pattern accepts them.
    private static let rubyConversionBytes = ByteSet("bBdiouxXeEfgGcps")

    /// The printf placeholder (C's and Java's grammar: `%1$s`, `%lld`, `%,d`, `%@`) at `start`, a
    /// `%` → (its explicit `n$` position, spec, end); nil when what follows is no placeholder
    /// (`50 % off`: a space is no flag here).
    static func placeholder(in s: UnsafeBufferPointer<UInt8>, at start: Int) -> (position: Int?, spec: PrintfSpec, end: Int)? {
        var i = start + 1
        var position: Int?
        if let number = digits(s, &i), i < s.count, s[i] == UInt8(ascii: "$"), number > 0 {
            position = number
            i += 1
        } else {
            i = start + 1
        }
        guard let (spec, end) = parse(s, from: i, ruby: false) else { return nil }
        return (position, spec, end)
    }

    private static func digits(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        var value = 0, any = false
        while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") {
            value = min(value &* 10 &+ Int(s[i] - UInt8(ascii: "0")), 1_000_000)
            any = true
            i += 1
        }
        return any ? value : nil
    }

    /// [flags] [width] [.precision] [length] conversion, from `i` → (spec, end). Ruby's `%<name>`
    /// takes a space flag and no length; in printf texts a space is no flag ("50 % off" is text
    /// in every language, not `% o`).
    static func parse(_ s: UnsafeBufferPointer<UInt8>, from start: Int, ruby: Bool) -> (PrintfSpec, Int)? {
        var i = start
        var spec = PrintfSpec()
        flags: while i < s.count {
            switch s[i] {
            case UInt8(ascii: "-"): spec.flags.insert(.leftAlign)
            case UInt8(ascii: "+"): spec.flags.insert(.plus)
            case UInt8(ascii: "#"): spec.flags.insert(.alternate)
            case UInt8(ascii: "0"): spec.flags.insert(.zeroPad)
            case UInt8(ascii: "'"): spec.flags.insert(.apostrophe)
            case UInt8(ascii: ","): spec.flags.insert(.comma)
            case UInt8(ascii: " ") where ruby: spec.flags.insert(.space)
            default: break flags
            }
            i += 1
        }
        spec.width = digits(s, &i)
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            spec.precision = digits(s, &i) ?? 0
        }
        // The length modifier: `ll` `hh` `l` `h` `q` `z` `t` `j` `L` (the longer of two first).
        if !ruby, i < s.count {
            let doubled = i + 1 < s.count && s[i + 1] == s[i]
            switch s[i] {
            case UInt8(ascii: "l"): (i, spec.integerBits) = (i + (doubled ? 2 : 1), 64)
            case UInt8(ascii: "h"): (i, spec.integerBits) = doubled ? (i + 2, 8) : (i + 1, 16)
            case UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"), UInt8(ascii: "L"):
                (i, spec.integerBits) = (i + 1, 64)
            default: break
            }
        }
        guard i < s.count, (ruby ? rubyConversionBytes : conversionBytes).contains(s[i]) else { return nil }
        spec.conversion = s[i]
        return (spec, i + 1)
    }
}

/// Whose printf renders a spec: C's, as Apple's `String(format:locale:)` runs it (with the locale's
/// separators), or Ruby's `Kernel#format`, as I18n runs `%<name>…` (never localized).
enum PrintfFlavor: Sendable {
    case c, ruby
}

extension PrintfSpec {
    /// Why routekit does not render this placeholder in `flavor`, or nil when it does.
    func unsupportedReason(_ flavor: PrintfFlavor) -> String? {
        let c = Character(Unicode.Scalar(conversion))
        switch flavor {
        case .c:
            switch c {
            case "a", "A": return "routekit does not render hexadecimal floating point"
            case "p": return "a pointer is no text"
            case "S", "C": return "%\(c) is a wide string or character in C"
            default: return flags.contains(.comma) ? "',' is no flag of C's printf" : nil
            }
        case .ruby:
            if "aAbBp".contains(c) { return "routekit does not render Ruby's %\(c)" }
            if !flags.isDisjoint(with: .grouping) { return "Ruby's format has no grouping flag (I18n raises ArgumentError)" }
            if flags.contains(.leftAlign) && flags.contains(.zeroPad) { return "the flags - and 0 together pad both ways" }
            return nil
        }
    }

    /// Renders one argument, given as text (from params, JSON or the command line).
    func render(_ value: String, _ flavor: PrintfFlavor, symbols: NumberSymbols) -> Result<String, FormatFailure> {
        if let reason = unsupportedReason(flavor) {
            return .failure(FormatFailure("is not rendered: \(reason)"))
        }
        let ruby = flavor == .ruby
        let c = Character(Unicode.Scalar(conversion))
        let trimmed = value.trimmingWhitespace()
        if !ruby && "diufFeE".contains(c) && symbols.numberingSystem != "latn" {
            return .failure(FormatFailure("is not rendered: the locale writes numbers in \(symbols.numberingSystem) digits, and routekit writes Latin digits only"))
        }
        switch c {
        case "s", "S", "@", "p":
            var text = value
            if let precision { text = Self.prefix(text, utf16Units: precision) }
            return .success(pad(sign: "", body: text))
        case "c", "C":
            return .success(pad(sign: "", body: String(value.prefix(1))))
        case "d", "i", "u":
            guard let number = Int64(trimmed) else { return .failure(FormatFailure("must be a whole number, got '\(value)'")) }
            var magnitude: String
            var negative = number < 0
            if c == "u" && !ruby && (negative || integerBits < 32) {
                // C reads the bits as unsigned, as wide as the length modifier says (`%u` 32 bits).
                magnitude = String(UInt64(bitPattern: number) & mask)
                negative = false
            } else {
                magnitude = String(number.magnitude)
            }
            if ruby, let precision, magnitude.count < precision {
                magnitude = String(repeating: "0", count: precision - magnitude.count) + magnitude
            }
            if !flags.isDisjoint(with: .grouping) { magnitude = Self.grouped(magnitude, by: symbols.group) }
            return .success(pad(sign: sign(negative: negative), body: magnitude))
        case "x", "X", "o":
            guard let number = Int64(trimmed) else { return .failure(FormatFailure("must be a whole number, got '\(value)'")) }
            if number < 0 && ruby { return .failure(FormatFailure("is negative: Ruby writes it as ..f, which routekit does not")) }
            let bits = number < 0 || integerBits < 32 ? UInt64(bitPattern: number) & mask : UInt64(number)
            var digits = String(bits, radix: c == "o" ? 8 : 16, uppercase: c == "X")
            var prefix = ""
            if flags.contains(.alternate) && !(bits == 0 && !ruby) {
                if bits == 0 { return .failure(FormatFailure("is 0, which C writes as 0 and Java as \(c == "o" ? "00" : "0x0")")) }
                if c == "o" { if digits.first != "0" { digits = "0" + digits } } else { prefix = c == "X" ? "0X" : "0x" }
            }
            if ruby, let precision, digits.count < precision { digits = String(repeating: "0", count: precision - digits.count) + digits }
            return .success(pad(sign: prefix, body: digits))
        default:
            guard let number = Double(trimmed), number.isFinite else { return .failure(FormatFailure("must be a finite number, got '\(value)'")) }
            var format = "%"
            if flags.contains(.alternate) { format += "#" }
            format += ".\(precision ?? 6)\(c == "F" ? "f" : String(c))"
            var body = CFormat.format(format, number.magnitude)
            if !ruby {
                // The locale's separators, as Apple's formatter writes them.
                let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                var integer = String(parts[0])
                if !flags.isDisjoint(with: .grouping) && (c == "f" || c == "F") { integer = Self.grouped(integer, by: symbols.group) }
                body = parts.count == 2 ? integer + symbols.decimal + parts[1] : integer
            }
            return .success(pad(sign: sign(negative: number.sign == .minus), body: body))
        }
    }

    private var mask: UInt64 { integerBits >= 64 ? .max : (1 << UInt64(integerBits)) - 1 }

    private func sign(negative: Bool) -> String {
        negative ? "-" : flags.contains(.plus) ? "+" : flags.contains(.space) ? " " : ""
    }

    /// Pads to the width, counted in UTF-16 units as Java and Foundation count: spaces on the left,
    /// on the right with `-`, zeros between the sign (or `0x`) and the digits with `0`.
    private func pad(sign: String, body: String) -> String {
        let length = sign.utf16.count + body.utf16.count
        guard let width, width > length else { return sign + body }
        let fill = width - length
        if flags.contains(.leftAlign) { return sign + body + String(repeating: " ", count: fill) }
        if flags.contains(.zeroPad) { return sign + String(repeating: "0", count: fill) + body }
        return String(repeating: " ", count: fill) + sign + body
    }

    /// Digits with `separator` between groups of three (CLDR's primary grouping; `#,##0`), as
    /// Android's and Apple's formatters group them.
    static func grouped(_ digits: String, by separator: String) -> String {
        guard digits.count > 3 else { return digits }
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }

    /// At most `units` UTF-16 units (Java's and Foundation's precision), never half a character.
    static func prefix(_ text: String, utf16Units units: Int) -> String {
        var result = String.UnicodeScalarView(), used = 0
        for scalar in text.unicodeScalars {
            used += scalar.utf16.count
            if used > units { break }
            result.append(scalar)
        }
        return String(result)
    }
}

/// A set of ASCII bytes as two 64-bit masks: a lookup is a shift, not a hash.
struct ByteSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: String) {
        for byte in members.utf8 {
            precondition(byte < 0x80, "ByteSet holds ASCII bytes")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
