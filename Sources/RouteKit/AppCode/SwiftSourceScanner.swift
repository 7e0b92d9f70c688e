/// One `Tab(label, systemImage:, value:) { … }` entry of a SwiftUI `TabView`.
public struct SwiftTab: Sendable {
    /// Where `Tab` is written.
    public var location: SourceLocation
    /// The label's String Catalog key: the text of `String(localized: "…")` or of a string literal.
    public var label: Located<String>?
    /// `systemImage:`.
    public var icon: Located<String>?
    /// `value:` as written.
    public var value: String?
    /// Names instantiated with `()` or `.shared` in the tab's content, in order: the first that
    /// names a route is the tab's root route (`topLevelRoute: ScheduleScreen()`).
    public var rootCandidates: [Located<String>]
    /// The view the content instantiates first (`TabContentView`).
    public var rootView: String?
    /// Whether the content, or the view type it instantiates, applies `.navigationTitle`; nil
    /// when that view is not declared in the Swift files read.
    public var appliesNavigationTitle: Bool?
}

/// Reads an app's Swift files a token at a time, one pass per file: the `Tab` entries of the first
/// `TabView` with any, which view types apply `.navigationTitle`, the `.navigationTitle("")` that
/// blank a bar, and whether the app uses native navigation at all.
///
/// No file's tokens are held. The state is a stack of the open brackets, each with its role, the
/// last eight tokens, and the first tokens of a `Tab`'s arguments, so memory does not grow with a
/// file (a 15 MB file of `;` is 15 M tokens). Brackets are matched as a parser recovers: a close
/// bracket closes the nearest open one of its kind, abandoning those opened inside it and left open.
struct SwiftSourceScanner {
    /// Brackets nested deeper end a file's reading, reported. swift-syntax's parser stops at the
    /// same depth (`maximumNestingLevel`), so Swift that compiles never nests deeper.
    static let maxNesting = 256

    // The words it looks for (`TabView`, `.sheet` and the other modifiers whose closures build
    // other screens, the containers that draw a native bar, the calls whose string argument is a
    // tab label's key) are recognized by the tokenizer: `SwiftWord`.
    /// The containers that draw a native bar.
    static let nativeContainers = SwiftWord.allCases.filter(\.isNativeContainer).map(\.spelling)
    /// Tokens kept of one `Tab` argument: a label, an icon or a value is a few.
    static let argumentTokens = 64

    /// Whether a file read names a native container (`TabView`, `NavigationStack`, …).
    private(set) var usesNativeNavigation = false
    /// The `""` of each `.navigationTitle("")` and `.navigationTitle(Text(""))`, in reading order.
    private(set) var emptyNavigationTitles: [SourceLocation] = []
    /// Where the `TabView` the tabs come from is written.
    private(set) var tabViewLocation: SourceLocation?
    private(set) var notFollowed: [Located<String>] = []
    /// Files handed to `read`.
    private(set) var filesRead = 0
    /// Whether a file read began reading a `TabView`'s tabs: only then does it matter whether an
    /// earlier file's tabs were found (`appending`).
    private(set) var beganTabView = false
    /// Whether a file read names `TabView` where reading tabs would begin: one read without its
    /// tabs (`read(_:bytes:readingTabs:)`) is the same read as with them unless this is set.
    private(set) var mentionsTabView = false
    /// Whether a file read so far gave the tabs: later files are read without theirs.
    var hasTabs: Bool { !foundTabs.isEmpty }

    /// The first `TabView`'s tabs, read before every file's view types are known, and whether
    /// each has content.
    private var foundTabs: [(tab: SwiftTab, hasContent: Bool)] = []
    /// View types declared in the files: name → applies `.navigationTitle` in its body.
    private var viewTitles: [String: Bool] = [:]

    init() {}

    /// Reads each file in order.
    init(files: [(display: String, bytes: [UInt8])]) {
        for file in files { _ = read(file.display, bytes: file.bytes) }
    }

    /// The tabs, each knowing whether its content or its root view applies `.navigationTitle`:
    /// asked once every file is read (a tab's root view may be declared in any file). Nil when
    /// the root view is declared in no file read.
    var tabs: [SwiftTab] {
        foundTabs.map { found in
            var tab = found.tab
            if found.hasContent, tab.appliesNavigationTitle != true {
                tab.appliesNavigationTitle = tab.rootView.map { viewTitles[$0] } ?? false
            }
            return tab
        }
    }

    /// Adds a file another scanner read alone, without its tabs (`read(_:bytes:readingTabs:
    /// false)`), as if this one had read it next: files are read side by side, each by a scanner
    /// of its own, and added in order. The tabs are the first `TabView`'s: while no file has given
    /// them, a file that names `TabView` is read again here, with its tabs. Returns whether it
    /// was read again (one file in most apps).
    mutating func add(_ other: SwiftSourceScanner, display: String, bytes: [UInt8]) -> Bool {
        guard (other.mentionsTabView && !hasTabs) || !appending(other) else { return false }
        _ = read(display, bytes: bytes)
        return true
    }

    /// Adds what another scanner read after what this one read, as if this one had read those
    /// files next. False, adding nothing, when the other began reading a `TabView`'s tabs after
    /// this one found its tabs: that file must be read again by this scanner, which skips them.
    private mutating func appending(_ other: SwiftSourceScanner) -> Bool {
        guard foundTabs.isEmpty || !other.beganTabView else { return false }
        filesRead += other.filesRead
        usesNativeNavigation = usesNativeNavigation || other.usesNativeNavigation
        emptyNavigationTitles += other.emptyNavigationTitles
        notFollowed += other.notFollowed
        if foundTabs.isEmpty, !other.foundTabs.isEmpty {
            foundTabs = other.foundTabs
            tabViewLocation = other.tabViewLocation
        }
        beganTabView = beganTabView || other.beganTabView
        mentionsTabView = mentionsTabView || other.mentionsTabView
        for (name, applies) in other.viewTitles { viewTitles[name] = (viewTitles[name] ?? false) || applies }
        return true
    }

    /// Reads one file; returns the tokenizer's problems, a nesting too deep among them.
    /// `readingTabs` false reads it as if an earlier file had given the tabs.
    mutating func read(_ display: String, bytes: [UInt8], readingTabs: Bool = true) -> [TokenizerProblem] {
        filesRead += 1
        var file = FilePass(display: display, tokenizer: SwiftTokenizer(bytes: bytes), readsTabs: readingTabs && foundTabs.isEmpty)
        file.run(&self)
        return file.tokenizer.problems
    }
}

// MARK: - One file

extension SwiftSourceScanner {
    /// What an open bracket is, for the readers that care.
    fileprivate enum Role {
        case plain
        /// The body of a `struct` or `class` (these names): `.navigationTitle` inside marks it.
        case viewBody([String])
        /// The arguments or closure of `.sheet`, `.navigationDestination`, …: titles other screens.
        case otherScreen
        case tabViewArguments(Place)
        case tabViewBody(Place)
        case tabArguments
        /// `content: { … }` or the trailing closure of the tab being read: a title scope too.
        case tabContent(trailing: Bool)
        /// The arguments or closure of a `ForEach` in the `TabView`'s body.
        case forEach(Place)
    }

    /// Where a token is: what the constructs under way keep of their name's token (a value
    /// without references, so keeping and dropping them per token costs no reference counting).
    fileprivate struct Place {
        var line: Int
        var column: Int
        init(_ token: SwiftToken) { (line, column) = (token.line, token.column) }
    }

    fileprivate struct Frame {
        /// `(`, `[` or `{`.
        var opener: UInt8
        var role: Role
        /// A view body or tab content: a `.navigationTitle` was read in it, outside other screens.
        var appliesTitle = false

        var isTitleScope: Bool {
            switch role {
            case .viewBody, .tabContent: true
            default: false
            }
        }
    }

    /// What the token after the current one may be, for a construct the tokens so far began.
    fileprivate enum Expectation {
        case none
        /// After `.sheet` and the like: its `(` or `{` (`closure`: after its `(…)`, its `{`).
        case otherScreen(closure: Bool)
        /// After `TabView` (`body`: after `TabView(…)`).
        case tabView(Place, body: Bool)
        /// After `Tab`: its `(`.
        case tabArguments(Place)
        /// After `Tab(…)`: its trailing closure, or the tab ends.
        case tabClosure
        /// After `ForEach` (`closure`: after `ForEach(…)`).
        case forEach(Place, closure: Bool)
    }

    /// A tab being read: its arguments' first tokens, then its content.
    fileprivate struct TabInProgress {
        var tab: SwiftTab
        /// Where its `(` is on the stack.
        var argumentsAt: Int
        var arguments: [[SwiftToken]] = [[]]
        var overflowed: [Bool] = [false]
        var hasContent = false
    }

    /// What a tab's content instantiates.
    fileprivate struct Content {
        /// Where its `{` is on the stack.
        var at: Int
        var rootView: String?
        var rootCandidates: [Located<String>] = []
    }

    fileprivate struct FilePass {
        let display: String
        var tokenizer: SwiftTokenizer
        /// False once an earlier file or an earlier `TabView` gave the tabs.
        var readsTabs: Bool

        var stack: [Frame] = []
        /// The last eight tokens, a ring: `recent[(newest - k) & 7]` is the token k before the newest.
        var recent = [SwiftToken?](repeating: nil, count: 8)
        var newest = 0
        var expect = Expectation.none
        /// `struct`/`class` names whose body's `{` may still come, by the token index it must come by.
        var headers: [(name: String, deadline: Int)] = []
        var index = 0

        /// Where the open `TabView` body is on the stack, its tabs so far and what it could not follow.
        var tabViewAt: Int?
        var tabViewTabs: [(tab: SwiftTab, hasContent: Bool)] = []
        var tabViewNotFollowed: [Located<String>] = []
        var tab: TabInProgress?
        var content: Content?
        /// Open `Tab` arguments, tab contents and `ForEach`es: a `Tab` inside them is no entry.
        var entryDepth = 0
        /// Where the outermost open `ForEach` is on the stack, and whether its `Tab` was reported.
        var forEachAt: Int?
        var forEachReported = false

        init(display: String, tokenizer: SwiftTokenizer, readsTabs: Bool) {
            self.display = display
            self.tokenizer = tokenizer
            self.readsTabs = readsTabs
        }

        func location(_ token: SwiftToken) -> SourceLocation {
            SourceLocation(file: display, line: token.line, column: token.column)
        }

        func location(_ place: Place) -> SourceLocation {
            SourceLocation(file: display, line: place.line, column: place.column)
        }

        /// The token `offset` before the current one (0: the current one; at most 7).
        func back(_ offset: Int) -> SwiftToken? { recent[(newest - offset) & 7] }

        mutating func run(_ scanner: inout SwiftSourceScanner) {
            while let token = tokenizer.next() {
                newest = (newest + 1) & 7
                recent[newest] = token
                guard step(token, &scanner) else { break }
                index += 1
            }
            if case .tabClosure = expect { finishTab() }
            while !stack.isEmpty { pop(&scanner, closed: false) }
        }

        /// Reads one token; false when the file's reading stops.
        mutating func step(_ token: SwiftToken, _ scanner: inout SwiftSourceScanner) -> Bool {
            let expected = expect
            expect = .none
            if case .tabClosure = expected, !token.isMark("{") { finishTab() }
            // Inside a tab's arguments (not the `,` between them or their `)`): kept, up to a bound.
            if let arguments = tab?.argumentsAt, tabArgumentsOpen {
                if stack.count == arguments + 1, token.isMark(",") {
                    tab!.arguments.append([])
                    tab!.overflowed.append(false)
                } else if !(stack.count == arguments + 1 && token.isMark(")")) {
                    keepArgument(token)
                }
            }
            if let content { contentToken(token, content) }
            switch token.kind {
            case .identifier:
                identifier(token, &scanner)
            case .punctuation:
                switch token.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return open(token, expected)
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): close(token, &scanner)
                default: break
                }
            default:
                break
            }
            return true
        }

        var tabArgumentsOpen: Bool {
            guard let arguments = tab?.argumentsAt, arguments < stack.count, case .tabArguments = stack[arguments].role else { return false }
            return true
        }

        mutating func keepArgument(_ token: SwiftToken) {
            let last = tab!.arguments.count - 1
            if tab!.arguments[last].count < SwiftSourceScanner.argumentTokens {
                tab!.arguments[last].append(token)
            } else {
                tab!.overflowed[last] = true
            }
        }

        // MARK: Identifiers

        mutating func identifier(_ token: SwiftToken, _ scanner: inout SwiftSourceScanner) {
            let word = token.word
            let afterDot = back(1)?.isMark(".") == true
            if word.isNativeContainer { scanner.usesNativeNavigation = true }
            if !headers.isEmpty { headers.removeAll { $0.deadline < index } }
            if let before = back(1), before.word == .struct || before.word == .class {
                // The body's `{` must come within 64 tokens of `struct`.
                headers.append((tokenizer.text(of: token), index + 62))
            }
            if word == .tab, let at = forEachAt, !forEachReported, case .forEach(let name) = stack[at].role {
                tabViewNotFollowed.append(Located("a Tab built in a ForEach: its tabs are not read", at: location(name)))
                forEachReported = true
            }
            if afterDot {
                if word == .navigationTitle { markTitle() }
                if word.isOtherScreen { expect = .otherScreen(closure: false) }
                return
            }
            if word == .tabView { scanner.mentionsTabView = true }
            guard readsTabs else { return }
            if word == .tabView, tabViewAt == nil {
                scanner.beganTabView = true
                expect = .tabView(Place(token), body: false)
            } else if tabViewAt != nil, entryDepth == 0, word == .tab {
                expect = .tabArguments(Place(token))
            } else if tabViewAt != nil, entryDepth == 0, word == .forEach {
                expect = .forEach(Place(token), closure: false)
            }
        }

        /// `.navigationTitle` read: the view bodies and tab contents it is in apply it, up to the
        /// nearest other screen's closure. Brackets nest, so a scope already marked has those
        /// below it marked up to that closure: each scope is marked once.
        mutating func markTitle() {
            var position = stack.count - 1
            while position >= 0 {
                if case .otherScreen = stack[position].role { return }
                if stack[position].isTitleScope {
                    if stack[position].appliesTitle { return }
                    stack[position].appliesTitle = true
                }
                position -= 1
            }
        }

        /// In a tab's content: the first view it instantiates (`Name(`) and the names it
        /// instantiates with `()` or `.shared`, none after a `.`.
        mutating func contentToken(_ token: SwiftToken, _ content: Content) {
            guard stack.count > content.at else { return }
            func named(_ offset: Int) -> SwiftToken? {
                guard let name = back(offset), name.kind == .identifier, back(offset + 1)?.isMark(".") != true else { return nil }
                return name
            }
            if token.isMark("("), self.content!.rootView == nil, let name = named(1) {
                let text = tokenizer.text(of: name)
                if text.first?.isUppercase == true { self.content!.rootView = text }
            }
            if (token.isMark(")") && back(1)?.isMark("(") == true) || (token.word == .shared && back(1)?.isMark(".") == true),
               let name = named(2)
            {
                self.content!.rootCandidates.append(Located(tokenizer.text(of: name), at: location(name)))
            }
        }

        // MARK: Brackets

        mutating func open(_ token: SwiftToken, _ expected: Expectation) -> Bool {
            guard stack.count < SwiftSourceScanner.maxNesting else {
                tokenizer.problem("brackets nested more than \(SwiftSourceScanner.maxNesting) deep: the rest of the file is not read",
                                  line: token.line, column: token.column)
                return false
            }
            let opener = token.byte
            let brace = opener == 0x7B
            if !headers.isEmpty { headers.removeAll { $0.deadline < index } }
            var role = Role.plain
            switch expected {
            case .otherScreen(let closure) where brace || (!closure && opener == 0x28):
                role = .otherScreen
            case .tabView(let name, _) where brace:
                role = .tabViewBody(name)
                tabViewAt = stack.count
            case .tabView(let name, body: false) where opener == 0x28:
                role = .tabViewArguments(name)
            case .tabArguments(let name) where opener == 0x28:
                role = .tabArguments
                tab = TabInProgress(tab: SwiftTab(location: location(name), label: nil, icon: nil, value: nil, rootCandidates: [],
                                                  rootView: nil, appliesNavigationTitle: nil),
                                    argumentsAt: stack.count)
                entryDepth += 1
            case .tabClosure where brace:
                role = .tabContent(trailing: true)
            case .forEach(let name, let closure) where brace || (!closure && opener == 0x28):
                role = .forEach(name)
                if forEachAt == nil {
                    forEachAt = stack.count
                    forEachReported = false
                }
                entryDepth += 1
            default:
                if brace, let tab, stack.count == tab.argumentsAt + 1, tabArgumentsOpen,
                   let argument = tab.arguments.last, argument.count == 3,
                   argument[0].word == .content, argument[1].isMark(":")
                {
                    role = .tabContent(trailing: false)
                } else if brace, !headers.isEmpty {
                    role = .viewBody(headers.map(\.name))
                }
            }
            if case .tabContent = role {
                content = Content(at: stack.count)
                entryDepth += 1
            }
            if brace { headers.removeAll() }
            stack.append(Frame(opener: opener, role: role))
            return true
        }

        mutating func close(_ token: SwiftToken, _ scanner: inout SwiftSourceScanner) {
            if token.isMark("}") { headers.removeAll() }
            if token.isMark(")") { emptyTitle(&scanner) }
            let opener: UInt8 = token.isMark(")") ? 0x28 : token.isMark("]") ? 0x5B : 0x7B
            // A close with no open of its kind is stray: ignored.
            guard let at = stack.lastIndex(where: { $0.opener == opener }) else { return }
            while stack.count > at + 1 { pop(&scanner, closed: false) }
            pop(&scanner, closed: true)
        }

        /// `.navigationTitle("")` or `.navigationTitle(Text(""))` ends at this `)`.
        mutating func emptyTitle(_ scanner: inout SwiftSourceScanner) {
            func title(at offset: Int) -> Bool {
                back(offset)?.isMark("(") == true && back(offset + 1)?.word == .navigationTitle && back(offset + 2)?.isMark(".") == true
            }
            func isEmptyString(_ token: SwiftToken) -> Bool { tokenizer.stringValue(of: token) == "" }
            // The tokens around first (bytes and words); a string's value is decoded last, and only here.
            guard let empty = back(1), title(at: 2), isEmptyString(empty) else {
                if back(1)?.isMark(")") == true, back(3)?.isMark("(") == true, back(4)?.word == .text, title(at: 5),
                   let empty = back(2), isEmptyString(empty)
                {
                    scanner.emptyNavigationTitles.append(location(empty))
                }
                return
            }
            scanner.emptyNavigationTitles.append(location(empty))
        }

        /// Ends the top bracket: `closed` by its match, or abandoned (left open at the end of the
        /// file, or inside a bracket that closed).
        mutating func pop(_ scanner: inout SwiftSourceScanner, closed: Bool) {
            let frame = stack.removeLast()
            if forEachAt == stack.count { forEachAt = nil }
            switch frame.role {
            case .plain:
                break
            case .otherScreen:
                if closed, frame.opener == 0x28 { expect = .otherScreen(closure: true) }
            case .viewBody(let names):
                guard closed else { return }
                for name in names { scanner.viewTitles[name] = (scanner.viewTitles[name] ?? false) || frame.appliesTitle }
            case .tabViewArguments(let name):
                if closed { expect = .tabView(name, body: true) }
            case .tabViewBody(let name):
                tabViewAt = nil
                if closed {
                    scanner.notFollowed += tabViewNotFollowed
                    if !tabViewTabs.isEmpty {
                        scanner.foundTabs = tabViewTabs
                        scanner.tabViewLocation = location(name)
                        readsTabs = false
                    }
                }
                tabViewTabs = []
                tabViewNotFollowed = []
            case .tabArguments:
                entryDepth -= 1
                if closed {
                    readArguments()
                    expect = .tabClosure
                } else {
                    tab = nil
                }
            case .tabContent(let trailing):
                entryDepth -= 1
                let read = content
                content = nil
                guard closed, tab != nil, let read else {
                    tab = nil
                    return
                }
                tab!.tab.rootView = read.rootView
                tab!.tab.rootCandidates = read.rootCandidates
                tab!.tab.appliesNavigationTitle = frame.appliesTitle ? true : nil
                tab!.hasContent = true
                if trailing { finishTab() }
            case .forEach(let name):
                entryDepth -= 1
                if closed, frame.opener == 0x28 { expect = .forEach(name, closure: true) }
            }
        }

        // MARK: Tabs

        mutating func finishTab() {
            guard let tab else { return }
            tabViewTabs.append((tab.tab, tab.hasContent))
            self.tab = nil
        }

        /// The arguments of `Tab(…)`, split at their commas: the label, `systemImage:`, `value:`.
        mutating func readArguments() {
            guard var reading = tab else { return }
            for (tokens, overflowed) in zip(reading.arguments, reading.overflowed) where !tokens.isEmpty {
                var value = tokens[...]
                var label: String?
                if tokens.count >= 2, tokens[0].kind == .identifier, tokens[1].isMark(":") {
                    label = tokenizer.text(of: tokens[0])
                    value = tokens[2...]
                }
                guard let first = value.first else { continue }
                switch label {
                case nil:
                    guard reading.tab.label == nil else { continue }
                    reading.tab.label = overflowed ? nil : labelKey(Array(value))
                    if reading.tab.label == nil {
                        tabViewNotFollowed.append(Located("a tab label that is not a string literal or String(localized:): not compared",
                                                          at: location(first)))
                    }
                case "systemImage":
                    if value.count == 1, !overflowed, let icon = tokenizer.stringValue(of: first) {
                        reading.tab.icon = Located(icon, at: location(first))
                    } else {
                        tabViewNotFollowed.append(Located("a tab icon that is not a string literal: not compared", at: location(first)))
                    }
                case "value":
                    reading.tab.value = value.map { tokenizer.text(of: $0) }.joined() + (overflowed ? "…" : "")
                default:
                    break
                }
            }
            tab = reading
        }

        /// `String(localized: "Key")`, `LocalizedStringKey("Key")`, `Text("Key")` or `"Key"`.
        func labelKey(_ t: [SwiftToken]) -> Located<String>? {
            if t.count == 1, let value = tokenizer.stringValue(of: t[0]) { return Located(value, at: location(t[0])) }
            guard t.count >= 4, t[0].word.isLabelCall, t[1].isMark("("), t.last!.isMark(")"), Self.closes(t, from: 1) == t.count - 1
            else { return nil }
            var j = 2
            if j + 1 < t.count, t[j].word == .localized, t[j + 1].isMark(":") { j += 2 }
            guard j < t.count, let value = tokenizer.stringValue(of: t[j]), j + 1 == t.count - 1 || t[j + 1].isMark(",") else { return nil }
            return Located(value, at: location(t[j]))
        }

        /// The index of the bracket closing the one at `open`, or nil.
        static func closes(_ t: [SwiftToken], from open: Int) -> Int? {
            var depth = 0
            for index in open..<t.count where t[index].kind == .punctuation {
                switch t[index].byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            return nil
        }
    }
}
