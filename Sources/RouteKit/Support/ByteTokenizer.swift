/// The column, in Unicode scalars (as every routekit position counts), of byte offsets on the
/// current line, asked in increasing order. Code is nearly all ASCII, where a column is the
/// offset less the line's start: the counter finds where the next non-ASCII byte is (eight bytes
/// at a time, each byte once however many lines the run spans) and counts scalars only on a line
/// that has one before the offset, each byte once and the count carried on (counted afresh from
/// the line's start for each token, a file of tokens on one line took time quadratic in its
/// length). The one column bookkeeping of the readers that track positions as they go: the
/// Kotlin and Swift tokenizers, the XML scanner and the JSON parser.
struct ColumnCounter: Sendable {
    /// Byte offset of the current line's first byte.
    private(set) var lineStart = 0
    /// Bytes from `lineStart` up to here are counted: `scalars` scalars.
    private var counted = 0
    private var scalars = 0
    /// The bytes from `asciiFrom` up to `nextNonASCII` are ASCII; `nextNonASCII` is the offset of
    /// the first that is not (or the end). -1 before the first look.
    private var asciiFrom = 0
    private var nextNonASCII = -1
    /// Bytes looked at to count columns, for tests: at most two per byte when asked in order
    /// (one finding the ASCII runs, one counting a line that has other bytes).
    private(set) var bytesCounted = 0

    /// A new line starts at `offset`.
    @inline(__always) mutating func startLine(at offset: Int) {
        lineStart = offset
        counted = offset
        scalars = 0
    }

    /// The 1-based column of `offset`, on the current line. Asked before an offset already
    /// counted, it counts again from the line's start.
    @inline(__always)
    mutating func column<Bytes: RandomAccessCollection<UInt8>>(of offset: Int, in bytes: Bytes) -> Int where Bytes.Index == Int {
        if offset >= lineStart, offset <= nextNonASCII, lineStart >= asciiFrom { return offset &- lineStart &+ 1 }
        return countedColumn(of: offset, in: bytes)
    }

    private mutating func countedColumn<Bytes: RandomAccessCollection<UInt8>>(of offset: Int, in bytes: Bytes) -> Int where Bytes.Index == Int {
        if lineStart > nextNonASCII {
            // The ASCII run known ends before this line: find the next one from here.
            asciiFrom = lineStart
            nextNonASCII = bytes.withContiguousStorageIfAvailable { Self.firstNonASCII($0, from: lineStart) }
                ?? (lineStart ..< bytes.endIndex).first { bytes[$0] >= 0x80 } ?? bytes.endIndex
            bytesCounted &+= nextNonASCII - lineStart
            if offset >= lineStart, offset <= nextNonASCII { return offset &- lineStart &+ 1 }
        }
        if offset < counted {
            counted = lineStart
            scalars = 0
        }
        if counted < nextNonASCII, nextNonASCII <= offset, asciiFrom <= lineStart {
            // ASCII up to the first other byte: one scalar a byte.
            scalars += nextNonASCII - counted
            counted = nextNonASCII
        }
        // Contiguous bytes (every caller's) are counted through a pointer: no bounds check a byte.
        // An offset before the line's start counts nothing, as the byte loop did.
        let range = counted ..< Swift.max(counted, offset)
        if !range.isEmpty {
            scalars += bytes.withContiguousStorageIfAvailable { Self.scalarCount($0, range) }
                ?? range.reduce(0) { $0 + (bytes[$1] & 0xC0 != 0x80 ? 1 : 0) }
        }
        bytesCounted &+= range.count
        counted = range.upperBound
        return scalars + 1
    }

    /// The offset of the first byte from `start` on that is not ASCII (≥ 0x80), or the end.
    static func firstNonASCII(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = buffer.baseAddress, start < buffer.count else { return Swift.max(start, buffer.count) }
        let raw = UnsafeRawPointer(base)
        var index = Swift.max(0, start)
        // Thirty-two bytes a test while none is high (most text), then the word that has one.
        while index &+ 32 <= buffer.count {
            let words = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
            if words & 0x8080_8080_8080_8080 != 0 { break }
            index &+= 32
        }
        while index &+ 8 <= buffer.count {
            let high = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080
            if high != 0 { return index &+ high.littleEndian.trailingZeroBitCount / 8 }
            index &+= 8
        }
        while index < buffer.count, base[index] < 0x80 { index &+= 1 }
        return index
    }

    /// The scalars that start in `range` of `buffer`: its bytes less its continuation bytes
    /// (`10xxxxxx`).
    static func scalarCount(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count)
        var continuations = 0, index = range.lowerBound
        // Eight bytes at a time (a String Catalog asks the column of every localization, from its
        // line's start): a continuation byte's top bit is set and the one below it clear, and the
        // lanes' ones are summed into the top byte by one multiplication.
        if let base = buffer.baseAddress {
            while index &+ 8 <= range.upperBound {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let marks = (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
                continuations &+= Int((marks &* 0x0101_0101_0101_0101) >> 56)
                index &+= 8
            }
        }
        while index < range.upperBound {
            if buffer[index] & 0xC0 == 0x80 { continuations &+= 1 }
            index &+= 1
        }
        return range.count &- continuations
    }
}

/// What the Kotlin and Swift tokenizers share: a cursor over UTF-8 bytes that keeps the line and
/// the column (`ColumnCounter`), problems with positions, and the nested block comments both
/// languages have. Each tokenizer keeps its own state in stored properties (so the hot loops stay
/// direct field accesses); this protocol's extension is the one implementation of the bookkeeping.
protocol ByteTokenizer {
    var s: [UInt8] { get }
    var i: Int { get set }
    var line: Int { get set }
    var columns: ColumnCounter { get set }
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
    /// The column of byte `index` on the current line (tokens are asked for in order).
    @inline(__always) mutating func column(at index: Int) -> Int { columns.column(of: index, in: s) }

    /// The index of the first byte from `index` on that is not an ASCII letter, digit or `_`
    /// (nor, with `orNonASCII`, any byte ≥ 0x80), the end when none: a name's bytes, eight at a
    /// time (a byte at a time was a fifth of tokenizing Kotlin).
    @inline(__always) func skipName(from index: Int, orNonASCII: Bool) -> Int {
        s.withUnsafeBufferPointer { buffer in
            var at = index
            if let base = buffer.baseAddress {
                while at + 8 <= buffer.count {
                    let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                    let others = ~(ByteWord.nameBytes(word) | (orNonASCII ? word & ByteWord.highs : 0)) & ByteWord.highs
                    guard others == 0 else { return at + others.trailingZeroBitCount >> 3 }
                    at += 8
                }
            }
            while at < buffer.count {
                let byte = buffer[at]
                guard (orNonASCII && byte >= 0x80) || ByteWord.isNameByte(byte) else { break }
                at += 1
            }
            return at
        }
    }

    /// The index of the first byte from `index` on that is not a space (the end when none).
    @inline(__always) func skipSpaces(from index: Int) -> Int {
        s.withUnsafeBufferPointer { ByteWord.endOfSpaces(in: $0, from: index) }
    }

    /// The index of the first byte from `index` on that `accepts` refuses (the end when none):
    /// the runs of spaces, comment text and name bytes, through a pointer.
    @inline(__always) func skip(from index: Int, while accepts: (UInt8) -> Bool) -> Int {
        s.withUnsafeBufferPointer { buffer in
            var at = index
            while at < buffer.count, accepts(buffer[at]) { at += 1 }
            return at
        }
    }

    /// The byte `offset` ahead of the cursor; 0 past the end.
    @inline(__always) func peek(_ offset: Int) -> UInt8 {
        let index = i + offset
        return index < s.count ? s[index] : 0
    }

    /// The cursor is on a line feed: the next line starts after it.
    mutating func newline() {
        line += 1
        columns.startLine(at: i + 1)
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
