/// XML 1.0 escaping for the XML formats (JUnit, Checkstyle).
enum XMLText {
    /// True for scalars XML 1.0 allows: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Escaped XML text. `quotes`: `"` and `'` as entities (attribute values). `breaks`: newline
    /// and tab as character references, so untrusted text never starts a physical line of the
    /// file (a log that shows the file cannot read a forged `::error::` line from it); a parser
    /// still reads them back as newlines and tabs. CR is always a reference (parsers would
    /// otherwise normalize it away). Scalars XML 1.0 forbids, and other terminal-unsafe ones,
    /// become visible `\u{…}` text.
    static func escaped(_ text: String, quotes: Bool, breaks: Bool) -> String {
        // Fast path: printable ASCII without `&`, `<`, `>`, `"` or `'` stays as it is.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x26 || byte == 0x3C || byte == 0x3E
                || byte == 0x22 || byte == 0x27 { return false }
            return true
        }
        if plain == true { return text }
        // Printable ASCII with specials (the common case: messages quote names with `'`).
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            func add(_ literal: StaticString) { literal.withUTF8Buffer { result.append(contentsOf: $0) } }
            for byte in bytes {
                switch byte {
                case 0x26: add("&amp;")
                case 0x3C: add("&lt;")
                case 0x3E: add("&gt;")
                case 0x22 where quotes: add("&quot;")
                case 0x27 where quotes: add("&apos;")
                case 0x20..<0x7F: result.append(byte)
                default: return nil   // controls, DEL and non-ASCII: the general path below
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        if let ascii = ascii ?? nil { return ascii }
        // Built as bytes: appending to a String scalar by scalar dominated large reports.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        func add(_ literal: StaticString) {
            literal.withUTF8Buffer { result.append(contentsOf: $0) }
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": add("&amp;")
            case "<": add("&lt;")
            case ">": add("&gt;")
            case "\"" where quotes: add("&quot;")
            case "'" where quotes: add("&apos;")
            case "\n": if breaks { add("&#10;") } else { result.append(0x0A) }
            case "\r": add("&#13;")
            case "\t": if breaks { add("&#9;") } else { result.append(0x09) }
            default:
                if !isAllowed(scalar) || ReportText.isUnsafe(scalar) {
                    result.append(contentsOf: ReportText.visibleEscape(scalar).utf8)
                } else if scalar.isASCII {
                    result.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { result.append($0) }
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// For a double-quoted attribute value.
    static func attribute(_ text: String) -> String { escaped(text, quotes: true, breaks: true) }
    /// For element text: line breaks inside stay references.
    static func text(_ text: String) -> String { escaped(text, quotes: false, breaks: true) }
}
