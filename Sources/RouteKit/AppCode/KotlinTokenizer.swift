/// A Kotlin token: enough of the language to find declarations, never a full parser.
struct KotlinToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier
        case number
        /// A string literal; `stringValue` is its text when it has no templates.
        case string
        case character
        case punctuation
    }

    // Stored in this order and with 32-bit positions, a token is 48 bytes, not 72: a file holds
    // about one token per five bytes while its routes and push sites are read.
    var text: String
    var stringValue: String?
    var kind: Kind
    /// A line break (possibly inside a comment) comes between this token and the previous one.
    var newlineBefore: Bool
    /// Whitespace or a comment comes between this token and the previous one.
    var spaceBefore: Bool
    private var storedLine: Int32
    private var storedColumn: Int32

    var line: Int { Int(storedLine) }
    var column: Int { Int(storedColumn) }

    init(kind: Kind, text: String, line: Int, column: Int, newlineBefore: Bool, spaceBefore: Bool, stringValue: String? = nil) {
        self.text = text
        self.stringValue = stringValue
        self.kind = kind
        self.newlineBefore = newlineBefore
        self.spaceBefore = spaceBefore
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// Splits Kotlin source into tokens over its UTF-8 bytes, skipping comments (nested block
/// comments too) and keeping each string literal (templates and all) as one token. Linear time;
/// unterminated comments, strings and templates end at the end of the input (or, for a one-line
/// string, of the line) and are reported as problems. Never fails. Columns count Unicode scalars.
struct KotlinTokenizer: ByteTokenizer {
    typealias Problem = TokenizerProblem

    private(set) var tokens: [KotlinToken] = []
    var problems: [TokenizerProblem] = []

    let s: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0
    /// Scalars counted on the current line up to `lineStart + columnBytes`.
    var columnScalars = 0
    var columnBytes = 0
    var sawNewline = false
    private var sawSpace = false
    /// Nesting of string templates inside strings, bounded against pathological input.
    private var templateDepth = 0
    private static let maxTemplateDepth = 64

    init(_ source: String) {
        s = Array(source.utf8)
        run()
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || c.properties.numericType != nil
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

    @inline(__always) private static func isASCIIIdentifierPart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || (c >= 0x30 && c <= 0x39)
    }

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Identifier bytes from `i`: ASCII fast, other scalars by their properties.
    private mutating func skipIdentifierPart() {
        while i < s.count {
            let c = s[i]
            if c < 0x80 {
                guard Self.isASCIIIdentifierPart(c) else { return }
                i += 1
            } else {
                let (scalar, length) = scalar(at: i)
                guard Self.isIdentifierPart(scalar) else { return }
                i += length
            }
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

    private mutating func run() {
        tokens.reserveCapacity(s.count / 6)
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
                i += 1
                continue
            }
            if c == 0x2F, peek(1) == 0x2F {
                while i < s.count && s[i] != 0x0A { i += 1 }
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
                if decoded.0.properties.isWhitespace || decoded.0 == "\u{FEFF}" {
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
            var tokenText: String
            var value: String?
            if c == 0x22 {
                kind = .string
                value = lexString()
                tokenText = "\"…\""
            } else if c == 0x27 {
                kind = .character
                lexCharacter()
                tokenText = text(start, i)
            } else if c == 0x60 {
                i += 1
                let nameStart = i
                while i < s.count && s[i] != 0x60 && s[i] != 0x0A { i += 1 }
                tokenText = text(nameStart, i)
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
                tokenText = text(start, i)
                kind = .identifier
            } else if Self.isDigit(c) {
                lexNumber()
                tokenText = text(start, i)
                kind = .number
            } else if let (_, length) = nonASCII {
                i += length
                tokenText = text(start, i)
            } else {
                i += punctuationLength(c)
                tokenText = text(start, i)
            }
            tokens.append(KotlinToken(
                kind: kind, text: tokenText, line: startLine, column: startColumn,
                newlineBefore: sawNewline, spaceBefore: sawSpace || sawNewline, stringValue: value))
            sawNewline = false
            sawSpace = false
        }
    }

    private mutating func lexNumber() {
        while i < s.count {
            let c = s[i]
            if Self.isASCIIIdentifierPart(c) {
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

    /// Lexes a string literal at `"`; returns its value when it has no templates.
    private mutating func lexString() -> String? {
        let startLine = line
        let startColumn = column(at: i)
        let raw = threeQuotes(at: i)
        i += raw ? 3 : 1
        var value: [UInt8] = []
        var hasTemplate = false
        while i < s.count {
            let c = s[i]
            if raw {
                if threeQuotes(at: i) {
                    // The closing quotes are the last three of a run: `""""` ends with a quote in the text.
                    while i + 3 < s.count, threeQuotes(at: i + 1) {
                        value.append(0x22)
                        i += 1
                    }
                    i += 3
                    return hasTemplate ? nil : String(decoding: value, as: UTF8.self)
                }
                if c == 0x0A { newline() }
            } else {
                if c == 0x22 {
                    i += 1
                    return hasTemplate ? nil : String(decoding: value, as: UTF8.self)
                }
                if c == 0x0A {
                    problem("unterminated string", line: startLine, column: startColumn)
                    return nil
                }
                if c == 0x5C {
                    i += 1
                    guard i < s.count, s[i] != 0x0A else { continue }
                    let escaped = s[i]
                    i += 1
                    switch escaped {
                    case 0x6E: value.append(0x0A)
                    case 0x74: value.append(0x09)
                    case 0x72: value.append(0x0D)
                    case 0x62: value.append(0x08)
                    case 0x75:
                        var code: UInt32 = 0
                        var digits = 0
                        while digits < 4, i < s.count, let digit = Self.hex(s[i]) {
                            code = code * 16 + digit
                            digits += 1
                            i += 1
                        }
                        value.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
                    default: value.append(escaped)
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
            value.append(c)
            i += 1
        }
        problem(raw ? "unterminated raw string" : "unterminated string", line: startLine, column: startColumn)
        return nil
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
