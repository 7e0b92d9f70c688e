/// A Kotlin token, read from its file's bytes: enough of the language to find declarations,
/// never a full parser. Its text and string value are made from the bytes when asked, so a
/// stored token is 16 bytes (`KotlinTokenRecord`); comparing it with a word or a mark compares
/// bytes and makes no string.
struct KotlinToken: Sendable, Equatable {
    enum Kind: UInt8, Sendable, Equatable {
        case identifier
        case number
        /// A string literal; `stringValue` is its text when it has no templates.
        case string
        case character
        case punctuation
    }

    /// The file's bytes (shared, not copied).
    let bytes: [UInt8]
    let record: KotlinTokenRecord

    var kind: Kind { record.kind }
    /// A line break (possibly inside a comment) comes between this token and the previous one.
    var newlineBefore: Bool { record.flags & KotlinTokenRecord.newlineBefore != 0 }
    /// Whitespace or a comment comes between this token and the previous one.
    var spaceBefore: Bool { record.flags & KotlinTokenRecord.spaceBefore != 0 }
    var line: Int { Int(record.line) }
    var column: Int { Int(record.packed >> 8) }

    /// The token as written; a backquoted name without its backquotes; `"…"` for a string.
    var text: String {
        kind == .string ? "\"…\"" : String(decoding: bytes[record.range], as: UTF8.self)
    }

    /// A string literal's value when it has no templates (escapes decoded).
    var stringValue: String? {
        guard kind == .string, record.flags & KotlinTokenRecord.hasValue != 0 else { return nil }
        return KotlinTokenizer.stringValue(bytes[record.range])
    }

    @inline(__always) func `is`(_ punctuation: String) -> Bool { kind == .punctuation && textIs(punctuation) }
    @inline(__always) func isWord(_ word: String) -> Bool { kind == .identifier && textIs(word) }

    /// The token's bytes are `text`'s: no string made. The scanners ask this of most tokens
    /// many times over, so it compares lengths first, then the bytes in place.
    @inline(__always) func textIs(_ text: String) -> Bool {
        let range = record.range
        let count = range.count
        guard text.utf8.count == count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { expected in
            bytes.withUnsafeBufferPointer { own in
                var index = 0
                while index < count {
                    if own[range.lowerBound + index] != expected[index] { return false }
                    index += 1
                }
                return true
            }
        } ?? bytes[range].elementsEqual(text.utf8)
    }

    static func == (a: KotlinToken, b: KotlinToken) -> Bool {
        a.kind == b.kind && a.line == b.line && a.column == b.column && a.newlineBefore == b.newlineBefore
            && a.spaceBefore == b.spaceBefore && a.text == b.text && a.stringValue == b.stringValue
    }
}

/// A token as stored: where its text is in the file's bytes, its line, and its column (24 bits,
/// clamped) packed with its kind and flags. A file holds about one token per five bytes, so the
/// 16 bytes here (a token with its strings was 48 and more) set most of a file's memory while it
/// is scanned.
struct KotlinTokenRecord: Sendable, Equatable {
    var start: UInt32
    var length: UInt32
    var line: UInt32
    /// Column << 8 | flags; the low three bits of the flags are the kind.
    var packed: UInt32

    static let newlineBefore: UInt32 = 1 << 3
    static let spaceBefore: UInt32 = 1 << 4
    /// A string literal without templates, terminated: its value can be decoded from its bytes.
    static let hasValue: UInt32 = 1 << 5

    init(kind: KotlinToken.Kind, start: Int, end: Int, line: Int, column: Int, flags: UInt32) {
        self.start = UInt32(truncatingIfNeeded: start)
        length = UInt32(truncatingIfNeeded: end - start)
        self.line = UInt32(clamping: line)
        packed = UInt32(clamping: min(column, 0xFF_FFFF)) << 8 | flags | UInt32(kind.rawValue)
    }

    @inline(__always) var kind: KotlinToken.Kind { KotlinToken.Kind(rawValue: UInt8(packed & 7)) ?? .punctuation }
    @inline(__always) var flags: UInt32 { packed & 0xF8 }
    @inline(__always) var range: Range<Int> { Int(start)..<(Int(start) + Int(length)) }
    /// One byte of punctuation (a bracket, `:`, `@`): what the window and the scanners switch on.
    @inline(__always) var isOneBytePunctuation: Bool {
        packed & 7 == UInt32(KotlinToken.Kind.punctuation.rawValue) && length == 1
    }
}

/// A file's tokens: the records and the bytes they point into. Indexing gives a `KotlinToken`.
struct KotlinTokens: RandomAccessCollection, Sendable, Equatable {
    typealias Indices = Range<Int>

    let bytes: [UInt8]
    private(set) var records: [KotlinTokenRecord]

    init(bytes: [UInt8], records: [KotlinTokenRecord]) {
        self.bytes = bytes
        self.records = records
    }

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }
    subscript(index: Int) -> KotlinToken { KotlinToken(bytes: bytes, record: records[index]) }

    /// The tokens in `range` with a copy of only the bytes they span: what a declaration keeps
    /// (a `title` expression) must not keep its whole file alive.
    func copy(_ range: Range<Int>) -> KotlinTokens {
        guard let first = range.first else { return KotlinTokens(bytes: [], records: []) }
        let low = Int(records[first].start)
        let high = records[range].reduce(low) { Swift.max($0, $1.range.upperBound) }
        let rebased = records[range].map { record in
            var copy = record
            copy.start -= UInt32(low)
            return copy
        }
        return KotlinTokens(bytes: Array(bytes[low..<high]), records: rebased)
    }

    static func == (a: KotlinTokens, b: KotlinTokens) -> Bool { a.elementsEqual(b) }
}

/// Splits Kotlin source into tokens over its UTF-8 bytes, skipping comments (nested block
/// comments too) and keeping each string literal (templates and all) as one token. Linear time;
/// unterminated comments, strings and templates end at the end of the input (or, for a one-line
/// string, of the line) and are reported as problems. Never fails. Columns count Unicode scalars.
struct KotlinTokenizer: ByteTokenizer {
    typealias Problem = TokenizerProblem

    private(set) var records: [KotlinTokenRecord] = []
    var problems: [TokenizerProblem] = []

    let s: [UInt8]
    var i = 0
    var line = 1
    var columns = ColumnCounter()
    var sawNewline = false
    private var sawSpace = false
    /// Nesting of string templates inside strings, bounded against pathological input.
    private var templateDepth = 0
    private static let maxTemplateDepth = 64

    init(_ source: String) {
        self.init(bytes: Array(source.utf8))
    }

    init(bytes: [UInt8]) {
        s = bytes
        // Generous: pages of the capacity never written are never resident, while growing by
        // doubling past a tight guess would write every token twice and hold both copies at once.
        records.reserveCapacity(s.count / 2)
        while let record = next() { records.append(record) }
    }

    /// A tokenizer that hands out one token per `next()` and keeps none (`records` stays empty):
    /// what the scanners read, holding only the tokens they still look at.
    init(pulling bytes: [UInt8]) {
        s = bytes
    }

    var tokens: KotlinTokens { KotlinTokens(bytes: s, records: records) }

    @inline(__always) static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c.isASCII ? ByteWord.isNameByte(UInt8(c.value)) && !isDigit(UInt8(c.value)) : isLetterBeyondASCII(c)
    }

    @inline(__always) static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        c.isASCII ? ByteWord.isNameByte(UInt8(c.value)) : isLetterOrDigitBeyondASCII(c)
    }

    // Out of line: Unicode properties are resilient types whose metadata the caller looks up on
    // entry, and inlined into `next` that was a quarter of its time on every token, non-ASCII or
    // not (and `isAlphabetic` is a search of about 300 instructions, even for ASCII).
    @inline(never) private static func isLetterBeyondASCII(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic
    }

    @inline(never) private static func isLetterOrDigitBeyondASCII(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c.properties.numericType != nil
    }

    /// White space beyond ASCII, and the byte-order mark.
    @inline(never) static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c.properties.isWhitespace || c == "\u{FEFF}"
    }

    /// The scalar starting at byte `index` and its length (U+FFFD, 1 for a malformed sequence).
    private func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let lead = s[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= s.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = s[index + offset]
            guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Identifier bytes from `i`: ASCII runs through a pointer, other scalars by their properties.
    @inline(__always) private mutating func skipIdentifierPart() {
        while true {
            i = skipName(from: i, orNonASCII: false)
            guard i < s.count, s[i] >= 0x80 else { return }
            let (scalar, length) = scalar(at: i)
            guard Self.isIdentifierPart(scalar) else { return }
            i += length
        }
    }

    /// Two- and three-byte punctuation, by its first byte.
    private func punctuationLength(_ c: UInt8) -> Int {
        let next = peek(1)
        switch c {
        case 0x2E:  // . .. ..<
            if next == 0x2E { return peek(2) == 0x3C ? 3 : 2 }
        case 0x3F:  // ?. ?:
            if next == 0x2E || next == 0x3A { return 2 }
        case 0x3A:  // ::
            if next == 0x3A { return 2 }
        case 0x2D:  // -> -- -=
            if next == 0x3E || next == 0x2D || next == 0x3D { return 2 }
        case 0x3D, 0x21:  // == !=  !!
            if next == 0x3D || (c == 0x21 && next == 0x21) { return 2 }
        case 0x26:  // &&
            if next == 0x26 { return 2 }
        case 0x7C:  // ||
            if next == 0x7C { return 2 }
        case 0x2B:  // ++ +=
            if next == 0x2B || next == 0x3D { return 2 }
        case 0x2A, 0x2F, 0x25:  // *= /= %=
            if next == 0x3D { return 2 }
        default: break
        }
        return 1
    }

    /// The next token, nil at the end of the bytes.
    mutating func next() -> KotlinTokenRecord? {
        while i < s.count {
            let c = s[i]
            if c == 0x0A {
                sawNewline = true
                newline()
                i += 1
                continue
            }
            if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0C || c == 0x0B {
                sawSpace = true
                // Spaces and tabs: the spaces of an indentation eight at a time.
                i = skipSpaces(from: i + 1)
                while i < s.count, s[i] == 0x09 { i = skipSpaces(from: i + 1) }
                continue
            }
            if c == 0x2F, peek(1) == 0x2F {
                i = skip(from: i) { $0 != 0x0A }
                sawSpace = true
                continue
            }
            if c == 0x2F, peek(1) == 0x2A {
                skipBlockComment()
                sawSpace = true
                continue
            }
            var nonASCII: (Unicode.Scalar, Int)?
            if c >= 0x80 {
                let decoded = scalar(at: i)
                if Self.isSpace(decoded.0) {
                    sawSpace = true
                    i += decoded.1
                    continue
                }
                nonASCII = decoded
            }
            let startLine = line
            let startColumn = column(at: i)
            let start = i
            var kind = KotlinToken.Kind.punctuation
            // The token's text: all its bytes but a backquoted name's quotes.
            var textStart = start
            var textEnd: Int?
            var flags: UInt32 = 0
            if c == 0x22 {
                kind = .string
                if lexString() { flags = KotlinTokenRecord.hasValue }
            } else if c == 0x27 {
                kind = .character
                lexCharacter()
            } else if c == 0x60 {
                i += 1
                textStart = i
                while i < s.count && s[i] != 0x60 && s[i] != 0x0A { i += 1 }
                textEnd = i
                if i < s.count && s[i] == 0x60 {
                    i += 1
                } else {
                    problem("unterminated backquoted name", line: startLine, column: startColumn)
                }
                kind = .identifier
            } else if c == 0x5F || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A)
                || (nonASCII.map { Self.isIdentifierStart($0.0) } ?? false)
            {
                i += nonASCII?.1 ?? 1
                skipIdentifierPart()
                kind = .identifier
            } else if Self.isDigit(c) {
                lexNumber()
                kind = .number
            } else if let (_, length) = nonASCII {
                i += length
            } else {
                i += punctuationLength(c)
            }
            if sawNewline { flags |= KotlinTokenRecord.newlineBefore }
            if sawSpace || sawNewline { flags |= KotlinTokenRecord.spaceBefore }
            sawNewline = false
            sawSpace = false
            return KotlinTokenRecord(kind: kind, start: textStart, end: textEnd ?? i, line: startLine,
                                     column: startColumn, flags: flags)
        }
        return nil
    }

    private mutating func lexNumber() {
        while i < s.count {
            let c = s[i]
            if ByteWord.isNameByte(c) {
                i += 1
            } else if c == 0x2E, Self.isDigit(peek(1)) {
                i += 1
            } else if c == 0x2B || c == 0x2D, i > 0, s[i - 1] == 0x65 || s[i - 1] == 0x45, Self.isDigit(peek(1)) {
                i += 1
            } else {
                break
            }
        }
    }

    private mutating func lexCharacter() {
        let startLine = line
        let startColumn = column(at: i)
        i += 1  // '
        var length = 0
        while i < s.count && s[i] != 0x27 && s[i] != 0x0A && length < 12 {
            if s[i] == 0x5C && i + 1 < s.count && s[i + 1] != 0x0A { i += 1 }
            i += 1
            length += 1
        }
        if i < s.count && s[i] == 0x27 {
            i += 1
        } else {
            problem("unterminated character literal", line: startLine, column: startColumn)
        }
    }

    @inline(__always) private func threeQuotes(at index: Int) -> Bool {
        index + 2 < s.count && s[index] == 0x22 && s[index + 1] == 0x22 && s[index + 2] == 0x22
    }

    private static func hex(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x41...0x46: UInt32(c - 0x41 + 10)
        case 0x61...0x66: UInt32(c - 0x61 + 10)
        default: nil
        }
    }

    /// Lexes a string literal at `"`; true when it is terminated and has no templates (its value
    /// is then decoded from its bytes when asked: `stringValue(_:)`).
    private mutating func lexString() -> Bool {
        let startLine = line
        let startColumn = column(at: i)
        let raw = threeQuotes(at: i)
        i += raw ? 3 : 1
        var hasTemplate = false
        while i < s.count {
            let c = s[i]
            if raw {
                if threeQuotes(at: i) {
                    // The closing quotes are the last three of a run: `""""` ends with a quote in the text.
                    while i + 3 < s.count, threeQuotes(at: i + 1) { i += 1 }
                    i += 3
                    return !hasTemplate
                }
                if c == 0x0A { newline() }
            } else {
                if c == 0x22 {
                    i += 1
                    return !hasTemplate
                }
                if c == 0x0A {
                    problem("unterminated string", line: startLine, column: startColumn)
                    return false
                }
                if c == 0x5C {
                    i += 1
                    guard i < s.count, s[i] != 0x0A else { continue }
                    // An escape: `\uXXXX` reads up to four hex digits (none is a template).
                    if s[i] == 0x75 {
                        i += 1
                        var digits = 0
                        while digits < 4, i < s.count, Self.hex(s[i]) != nil {
                            digits += 1
                            i += 1
                        }
                    } else {
                        i += 1
                    }
                    continue
                }
            }
            if c == 0x24 {
                if peek(1) == 0x7B {
                    hasTemplate = true
                    i += 2
                    skipTemplateCode()
                    continue
                }
                let next = peek(1)
                if next == 0x5F || next == 0x60 || (next >= 0x61 && next <= 0x7A) || (next >= 0x41 && next <= 0x5A)
                    || (next >= 0x80 && i + 1 < s.count && Self.isIdentifierStart(scalar(at: i + 1).0))
                {
                    hasTemplate = true
                }
            }
            i += 1
        }
        problem(raw ? "unterminated raw string" : "unterminated string", line: startLine, column: startColumn)
        return false
    }

    /// The value of a terminated string literal without templates, from its bytes (quotes
    /// included): a raw string's text as written, a plain one's with its escapes decoded.
    static func stringValue(_ literal: ArraySlice<UInt8>) -> String {
        let start = literal.startIndex
        let end = literal.endIndex
        if end - start >= 6, literal[start] == 0x22, literal[start + 1] == 0x22, literal[start + 2] == 0x22 {
            return String(decoding: literal[(start + 3)..<(end - 3)], as: UTF8.self)
        }
        var value: [UInt8] = []
        value.reserveCapacity(end - start)
        var i = start + 1
        let close = end - 1
        while i < close {
            let c = literal[i]
            i += 1
            guard c == 0x5C, i < close else {
                value.append(c)
                continue
            }
            let escaped = literal[i]
            i += 1
            switch escaped {
            case 0x6E: value.append(0x0A)
            case 0x74: value.append(0x09)
            case 0x72: value.append(0x0D)
            case 0x62: value.append(0x08)
            case 0x75:
                var code: UInt32 = 0
                var digits = 0
                while digits < 4, i < close, let digit = hex(literal[i]) {
                    code = code * 16 + digit
                    digits += 1
                    i += 1
                }
                value.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
            default: value.append(escaped)
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Skips the code of a `${…}` template up to its closing brace (strings, characters and
    /// comments inside included).
    private mutating func skipTemplateCode() {
        let startLine = line
        let startColumn = column(at: i)
        templateDepth += 1
        defer { templateDepth -= 1 }
        if templateDepth > Self.maxTemplateDepth {
            problem("string templates nested too deeply: rest of the file skipped", line: startLine, column: startColumn)
            while i < s.count {
                if s[i] == 0x0A { newline() }
                i += 1
            }
            return
        }
        var braces = 0
        while i < s.count {
            let c = s[i]
            if c == 0x2F && peek(1) == 0x2F {
                while i < s.count && s[i] != 0x0A { i += 1 }
            } else if c == 0x2F && peek(1) == 0x2A {
                skipBlockComment()
            } else if c == 0x22 {
                _ = lexString()
            } else if c == 0x27 {
                lexCharacter()
            } else if c == 0x7B {
                braces += 1
                i += 1
            } else if c == 0x7D {
                i += 1
                if braces == 0 { return }
                braces -= 1
            } else {
                if c == 0x0A { newline() }
                i += 1
            }
        }
        problem("unterminated string template", line: startLine, column: startColumn)
    }
}
