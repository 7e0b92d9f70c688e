/// A JSON value rendered deterministically: object keys sorted by their UTF-8 bytes, two-space
/// indentation, `"key": value`, and a fixed escaping, so the same report always gives the same bytes.
indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    /// A number that is not a whole `Int` (only produced by the parser).
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// On one line, keys sorted: for JSON-lines output.
    func compact() -> String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeString(key, into: &out)
                out += ":"
                members[key]!.writeCompact(into: &out)
            }
            out += "}"
        default:
            write(into: &out, indent: 0)
        }
    }

    /// Pretty-printed, without a trailing newline.
    func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    func write(into out: inout String, indent: Int) {
        switch self {
        case .string(let text): JSONValue.writeString(text, into: &out)
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                item.write(into: &out, indent: indent + 2)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                JSONValue.writeString(key, into: &out)
                out += ": "
                members[key]!.write(into: &out, indent: indent + 2)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Escapes `"`, `\` and every scalar `ReportText.isUnsafe` names (controls, line separators,
    /// bidi controls) as `\uXXXX`; other text is written as UTF-8. Parsers read back the same string.
    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        // Fast path: printable ASCII without `"` or `\\` is written as is.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            return true
        }
        if plain == true {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if ReportText.isUnsafe(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A strict JSON parser (RFC 8259) for JSON-lines input: fast, depth-limited, and with errors that
/// say where. Foundation's parser is slower on Linux and its errors do not give a column.
struct JSONParser {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) at character \(offset + 1)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    static let maxDepth = 64

    static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw Failure(message: "unexpected text after the JSON value", offset: parser.index) }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    }

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: index) }

    private mutating func value() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected character")
        }
        index += expected.count
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws(Failure) -> T) throws(Failure) -> T {
        depth += 1
        guard depth <= Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth)") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(Failure) -> JSONValue in
            parser.index += 1
            var members: [String: JSONValue] = [:]
            parser.skipSpace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") {
                parser.index += 1
                return .object(members)
            }
            while true {
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { throw parser.fail("expected a member name") }
                let key = try parser.string()
                parser.skipSpace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { throw parser.fail("expected ':'") }
                parser.index += 1
                parser.skipSpace()
                guard members[key] == nil else { throw parser.fail("member \"\(key)\" given twice") }
                members[key] = try parser.value()
                parser.skipSpace()
                guard parser.index < parser.bytes.count else { throw parser.fail("unexpected end of input") }
                if parser.bytes[parser.index] == UInt8(ascii: ",") { parser.index += 1; continue }
                if parser.bytes[parser.index] == UInt8(ascii: "}") { parser.index += 1; return .object(members) }
                throw parser.fail("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(Failure) -> JSONValue in
            parser.index += 1
            var items: [JSONValue] = []
            parser.skipSpace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "]") {
                parser.index += 1
                return .array(items)
            }
            while true {
                parser.skipSpace()
                items.append(try parser.value())
                parser.skipSpace()
                guard parser.index < parser.bytes.count else { throw parser.fail("unexpected end of input") }
                if parser.bytes[parser.index] == UInt8(ascii: ",") { parser.index += 1; continue }
                if parser.bytes[parser.index] == UInt8(ascii: "]") { parser.index += 1; return .array(items) }
                throw parser.fail("expected ',' or ']'")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
        guard index < bytes.count else { throw fail("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw fail("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw fail("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape (lone surrogate)") }
                scalars.append(contentsOf: Array(String(scalar).utf8))
            default:
                throw fail("invalid escape")
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var isInteger = true
        func digits() -> Bool {
            let begin = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index > begin
        }
        guard digits() else { throw fail("unexpected character") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { throw fail("expected exponent digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text) else { throw fail("invalid number") }
        return .double(value)
    }
}
