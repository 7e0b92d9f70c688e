/// What the Kotlin and Swift tokenizers share: a cursor over UTF-8 bytes that keeps the line and
/// the column (in Unicode scalars, as every routekit position counts), problems with positions,
/// and the nested block comments both languages have. Each tokenizer keeps its own state in
/// stored properties (so the hot loops stay direct field accesses); this protocol's extension is
/// the one implementation of the bookkeeping.
protocol ByteTokenizer {
    var s: [UInt8] { get }
    var i: Int { get set }
    var line: Int { get set }
    /// Byte offset of the current line's first byte.
    var lineStart: Int { get set }
    /// Scalars counted on the current line up to `lineStart + columnBytes`.
    var columnScalars: Int { get set }
    var columnBytes: Int { get set }
    var sawNewline: Bool { get set }
    var problems: [TokenizerProblem] { get set }
}

/// Something a tokenizer could not read as it expected, with where it starts.
struct TokenizerProblem: Sendable, Equatable {
    var line: Int
    var column: Int
    var message: String
}

extension ByteTokenizer {
    /// The column of byte `index` on the current line, in scalars (continuation bytes do not
    /// count). Incremental: tokens are asked for in order, so each byte is counted once.
    mutating func column(at index: Int) -> Int {
        var j = lineStart + columnBytes
        if j > index {
            columnScalars = 0
            columnBytes = 0
            j = lineStart
        }
        while j < index {
            if s[j] & 0xC0 != 0x80 { columnScalars += 1 }
            j += 1
        }
        columnBytes = index - lineStart
        return columnScalars + 1
    }

    /// The byte `offset` ahead of the cursor; 0 past the end.
    @inline(__always) func peek(_ offset: Int) -> UInt8 {
        let index = i + offset
        return index < s.count ? s[index] : 0
    }

    /// The cursor is on a line feed: the next line starts after it.
    mutating func newline() {
        line += 1
        lineStart = i + 1
        columnScalars = 0
        columnBytes = 0
    }

    mutating func problem(_ message: String, line: Int, column: Int) {
        problems.append(TokenizerProblem(line: line, column: column, message: message))
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: s[start..<end], as: UTF8.self)
    }

    /// Skips a block comment at `/*`, nested ones included (Kotlin and Swift both nest them).
    /// An unterminated comment ends at the end of the input and is reported.
    mutating func skipBlockComment() {
        let startLine = line
        let startColumn = column(at: i)
        var depth = 0
        while i < s.count {
            if s[i] == 0x2F && peek(1) == 0x2A {
                depth += 1
                i += 2
            } else if s[i] == 0x2A && peek(1) == 0x2F {
                depth -= 1
                i += 2
                if depth == 0 { return }
            } else {
                if s[i] == 0x0A {
                    sawNewline = true
                    newline()
                }
                i += 1
            }
        }
        problem("unterminated block comment", line: startLine, column: startColumn)
    }
}
