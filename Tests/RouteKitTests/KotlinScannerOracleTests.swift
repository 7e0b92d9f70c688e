import Testing
@testable import RouteKit

/// The streaming Kotlin scanners (`KotlinTokenWindow`): held to the array scanners they replaced
/// on generated Kotlin, and bounded on the inputs that made those hold a file's every token.
@Suite struct KotlinScannerOracleTests {
    /// What one side says about a project's files, as comparable lines.
    private static func summary(_ files: [KotlinSourceFile], pushes: (([KotlinSourceFile], KotlinRouteHierarchy) -> (PushSites, [Located<String>])))
        -> [String]
    {
        var lines: [String] = []
        for file in files {
            lines.append("file \(file.display)")
            lines += file.declarations.map { "declaration \(String(reflecting: $0))" }
            lines += file.typeUses.map { "type use \($0.name): \($0.types)" }
            lines += file.skipped.map { "skipped \($0.name ?? "-") line \($0.line): \($0.reason)" }
            lines += file.anonymousObjects.map { "anonymous \($0.supertypes) line \($0.line)" }
            lines += file.problems.map { "problem \($0.line):\($0.column) \($0.message)" }
        }
        guard let hierarchy = try? KotlinRouteImporter(routeInterface: "AppRoute").resolve(files) else {
            lines.append("no hierarchy")
            return lines
        }
        let (found, notFollowed) = pushes(files, hierarchy)
        lines += found.map { "push \(String(reflecting: $0))" }
        lines += notFollowed.map { "not followed \($0.value) @\($0.location.line):\($0.location.column)" }
        return lines
    }

    static func streaming(_ sources: [(String, String)]) -> [String] {
        summary(sources.map { KotlinSourceFile(display: $0.0, bytes: Array($0.1.utf8)) }) {
            KotlinPushSiteScanner.pushSites(in: $0, routes: $1)
        }
    }

    static func reference(_ sources: [(String, String)]) -> [String] {
        summary(sources.map { ReferenceKotlinDeclarationScanner.sourceFile(display: $0.0, bytes: Array($0.1.utf8)) }) {
            ReferenceKotlinPushSiteScanner.pushSites(in: $0, routes: $1)
        }
    }

    // MARK: - Generated Kotlin

    static let annotations = ["", "@Serializable ", "@SerialName(\"x/y\") ", "@Immutable\n", "@[A B] ", "@file:JvmName(\"N\")\n", "@Suppress(\"a\", \"b\") "]
    static let parameterLists = [
        "", "()", "(val id: String)", "(override val title: String)", "(val id: Int, override val title: String? = null)",
        "(val title: StringResource = Res.string.home, val subtitle: String = \"s\")", "(private val n: Int = listOf<Int>(1, 2).size)",
        "(val f: (AppRoute) -> Unit = { })", "(vararg val ids: String)", "(val a: Map<String, List<Int>>, val b: Int)",
    ]
    static let bodies = [
        "", " { }", " { override val title = Res.string.info }", " { override val title get() = id }",
        " { override val title: String? get() { val x = 1\n return \"T\" } }", " { override val subtitle = \"x\" + id\n  override val title = null }",
        " { val other = 1; fun f() { val title = \"inner\" } }", " { companion object { val title = \"c\" } }",
        " {\n  override val title\n    get() = name\n      .uppercase()\n}", " { data class Nested(val q: Int) : AppRoute }",
        " { override val title = when (id) { \"a\" -> \"A\"\n else -> \"B\" } }",
    ]

    static func declaration(_ random: inout SeededGenerator, index: Int) -> String {
        let annotation = annotations[Int.random(in: 0 ..< annotations.count, using: &random)]
        let supertype = ["AppRoute", "TabRoute", "com.x.AppRoute", "AppRoute, Other<Int>", "Base(1)", "AppRoute by d"][Int.random(in: 0 ..< 6, using: &random)]
        switch Int.random(in: 0 ..< 8, using: &random) {
        case 0:
            return "\(annotation)data object O\(index) : \(supertype)\(bodies[Int.random(in: 0 ..< 3, using: &random)])"
        case 1:
            return "\(annotation)object W\(index) {\n  data object In\(index) : AppRoute\n  class C\(index)(val title: String) : AppRoute\n}"
        case 2:
            return "sealed interface S\(index) : AppRoute"
        case 3:
            return "abstract class A\(index)<T>(val t: T) : AppRoute where T : Any { }"
        case 4:
            return "val anon\(index) = object : AppRoute { override val title = \"a\" }"
        default:
            let parameters = parameterLists[Int.random(in: 0 ..< parameterLists.count, using: &random)]
            let body = bodies[Int.random(in: 0 ..< bodies.count, using: &random)]
            let keyword = ["data class", "class", "private data class", "class", "value class"][Int.random(in: 0 ..< 5, using: &random)]
            return "\(annotation)\(keyword) R\(index)\(parameters) : \(supertype)\(body)"
        }
    }

    static let titles = [
        "\"Literal\"", "\"\"", "null", "stringResource(Res.string.k)", "t", "label", "\"a $x\"", "\"${f()}\"",
        "if (a) \"x\" else \"y\"", "when (a) { 1 -> \"one\"; else -> \"other\" }", "format(\"x\")", "Res.string.k",
        "\"\"\"raw\"\"\"", "name.uppercase()", "t ?: \"d\"",
    ]

    static func push(_ random: inout SeededGenerator, routes: Int) -> String {
        let route = Int.random(in: 0 ..< max(1, routes), using: &random)
        let title = titles[Int.random(in: 0 ..< titles.count, using: &random)]
        let name = ["R\(route)", "R\(route)", "O\(route)", "In\(route)", "C\(route)", "Missing"][Int.random(in: 0 ..< 6, using: &random)]
        switch Int.random(in: 0 ..< 14, using: &random) {
        case 0: return "navigator.add(\(name))"
        case 1: return "navigate(\(name)(\(title)))"
        case 2: return "backStack.add(\(name)(id = \"x\", title = \(title)))"
        case 3: return "val t = stringResource(Res.string.k\(route))\n    navigator.add(\(name)(t))"
        case 4: return "list.forEach { t -> navigator.add(\(name)(t)) }"
        case 5: return "val f = ::\(name)"
        case 6: return "AppRoute::class.sealedSubclasses.map { it.objectInstance }"
        case 7: return "navigator.add(\(name)(\(name)(1), \(title)))"
        case 8: return "navigator.add(\(name)(*args))"
        case 9: return "onNavigate(\(name))"
        case 10: return "if (x) { navigator.add(\(name)(\(title))) } else { navigate(route = \(name)) }"
        case 11: return "/* navigator.add(\(name)) */ val s = \"navigator.add(\(name))\""
        case 12: return "NavRequest(targetRoute = \(name))"
        default: return "@Composable fun Screen\(route)() { \(name)(\(title)) }"
        }
    }

    static func project(_ random: inout SeededGenerator) -> [(String, String)] {
        let count = Int.random(in: 1 ..< 14, using: &random)
        var routes = "sealed interface AppRoute\nsealed interface TabRoute : AppRoute\n"
        for index in 0 ..< count { routes += declaration(&random, index: index) + "\n" }
        var navigation = "class Navigator { fun add(route: AppRoute) {} }\nclass NavRequest(val targetRoute: AppRoute)\n"
            + "fun go(navigator: Navigator, navigate: (AppRoute) -> Unit, onNavigate: (route: AppRoute) -> Unit) {\n"
        for _ in 0 ..< Int.random(in: 0 ..< 40, using: &random) { navigation += "    " + push(&random, routes: count) + "\n" }
        navigation += "}\n"
        var files = [("Routes.kt", routes), ("Nav.kt", navigation)]
        // Some files cut short: unterminated bodies, calls and strings.
        if Int.random(in: 0 ..< 4, using: &random) == 0 {
            let which = Int.random(in: 0 ..< 2, using: &random)
            let bytes = Array(files[which].1.utf8)
            let cut = Int.random(in: 0 ..< bytes.count, using: &random)
            files[which].1 = String(decoding: bytes[..<cut], as: UTF8.self)
        }
        return files
    }

    @Test func agreesWithTheArrayScannersOnGeneratedKotlin() {
        var random = SeededGenerator(seed: 2026_1202)
        var pushes = 0, declarations = 0, notFollowed = 0, skipped = 0, disagreements: [String] = []
        for round in 0 ..< 1_000 {
            let files = Self.project(&random)
            let streamed = Self.streaming(files), old = Self.reference(files)
            if streamed != old, disagreements.count < 3 {
                let first = zip(streamed, old).first { $0 != $1 }
                disagreements.append("round \(round): \(first.map { "\($0.0)\n  old: \($0.1)" } ?? "counts \(streamed.count) vs \(old.count)")\n"
                    + files.map { "--- \($0.0)\n\($0.1)" }.joined(separator: "\n"))
            }
            pushes += old.count { $0.hasPrefix("push ") }
            declarations += old.count { $0.hasPrefix("declaration ") }
            notFollowed += old.count { $0.hasPrefix("not followed ") }
            skipped += old.count { $0.hasPrefix("skipped ") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n\n"))")
        // The generator reaches every outcome often.
        #expect(pushes > 500 && declarations > 5_000 && notFollowed > 100 && skipped > 10, "\(pushes) \(declarations) \(notFollowed) \(skipped)")
    }

    // MARK: - Bounds

    /// The window holds the tokens still looked at, not the file's.
    @Test func pushesOfAWholeFileAreReadInABoundedWindow() {
        let source = "sealed interface AppRoute\ndata class D(val x: Int) : AppRoute\nfun go(navigate: (AppRoute) -> Unit) {\n"
            + String(repeating: "D(x)", count: 50_000) + "}\n"
        var window = KotlinTokenWindow(bytes: Array(source.utf8))
        var k = 0, largest = 0
        while window.has(k) {
            window.release(before: k)
            largest = max(largest, window.held)
            k += 1
        }
        #expect(k > 200_000)
        #expect(largest < 8_192, "\(largest) tokens held at once")
        let files = [KotlinSourceFile(display: "N.kt", text: source)]
        let hierarchy = try? KotlinRouteImporter(routeInterface: "AppRoute").resolve(files)
        let (pushes, _) = KotlinPushSiteScanner.pushSites(in: files, routes: hierarchy!)
        #expect(pushes.count == 50_000)
    }

    /// Brackets deeper than the bound are counted, not matched: what they enclose is not read as
    /// a call or a body, the rest of the file is, and a notice says where the first one was.
    @Test func bracketsTooDeepAreNotMatchedAndNoticed() {
        let source = "sealed interface AppRoute\ndata class D(val x: Int) : AppRoute\n"
            + "class Navigator { fun add(route: AppRoute) {} }\nfun go(n: Navigator) {\n"
            + String(repeating: "(", count: 100_000) + "n.add(D(1))" + String(repeating: ")", count: 100_000)
            + "\n  n.add(D(2))\n}\ndata class E(val y: Int) : AppRoute\n"
        let file = KotlinSourceFile(display: "N.kt", text: source)
        #expect(file.skipped.map(\.reason) == ["brackets nested more than 256 deep: what they enclose is not read"])
        #expect(file.declarations.map(\.name) == ["AppRoute", "D", "Navigator", "E"])
        let hierarchy = try? KotlinRouteImporter(routeInterface: "AppRoute").resolve([file])
        let (pushes, notFollowed) = KotlinPushSiteScanner.pushSites(in: [file], routes: hierarchy!)
        #expect(pushes.map { "\($0.route)@\($0.location.line)" } == ["D@6"])
        #expect(notFollowed.map(\.value) == ["brackets nested more than 256 deep: pushes inside them are not followed"])
        #expect(notFollowed.first?.location.line == 5 && notFollowed.first?.location.column == 256)
    }

    /// A construction whose arguments outrun the look-ahead is reported, not read.
    @Test func aConstructionLongerThanTheLookAheadIsNotFollowed() {
        let literals = String(repeating: "1 -> \"t\"; ", count: KotlinTokenWindow.lookaheadLimit / 4 + 10)
        let source = "sealed interface AppRoute\ndata class D(override val title: String) : AppRoute\n"
            + "class Navigator { fun add(route: AppRoute) {} }\nfun go(n: Navigator) {\n  n.add(D(when (a) { \(literals)else -> \"x\" }))\n}\n"
        let file = KotlinSourceFile(display: "N.kt", text: source)
        let hierarchy = try? KotlinRouteImporter(routeInterface: "AppRoute").resolve([file])
        let (pushes, notFollowed) = KotlinPushSiteScanner.pushSites(in: [file], routes: hierarchy!)
        #expect(pushes.isEmpty)
        #expect(notFollowed.map(\.value) == ["a construction of D whose arguments are longer than 262144 tokens: not followed"])
    }
}
