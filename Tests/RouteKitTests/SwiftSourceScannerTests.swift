import Testing
@testable import RouteKit

/// The streaming Swift reader: held to the array-based reader it replaced on generated SwiftUI,
/// and bounded on the inputs that made that one hold a file's every token.
@Suite struct SwiftSourceScannerTests {
    /// What both readers say about a set of files, as comparable text.
    private static func summary(tabs: [SwiftTab], tabView: RouteKit.SourceLocation?, notFollowed: [Located<String>],
                                empty: [RouteKit.SourceLocation], native: Bool) -> [String] {
        func place(_ location: RouteKit.SourceLocation?) -> String { location.map { "\($0.file):\($0.line):\($0.column)" } ?? "-" }
        var lines = tabs.map { tab in
            ["tab \(place(tab.location))", "label \(tab.label.map { "\($0.value)@\(place($0.location))" } ?? "-")",
             "icon \(tab.icon.map { "\($0.value)@\(place($0.location))" } ?? "-")", "value \(tab.value ?? "-")",
             "root \(tab.rootView ?? "-")", "candidates \(tab.rootCandidates.map { "\($0.value)@\(place($0.location))" })",
             "title \(tab.appliesNavigationTitle.map(String.init) ?? "-")"].joined(separator: " | ")
        }
        lines.append("tabView \(place(tabView))")
        lines += notFollowed.map { "not followed \($0.value) @\(place($0.location))" }
        lines += empty.map { "empty title @\(place($0))" }
        lines.append("native \(native)")
        return lines
    }

    private static func streaming(_ files: [(String, String)]) -> [String] {
        var scanner = SwiftSourceScanner()
        for (name, text) in files { _ = scanner.read(name, bytes: Array(text.utf8)) }
        return summary(tabs: scanner.tabs, tabView: scanner.tabViewLocation, notFollowed: scanner.notFollowed,
                       empty: scanner.emptyNavigationTitles, native: scanner.usesNativeNavigation)
    }

    /// As `sources:` reads them: each file by a scanner of its own (side by side) without its
    /// tabs, added in order (a TabView file read again until one gives the tabs).
    private static func sideBySide(_ files: [(String, String)]) -> (lines: [String], readAgain: Int) {
        var scanner = SwiftSourceScanner()
        var readAgain = 0
        for (name, text) in files {
            var alone = SwiftSourceScanner()
            _ = alone.read(name, bytes: Array(text.utf8), readingTabs: false)
            if scanner.add(alone, display: name, bytes: Array(text.utf8)) { readAgain += 1 }
        }
        return (summary(tabs: scanner.tabs, tabView: scanner.tabViewLocation, notFollowed: scanner.notFollowed,
                        empty: scanner.emptyNavigationTitles, native: scanner.usesNativeNavigation), readAgain)
    }

    private static func reference(_ files: [(String, String)]) -> [String] {
        let tokenized = files.map { (display: $0.0, tokens: SwiftTokenizer.tokenize($0.1).tokens) }
        let scanner = ReferenceSwiftTabScanner(files: tokenized)
        let empty = tokenized.flatMap { file in
            ReferenceSwiftTabScanner.emptyNavigationTitles(file.tokens).map { RouteKit.SourceLocation(file: file.display, line: $0.line, column: $0.column) }
        }
        let native = tokenized.contains { $0.tokens.contains { $0.kind == .identifier && SwiftSourceScanner.nativeContainers.contains($0.text) } }
        return summary(tabs: scanner.tabs, tabView: scanner.tabViewLocation, notFollowed: scanner.notFollowed, empty: empty, native: native)
    }

    // MARK: - Generated SwiftUI

    /// View bodies: plain, titled, titled only inside another screen, nested types, comments and strings.
    static let bodies = [
        #"Text("a")"#,
        #"List { Text("x") }.navigationTitle("Schedule")"#,
        #"Text("x").sheet(isPresented: $shown) { Text("y").navigationTitle("Sheet") }"#,
        #"Text("x").navigationDestination(for: R.self) { r in Detail(r).navigationTitle("D") }"#,
        #"NavigationStack { Inner().navigationTitle(Text("")) }"#,
        #"VStack { Text("\(n) \("q")") /* .navigationTitle("no") */ }.navigationTitle("")"#,
        ##"Text(#"raw "x" \#(v)"#).popover(item: $i) { _ in EmptyView() }.navigationTitle(title)"##,
        "Text(\"\"\"\n  multi\n  \"\"\").fullScreenCover(isPresented: $b, content: { Other() })",
        #"Group { struct Nested: View { var body: some View { Text("n").navigationTitle("N") } }; Nested() }"#,
    ]

    static let labels = [#""Home""#, #"String(localized: "Talks")"#, #"Text("Map")"#, "title", #"LocalizedStringKey("K", comment: "c")"#, "\"a\\(b)\""]
    static let icons = [#", systemImage: "star""#, ", systemImage: icon", "", #", systemImage: "x", value: .home"#, ", value: 2"]
    static let contents = [
        "{ ScheduleView() }", "{ NavigationStack { SpeakersView() } }", "{ MapScreen.shared }", #"{ Text("x").navigationTitle("t") }"#,
        "{ Main(route: InfoScreen()) }", "{ V0() }", "{ V1().sheet(isPresented: $b) { V2() } }", "",
        ", content: { V3() }", "{ Missing() }",
    ]

    static func entry(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return "ForEach(items) { item in Tab(item.title, systemImage: \"x\") { Text(\"\") } }"
        case 1: return "// Tab(\"commented\") { }"
        case 2: return "if flag { Tab(\"Cond\", systemImage: \"c\") { CondView() } }"
        default:
            let content = contents[Int.random(in: 0..<contents.count, using: &random)]
            let label = labels[Int.random(in: 0..<labels.count, using: &random)]
            let arguments = (Int.random(in: 0..<6, using: &random) == 0 ? "value: 1, " : "") + label + icons[Int.random(in: 0..<icons.count, using: &random)]
            return content.hasPrefix(",") ? "Tab(\(arguments)\(content))" : "Tab(\(arguments)) \(content)"
        }
    }

    static func file(_ random: inout SeededGenerator, types: Int) -> String {
        var text = "import SwiftUI\n\n"
        for index in 0..<types where Int.random(in: 0..<3, using: &random) != 0 {
            let keyword = Int.random(in: 0..<4, using: &random) == 0 ? "class" : "struct"
            text += "\(keyword) V\(index): View {\n    var body: some View {\n        \(bodies[Int.random(in: 0..<bodies.count, using: &random)])\n    }\n}\n\n"
        }
        if Int.random(in: 0..<3, using: &random) != 0 {
            let entries = (0..<(1 + Int.random(in: 0..<5, using: &random))).map { _ in "            " + entry(&random) }.joined(separator: "\n")
            let head = Int.random(in: 0..<2, using: &random) == 0 ? "TabView" : "TabView(selection: $selection)"
            text += "struct ContentView: View {\n    var body: some View {\n        \(head) {\n\(entries)\n        }\n"
                + (Int.random(in: 0..<3, using: &random) == 0 ? "        .tabViewStyle(.sidebarAdaptable)\n" : "") + "    }\n}\n"
        }
        return text
    }

    @Test func agreesWithTheArrayReaderOnGeneratedSwiftUI() {
        var random = SeededGenerator(seed: 20261202)
        var seen: [String: Int] = [:]
        for round in 0..<1_000 {
            let files = (0..<(1 + Int.random(in: 0..<3, using: &random))).map { ("F\($0).swift", Self.file(&random, types: 5)) }
            let expected = Self.reference(files)
            let actual = Self.streaming(files)
            #expect(actual == expected, "round \(round):\n\(files.map(\.1).joined(separator: "\n// ---\n"))")
            let sideBySide = Self.sideBySide(files)
            seen["readAgain", default: 0] += sideBySide.readAgain
            #expect(sideBySide.lines == actual, "side by side, round \(round):\n\(files.map(\.1).joined(separator: "\n// ---\n"))")
            if actual != expected { return }
            for line in expected { seen[String(line.prefix { $0 != " " }), default: 0] += 1 }
            seen["applied", default: 0] += expected.filter { $0.hasSuffix("title true") }.count
            seen["unknown", default: 0] += expected.filter { $0.hasSuffix("title -") }.count
        }
        // The generator reaches every outcome, many times.
        #expect(["tab", "tabView", "not", "empty", "applied", "unknown", "readAgain"].allSatisfy { seen[$0, default: 0] > 100 }, "\(seen)")
    }

    // MARK: - Bounds

    /// A file of one-byte tokens: read with no token held (the array reader held 15 M tokens of
    /// 80 bytes for 15 MB of `;`), so memory stays at the file's bytes.
    @Test func aFileOfSemicolonsHoldsNoTokens() {
        var scanner = SwiftSourceScanner()
        let problems = scanner.read("V.swift", bytes: [UInt8](repeating: UInt8(ascii: ";"), count: 1_000_000))
        #expect(problems.isEmpty)
        #expect(scanner.tabs.isEmpty)
    }

    @Test func bracketsNestedTooDeeplyEndTheFileReported() {
        var scanner = SwiftSourceScanner()
        let text = "let a = 1\n" + String(repeating: "(", count: 8_000) + String(repeating: ")", count: 8_000)
        let problems = scanner.read("V.swift", bytes: Array(text.utf8))
        #expect(problems.map { "\($0.line):\($0.column) \($0.message)" }
            == ["2:257 brackets nested more than 256 deep: the rest of the file is not read"])
        // 256 deep is read.
        var shallow = SwiftSourceScanner()
        #expect(shallow.read("W.swift", bytes: Array((String(repeating: "(", count: 256) + String(repeating: ")", count: 256)).utf8)).isEmpty)
    }

    /// A `Tab`'s arguments are kept up to a bound: a label of a thousand tokens is not a literal.
    @Test func aLongTabArgumentIsNotFollowedNotHeld() {
        let label = "a" + String(repeating: " + b", count: 1_000)
        let files = [("T.swift", "TabView { Tab(\(label), systemImage: \"s\") { Home() } }")]
        let lines = Self.streaming(files)
        #expect(lines.contains { $0.hasPrefix("not followed a tab label that is not a string literal") })
        #expect(lines.first?.contains("icon s@") == true)
    }

    /// Unlike the array reader, a `Tab` written in a `ForEach`'s arguments (not only its closure)
    /// is reported, not read as an entry: the `ForEach` builds it.
    @Test func aTabInForEachArgumentsIsNotAnEntry() {
        let files = [("T.swift", #"TabView { ForEach(items, content: { Tab($0.title) { V() } }) }"#)]
        let lines = Self.streaming(files)
        #expect(lines.contains("not followed a Tab built in a ForEach: its tabs are not read @T.swift:1:11"))
        #expect(!lines.contains { $0.hasPrefix("tab ") })
    }
}
