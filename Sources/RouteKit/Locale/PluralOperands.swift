/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case zero, one, two, few, many, other

    public var description: String { rawValue }

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The operands of CLDR plural rules (UTS #35, "Plural Operand Meanings") for one number as it
/// is displayed: `1` and `1.0` differ (`v` is 0 and 1).
///
/// | operand | meaning | `1.50` | `1.0001c3` |
/// |---|---|---|---|
/// | `n` | absolute value | 1.5 | 1000.1 |
/// | `i` | integer digits of n | 1 | 1000 |
/// | `v` | number of visible fraction digits, with trailing zeros | 2 | 1 |
/// | `w` | number of visible fraction digits, without trailing zeros | 1 | 1 |
/// | `f` | visible fraction digits, with trailing zeros | 50 | 1 |
/// | `t` | visible fraction digits, without trailing zeros | 5 | 1 |
/// | `c`, `e` | compact decimal exponent (`1.2c3` is 1200 shown as "1.2K") | 0 | 3 |
///
/// Integer and fraction parts are limited to 18 digits each.
public struct PluralOperands: Hashable, Sendable, CustomStringConvertible {
    public let i: UInt64
    public let v: Int
    public let w: Int
    public let f: UInt64
    public let t: UInt64
    /// The compact decimal exponent; `c` and `e` are synonyms.
    public let e: Int
    public var c: Int { e }

    /// The absolute value, as a `Double` (rules are evaluated exactly, without it).
    public var n: Double {
        var fraction = Double(f)
        for _ in 0..<v { fraction /= 10 }
        return Double(i) + fraction
    }

    public init(_ value: Int) {
        i = UInt64(value.magnitude)
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
    }

    /// Parses a decimal as displayed: optional `-`, digits, optional `.` and digits, optional
    /// compact exponent `c` or `e` and digits (`1.50`, `-3`, `1c6`, `1.0000001c6`). Nil when the
    /// text is not such a number or has more than 18 integer or fraction digits.
    public init?(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent = 0
        var position = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        while position < bytes.count, isDigit(bytes[position]) {
            integer.append(bytes[position])
            position += 1
        }
        guard !integer.isEmpty else { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < bytes.count, isDigit(bytes[position]) {
                fraction.append(bytes[position])
                position += 1
            }
            guard !fraction.isEmpty else { return nil }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "c") || bytes[position] == UInt8(ascii: "e") {
            position += 1
            var digits = 0
            while position < bytes.count, isDigit(bytes[position]), digits < 3 {
                exponent = exponent * 10 + Int(bytes[position] - 48)
                position += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        guard position == bytes.count else { return nil }
        // Shift the decimal point right by the exponent: 1.0001c3 is 1000.1.
        if exponent > 0 {
            let moved = min(exponent, fraction.count)
            integer += fraction.prefix(moved)
            fraction.removeFirst(moved)
            integer += Array(repeating: UInt8(ascii: "0"), count: exponent - moved)
        }
        while integer.count > 1, integer.first == UInt8(ascii: "0") { integer.removeFirst() }
        guard integer.count <= 18, fraction.count <= 18 else { return nil }
        var trimmed = fraction
        while trimmed.last == UInt8(ascii: "0") { trimmed.removeLast() }
        func value(_ digits: [UInt8]) -> UInt64 {
            digits.reduce(0) { $0 * 10 + UInt64($1 - 48) }
        }
        i = value(integer)
        v = fraction.count
        w = trimmed.count
        f = value(fraction)
        t = value(trimmed)
        e = exponent
    }

    /// The number in the sample notation (`1.50`, `1000000`; the exponent is applied).
    public var description: String {
        guard v > 0 else { return String(i) }
        let digits = String(f)
        return "\(i)." + String(repeating: "0", count: v - digits.count) + digits
    }
}
