/// A Swift token: enough of the language to find a `TabView`'s tabs, never a full parser. A plain
/// value, no strings: its text and a string literal's value are made from the file's bytes when
/// asked (`SwiftTokenizer.text(of:)`, `stringValue(of:)`), so keeping and dropping tokens costs
/// no reference counting, and what the scanner compares (a word, a punctuation byte) is here.
struct SwiftToken: Sendable, Equatable {
    enum Kind: UInt8, Sendable, Equatable {
        case identifier
        case number
        /// A string literal; its value can be had when it has no interpolation (`hasValue`).
        case string
        case punctuation
    }

    var kind: Kind
    /// An identifier the tab scanner looks for, as the tokenizer recognized it (`.other` for the rest).
    var word = SwiftWord.other
    /// A punctuation token's byte (every Swift punctuation token here is one ASCII byte); 0 for others.
    var byte: UInt8 = 0
    var newlineBefore: Bool
    /// A terminated string literal without interpolation: it has a value.
    var hasValue = false
    /// The token's bytes: a backquoted name's without its backquotes, a string literal's whole.
    var start: Int
    var end: Int
    var line: Int
    var column: Int

    /// The punctuation `mark`, comparing the byte: the scanner asks this of nearly every token.
    @inline(__always) func isMark(_ mark: Unicode.Scalar) -> Bool { UInt32(byte) == mark.value }
}

/// A token with its text and value made: what `SwiftTokenizer.tokenize` gives tests, the fuzzer
/// and the reference reader, which compare texts.
struct SwiftTokenText: Sendable, Equatable {
    var token: SwiftToken
    /// The token as written; a backquoted name without its backquotes; `"…"` for a string.
    var text: String
    var stringValue: String?

    var kind: SwiftToken.Kind { token.kind }
    var line: Int { token.line }
    var column: Int { token.column }
    var newlineBefore: Bool { token.newlineBefore }
    func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// The identifiers the tab scanner looks for, recognized once by the tokenizer from their bytes,
/// so the scanner compares a byte where it compared and hashed `String`s (most of its time).
enum SwiftWord: UInt8, Sendable, CaseIterable {
    case other
    case `struct`, `class`, tab, tabView, forEach, navigationTitle, shared, content, localized, systemImage, value
    // Modifiers whose closures build other screens.
    case navigationDestination, sheet, popover, fullScreenCover, inspector
    // Containers that draw a native bar (`tabView` too).
    case navigationStack, navigationSplitView, navigationView
    // Calls whose one string argument is a tab label's key.
    case string, localizedStringKey, localizedStringResource, text

    var spelling: String {
        switch self {
        case .other: ""
        case .tab: "Tab"
        case .tabView: "TabView"
        case .forEach: "ForEach"
        case .navigationStack: "NavigationStack"
        case .navigationSplitView: "NavigationSplitView"
        case .navigationView: "NavigationView"
        case .string: "String"
        case .localizedStringKey: "LocalizedStringKey"
        case .localizedStringResource: "LocalizedStringResource"
        case .text: "Text"
        default: "\(self)"  // the case's own name
        }
    }

    var isOtherScreen: Bool {
        switch self {
        case .navigationDestination, .sheet, .popover, .fullScreenCover, .inspector: true
        default: false
        }
    }

    var isNativeContainer: Bool {
        switch self {
        case .tabView, .navigationStack, .navigationSplitView, .navigationView: true
        default: false
        }
    }

    var isLabelCall: Bool {
        switch self {
        case .string, .localizedStringKey, .localizedStringResource, .text: true
        default: false
        }
    }

    /// The words by length: `byLength[n]` holds those of `n` bytes with their bytes.
    private static let byLength: [[(word: SwiftWord, bytes: [UInt8])]] = {
        var table = [[(word: SwiftWord, bytes: [UInt8])]](repeating: [], count: 32)
        for word in allCases where word != .other {
            let bytes = Array(word.spelling.utf8)
            table[bytes.count].append((word, bytes))
        }
        return table
    }()

    /// The word `buffer[range]` spells, or `.other`.
    static func recognize(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SwiftWord {
        let length = range.count
        guard length >= 3, length < 32 else { return .other }
        candidates: for candidate in byLength[length] {
            for offset in 0 ..< length where buffer[range.lowerBound + offset] != candidate.bytes[offset] {
                continue candidates
            }
            return candidate.word
        }
        return .other
    }
}

/// Splits Swift source into tokens over its UTF-8 bytes, one at a time (`next()`), skipping
/// comments (nested block comments too) and keeping each string literal (interpolations,
/// multi-line and raw strings included) as one token. No token array: a reader holds the tokens it
/// still needs, so memory does not grow with the file's token count (a file of `;` is a token a
/// byte). Linear time; what is unterminated ends at the end of the input (or, for a one-line
/// string, of the line) and is reported as a problem. Never fails. Columns count Unicode scalars,
/// as every routekit position does.
struct SwiftTokenizer: ByteTokenizer {
    typealias Problem = TokenizerProblem

    /// Problems of the tokens read so far.
    var problems: [TokenizerProblem] = []

    let s: [UInt8]
    var i = 0
    var line = 1
    var columns = ColumnCounter()
    var sawNewline = false
    private var interpolationDepth = 0
    private static let maxInterpolationDepth = 64

    init(_ source: String) {
        s = Array(source.utf8)
    }

    init(bytes: [UInt8]) {
        s = bytes
    }

    /// Every token, with its text and value, and every problem at once: for tests, the fuzzer
    /// and the benchmark.
    static func tokenize(_ source: String) -> (tokens: [SwiftTokenText], problems: [TokenizerProblem]) {
        var tokenizer = SwiftTokenizer(source)
        var tokens: [SwiftTokenText] = []
        while let token = tokenizer.next() {
            tokens.append(SwiftTokenText(token: token, text: tokenizer.text(of: token), stringValue: tokenizer.stringValue(of: token)))
        }
        return (tokens, tokenizer.problems)
    }

    /// The token as written; a backquoted name without its backquotes; `"…"` for a string.
    func text(of token: SwiftToken) -> String {
        token.kind == .string ? "\"…\"" : text(token.start, token.end)
    }

    /// A string literal's value, when it has one (no interpolation, terminated): decoded from its
    /// bytes by the code that read it, asked only of the few the scanner reads (labels, icons).
    func stringValue(of token: SwiftToken) -> String? {
        guard token.kind == .string, token.hasValue else { return nil }
        var again = SwiftTokenizer(bytes: s)
        again.i = token.start
        var value: [UInt8]? = []
        _ = again.lexString(line: token.line, column: token.column, value: &value)
        return String(decoding: value ?? [], as: UTF8.self)
    }

    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
    }

    @inline(__always) static func isIdentifierPart(_ c: UInt8) -> Bool {
        ByteWord.isNameByte(c) || c >= 0x80
    }

    /// The next token; nil at the end of the input.
    mutating func next() -> SwiftToken? {
        while i < s.count {
            let c = s[i]
            if c == 0x0A {
                sawNewline = true
                newline()
                i += 1
                continue
            }
            if c == 0x20 {
                // A line's indentation, eight spaces at a time.
                i = skipSpaces(from: i + 1)
                continue
            }
            if c == 0x09 || c == 0x0D || c == 0x0C || c == 0x0B || c == 0x00 {
                i += 1
                continue
            }
            if c == 0x2F, peek(1) == 0x2F {
                while i < s.count, s[i] != 0x0A { i += 1 }
                continue
            }
            if c == 0x2F, peek(1) == 0x2A {
                skipBlockComment()
                continue
            }
            let startLine = line
            let startColumn = column(at: i)
            var start = i
            var end: Int?
            var kind = SwiftToken.Kind.punctuation
            var hasValue = false
            var word = SwiftWord.other
            var byte: UInt8 = 0
            if c == 0x22 || (c == 0x23 && rawStringStarts()) {
                kind = .string
                var noValue: [UInt8]?
                hasValue = lexString(line: startLine, column: startColumn, value: &noValue)
            } else if c == 0x60 {
                // `name`: a backquoted identifier.
                i += 1
                start = i
                while i < s.count, s[i] != 0x60, s[i] != 0x0A { i += 1 }
                end = i
                if i < s.count, s[i] == 0x60 {
                    i += 1
                } else {
                    problem("unterminated backquoted name", line: startLine, column: startColumn)
                }
                kind = .identifier
            } else if Self.isIdentifierStart(c) {
                i = skipName(from: i + 1, orNonASCII: true)
                kind = .identifier
            } else if c >= 0x30 && c <= 0x39 {
                i += 1
                while i < s.count, Self.isIdentifierPart(s[i]) || (s[i] == 0x2E && i + 1 < s.count && s[i + 1] >= 0x30 && s[i + 1] <= 0x39) {
                    i += 1
                }
                kind = .number
            } else {
                i += 1
                byte = c
            }
            let textEnd = end ?? i
            if kind == .identifier { word = s.withUnsafeBufferPointer { SwiftWord.recognize($0, start ..< textEnd) } }
            defer { sawNewline = false }
            return SwiftToken(kind: kind, word: word, byte: byte, newlineBefore: sawNewline, hasValue: hasValue,
                              start: start, end: textEnd, line: startLine, column: startColumn)
        }
        return nil
    }

    /// `#"…"#`, `##"…"##`: one or more `#` then a quote.
    private func rawStringStarts() -> Bool {
        var j = i
        while j < s.count, s[j] == 0x23 { j += 1 }
        return j < s.count && s[j] == 0x22
    }

    /// Lexes a string literal at `#…"` or `"`: true when it is terminated and has no
    /// interpolation. Its value is decoded into `value` when that is not nil (the tokenizer
    /// passes nil: a value is made only when asked, `stringValue(of:)`).
    private mutating func lexString(line startLine: Int, column startColumn: Int, value: inout [UInt8]?) -> Bool {
        var hashes = 0
        while i < s.count, s[i] == 0x23 {
            hashes += 1
            i += 1
        }
        let multiline = i + 2 < s.count && s[i + 1] == 0x22 && s[i + 2] == 0x22
        i += multiline ? 3 : 1
        // A multi-line string starts on the next line (its indentation is kept: labels are one line).
        if multiline {
            while i < s.count, s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0D { i += 1 }
            if i < s.count, s[i] == 0x0A {
                newline()
                i += 1
            }
        }
        var interpolated = false
        while i < s.count {
            let c = s[i]
            if c == 0x22, closes(multiline: multiline, hashes: hashes) {
                i += (multiline ? 3 : 1) + hashes
                return !interpolated
            }
            if c == 0x0A {
                if !multiline {
                    problem("unterminated string", line: startLine, column: startColumn)
                    return false
                }
                newline()
                value?.append(c)
                i += 1
                continue
            }
            if c == 0x5C, escapes(hashes: hashes) {
                i += 1 + hashes
                guard i < s.count else { break }
                let escaped = s[i]
                switch escaped {
                case 0x28:  // \( … ) interpolation
                    interpolated = true
                    i += 1
                    skipInterpolation()
                case 0x6E: value?.append(0x0A); i += 1
                case 0x74: value?.append(0x09); i += 1
                case 0x72: value?.append(0x0D); i += 1
                case 0x30: value?.append(0x00); i += 1
                case 0x75:  // \u{…}
                    i += 1
                    var code: UInt32 = 0
                    if i < s.count, s[i] == 0x7B {
                        i += 1
                        var digits = 0
                        while i < s.count, digits < 8, let digit = Self.hex(s[i]) {
                            code = code &* 16 &+ digit
                            digits += 1
                            i += 1
                        }
                        if i < s.count, s[i] == 0x7D { i += 1 }
                    }
                    value?.append(contentsOf: Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8))
                case 0x0A:
                    // A line continuation in a multi-line string.
                    newline()
                    i += 1
                default:
                    value?.append(escaped)
                    i += 1
                }
                continue
            }
            value?.append(c)
            i += 1
        }
        problem(multiline ? "unterminated multi-line string" : "unterminated string", line: startLine, column: startColumn)
        return false
    }

    private static func hex(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x41...0x46: UInt32(c - 0x41 + 10)
        case 0x61...0x66: UInt32(c - 0x61 + 10)
        default: nil
        }
    }

    /// At a quote: does it close the string (`"""` for multi-line, then the raw string's `#`s)?
    private func closes(multiline: Bool, hashes: Int) -> Bool {
        var j = i + 1
        if multiline {
            guard j + 1 < s.count + 1, j < s.count, s[j] == 0x22, j + 1 < s.count, s[j + 1] == 0x22 else { return false }
            j += 2
        }
        for _ in 0..<hashes {
            guard j < s.count, s[j] == 0x23 else { return false }
            j += 1
        }
        return true
    }

    /// At a backslash: is it an escape (followed by the raw string's `#`s)?
    private func escapes(hashes: Int) -> Bool {
        for offset in 0..<hashes {
            guard i + 1 + offset < s.count, s[i + 1 + offset] == 0x23 else { return false }
        }
        return true
    }

    /// Skips the code of `\( … )` to its closing parenthesis (strings and comments inside included).
    private mutating func skipInterpolation() {
        let startLine = line
        let startColumn = column(at: i)
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        if interpolationDepth > Self.maxInterpolationDepth {
            problem("string interpolations nested too deeply: rest of the file skipped", line: startLine, column: startColumn)
            while i < s.count {
                if s[i] == 0x0A { newline() }
                i += 1
            }
            return
        }
        var depth = 0
        while i < s.count {
            let c = s[i]
            if c == 0x2F, peek(1) == 0x2F {
                while i < s.count, s[i] != 0x0A { i += 1 }
            } else if c == 0x2F, peek(1) == 0x2A {
                skipBlockComment()
            } else if c == 0x22 || (c == 0x23 && rawStringStarts()) {
                var noValue: [UInt8]?
                _ = lexString(line: line, column: column(at: i), value: &noValue)
            } else if c == 0x28 {
                depth += 1
                i += 1
            } else if c == 0x29 {
                i += 1
                if depth == 0 { return }
                depth -= 1
            } else {
                if c == 0x0A { newline() }
                i += 1
            }
        }
        problem("unterminated string interpolation", line: startLine, column: startColumn)
    }
}
