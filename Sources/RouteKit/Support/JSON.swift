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
        if isPlain(text) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        out += "\""
    }

    /// How `scalar` is written inside a string: nil for as itself.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        default:
            guard ReportText.isUnsafe(scalar) else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// ``writeString(_:into:)-(_,String)`` as UTF-8 bytes.
    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        if isPlain(text) {
            out.append(contentsOf: text.utf8)
        } else {
            for scalar in text.unicodeScalars {
                if let escape = escape(scalar) { out.append(contentsOf: escape.utf8) } else { UTF8.encode(scalar) { out.append($0) } }
            }
        }
        out.append(0x22)
    }

    /// Printable ASCII without `"` or `\`: written as is.
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            return true
        } ?? false
    }
}
