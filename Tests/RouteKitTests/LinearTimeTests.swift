import Foundation
import Testing
@testable import RouteKit

/// Readers whose time grew faster than their input ("Hostile input, round 3", items 6–10). Each
/// test checks the work done, counted, rather than a time: it fails on the code before the fix
/// whatever the machine's speed.
@Suite struct LinearTimeTests {
    // MARK: - 6. strings.xml elements on one line

    /// Positions asked for every element of a one-line file: each byte is counted once for
    /// columns (the tracker counted from the line's start at each element: 160,000 `<foo/>` on
    /// one line took 44–59 s).
    @Test func columnsOnOneLineAreCountedOnce() {
        let element = Array("<foo/>".utf8)
        let bytes = Array("<resources>".utf8) + Array([[UInt8]](repeating: element, count: 10_000).joined()) + Array("</resources>".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var tracker = LineTracker()
            for index in 0 ..< 10_000 {
                let offset = 11 + index * element.count
                #expect(tracker.position(of: offset, in: buffer) == (1, offset + 1))
            }
            #expect(tracker.columnBytesCounted <= buffer.count)
        }
    }

    /// The incremental column agrees with counting afresh across lines, CRLF and non-ASCII text.
    @Test func incrementalColumnsMatchCountingAfresh() {
        let text = "<resources>\r\n  <string name=\"ä\">Grüße</string><string name=\"b\">日本</string>\n<x/>\n</resources>"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var tracker = LineTracker()
            for offset in 0 ... buffer.count {
                let expected = TextPosition.locate(offset: offset, in: buffer)
                #expect(tracker.position(of: offset, in: buffer) == expected, "offset \(offset)")
            }
        }
    }

    /// Through the reader: elements on one line get their own columns.
    @Test func oneLineResourcesHaveTheirColumns() throws {
        let text = "<resources>" + (0 ..< 3).map { "<string name=\"k\($0)\">v</string>" }.joined() + "</resources>"
        let document = try Array(text.utf8).withUnsafeBufferPointer { try AndroidResources.scan($0) }
        #expect(document.resources.map(\.line) == [1, 1, 1])
        #expect(document.resources.map(\.column) == [12, 40, 68])
    }

    // MARK: - 7. Kotlin: literal titles inside one push

    /// A push whose title is a `when` of 8,000 literals: a `literal-title` finding each, and each
    /// finding's message and place made from its own literal. Made from the whole push each (the
    /// old code), the findings' fields take 8,000 × 8,000 literals: 171 s for this test in a debug
    /// build; now under a second. (Only a size shows it: the work is in the findings' fields,
    /// which count nothing.)
    @Test func literalsOfOnePushMakeTheirFindingsAlone() throws {
        let branches = 8_000
        let arms = (0 ..< branches).map { "\($0) -> \"t\($0)\"" }.joined(separator: "; ")
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [s.yml]\nsources: { kotlin: [\"*.kt\"] }\n",
            "s.yml": "en:\n  a: b\n",
            "routes.yml": "routes:\n  A: { tab: { icon: x }, title: a }\n  DetailScreen: { title: a }\n",
            "Routes.kt": "sealed interface AppRoute\ndata class DetailScreen(override val title: String) : AppRoute\n"
                + "class Navigator { fun add(route: AppRoute) {} }\n",
            "Nav.kt": "fun go(navigator: Navigator, a: Int) {\n    navigator.add(DetailScreen(when (a) { \(arms) }))\n}\n",
        ])
        let project = try directory.loadProject()
        let start = ContinuousClock.now
        let findings = Linter.lint(project, selection: LintSelection(only: ["literal-title"])).diagnostics
        #expect(findings.count == branches)
        #expect(findings.last?.message == "DetailScreen is pushed with the literal title \"t\(branches - 1)\", shown untranslated in every locale")
        #expect(findings.map { $0.location?.column ?? 0 }.allSatisfy { $0 > 40 })
        #expect(findings.map(\.route) == Array(repeating: "DetailScreen", count: branches))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    // MARK: - 8, 9. Did-you-mean over long unknown names

    /// A word longer than anyone types gets no suggestion, and no candidate is compared (a
    /// 1,000-character unknown key was compared with each of 40,000 keys, a million cells each).
    @Test func aLongWordComparesNoCandidate() {
        let keys = (0 ..< 40_000).map { "key_\($0)" }
        var search = SuggestionSearch(String(repeating: "k", count: 1_000))
        #expect(search.closest(among: keys) == nil)
        #expect(search.candidatesCompared == 0)
        #expect(search.candidatesLookedAt == 0)
    }

    /// Candidates of a length too far from the word's are skipped without a distance.
    @Test func candidatesOfAnotherLengthAreNotCompared() {
        let keys = (0 ..< 1_000).map { "a_much_longer_key_than_the_word_\($0)" } + ["titel"]
        var search = SuggestionSearch("title")
        #expect(search.closest(among: keys) == "titel")
        #expect(search.candidatesCompared == 1)
    }

    /// However many candidates, at most `maxCandidates` are looked at and `maxCells` cells (and
    /// one candidate's) computed; a short word is compared with all of 20,000 within them.
    @Test func comparisonsAreBounded() {
        let longKeys = (0 ..< 300_000).map { String(format: "some_long_key_of_a_large_table_%06d", $0) }
        var search = SuggestionSearch(String(repeating: "z", count: 36))
        #expect(search.closest(among: longKeys) == nil)
        #expect(search.cellsComputed <= SuggestionSearch.maxCells + SuggestionSearch.maxWordLength * 43)
        #expect(search.candidatesLookedAt <= SuggestionSearch.maxCandidates + 1)
        #expect(search.candidatesCompared < 300_000)

        let routes = (0 ..< 20_000).map { "Route\($0)" }
        var short = SuggestionSearch("Ruote12345")
        #expect(short.closest(among: routes) == "Route12345")
        #expect(short.candidatesLookedAt == 20_000)
    }

    /// The bounded distance is the distance whenever it is within the limit, and nil beyond.
    @Test func boundedDistanceAgreesWithTheWholeOne() {
        var generator = SeededGenerator(seed: 7)
        let letters = Array("abcd".utf8)
        for _ in 0 ..< 2_000 {
            let a = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let b = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let whole = editDistance(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            for limit in 0 ... 6 {
                var cells = 0
                #expect(boundedEditDistance(a, b, limit: limit, cells: &cells) == (whole <= limit ? whole : nil), "\(a) \(b) \(limit)")
                #expect(cells <= a.count * (2 * limit + 1))
            }
        }
    }

    /// `title --batch`'s unknown route: no suggestion for a name of 100 KB, one for a typo; the
    /// same bounded search as every suggestion's.
    @Test func anUnknownRouteOf100KBGetsNoSuggestion() throws {
        let routes = (0 ..< 20_000).map { "  Route\($0): { title: a }\n" }.joined()
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [s.yml]\n", "s.yml": "en:\n  a: b\n",
            "routes.yml": "routes:\n  A: { tab: { icon: x }, title: a }\n" + routes,
        ])
        let resolver = TitleResolver(project: try directory.loadProject())
        #expect(throws: ResolutionError.self) { try resolver.push(String(repeating: "R", count: 100_000), locales: ["en"]) }
        do {
            _ = try resolver.push("Ruote12345", locales: ["en"])
            Issue.record("an unknown route resolved")
        } catch {
            #expect(error.message.hasSuffix("did you mean 'Route12345'?"))
        }
    }

    // MARK: - 10. Config globs

    /// 200 patterns over 60 folders: each folder is listed once, not once per pattern, and the
    /// matches are those of each pattern expanded alone.
    @Test func manyPatternsWalkTheTreeOnce() throws {
        var files: [String: String] = [:]
        for folder in 0 ..< 60 { files["t/a\(folder / 10)/b\(folder % 10)/n\(folder).yml"] = "en: {}\n" }
        files[".hidden/n1.yml"] = "en: {}\n"
        let directory = try TemporaryDirectory().write(files)
        let patterns = (0 ..< 200).map { "t/**/n\($0)*.yml" } + ["**/n1.yml", "t/a{1,2}/*/n?.yml", ".hidden/*.yml", "t/a0/b0/n0.yml"]
        let root = directory.url.path
        let walk = GlobWalk(patterns: patterns.map { Glob.braceAlternatives($0)! }, root: root, confinedTo: nil)
        // The root, `t`, its 6 folders and their 60, `.hidden` once.
        #expect(walk.directoriesListed <= 1 + 1 + 6 + 60 + 1)
        let together = Glob.expand(patterns, root: root, confinedTo: nil)
        for (pattern, expansion) in zip(patterns, together) {
            #expect(expansion.matches == Glob.expand(pattern, root: root), "\(pattern)")
        }
        #expect(together[1].matches.map { PathUtilities.relative($0, to: root) } == ["t/a0/b1/n1.yml", "t/a1/b0/n10.yml"] + (11 ... 19).map { "t/a1/b\($0 % 10)/n\($0).yml" })
    }

    // MARK: - Lone surrogates in a String Catalog

    /// 60,000 lone surrogate escapes on one line (a key each), and more on lines below: each is
    /// placed from the one before. Placed afresh each (the code before), the file was read again
    /// per escape: 60,000 × 180 KB on average, minutes in a debug build; now well under a second.
    @Test func loneSurrogatesArePlacedInOnePass() throws {
        let count = 60_000
        let line = (0 ..< count).map { "\"k\($0)\\ud800\" : { }, " }.joined()
        let text = "{ \"sourceLanguage\" : \"en\", \"strings\" : { " + line + "\n\"x\\udc00\" : { }, \"y\\ud800\" : { } } }"
        let result = XCStringsReader.read(bytes: Array(text.utf8), path: "t.xcstrings", baseLocale: "en", limits: .default)
        let findings = result.file.allDiagnostics.filter { $0.rule == "json-syntax" }
        #expect(findings.count == count + 2)
        let places = findings.compactMap { $0.location.map { "\($0.line):\($0.column)" } }
        #expect(places.prefix(2) == ["1:45", "1:63"])
        #expect(places.suffix(2) == ["2:3", "2:20"])
    }
}
