/// How an LSP position counts characters within a line (`general.positionEncodings`, LSP 3.17).
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    /// Unicode scalars: routekit's own columns.
    case utf32 = "utf-32"

    /// The encoding to use: UTF-32 when the client offers it (routekit's columns as they are),
    /// then UTF-8, else UTF-16 (the protocol's default, which every client speaks).
    static func choose(offered: [String]) -> PositionEncoding {
        if offered.contains("utf-32") { return .utf32 }
        if offered.contains("utf-8") { return .utf8 }
        return .utf16
    }

    func units(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: UTF8.width(scalar)
        case .utf16: UTF16.width(scalar)
        case .utf32: 1
        }
    }
}

/// A 0-based line and character, as LSP counts them.
struct LSPPosition: Equatable, Comparable {
    var line: Int
    var character: Int

    static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

struct LSPRange: Equatable {
    var start: LSPPosition
    var end: LSPPosition
}

/// A document's text with its line starts, for moving between routekit's positions (1-based
/// lines, columns in scalars) and the client's, and for applying edits.
struct DocumentText {
    private(set) var bytes: [UInt8]
    /// Byte offset of each line's start.
    private(set) var lineStarts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        indexLines()
    }

    init(_ text: String) { self.init(Array(text.utf8)) }

    var text: String { String(decoding: bytes, as: UTF8.self) }
    var lineCount: Int { lineStarts.count }

    private mutating func indexLines() {
        lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    }

    /// The bytes of line `line` (0-based), without its line break.
    func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 0, line < lineStarts.count else { return bytes.count ..< bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return start ..< end
    }

    func line(_ line: Int) -> String { String(decoding: bytes[lineRange(line)], as: UTF8.self) }

    /// The byte offset of `position`; a character past the line's end is its end, a line past the
    /// last is the text's end (as the protocol asks).
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let range = lineRange(max(0, position.line))
        var counted = 0
        var offset = range.lowerBound
        for scalar in String(decoding: bytes[range], as: UTF8.self).unicodeScalars {
            if counted >= position.character { break }
            counted += encoding.units(scalar)
            offset += UTF8.width(scalar)
        }
        return offset
    }

    /// The client's position of byte `offset`.
    func position(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let clamped = min(max(0, offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        let prefix = String(decoding: bytes[lineStarts[low] ..< clamped], as: UTF8.self)
        return LSPPosition(line: low, character: prefix.unicodeScalars.reduce(0) { $0 + encoding.units($1) })
    }

    /// The client's position of routekit's 1-based `line` and scalar `column`.
    func position(line: Int, column: Int, encoding: PositionEncoding) -> LSPPosition {
        let index = max(0, line - 1)
        guard index < lineStarts.count else { return LSPPosition(line: index, character: max(0, column - 1)) }
        var characters = 0
        var scalars = 0
        for scalar in String(decoding: bytes[lineRange(index)], as: UTF8.self).unicodeScalars {
            if scalars >= column - 1 { break }
            characters += encoding.units(scalar)
            scalars += 1
        }
        // Past the line's end (a position at its break) counts on in scalars.
        return LSPPosition(line: index, character: characters + max(0, column - 1 - scalars))
    }

    /// routekit's 1-based scalar column of `position`.
    func column(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        let offset = self.offset(of: position, encoding: encoding)
        let start = lineRange(position.line).lowerBound
        guard offset > start else { return 1 }
        return String(decoding: bytes[start ..< offset], as: UTF8.self).unicodeScalars.count + 1
    }

    /// Replaces `range` (the whole text when nil) with `newText`.
    mutating func replace(_ range: LSPRange?, with newText: String, encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(newText.utf8)
            indexLines()
            return
        }
        let start = offset(of: range.start, encoding: encoding)
        let end = max(start, offset(of: range.end, encoding: encoding))
        bytes.replaceSubrange(start ..< end, with: newText.utf8)
        indexLines()
    }
}
