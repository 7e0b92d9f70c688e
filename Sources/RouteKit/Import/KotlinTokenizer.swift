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

    var kind: Kind
    var text: String
    var line: Int
    var column: Int
    /// A line break (possibly inside a comment) comes between this token and the previous one.
    var newlineBefore: Bool
    /// Whitespace or a comment comes between this token and the previous one.
    var spaceBefore: Bool
    var stringValue: String?

    func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// Splits Kotlin source into tokens, skipping comments (nested block comments too) and keeping
/// each string literal (templates and all) as one token. Linear time; unterminated comments,
/// strings and templates end at the end of the input (or, for a one-line string, of the line)
/// and are reported as problems. Never fails.
struct KotlinTokenizer {
    struct Problem: Sendable, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    private(set) var tokens: [KotlinToken] = []
    private(set) var problems: [Problem] = []

    private let s: [Unicode.Scalar]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var sawNewline = false
    private var sawSpace = false
    /// Nesting of string templates inside strings, bounded against pathological input.
    private var templateDepth = 0
    private static let maxTemplateDepth = 64

    init(_ source: String) {
        s = Array(source.unicodeScalars)
        run()
    }

    private var column: Int { i - lineStart + 1 }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = i + offset
        return index < s.count ? s[index] : nil
    }

    private mutating func advance() {
        if s[i] == "\n" {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    private mutating func problem(_ message: String, line: Int, column: Int) {
        problems.append(Problem(line: line, column: column, message: message))
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || c.properties.numericType != nil
    }

    private static let multiCharPunctuation: [String] = [
        "..<", "?.", "?:", "::", "->", "==", "!=", "!!", "&&", "||", "..", "++", "--", "+=", "-=", "*=", "/=",
        "%=",
    ]

    private mutating func run() {
        while i < s.count {
            let c = s[i]
            if c == "\n" {
                sawNewline = true
                advance()
                continue
            }
            if c == " " || c == "\t" || c == "\r" || c == "\u{0C}" || c == "\u{FEFF}" || c.properties.isWhitespace {
                sawSpace = true
                advance()
                continue
            }
            if c == "/" && peek(1) == "/" {
                while i < s.count && s[i] != "\n" { advance() }
                sawSpace = true
                continue
            }
            if c == "/" && peek(1) == "*" {
                skipBlockComment()
                sawSpace = true
                continue
            }
            let startLine = line
            let startColumn = column
            let start = i
            var kind = KotlinToken.Kind.punctuation
            var text: String
            var value: String?
            if c == "\"" {
                kind = .string
                value = lexString()
                text = "\"…\""
            } else if c == "'" {
                kind = .character
                lexCharacter()
                text = String(String.UnicodeScalarView(s[start..<i]))
            } else if c == "`" {
                advance()
                let nameStart = i
                while i < s.count && s[i] != "`" && s[i] != "\n" { advance() }
                text = String(String.UnicodeScalarView(s[nameStart..<i]))
                if i < s.count && s[i] == "`" {
                    advance()
                } else {
                    problem("unterminated backquoted name", line: startLine, column: startColumn)
                }
                kind = .identifier
            } else if Self.isIdentifierStart(c) {
                while i < s.count && Self.isIdentifierPart(s[i]) { advance() }
                text = String(String.UnicodeScalarView(s[start..<i]))
                kind = .identifier
            } else if ("0"..."9").contains(c) {
                lexNumber()
                text = String(String.UnicodeScalarView(s[start..<i]))
                kind = .number
            } else {
                text = String(c)
                for candidate in Self.multiCharPunctuation where matches(candidate) {
                    text = candidate
                    break
                }
                for _ in text.unicodeScalars { advance() }
            }
            tokens.append(KotlinToken(
                kind: kind, text: text, line: startLine, column: startColumn,
                newlineBefore: sawNewline, spaceBefore: sawSpace || sawNewline, stringValue: value))
            sawNewline = false
            sawSpace = false
        }
    }

    private func matches(_ candidate: String) -> Bool {
        var offset = 0
        for scalar in candidate.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }

    private mutating func skipBlockComment() {
        let startLine = line
        let startColumn = column
        var depth = 0
        while i < s.count {
            if s[i] == "/" && peek(1) == "*" {
                depth += 1
                advance()
                advance()
            } else if s[i] == "*" && peek(1) == "/" {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return }
            } else {
                if s[i] == "\n" { sawNewline = true }
                advance()
            }
        }
        problem("unterminated block comment", line: startLine, column: startColumn)
    }

    private mutating func lexNumber() {
        while i < s.count {
            let c = s[i]
            if Self.isIdentifierPart(c) {
                advance()
            } else if c == "." , let next = peek(1), ("0"..."9").contains(next) {
                advance()
            } else if (c == "+" || c == "-"), i > 0, s[i - 1] == "e" || s[i - 1] == "E", let next = peek(1),
                ("0"..."9").contains(next)
            {
                advance()
            } else {
                break
            }
        }
    }

    private mutating func lexCharacter() {
        let startLine = line
        let startColumn = column
        advance()  // '
        var length = 0
        while i < s.count && s[i] != "'" && s[i] != "\n" && length < 12 {
            if s[i] == "\\" && i + 1 < s.count && s[i + 1] != "\n" { advance() }
            advance()
            length += 1
        }
        if i < s.count && s[i] == "'" {
            advance()
        } else {
            problem("unterminated character literal", line: startLine, column: startColumn)
        }
    }

    /// Lexes a string literal at `"`; returns its value when it has no templates.
    private mutating func lexString() -> String? {
        let startLine = line
        let startColumn = column
        let raw = matches("\"\"\"")
        for _ in 0..<(raw ? 3 : 1) { advance() }
        var value = String.UnicodeScalarView()
        var hasTemplate = false
        while i < s.count {
            let c = s[i]
            if raw {
                if matches("\"\"\"") {
                    // The closing quotes are the last three of a run: `""""` ends with a quote in the text.
                    while matches("\"\"\"\"") {
                        value.append("\"")
                        advance()
                    }
                    advance()
                    advance()
                    advance()
                    return hasTemplate ? nil : String(value)
                }
            } else {
                if c == "\"" {
                    advance()
                    return hasTemplate ? nil : String(value)
                }
                if c == "\n" {
                    problem("unterminated string", line: startLine, column: startColumn)
                    return nil
                }
                if c == "\\" {
                    advance()
                    guard i < s.count, s[i] != "\n" else { continue }
                    let escaped = s[i]
                    advance()
                    switch escaped {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "r": value.append("\r")
                    case "b": value.append("\u{08}")
                    case "u":
                        var code: UInt32 = 0
                        var digits = 0
                        while digits < 4, i < s.count, s[i].isASCII, let digit = UInt32(String(s[i]), radix: 16) {
                            code = code * 16 + digit
                            digits += 1
                            advance()
                        }
                        value.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: value.append(escaped)
                    }
                    continue
                }
            }
            if c == "$" {
                if peek(1) == "{" {
                    hasTemplate = true
                    advance()
                    advance()
                    skipTemplateCode()
                    continue
                }
                if let next = peek(1), Self.isIdentifierStart(next) || next == "`" {
                    hasTemplate = true
                }
            }
            value.append(c)
            advance()
        }
        problem(raw ? "unterminated raw string" : "unterminated string", line: startLine, column: startColumn)
        return nil
    }

    /// Skips the code of a `${…}` template up to its closing brace (strings, characters and
    /// comments inside included).
    private mutating func skipTemplateCode() {
        let startLine = line
        let startColumn = column
        templateDepth += 1
        defer { templateDepth -= 1 }
        if templateDepth > Self.maxTemplateDepth {
            problem("string templates nested too deeply: rest of the file skipped", line: startLine, column: startColumn)
            while i < s.count { advance() }
            return
        }
        var braces = 0
        while i < s.count {
            let c = s[i]
            if c == "/" && peek(1) == "/" {
                while i < s.count && s[i] != "\n" { advance() }
            } else if c == "/" && peek(1) == "*" {
                skipBlockComment()
            } else if c == "\"" {
                _ = lexString()
            } else if c == "'" {
                lexCharacter()
            } else if c == "{" {
                braces += 1
                advance()
            } else if c == "}" {
                advance()
                if braces == 0 { return }
                braces -= 1
            } else {
                advance()
            }
        }
        problem("unterminated string template", line: startLine, column: startColumn)
    }
}
