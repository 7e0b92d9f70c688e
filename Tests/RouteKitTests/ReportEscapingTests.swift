import Foundation
import Testing
@testable import RouteKit

/// Second-round escaping: bidi marks are unsafe everywhere, Markdown never autolinks a URL from
/// the input, GitHub's `file=` is the real path or absent, and one report file that cannot be
/// written does not stop the others.
@Suite struct ReportEscapingTests {
    @Test func bidiMarksAreMadeVisible() {
        for mark in ["\u{200E}", "\u{200F}", "\u{061C}"] {
            let scalar = mark.unicodeScalars.first!
            #expect(ReportText.isUnsafe(scalar))
            let shown = ReportText.neutralized("a\(mark)b")
            #expect(shown == "a\\u{\(String(scalar.value, radix: 16, uppercase: true))}b")
            let report = LintReport(
                diagnostics: [Finding(rule: "empty-translation", severity: .error, message: "key 'k\(mark)' is empty",
                                         location: SourceLocation(file: "/project/s.yml", line: 1, column: 1), key: "k\(mark)")],
                summary: LintSummary(errors: 1), rules: ReportFixtures.rules, root: "/project")
            for output in [TextReporter(workingDirectory: "/project").render(report), MarkdownReporter().render(report),
                           GitHubReporter(workingDirectory: "/project").render(report)] {
                #expect(!output.unicodeScalars.contains(scalar), "\(output)")
            }
        }
    }

    @Test func markdownDoesNotAutolink() {
        let cell = MarkdownReporter.cell("key https://evil.example/login, HTTP://x.y, ftp://f.g and www.evil.example or WWW.X.Y")
        for link in ["https://", "HTTP://", "ftp://", "www.", "WWW."] {
            #expect(!cell.contains(link), "\(cell)")
        }
        #expect(cell.contains("https:\u{2060}//evil.example/login"))
        #expect(cell.contains("www\u{2060}.evil.example"))
        // Ordinary text keeps its colons and dots.
        #expect(MarkdownReporter.cell("a: b. wwwx.y") == "a: b. wwwx.y")
    }

    @Test func githubFileIsTheRealPathOrAbsent() {
        let report = LintReport(
            diagnostics: [
                Finding(rule: "yaml-syntax", severity: .error, message: "m",
                           location: SourceLocation(file: "/project/dir with space/é,a:b%.yml", line: 2, column: 3)),
                Finding(rule: "yaml-syntax", severity: .error, message: "m",
                           location: SourceLocation(file: "/project/a\u{202E}b.yml", line: 2, column: 3)),
            ],
            summary: LintSummary(errors: 2), rules: ReportFixtures.rules, root: "/project")
        let lines = GitHubReporter(workingDirectory: "/project").render(report).split(separator: "\n").map(String.init)
        // The runner decodes %25, %2C and %3A: the file it looks up is the real one.
        #expect(lines[0] == "::error file=dir with space/é%2Ca%3Ab%25.yml,line=2,col=3,title=yaml-syntax::m")
        // A visible escape would name a file that does not exist: no `file=`, the path in the message.
        #expect(lines[1] == "::error title=yaml-syntax::a\\u{202E}b.yml: m")
    }

    @Test func oneFailingReportFileDoesNotStopTheOthers() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [s.yml]\n", "s.yml": "en:\n  a: \"\"\n"])
        let result = try CLI.run(["lint", "--format", "json:\(dir.path("missing/r.json"))", "--format", "sarif:\(dir.path("r.sarif"))",
                                  "--format", "text"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write \(dir.path("missing/r.json"))"), "\(result.stderr)")
        let sarif = try Data(contentsOf: URL(fileURLWithPath: dir.path("r.sarif")))
        #expect((try JSONSerialization.jsonObject(with: sarif)) is [String: Any])
        #expect(result.stdout.contains("empty-translation"))
    }
}
