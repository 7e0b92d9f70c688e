import Foundation
import Testing
@testable import RouteKit

/// A finding whose message, route, key and file name are hostile: every format stays
/// well-formed and nothing is injected.
@Suite struct ReportHostileTextTests {
    let report = HostileText.report

    func assertNoTerminalControls(_ text: String, allowNewlines: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for scalar in text.unicodeScalars where ReportText.isUnsafe(scalar) && !(allowNewlines && scalar == "\n") {
            Issue.record("unsafe scalar U+\(String(scalar.value, radix: 16)) in output", sourceLocation: sourceLocation)
        }
    }

    @Test func text() {
        let output = TextReporter(workingDirectory: "/project").render(report)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == report.diagnostics.count + 2)  // findings, summary, final empty
        #expect(lines.last == "")
        assertNoTerminalControls(output)
        #expect(output.contains("\\u{1B}[31mred"))
        #expect(output.contains("x\\n::error::owned"))
        #expect(lines[0].hasPrefix("strings/x\\n::error::owned"))
        #expect(lines[0].hasSuffix("[empty-translation]"))
        #expect(lines[3] == "./::error file=x::owned.yml:1:1: error: ::error::bad [yaml-syntax]")
        #expect(lines[4] == "./ ::error::spaced.yml: error: m [yaml-syntax]")
    }

    @Test func json() throws {
        let output = JSONReporter().render(report)
        assertNoTerminalControls(output)
        let json = try ReportFixtures.parseJSON(output) as! [String: Any]
        let diagnostics = json["diagnostics"] as! [[String: Any]]
        #expect(diagnostics.count == report.diagnostics.count)
        #expect(diagnostics[0]["message"] as? String == HostileText.payload)
        #expect(diagnostics[0]["route"] as? String == HostileText.payload)
        #expect(diagnostics[0]["key"] as? String == HostileText.payload)
        #expect(diagnostics[0]["file"] as? String == PathUtilities.relative(HostileText.report.diagnostics[0].file!, to: "/project"))
    }

    @Test func sarif() throws {
        let output = SARIFReporter().render(report)
        assertNoTerminalControls(output)
        let json = try ReportFixtures.parseJSON(output) as! [String: Any]
        let run = (json["runs"] as! [[String: Any]])[0]
        let results = run["results"] as! [[String: Any]]
        #expect((results[0]["message"] as! [String: Any])["text"] as? String == HostileText.payload)
        let location = (results[0]["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
        let uri = (location["artifactLocation"] as! [String: Any])["uri"] as! String
        #expect(uri.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "<" && $0 != ">" && $0 != "|" })
        #expect(uri.removingPercentEncoding == PathUtilities.relative(HostileText.report.diagnostics[0].file!, to: "/project"))
    }

    @Test func github() {
        let output = GitHubReporter(workingDirectory: "/project").render(report)
        assertNoTerminalControls(output)
        #expect(!output.contains("\r"))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == report.diagnostics.count)
        let commands = ["::error ", "::warning ", "::notice "]
        for (index, line) in lines.enumerated() {
            guard let command = commands.first(where: { line.hasPrefix($0) }) else {
                Issue.record("not an annotation: \(line)")
                continue
            }
            // Properties run up to the first `::`; each must be one of ours, with no `:` or `,` inside.
            let rest = line.dropFirst(command.count)
            guard let end = rest.range(of: "::") else {
                Issue.record("no message separator: \(line)")
                continue
            }
            for property in rest[..<end.lowerBound].split(separator: ",") {
                let parts = property.split(separator: "=", maxSplits: 1)
                #expect(["file", "line", "col", "title"].contains(String(parts[0])), "unexpected property \(property)")
                #expect(parts.count == 2 && !parts[1].contains(":"))
            }
            // The message keeps `%0A` as text (`%250A`), never as a line break.
            if index < 3 {  // the payload messages
                #expect(rest[end.upperBound...].contains("%250A"))
                #expect(rest[end.upperBound...].contains("x%0A::error::owned"))
            }
        }
        // A path with characters a log line cannot carry is not a `file=` (it would name a file
        // that does not exist); it is shown, made visible, in the message.
        #expect(lines[0].hasPrefix("::error title=empty-translation::strings/x\\n::error::owned"))
        #expect(lines[1].hasPrefix("::warning file=a%2Cb%3Ac.yml,title=literal-title::"))
    }

    @Test func junit() throws {
        let output = JUnitReporter(strict: true).render(report)
        assertNoTerminalControls(output)
        let elements = try ReportFixtures.parseXML(output)
        #expect(Set(elements.map(\.name)) == ["testsuites", "testsuite", "testcase", "failure", "system-out"])
        let failures = elements.filter { $0.name == "failure" }
        #expect(failures.count == report.diagnostics.filter { $0.severity != .info }.count)
        #expect(failures[0].attributes["message"]?.contains("</failure><script>alert(1)</script>") == true)
        #expect(failures[0].text.contains("route: x\n::error::owned"))
    }

    @Test func checkstyle() throws {
        let output = CheckstyleReporter().render(report)
        assertNoTerminalControls(output)
        let elements = try ReportFixtures.parseXML(output)
        #expect(Set(elements.map(\.name)) == ["checkstyle", "file", "error"])
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.count == report.diagnostics.count)
        for error in errors {
            #expect(Int(error.attributes["line"] ?? "") ?? 0 >= 1)
            #expect(Int(error.attributes["column"] ?? "") ?? 0 >= 1)
        }
        for error in errors.prefix(3) {
            #expect(error.attributes["message"]?.contains("<script>") == true)
        }
    }

    @Test func markdown() throws {
        let output = MarkdownReporter().render(report)
        assertNoTerminalControls(output)
        // No raw HTML but our own line breaks, no code spans, links or math.
        let withoutBreaks = output.replacingOccurrences(of: "<br>", with: "")
        #expect(!withoutBreaks.contains("<"))
        #expect(!withoutBreaks.contains(">"))
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| ---") }
        // Summary header and row, count tables, findings header, findings.
        let findingsHeader = try #require(rows.firstIndex { $0.hasPrefix("| Location ") })
        #expect(rows.count == findingsHeader + 1 + report.diagnostics.count)
        for row in rows.prefix(2) {
            #expect(Self.unescapedPipes(String(row)) == 7, "wrong cell count in \(row)")
        }
        for row in rows[2..<findingsHeader] {
            #expect(Self.unescapedPipes(String(row)) == 5, "wrong cell count in \(row)")
        }
        #expect(Self.unescapedPipes(String(rows[findingsHeader])) == 5)
        for row in rows.suffix(report.diagnostics.count) {
            #expect(Self.unescapedPipes(String(row)) == 5, "wrong cell count in \(row)")
            #expect(!row.contains("`") || Self.allEscaped(String(row), "`"))
            #expect(Self.allEscaped(String(row), "["))
            #expect(Self.allEscaped(String(row), "$"))
        }
    }

    /// No format but `github` prints a line that a GitHub Actions log would run as a workflow
    /// command (the runner trims leading blanks first), and `github` prints only its own.
    @Test(arguments: ["text", "json", "sarif", "github", "junit", "checkstyle", "markdown", "gitlab"])
    func noForgedWorkflowCommands(format: String) {
        let reporter: any Reporter = switch format {
        case "text": TextReporter(workingDirectory: "/project")
        case "github": GitHubReporter(workingDirectory: "/project")
        default: ReporterRegistry.make(format: format, options: ReporterOptions())!
        }
        let output = reporter.render(report)
        let commandLines = output.split(separator: "\n").filter {
            $0.drop(while: { $0.isWhitespace }).hasPrefix("::")
        }
        #expect(commandLines.count == (format == "github" ? report.diagnostics.count : 0), "\(commandLines)")
        // Every line ends at a real "\n": no CR, NEL, LS or PS that a viewer might break on.
        #expect(!output.unicodeScalars.contains { ["\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}"].contains($0) })
    }

    /// The escaped forms are pinned by goldens too, so a change in escaping shows in review.
    @Test(arguments: ["text", "json", "sarif", "github", "junit", "checkstyle", "markdown", "gitlab"])
    func golden(format: String) throws {
        let reporter: any Reporter = switch format {
        case "text": TextReporter(workingDirectory: "/project")
        case "github": GitHubReporter(workingDirectory: "/project")
        default: ReporterRegistry.make(format: format, options: ReporterOptions())!
        }
        try ReportFixtures.expectGolden(reporter.render(report), "hostile-\(format).txt")
    }

    /// `|` characters not escaped by a backslash (GFM's cell separators).
    static func unescapedPipes(_ row: String) -> Int {
        var count = 0, backslashes = 0
        for character in row {
            if character == "|" && backslashes % 2 == 0 { count += 1 }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return count
    }

    static func allEscaped(_ row: String, _ target: Character) -> Bool {
        var backslashes = 0
        for character in row {
            if character == target && backslashes % 2 == 0 { return false }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return true
    }
}
