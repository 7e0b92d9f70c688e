import Foundation
import Testing
@testable import RouteKit

/// The Swift tokenizer, the push-site scanner and the tab scanner on small inputs, and bad input
/// that must end in `code-not-followed` findings, never a crash or a hang.
@Suite struct AppCodeReaderTests {
    // MARK: - Swift tokenizer

    @Test func swiftStringsCommentsAndColumns() {
        let tokens = SwiftTokenizer.tokenize("""
            /* a /* nested */ comment */ let ä = "x\\(y("z"))" // tail
            let b = #"raw "quoted" \\#(v)"#; let c = \"\"\"
              multi
              \"\"\"
            Tab("Ü\\u{301}ber")
            """).tokens
        #expect(tokens.map(\.text).prefix(4) == ["let", "ä", "=", "\"…\""])
        #expect(tokens[1].column == 34)
        #expect(tokens[3].stringValue == nil)  // interpolated
        let raw = tokens.first { $0.line == 2 && $0.kind == .string }
        #expect(raw?.stringValue == nil)
        let multi = tokens.last { $0.line == 2 && $0.kind == .string }
        #expect(multi?.stringValue == "  multi\n  ")  // the newline after the opening quotes is not part of it
        let label = tokens.first { $0.line == 5 && $0.kind == .string }
        #expect(label?.stringValue == "U\u{308}\u{301}ber".replacingOccurrences(of: "U\u{308}", with: "Ü"))
        #expect(label?.column == 5)
    }

    @Test func swiftBadInputIsReportedNotFatal() {
        for source in ["let a = \"open", "let a = \"\"\"\nnever closed", "/* open", "let a = \"\\(b(\"", "#\"raw", "`name",
                       String(repeating: "\"\\(", count: 200)] {
            let tokenizer = SwiftTokenizer.tokenize(source)
            #expect(!tokenizer.problems.isEmpty, "\(source.prefix(20))")
        }
    }

    // MARK: - Kotlin push sites

    private func code(kotlin: [String: String], swift: [String: String] = [:]) throws -> AppCode {
        var files = [".routekit.yml": "strings: [s.yml]\nsources: { kotlin: [\"k/*.kt\"], swift: [\"s/*.swift\"] }\n", "s.yml": "en: {}\n"]
        for (name, text) in kotlin { files["k/\(name)"] = text }
        for (name, text) in swift { files["s/\(name)"] = text }
        let directory = try TemporaryDirectory().write(files)
        let config = try ProjectConfig.load(path: directory.path(".routekit.yml"))
        return try AppCode.load(config: config)
    }

    static let routes = """
        sealed interface AppRoute { val title: String? get() = null }
        data class A(val id: String, override val title: String? = null) : AppRoute
        data object B : AppRoute
        class Nav { fun go(route: AppRoute) {} }

        """

    @Test func titlesAtPushSites() throws {
        let code = try code(kotlin: ["R.kt": Self.routes + """
            fun f(nav: Nav, x: X) {
                val t = stringResource(Res.string.a_title)
                nav.go(A("1", t))
                nav.go(A("1"))
                nav.go(A(id = "1", title = ""))
                nav.go(A("1", x.name))
                run { t -> nav.go(A("1", t)) }
                nav.go(B)
                val list = listOf(B)
                A(onBack = {}, id = "composable")
            }
            """])
        let summaries = code.pushSites.map { "\($0.location.line):\($0.route):\($0.via ?? "-"):\($0.title.summary)" }
        #expect(summaries == [
            "7:A:nav.go:a_title", "8:A:nav.go:the default (null)", "9:A:nav.go:\"\"", "10:A:nav.go:the value `x.name`",
            "11:A:nav.go:the value `t`", "12:B:nav.go:no title property",
        ])
    }

    @Test func constructorReferencesAndReflectionAreNamed() throws {
        let code = try code(kotlin: ["R.kt": Self.routes + """
            val make = ::A
            val all = AppRoute::class.sealedSubclasses
            """])
        #expect(code.notFollowed.map { "\($0.location.line):\($0.location.column)" } == ["5:12", "6:27"])
        #expect(code.notFollowed.first?.value.contains("::A") == true)
    }

    @Test func kotlinBadInputIsReportedNotFatal() throws {
        let nested = "val s = \"" + String(repeating: "${\"", count: 100) + "\n"
        let code = try code(kotlin: [
            "R.kt": Self.routes,
            "unterminated.kt": "val a = \"open\nval b = \"\"\"raw never closed\n",
            "template.kt": "val s = \"${\"${x}\"}\"\nval t = \"${\n",
            "braces.kt": "fun f() { { { nav.go(A(\"1\", null)\n",
            "nested.kt": nested,
        ])
        let files = Set(code.notFollowed.map { ($0.location.file as NSString).lastPathComponent })
        #expect(files.isSuperset(of: ["unterminated.kt", "template.kt", "nested.kt"]))
        // The push in an unbalanced file is still read: the bracket is never closed, so no push.
        #expect(!code.pushSites.contains { $0.location.file.hasSuffix("braces.kt") && $0.title.isMissing == false })
    }

    @Test func invalidUTF8AndOversizedFilesAreNamed() throws {
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [s.yml]\nlimits: { file-size: 1000000 }\nsources: { kotlin: [\"k/*.kt\"] }\n", "s.yml": "en: {}\n",
            "k/R.kt": Self.routes,
        ])
        var bytes = Array("val a = 1\nval \u{00E4}b = ".utf8)
        bytes += [0xFF, 0xFE, 0x0A]
        try Data(bytes).write(to: directory.url.appendingPathComponent("k/bad.kt"))
        try Data(repeating: 0x20, count: 10 << 20).write(to: directory.url.appendingPathComponent("k/huge.kt"))
        let code = try AppCode.load(config: try ProjectConfig.load(path: directory.path(".routekit.yml")))
        let byFile = Dictionary(code.notFollowed.map { (($0.location.file as NSString).lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byFile["bad.kt"].map { "\($0.location.line):\($0.location.column)" } == "2:10")
        #expect(byFile["huge.kt"]?.value.contains("not read") == true)
        #expect(code.kotlinRoutes.count == 2)
    }

    @Test func aMegabyteKotlinFileIsReadQuickly() throws {
        var text = Self.routes
        let line = "fun f(nav: Nav) { nav.go(A(\"1\", stringResource(Res.string.k))) } // \"${x}\" /* c */\n"
        while text.utf8.count < 1 << 20 { text += line }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let code = try code(kotlin: ["big.kt": text])
            #expect(code.pushSites.count > 10_000)
        }
        #expect(elapsed < .seconds(60))
    }

    // MARK: - Swift tabs

    @Test func tabsFromATabViewAndTheViewTheyShow() throws {
        let code = try code(kotlin: ["R.kt": Self.routes], swift: ["V.swift": """
            struct Main: View {
                var body: some View {
                    TabView {
                        Tab("One", systemImage: "1.circle", value: 1) { Root(route: B()) }
                        Tab(LocalizedStringKey("Two"), systemImage: icon, value: 2) { Plain() }
                    }
                }
            }
            struct Root: View { var body: some View { Text("").navigationTitle("x") } }
            struct Plain: View { var body: some View { Text("").sheet { Text("").navigationTitle("y") } } }
            """])
        #expect(code.tabs.map { $0.label?.value } == ["One", "Two"])
        #expect(code.tabs.map { $0.icon?.value } == ["1.circle", nil])
        #expect(code.tabs.map(\.appliesNavigationTitle) == [true, false])
        #expect(code.tabs.first?.rootCandidates.map(\.value) == ["B"])
        #expect(code.notFollowed.map(\.location.line) == [5])
    }
}
