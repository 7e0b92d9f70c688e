/// A syntax error in a CLDR plural rule.
public struct PluralRuleSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public let rule: String
    /// 0-based offset (in UTF-8 bytes) where the problem was found.
    public let offset: Int
    public let message: String

    public var description: String { "plural rule `\(rule)`, at offset \(offset): \(message)" }
}

/// A CLDR plural rule condition (UTS #35, "Language Plural Rules"):
///
/// ```
/// condition  = and_condition ('or' and_condition)*
/// and_condition = relation ('and' relation)*
/// relation   = operand ('%' value)? ('=' | '!=') range_list
/// range_list = (value | value '..' value) (',' range_list)*
/// operand    = 'n' | 'i' | 'v' | 'w' | 'f' | 't' | 'c' | 'e'
/// ```
///
/// An empty condition is always true (the `other` rule). `n = 2..4` holds for 2, 3 and 4, never
/// for 2.5: `n` only equals an integer when its visible fraction digits are all zero.
public struct PluralCondition: Hashable, Sendable, CustomStringConvertible {
    struct Relation: Hashable, Sendable {
        var operand: UInt8
        var modulus: UInt64?
        var negated: Bool
        var ranges: [ClosedRange<UInt64>]
    }

    /// The condition's source text, trimmed.
    public let text: String
    /// Or of ands.
    let alternatives: [[Relation]]

    public var description: String { text }

    public init(parsing text: String) throws(PluralRuleSyntaxError) {
        var parser = Parser(text: text)
        alternatives = try parser.parse()
        self.text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    public func matches(_ operands: PluralOperands) -> Bool {
        if alternatives.isEmpty { return true }
        for relations in alternatives where relations.allSatisfy({ Self.holds($0, operands) }) {
            return true
        }
        return false
    }

    private static func holds(_ relation: Relation, _ operands: PluralOperands) -> Bool {
        var value: UInt64
        var hasFraction = false
        switch relation.operand {
        case UInt8(ascii: "n"):
            value = operands.i
            hasFraction = operands.t != 0
        case UInt8(ascii: "i"): value = operands.i
        case UInt8(ascii: "v"): value = UInt64(operands.v)
        case UInt8(ascii: "w"): value = UInt64(operands.w)
        case UInt8(ascii: "f"): value = operands.f
        case UInt8(ascii: "t"): value = operands.t
        default: value = UInt64(operands.e)  // c, e
        }
        if let modulus = relation.modulus { value %= modulus }
        let inRanges = !hasFraction && relation.ranges.contains { $0.contains(value) }
        return inRanges != relation.negated
    }

    private struct Parser {
        let text: String
        let bytes: [UInt8]
        var position = 0

        init(text: String) {
            self.text = text
            self.bytes = Array(text.utf8)
        }

        func error(_ message: String) -> PluralRuleSyntaxError {
            PluralRuleSyntaxError(rule: text, offset: position, message: message)
        }

        mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == 32 || bytes[position] == 9 { position += 1 }
        }

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return position >= bytes.count
            }
        }

        mutating func word() -> String? {
            skipSpaces()
            let start = position
            while position < bytes.count, (bytes[position] >= 97 && bytes[position] <= 122) { position += 1 }
            return start == position ? nil : String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func keyword(_ expected: String) -> Bool {
            let saved = position
            if word() == expected { return true }
            position = saved
            return false
        }

        mutating func symbol(_ expected: String) -> Bool {
            skipSpaces()
            let symbol = Array(expected.utf8)
            guard position + symbol.count <= bytes.count, Array(bytes[position..<position + symbol.count]) == symbol else {
                return false
            }
            position += symbol.count
            return true
        }

        mutating func number() throws(PluralRuleSyntaxError) -> UInt64 {
            skipSpaces()
            var value: UInt64 = 0
            let start = position
            while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(bytes[position] - 48))
                if overflow1 || overflow2 { throw error("number too large") }
                value = sum
                position += 1
            }
            if start == position { throw error("expected a number") }
            return value
        }

        mutating func parse() throws(PluralRuleSyntaxError) -> [[Relation]] {
            if atEnd { return [] }
            var alternatives: [[Relation]] = []
            repeat {
                var relations: [Relation] = []
                repeat {
                    relations.append(try relation())
                } while keyword("and")
                alternatives.append(relations)
            } while keyword("or")
            if !atEnd { throw error("expected `and`, `or` or the end of the rule") }
            return alternatives
        }

        mutating func relation() throws(PluralRuleSyntaxError) -> Relation {
            skipSpaces()
            let start = position
            guard let operand = word() else { throw error("expected an operand (n i v w f t c e)") }
            guard operand.utf8.count == 1, let letter = operand.utf8.first, "nivwftce".utf8.contains(letter) else {
                position = start
                throw error("unknown operand `\(operand)` (expected n i v w f t c e)")
            }
            var modulus: UInt64?
            if symbol("%") || keyword("mod") {
                let value = try number()
                if value == 0 { throw error("modulo by zero") }
                modulus = value
            }
            let negated: Bool
            if symbol("!=") {
                negated = true
            } else if symbol("=") {
                negated = false
            } else {
                throw error("expected `=` or `!=`")
            }
            var ranges: [ClosedRange<UInt64>] = []
            repeat {
                let low = try number()
                if symbol("..") {
                    let high = try number()
                    if high < low { throw error("empty range \(low)..\(high)") }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            } while symbol(",")
            return Relation(operand: letter, modulus: modulus, negated: negated, ranges: ranges)
        }
    }
}

/// The samples that follow a rule in CLDR data: `@integer 0~15, 100, … @decimal 0.0~1.5, …`.
public struct PluralSamples: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case value(String)
        /// `0~15`, `0.00~0.04`: every value from the first to the last, stepping the last digit.
        case range(String, String)
    }

    public var integer: [Element] = []
    public var decimal: [Element] = []
    /// A trailing `…`: the list goes on.
    public var integerIsOpenEnded = false
    public var decimalIsOpenEnded = false

    public init() {}

    /// Parses the part of a rule from the first `@` on (empty text gives no samples).
    public init(parsing text: String) throws(PluralRuleSyntaxError) {
        var section: String?
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            switch token {
            case "@integer", "@decimal":
                section = String(token)
            case "…", "...":
                if section == "@integer" { integerIsOpenEnded = true } else { decimalIsOpenEnded = true }
            default:
                guard let section else {
                    throw PluralRuleSyntaxError(rule: text, offset: 0, message: "a sample `\(token)` before `@integer` or `@decimal`")
                }
                let parts = token.split(separator: "~", omittingEmptySubsequences: false)
                let element: Element
                switch parts.count {
                case 1: element = .value(String(token))
                case 2: element = .range(String(parts[0]), String(parts[1]))
                default:
                    throw PluralRuleSyntaxError(rule: text, offset: 0, message: "a malformed sample range `\(token)`")
                }
                for part in parts where PluralOperands(String(part)) == nil {
                    throw PluralRuleSyntaxError(rule: text, offset: 0, message: "a malformed sample `\(part)`")
                }
                if section == "@integer" { integer.append(element) } else { decimal.append(element) }
            }
        }
    }

    /// Every integer sample, ranges expanded (`0~3` gives 0, 1, 2, 3); `…` is left out.
    public var expandedIntegers: [String] { Self.expand(integer) }

    /// Every decimal sample, ranges expanded (`0.0~0.3` gives 0.0, 0.1, 0.2, 0.3).
    public var expandedDecimals: [String] { Self.expand(decimal) }

    /// Expands ranges by stepping the last digit place of the start (`0.00~0.04` steps by 0.01).
    /// A range whose ends differ in fraction digits, use an exponent, or span more than 10,000
    /// steps gives just its two ends.
    public static func expand(_ elements: [Element]) -> [String] {
        var result: [String] = []
        for element in elements {
            switch element {
            case .value(let value):
                result.append(value)
            case .range(let low, let high):
                result.append(contentsOf: expandRange(low, high))
            }
        }
        return result
    }

    private static func expandRange(_ low: String, _ high: String) -> [String] {
        func split(_ text: String) -> (digits: String, fractionDigits: Int)? {
            guard !text.contains("c"), !text.contains("e") else { return nil }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            return (parts.joined(), parts.count == 2 ? parts[1].count : 0)
        }
        guard let a = split(low), let b = split(high), a.fractionDigits == b.fractionDigits,
              let start = UInt64(a.digits), let end = UInt64(b.digits), start <= end, end - start <= 10_000 else {
            return [low, high]
        }
        let scale = a.fractionDigits
        return (start...end).map { scaled in
            guard scale > 0 else { return String(scaled) }
            var digits = String(scaled)
            if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
            let point = digits.index(digits.endIndex, offsetBy: -scale)
            return String(digits[..<point]) + "." + String(digits[point...])
        }
    }
}

/// One rule of a locale: a category, its condition and its samples.
public struct PluralRule: Hashable, Sendable, CustomStringConvertible {
    public let category: PluralCategory
    public let condition: PluralCondition
    public let samples: PluralSamples

    /// Parses CLDR's rule text: the condition, then optional samples (`i = 1 and v = 0 @integer 1`).
    public init(category: PluralCategory, parsing text: String) throws(PluralRuleSyntaxError) {
        self.category = category
        if let at = text.firstIndex(of: "@") {
            condition = try PluralCondition(parsing: String(text[..<at]))
            samples = try PluralSamples(parsing: String(text[at...]))
        } else {
            condition = try PluralCondition(parsing: text)
            samples = PluralSamples()
        }
    }

    public var description: String { "\(category): \(condition.text)" }
}
