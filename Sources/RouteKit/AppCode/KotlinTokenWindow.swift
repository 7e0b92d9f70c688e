/// A Kotlin file's tokens, annotations left out, read from the tokenizer as the scanners ask for
/// them and let go once they are behind: the scanners address tokens by their index in the file,
/// as they did when a file's tokens were one array (16 bytes a token and 4 more for the bracket
/// match, where `D(x)` is a token a byte: 20 times the file), but only a window of them is held.
///
/// Two bounds keep the window small whatever the input:
/// - brackets are matched `depthLimit` deep (the Swift reader's bound); deeper ones are counted,
///   not matched (`isUnmatchedByDepth`), so the scanners neither stack them nor read what they
///   enclose as a call or a body, and `tooDeep` says where the first was, for them to report;
/// - a scanner looks at most `lookaheadLimit` tokens past the oldest one it keeps; a look
///   further is refused (`has` is false) and `lookaheadRefused` is set, for the scanner to report
///   what it could not read (a push whose arguments are longer, say).
///
/// Brackets are matched by kind as they are read (`(` with `)`, `[` with `]`, `{` with `}`), so
/// the match of an open bracket is known once its close has been read.
struct KotlinTokenWindow {
    static let depthLimit = 256
    static let lookaheadLimit = 1 << 18
    /// Tokens kept behind the scanners' position, for the few they look back at.
    static let lookback = 32

    let bytes: [UInt8]
    private var tokenizer: KotlinTokenizer
    /// The annotation filter's look ahead: tokens read from the tokenizer, not yet in the window.
    private var raw: [KotlinTokenRecord] = []
    private var rawStart = 0
    /// The tokens held, each with its bracket match: for an open bracket, the index of its close
    /// once read, `notYet` before; `tooDeepToMatch` for a bracket past the depth bound and its
    /// close; -1 for others. One array: a token read is one append.
    private var slots: [Slot] = []
    private struct Slot {
        var record: KotlinTokenRecord
        var close: Int32
    }
    private static let notYet: Int32 = -2
    private static let tooDeepToMatch: Int32 = -3
    /// The file index of `slots[0]`.
    private var first = 0
    /// Open brackets not closed yet, by kind: ( [ {; and how many past the depth bound.
    private var opens: [[Int]] = [[], [], []]
    private var unmatchedOpens = [0, 0, 0]
    /// The tokenizer has no more tokens.
    private(set) var reachedEnd = false
    /// The first open bracket past `depthLimit`.
    private(set) var tooDeep: KotlinToken?
    /// A look further than `lookaheadLimit` was refused since the scanner last cleared this.
    var lookaheadRefused = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
        tokenizer = KotlinTokenizer(pulling: bytes)
        // About a token per five bytes, up to what the window holds before it lets go: growing by
        // doubling copied every file's tokens about once more (3 % of reading the code).
        slots.reserveCapacity(Swift.min(bytes.count / 4, 2 * 4096) + 16)
    }

    /// How many tokens the window holds.
    var held: Int { slots.count }

    /// The index after the last token read so far (the file's token count once `reachedEnd`).
    var endOfRead: Int { first + slots.count }

    /// What the tokenizer could not read, so far (all of it once the end is reached).
    var problems: [TokenizerProblem] { tokenizer.problems }

    /// The token at file index `index`: one `has(index)` said is there, not yet let go.
    subscript(index: Int) -> KotlinToken {
        KotlinToken(bytes: bytes, record: slots[index - first].record)
    }

    /// The stored token at `index` (its kind, flags and place; no text made).
    @inline(__always) func record(_ index: Int) -> KotlinTokenRecord { slots[index - first].record }

    /// The one byte of the one-byte punctuation token at `index` (a bracket, `:`), 0 for any
    /// other token: what the scanners switch on without making a token.
    @inline(__always) func punctuationByte(_ index: Int) -> UInt8 {
        let record = slots[index - first].record
        return record.isOneBytePunctuation ? bytes[Int(record.start)] : 0
    }

    /// True when the file has a token at `index`, reading up to it. False past the end, past the
    /// look-ahead bound (`lookaheadRefused` is then set) and for a token let go.
    @inline(__always) mutating func has(_ index: Int) -> Bool {
        let offset = index &- first
        if offset >= 0 && offset < slots.count { return true }
        return read(upTo: index)
    }

    /// `has` for a token not read yet: reads a batch of tokens (up to the look-ahead bound).
    private mutating func read(upTo index: Int) -> Bool {
        while index >= first + slots.count {
            if reachedEnd { return false }
            if index - first >= Self.lookaheadLimit {
                lookaheadRefused = true
                return false
            }
            readBatch(Swift.min(Self.batch, first + Self.lookaheadLimit - endOfRead))
        }
        return index >= first
    }

    /// Tokens read at a time past the one asked for (never past the look-ahead bound).
    private static let batch = 64

    /// The index of the close of the open bracket at `open`, reading up to it; -1 when the file
    /// ends first, when the look-ahead bound is reached first, past the depth bound, and for any
    /// other token.
    mutating func close(of open: Int) -> Int {
        while slots[open - first].close == Self.notYet {
            guard has(first + slots.count) else { return -1 }
        }
        return max(-1, Int(slots[open - first].close))
    }

    /// A bracket past the depth bound, or the close of one: not matched, not to be stacked.
    @inline(__always) func isUnmatchedByDepth(_ index: Int) -> Bool { slots[index - first].close == Self.tooDeepToMatch }

    /// The index after the close of the open bracket at `open`, or the end of what could be read.
    mutating func after(_ open: Int) -> Int {
        let close = close(of: open)
        return close > open ? close + 1 : first + slots.count
    }

    /// Lets go of the tokens before `index - lookback` (in batches, so each is moved once or so).
    @inline(__always) mutating func release(before index: Int) {
        let drop = index &- Self.lookback &- first
        guard drop >= 4096, drop >= slots.count / 2 else { return }
        slots.removeFirst(drop)
        first += drop
    }

    /// A copy of the tokens in `range` with only the bytes they span (what a declaration keeps).
    func copy(_ range: Range<Int>) -> KotlinTokens {
        let slice = slots[(range.lowerBound - first) ..< (range.upperBound - first)].map(\.record)
        return KotlinTokens(bytes: bytes, records: slice).copy(0 ..< slice.count)
    }

    func tokens(_ range: Range<Int>) -> [KotlinToken] { range.map { self[$0] } }

    // MARK: - Reading

    /// Reads up to `count` tokens (at least one), or to the end.
    private mutating func readBatch(_ count: Int) {
        for _ in 0 ..< Swift.max(1, count) {
            guard let record = nextWithoutAnnotations() else {
                reachedEnd = true
                return
            }
            let index = first + slots.count
            var close: Int32 = -1
            if record.isOneBytePunctuation {
                switch bytes[Int(record.start)] {
                case 0x28: close = open(0, index, record)
                case 0x5B: close = open(1, index, record)
                case 0x7B: close = open(2, index, record)
                case 0x29: close = closeBracket(0, index)
                case 0x5D: close = closeBracket(1, index)
                case 0x7D: close = closeBracket(2, index)
                default: break
                }
            }
            slots.append(Slot(record: record, close: close))
        }
    }

    /// The match a slot holds for an open bracket at `index`.
    private mutating func open(_ kind: Int, _ index: Int, _ record: KotlinTokenRecord) -> Int32 {
        guard opens[0].count + opens[1].count + opens[2].count < Self.depthLimit else {
            if tooDeep == nil { tooDeep = KotlinToken(bytes: bytes, record: record) }
            unmatchedOpens[kind] += 1
            return Self.tooDeepToMatch
        }
        opens[kind].append(index)
        return Self.notYet
    }

    /// The match a slot holds for a close bracket at `index` (recording the match of its open).
    private mutating func closeBracket(_ kind: Int, _ index: Int) -> Int32 {
        if unmatchedOpens[kind] > 0 {
            unmatchedOpens[kind] -= 1
            return Self.tooDeepToMatch
        }
        guard let open = opens[kind].popLast() else { return -1 }
        if open >= first { slots[open - first].close = Int32(truncatingIfNeeded: index) }
        return -1
    }

    // MARK: - Annotations

    private mutating func peekRaw(_ offset: Int) -> KotlinTokenRecord? {
        while rawStart + offset >= raw.count {
            guard let record = tokenizer.next() else { return nil }
            raw.append(record)
        }
        return raw[rawStart + offset]
    }

    private mutating func dropRaw(_ count: Int) {
        rawStart += count
        if rawStart == raw.count {
            raw.removeAll(keepingCapacity: true)
            rawStart = 0
        } else if rawStart >= 64 {
            raw.removeFirst(rawStart)
            rawStart = 0
        }
    }

    private func token(_ record: KotlinTokenRecord) -> KotlinToken { KotlinToken(bytes: bytes, record: record) }

    /// The token is `@`, an annotation's start.
    @inline(__always) private func isAt(_ record: KotlinTokenRecord) -> Bool {
        record.isOneBytePunctuation && bytes[Int(record.start)] == UInt8(ascii: "@")
    }

    /// The next token that is not part of an annotation: `@Name`, `@Name(…)`, `@use:Name(…)`,
    /// `@[A B]`, and the `@Outer` of labels like `this@Outer`.
    @inline(__always) private mutating func nextWithoutAnnotations() -> KotlinTokenRecord? {
        // Most tokens are not `@`: they come straight from the tokenizer, not through the look-ahead.
        if rawStart == raw.count {
            guard let record = tokenizer.next() else { return nil }
            guard isAt(record) else { return record }
            raw.append(record)
        }
        return nextAfterAnnotations()
    }

    /// `nextWithoutAnnotations` from a `@`, or with tokens in the look-ahead.
    private mutating func nextAfterAnnotations() -> KotlinTokenRecord? {
        while let record = peekRaw(0) {
            guard isAt(record) else {
                dropRaw(1)
                return record
            }
            if let next = peekRaw(1), token(next).is("["), !token(next).spaceBefore {
                dropRaw(1)
                skipBalanced(open: "[", close: "]")
            } else if let next = peekRaw(1), next.kind == .identifier, !token(next).spaceBefore {
                var j = 2
                if let colon = peekRaw(2), token(colon).is(":"), !token(colon).spaceBefore, let name = peekRaw(3),
                    name.kind == .identifier, !token(name).spaceBefore
                {
                    j = 4
                }
                while let dot = peekRaw(j), token(dot).is("."), !token(dot).spaceBefore, let name = peekRaw(j + 1),
                    name.kind == .identifier
                {
                    j += 2
                }
                dropRaw(j)
                if let angle = peekRaw(0), token(angle).is("<"), !token(angle).spaceBefore {
                    skipBalanced(open: "<", close: ">")
                }
                if let parenthesis = peekRaw(0), token(parenthesis).is("("), !token(parenthesis).spaceBefore {
                    skipBalanced(open: "(", close: ")")
                }
            } else {
                dropRaw(1)
            }
        }
        return nil
    }

    /// From an opening token, past its matching close (or to the end).
    private mutating func skipBalanced(open: String, close: String) {
        var depth = 0
        while let record = peekRaw(0) {
            dropRaw(1)
            if token(record).is(open) {
                depth += 1
            } else if token(record).is(close) {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }
}
