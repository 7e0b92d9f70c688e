/// A small writer of block-style YAML, enough for Rails-layout string files and route catalogs.
///
/// Every scalar it writes reads back as the same string under YAML 1.1 and 1.2 resolvers alike:
/// anything a parser could take for a boolean, null, number, timestamp, alias, tag, directive or
/// comment, or that has surrounding spaces or special characters, is double-quoted with escapes.
/// Output is deterministic: no timestamps, no folding, `\n` line ends, two-space indentation.
public enum YAMLEmitter {
    /// A value to write.
    public indirect enum Node: Sendable, Equatable {
        case scalar(String)
        /// `true` or `false`, unquoted (a `.scalar("true")` is quoted to stay a string).
        case boolean(Bool)
        /// A block mapping (`{}` when empty), in the given order.
        case mapping([Entry])
        /// A one-line flow mapping `{ key: value, ... }` of scalars (`{}` when empty).
        case flow([FlowPair])
    }

    public struct FlowPair: Sendable, Equatable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// One key of a block mapping, with comment lines written above it and an optional comment at
    /// the end of its line (scalars and flow mappings only).
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: Node
        public var comments: [String]
        public var trailingComment: String?

        public init(_ key: String, _ value: Node, comments: [String] = [], trailingComment: String? = nil) {
            self.key = key
            self.value = value
            self.comments = comments
            self.trailingComment = trailingComment
        }
    }

    /// A whole document: optional header comment lines, then the top-level mapping.
    public static func document(_ entries: [Entry], header: [String] = []) -> String {
        var out = ""
        for line in header { out += comment(line, indent: 0) }
        write(entries, indent: 0, into: &out)
        return out
    }

    private static func write(_ entries: [Entry], indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        for entry in entries {
            for line in entry.comments { out += comment(line, indent: indent) }
            out += pad + key(entry.key) + ":"
            let trailing = entry.trailingComment.map { "  # " + commentText($0) } ?? ""
            switch entry.value {
            case .scalar(let text):
                out += " " + scalar(text) + trailing + "\n"
            case .boolean(let value):
                out += " " + (value ? "true" : "false") + trailing + "\n"
            case .flow(let pairs):
                out += " " + flowMapping(pairs) + trailing + "\n"
            case .mapping(let children):
                if children.isEmpty {
                    out += " {}" + trailing + "\n"
                } else {
                    out += trailing + "\n"
                    write(children, indent: indent + 2, into: &out)
                }
            }
        }
    }

    /// `{ a: b, c: d }`, or `{}`.
    public static func flowMapping(_ pairs: [FlowPair]) -> String {
        if pairs.isEmpty { return "{}" }
        let body = pairs.map { render($0.key, context: .flowKey) + ": " + render($0.value, context: .flow) }
        return "{ " + body.joined(separator: ", ") + " }"
    }

    /// One comment line (or several, if `text` has line breaks) at `indent`.
    public static func comment(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                let cleaned = commentText(String(line))
                return cleaned.isEmpty ? pad + "#\n" : pad + "# " + cleaned + "\n"
            }
            .joined()
    }

    /// Comment text on one line, without control characters.
    private static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result += " "
            } else if needsEscape(scalar) {
                result += "?"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    // MARK: - Scalars

    enum Context {
        case block, key, flow, flowKey
    }

    /// A value in block context: plain when safe, double-quoted otherwise.
    public static func scalar(_ text: String) -> String { render(text, context: .block) }

    /// A mapping key: like a value, and also quoted when it has spaces or dots (which nest in
    /// routekit), so such keys stand out.
    public static func key(_ text: String) -> String { render(text, context: .key) }

    static func render(_ text: String, context: Context) -> String {
        needsQuotes(text, context: context) ? doubleQuoted(text) : text
    }

    /// Words that YAML 1.1 or 1.2 read as booleans or null (compared case-insensitively).
    private static let reservedWords: Set<String> = [
        "y", "n", "yes", "no", "true", "false", "on", "off", "null", "~",
    ]

    /// Characters that may not start a plain scalar (or that start one a reader could take for
    /// something else: `.inf`, `-1`, `+1`, `<<`, `=`).
    private static let badFirst: Set<Unicode.Scalar> = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@",
        "`", ".", "+", "=", "<", "~", "\\",
    ]

    static func needsQuotes(_ text: String, context: Context) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if badFirst.contains(first) || first == " " || last == " " { return true }
        if ("0"..."9").contains(first) { return true }
        if reservedWords.contains(text.lowercased()) { return true }
        for scalar in text.unicodeScalars {
            switch scalar {
            case ":", "#", "\"", "'", "\n", "\r", "\t":
                return true
            case ",", "[", "]", "{", "}":
                if context == .flow || context == .flowKey { return true }
            case " ", ".":
                if context == .key || context == .flowKey { return true }
            default:
                if needsEscape(scalar) { return true }
            }
        }
        return false
    }

    /// Characters YAML does not allow unescaped, and line or paragraph separators that some
    /// readers treat as line breaks.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A: return false
        case 0..<0x20, 0x7F, 0x80...0x9F: return true
        case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// A double-quoted scalar with YAML escapes; every other character is written as is.
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{00}": out += "\\0"
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            case "\u{1B}": out += "\\e"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    if scalar.value <= 0xFF {
                        out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    } else {
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
