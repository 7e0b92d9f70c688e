@testable import RouteKit

// The array-based Swift tab and view reader routekit had before the streaming one (git 6b891c0),
// kept as the oracle the streaming SwiftSourceScanner is held to on well-formed code: every token
// of a file in an array (from the same tokenizer), brackets matched by kind, each construct read
// by index.

/// Finds the `Tab` entries of the first `TabView` with any in a set of Swift files, and which
/// view types apply `.navigationTitle`.
struct ReferenceSwiftTabScanner {
    struct File {
        var display: String
        var tokens: [SwiftTokenText]
        var match: [Int]
    }

    private(set) var tabs: [SwiftTab] = []
    /// Where the `TabView` the tabs come from is written.
    private(set) var tabViewLocation: SourceLocation?
    private(set) var notFollowed: [Located<String>] = []

    /// View types declared in the files: name → applies `.navigationTitle` in its body.
    private var viewTitles: [String: Bool] = [:]

    init(files: [(display: String, tokens: [SwiftTokenText])]) {
        for file in files { readViewTypes(file.display, tokens: file.tokens) }
        for file in files where tabs.isEmpty { readTabs(file.display, tokens: file.tokens) }
    }

    /// Fed a file at a time by `readViewTypes` and `readTabs`, so that a file's tokens (tens of
    /// bytes each, about one per five bytes) need not outlive its reading.
    init() {}

    /// First pass: the view types a file declares, and whether each applies `.navigationTitle`.
    mutating func readViewTypes(_ display: String, tokens: [SwiftTokenText]) {
        collectViewTypes(File(display: display, tokens: tokens, match: Self.matchBrackets(tokens)))
    }

    /// Second pass, once every file's view types are read (a tab's root view may be declared in
    /// any file): a file's tabs, until a file has some.
    mutating func readTabs(_ display: String, tokens: [SwiftTokenText]) {
        guard tabs.isEmpty else { return }
        collectTabs(File(display: display, tokens: tokens, match: Self.matchBrackets(tokens)))
    }

    static func matchBrackets(_ tokens: [SwiftTokenText]) -> [Int] {
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

    private func location(_ token: SwiftTokenText, in file: File) -> SourceLocation {
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

    static func appliesNavigationTitle(_ t: [SwiftTokenText], match: [Int], from start: Int, to end: Int) -> Bool {
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
    private func labelKey(_ t: [SwiftTokenText], from start: Int, to end: Int, file: File) -> Located<String>? {
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
    static func emptyNavigationTitles(_ t: [SwiftTokenText]) -> [SwiftTokenText] {
        var found: [SwiftTokenText] = []
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
