import FoundationEssentials

/// How routekit renders a printf-style placeholder: as C's printf (Apple's `String(format:locale:)`)
/// and `java.util.Formatter` (Android's `String.format(Locale, …)`) both do, with the locale's
/// decimal and grouping separators. Where the two disagree, or a platform rejects the placeholder,
/// `unsupportedReason` says so (lint reports it, `title` fails with it) rather than print what
/// one of the apps would not. Ruby's `%<name>…` follows `Kernel#format`, which never localizes.
extension PrintfSpec {
    /// Why routekit does not render this placeholder, or nil when it does.
    public func unsupportedReason(ruby: Bool, cOnly: Bool = false) -> String? {
        let c = Character(Unicode.Scalar(conversion))
        if cOnly {
            // Apple's `String(format:)` alone: C's printf with `%@`.
            switch c {
            case "a", "A": return "routekit does not render hexadecimal floating point"
            case "p": return "a pointer is no text"
            case "S", "C": return "%\(c) is a wide string or character in C"
            default: return flags.contains(.comma) ? "',' is no flag of C's printf" : nil
            }
        }
        if ruby {
            if "aAbBp".contains(c) { return "routekit does not render Ruby's %\(c)" }
            if !flags.isDisjoint(with: .grouping) { return "Ruby's format has no grouping flag (I18n raises ArgumentError)" }
            if flags.contains(.leftAlign) && flags.contains(.zeroPad) { return "the flags - and 0 together pad both ways" }
            return nil
        }
        switch c {
        case "g", "G": return "%\(c) differs between C (0.0001) and Java (0.000100000); use %f or %e"
        case "a", "A": return "hexadecimal floating point differs between C and Java"
        case "p": return "a pointer is no text"
        case "S", "C": return "%\(c) is a wide string or character in C but an upper-cased one in Java"
        default: break
        }
        let numeric = "diuoxXfFeE".contains(c)
        if flags.contains(.leftAlign) && flags.contains(.zeroPad) { return "Java rejects the flags - and 0 together" }
        if flags.contains(.leftAlign) && width == nil { return "the flag - needs a width (Java throws MissingFormatWidthException)" }
        if flags.contains(.zeroPad) && width == nil { return "the flag 0 needs a width (Java throws MissingFormatWidthException)" }
        if flags.contains(.zeroPad) && !numeric { return "the flag 0 pads numbers only" }
        if flags.contains(.alternate) && !"oxXeEfF".contains(c) { return "the flag # applies to o, x, X, e, E and f only" }
        if flags.contains(.plus) && !"dieEfF".contains(c) { return "the flag + applies to signed numbers (d, e, f) only" }
        if !flags.isDisjoint(with: .grouping) && !"diufF".contains(c) { return "a grouping flag applies to d and f only" }
        if precision != nil && "diuoxXc".contains(c) { return "Java rejects a precision for %\(c)" }
        return nil
    }

    /// Renders one argument, given as text (from params, JSON or the command line).
    func render(_ value: String, ruby: Bool, symbols: NumberSymbols, cOnly: Bool = false) -> Result<String, FormatFailure> {
        if let reason = unsupportedReason(ruby: ruby, cOnly: cOnly) {
            return .failure(FormatFailure("is not rendered: \(reason)"))
        }
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
            if flags.contains(.alternate) && !(bits == 0 && cOnly) {
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
            if !ruby, !cOnly, Self.isDecimalTie(number.magnitude, conversion: c, precision: precision ?? 6) {
                // Java rounds the shortest decimal form half up (2.5 → 3), C the binary value half
                // to even (2.5 → 2): on a tie they may disagree.
                let java = CFormat.format(format, number.magnitude.nextUp)
                if java != body { return .failure(FormatFailure("is \(value), which C rounds to \(body) and Java to \(java)")) }
            }
            if !ruby {
                // The locale's separators, as Android's and Apple's formatters write them.
                let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                var integer = String(parts[0])
                if !flags.isDisjoint(with: .grouping) && (c == "f" || c == "F") { integer = Self.grouped(integer, by: symbols.group) }
                body = parts.count == 2 ? integer + symbols.decimal + parts[1] : integer
            }
            return .success(pad(sign: sign(negative: number.sign == .minus), body: body))
        }
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

    /// Digits with `separator` between groups of three (CLDR's primary grouping; `#,##0`).
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
