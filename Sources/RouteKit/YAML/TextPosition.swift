/// Converts byte offsets into the 1-based line and column (in Unicode scalars) that every
/// diagnostic uses. Line breaks are LF, CRLF (one break) and a lone CR, as YAML counts them.
enum TextPosition {
    static func locate(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    // CRLF: the LF ends the line.
                } else {
                    line += 1
                    lineStart = index + 1
                }
            }
            index += 1
        }
        var column = 1
        var position = lineStart
        while position < end {
            // Count every byte that is not a UTF-8 continuation byte: one per scalar, and one per
            // stray invalid byte, so an error's column is still meaningful.
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return (line, column)
    }

    /// The Unicode scalar at `line`/`column` (1-based), if any: for hints such as "a tab".
    static func scalar(atLine line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var currentLine = 1
        var index = 0
        while currentLine < line && index < bytes.count {
            if bytes[index] == 0x0A { currentLine += 1 }
            index += 1
        }
        guard currentLine == line else { return nil }
        var lineEnd = index
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<lineEnd]), as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        return column - 1 < scalars.count && column >= 1 ? scalars[column - 1] : nil
    }
}
