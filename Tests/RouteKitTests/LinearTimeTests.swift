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
        let project = try Project.load(config: try ProjectConfig.load(path: directory.path(".routekit.yml")))
        let start = ContinuousClock.now
        let findings = Linter.lint(project, selection: LintSelection(only: ["literal-title"])).diagnostics
        #expect(findings.count == branches)
        #expect(findings.last?.message == "DetailScreen is pushed with the literal title \"t\(branches - 1)\", shown untranslated in every locale")
        #expect(findings.map { $0.location?.column ?? 0 }.allSatisfy { $0 > 40 })
        #expect(findings.map(\.route) == Array(repeating: "DetailScreen", count: branches))
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}
