@testable import RouteKit

// The array-based Swift reader routekit had before the streaming one (git 6b891c0), kept as the
// oracle the streaming SwiftSourceScanner is held to on well-formed code: every token in an array,
// brackets matched by kind, each construct read by index.

/// Splits Swift source into tokens over its UTF-8 bytes, skipping comments (nested block
/// comments too) and keeping each string literal (interpolations, multi-line and raw strings
/// included) as one token. Linear time; what is unterminated ends at the end of the input (or,
/// for a one-line string, of the line) and is reported as a problem. Never fails. Columns count
/// Unicode scalars, as every routekit position does.
struct ReferenceSwiftTokenizer: ByteTokenizer {
    typealias Problem = TokenizerProblem

    private(set) var tokens: [SwiftToken] = []
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
        run()
    }

    init(bytes: [UInt8]) {
        s = bytes
        run()
    }

    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
    }

    @inline(__always) static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }

    private mutating func run() {
        tokens.reserveCapacity(s.count / 5)
        while i < s.count {
            let c = s[i]
            if c == 0x0A {
                sawNewline = true
                newline()
                i += 1
                continue
            }
            if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0C || c == 0x0B || c == 0x00 {
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
            let start = i
            var kind = SwiftToken.Kind.punctuation
            var value: String?
            var tokenText: String
            if c == 0x22 || (c == 0x23 && rawStringStarts()) {
                kind = .string
                value = lexString(line: startLine, column: startColumn)
                tokenText = "\"…\""
            } else if c == 0x60 {
                // `name`: a backquoted identifier.
                i += 1
                let nameStart = i
                while i < s.count, s[i] != 0x60, s[i] != 0x0A { i += 1 }
                tokenText = text(nameStart, i)
                if i < s.count, s[i] == 0x60 {
                    i += 1
                } else {
                    problem("unterminated backquoted name", line: startLine, column: startColumn)
                }
                kind = .identifier
            } else if Self.isIdentifierStart(c) {
                i += 1
                while i < s.count, Self.isIdentifierPart(s[i]) { i += 1 }
                tokenText = text(start, i)
                kind = .identifier
            } else if c >= 0x30 && c <= 0x39 {
                i += 1
                while i < s.count, Self.isIdentifierPart(s[i]) || (s[i] == 0x2E && i + 1 < s.count && s[i + 1] >= 0x30 && s[i + 1] <= 0x39) {
                    i += 1
                }
                tokenText = text(start, i)
                kind = .number
            } else {
                i += 1
                tokenText = String(UnicodeScalar(c))
            }
            tokens.append(SwiftToken(kind: kind, text: tokenText, line: startLine, column: startColumn,
                                     newlineBefore: sawNewline, stringValue: value))
            sawNewline = false
        }
    }

    /// `#"…"#`, `##"…"##`: one or more `#` then a quote.
    private func rawStringStarts() -> Bool {
        var j = i
        while j < s.count, s[j] == 0x23 { j += 1 }
        return j < s.count && s[j] == 0x22
    }

    /// Lexes a string literal at `#…"` or `"`; its value when it has no interpolation.
    private mutating func lexString(line startLine: Int, column startColumn: Int) -> String? {
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
        var value: [UInt8] = []
        var interpolated = false
        while i < s.count {
            let c = s[i]
            if c == 0x22, closes(multiline: multiline, hashes: hashes) {
                i += (multiline ? 3 : 1) + hashes
                return interpolated ? nil : String(decoding: value, as: UTF8.self)
            }
            if c == 0x0A {
                if !multiline {
                    problem("unterminated string", line: startLine, column: startColumn)
                    return nil
                }
                newline()
                value.append(c)
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
                case 0x6E: value.append(0x0A); i += 1
                case 0x74: value.append(0x09); i += 1
                case 0x72: value.append(0x0D); i += 1
                case 0x30: value.append(0x00); i += 1
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
                    value.append(contentsOf: Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8))
                case 0x0A:
                    // A line continuation in a multi-line string.
                    newline()
                    i += 1
                default:
                    value.append(escaped)
                    i += 1
                }
                continue
            }
            value.append(c)
            i += 1
        }
        problem(multiline ? "unterminated multi-line string" : "unterminated string", line: startLine, column: startColumn)
        return nil
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
                _ = lexString(line: line, column: column(at: i))
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
/// Finds the `Tab` entries of the first `TabView` with any in a set of Swift files, and which
/// view types apply `.navigationTitle`.
struct ReferenceSwiftTabScanner {
    struct File {
        var display: String
        var tokens: [SwiftToken]
        var match: [Int]
    }

    private(set) var tabs: [SwiftTab] = []
    /// Where the `TabView` the tabs come from is written.
    private(set) var tabViewLocation: SourceLocation?
    private(set) var notFollowed: [Located<String>] = []

    /// View types declared in the files: name → applies `.navigationTitle` in its body.
    private var viewTitles: [String: Bool] = [:]

    init(files: [(display: String, tokens: [SwiftToken])]) {
        for file in files { readViewTypes(file.display, tokens: file.tokens) }
        for file in files where tabs.isEmpty { readTabs(file.display, tokens: file.tokens) }
    }

    /// Fed a file at a time by `readViewTypes` and `readTabs`, so that a file's tokens (tens of
    /// bytes each, about one per five bytes) need not outlive its reading.
    init() {}

    /// First pass: the view types a file declares, and whether each applies `.navigationTitle`.
    mutating func readViewTypes(_ display: String, tokens: [SwiftToken]) {
        collectViewTypes(File(display: display, tokens: tokens, match: Self.matchBrackets(tokens)))
    }

    /// Second pass, once every file's view types are read (a tab's root view may be declared in
    /// any file): a file's tabs, until a file has some.
    mutating func readTabs(_ display: String, tokens: [SwiftToken]) {
        guard tabs.isEmpty else { return }
        collectTabs(File(display: display, tokens: tokens, match: Self.matchBrackets(tokens)))
    }

    static func matchBrackets(_ tokens: [SwiftToken]) -> [Int] {
        var match = [Int](repeating: -1, count: tokens.count)
        var stacks: [[Int]] = [[], [], []]
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(": stacks[0].append(index)
            case "[": stacks[1].append(index)
            case "{": stacks[2].append(index)
            case ")", "]", "}":
                let which = token.text == ")" ? 0 : token.text == "]" ? 1 : 2
                if let open = stacks[which].popLast() {
                    match[open] = index
                    match[index] = open
                }
            default: break
            }
        }
        return match
    }

    private func location(_ token: SwiftToken, in file: File) -> SourceLocation {
        SourceLocation(file: file.display, line: token.line, column: token.column)
    }

    // MARK: - View types

    private mutating func collectViewTypes(_ file: File) {
        let t = file.tokens
        var k = 0
        while k + 1 < t.count {
            if t[k].isWord("struct") || t[k].isWord("class"), t[k + 1].kind == .identifier {
                let name = t[k + 1].text
                var j = k + 2
                while j < t.count, !t[j].is("{"), !t[j].is("}"), j < k + 64 { j += 1 }
                if j < t.count, t[j].is("{"), file.match[j] > j {
                    let applies = Self.appliesNavigationTitle(t, match: file.match, from: j + 1, to: file.match[j])
                    viewTitles[name] = (viewTitles[name] ?? false) || applies
                }
            }
            k += 1
        }
    }

    /// Modifiers whose closures build other screens: a `.navigationTitle` inside them titles
    /// those screens, not this one.
    private static let otherScreens: Set<String> = ["navigationDestination", "sheet", "popover", "fullScreenCover", "inspector"]

    static func appliesNavigationTitle(_ t: [SwiftToken], match: [Int], from start: Int, to end: Int) -> Bool {
        var j = start
        while j < end {
            if t[j].is("."), j + 1 < end, t[j + 1].kind == .identifier {
                let name = t[j + 1].text
                if name == "navigationTitle" { return true }
                if otherScreens.contains(name) {
                    // Skip its arguments and its trailing closure.
                    var next = j + 2
                    if next < end, t[next].is("("), match[next] > next { next = match[next] + 1 }
                    if next < end, t[next].is("{"), match[next] > next { next = match[next] + 1 }
                    j = next
                    continue
                }
            }
            j += 1
        }
        return false
    }

    // MARK: - Tabs

    private mutating func collectTabs(_ file: File) {
        let t = file.tokens
        for k in t.indices where t[k].isWord("TabView") && !(k > 0 && t[k - 1].is(".")) {
            var j = k + 1
            if j < t.count, t[j].is("("), file.match[j] > j { j = file.match[j] + 1 }
            guard j < t.count, t[j].is("{"), file.match[j] > j else { continue }
            let before = tabs.count
            readEntries(file, from: j + 1, to: file.match[j])
            if tabs.count > before {
                tabViewLocation = location(t[k], in: file)
                return
            }
        }
    }

    private mutating func readEntries(_ file: File, from start: Int, to end: Int) {
        let t = file.tokens
        var j = start
        while j < end {
            let token = t[j]
            if token.isWord("Tab"), j + 1 < end, t[j + 1].is("("), !(j > 0 && t[j - 1].is(".")) {
                j = readTab(file, at: j, end: end)
                continue
            }
            if token.isWord("ForEach"), !(j > 0 && t[j - 1].is(".")) {
                var next = j + 1
                if next < end, t[next].is("("), file.match[next] > next { next = file.match[next] + 1 }
                if next < end, t[next].is("{"), file.match[next] > next {
                    let close = file.match[next]
                    if (next..<close).contains(where: { t[$0].isWord("Tab") }) {
                        notFollowed.append(Located("a Tab built in a ForEach: its tabs are not read", at: location(token, in: file)))
                    }
                    j = close + 1
                    continue
                }
            }
            j += 1
        }
    }

    /// Reads `Tab(…) { content }` at `k`; returns the index after it.
    private mutating func readTab(_ file: File, at k: Int, end: Int) -> Int {
        let t = file.tokens
        let open = k + 1
        let close = file.match[open]
        guard close > open, close < end else { return k + 1 }
        var tab = SwiftTab(location: location(t[k], in: file), label: nil, icon: nil, value: nil, rootCandidates: [],
                           rootView: nil, appliesNavigationTitle: nil)
        // Arguments, split at top-level commas.
        var arguments: [(label: String?, start: Int, end: Int)] = []
        var start = open + 1
        var j = open + 1
        while j <= close {
            if j == close || t[j].is(",") {
                if j > start {
                    if j - start >= 2, t[start].kind == .identifier, t[start + 1].is(":") {
                        arguments.append((t[start].text, start + 2, j))
                    } else {
                        arguments.append((nil, start, j))
                    }
                }
                start = j + 1
                j += 1
                continue
            }
            j = file.match[j] > j ? file.match[j] : j + 1
        }
        var contentRange: Range<Int>?
        for argument in arguments {
            switch argument.label {
            case nil:
                if tab.label == nil {
                    tab.label = labelKey(t, from: argument.start, to: argument.end, file: file)
                    if tab.label == nil {
                        notFollowed.append(Located("a tab label that is not a string literal or String(localized:): not compared",
                                                   at: location(t[argument.start], in: file)))
                    }
                }
            case "systemImage":
                if argument.end - argument.start == 1, let value = t[argument.start].stringValue {
                    tab.icon = Located(value, at: location(t[argument.start], in: file))
                } else {
                    notFollowed.append(Located("a tab icon that is not a string literal: not compared",
                                               at: location(t[argument.start], in: file)))
                }
            case "value":
                tab.value = t[argument.start..<argument.end].map(\.text).joined()
            case "content":
                if t[argument.start].is("{"), file.match[argument.start] > argument.start {
                    contentRange = (argument.start + 1)..<file.match[argument.start]
                }
            default:
                break
            }
        }
        var next = close + 1
        if next < end, t[next].is("{"), file.match[next] > next {
            contentRange = (next + 1)..<file.match[next]
            next = file.match[next] + 1
        }
        if let content = contentRange {
            readContent(file, content, into: &tab)
        }
        tabs.append(tab)
        return next
    }

    /// `String(localized: "Key")`, `LocalizedStringKey("Key")`, `Text("Key")` or `"Key"`.
    private func labelKey(_ t: [SwiftToken], from start: Int, to end: Int, file: File) -> Located<String>? {
        if end - start == 1, let value = t[start].stringValue {
            return Located(value, at: location(t[start], in: file))
        }
        guard end - start >= 3, t[start].kind == .identifier, t[start + 1].is("("), file.match[start + 1] == end - 1,
            ["String", "LocalizedStringKey", "LocalizedStringResource", "Text"].contains(t[start].text)
        else { return nil }
        var j = start + 2
        if j + 1 < end, t[j].isWord("localized"), t[j + 1].is(":") { j += 2 }
        guard j < end, let value = t[j].stringValue, j + 1 == end - 1 || t[j + 1].is(",") else { return nil }
        return Located(value, at: location(t[j], in: file))
    }

    private func readContent(_ file: File, _ range: Range<Int>, into tab: inout SwiftTab) {
        let t = file.tokens
        for j in range where t[j].kind == .identifier && !(j > range.lowerBound && t[j - 1].is(".")) {
            guard j + 1 < range.upperBound else { continue }
            if tab.rootView == nil, t[j + 1].is("("), t[j].text.first?.isUppercase == true {
                tab.rootView = t[j].text
            }
            let instantiated = (j + 2 < range.upperBound && t[j + 1].is("(") && t[j + 2].is(")"))
                || (j + 2 < range.upperBound && t[j + 1].is(".") && t[j + 2].isWord("shared"))
            if instantiated { tab.rootCandidates.append(Located(t[j].text, at: location(t[j], in: file))) }
        }
        if Self.appliesNavigationTitle(t, match: file.match, from: range.lowerBound, to: range.upperBound) {
            tab.appliesNavigationTitle = true
        } else if let view = tab.rootView, let applies = viewTitles[view] {
            tab.appliesNavigationTitle = applies
        } else if tab.rootView == nil {
            tab.appliesNavigationTitle = false
        }
    }
}

extension ReferenceSwiftTabScanner {
    /// The `""` of each `.navigationTitle("")` or `.navigationTitle(Text(""))`.
    static func emptyNavigationTitles(_ t: [SwiftToken]) -> [SwiftToken] {
        var found: [SwiftToken] = []
        var k = 1
        while k + 3 < t.count {
            defer { k += 1 }
            guard t[k].isWord("navigationTitle"), t[k - 1].is("."), t[k + 1].is("(") else { continue }
            var j = k + 2
            var closes = 1
            if t[j].isWord("Text"), j + 1 < t.count, t[j + 1].is("(") {
                j += 2
                closes = 2
            }
            guard j + closes < t.count, t[j].kind == .string, t[j].stringValue == "",
                  (1...closes).allSatisfy({ t[j + $0].is(")") }) else { continue }
            found.append(t[j])
        }
        return found
    }
}
