/// JUnit XML, for CI test-report views: one `<testsuite name="routekit.<rule>">` per rule that
/// found something (sorted by rule id), one `<testcase>` per finding with `file` and `line`
/// attributes. A finding at the failing level (an error; a warning too when `strict`) is a
/// `<failure>` whose `type` is the severity; any other finding is a passing testcase whose
/// `<system-out>` holds it, so the test view agrees with routekit's exit code (a warning does
/// not turn a Jenkins build UNSTABLE unless `--strict` would fail the run).
///
/// Testcase names are stable across edits: `file rule route key locale` (the parts a finding
/// has; `routekit` instead of a file for a project-wide finding), never a line number, made
/// unique with ` (2)`, ` (3)`… A clean run is one suite `routekit` with one passing testcase
/// `lint`, so CI still sees tests. Text is XML-escaped; characters XML 1.0 forbids (and other
/// control characters) are shown as visible `\u{…}` text, and line breaks in findings stay
/// character references, so no finding text starts a line of the file. Within a suite, findings
/// keep the given order.
public struct JUnitReporter: Reporter {
    public static let format = "junit"

    /// Warnings fail too (as `routekit lint --strict` does).
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    public func render(_ report: LintReport) -> String {
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let strict = self.strict
        let failures = report.diagnostics.reduce(0) { $0 + (Self.fails($1.severity, strict: strict) ? 1 : 0) }
        let tests = max(report.diagnostics.count, 1)
        out += "<testsuites name=\"routekit\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        if report.diagnostics.isEmpty {
            out += "  <testsuite name=\"routekit\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase name=\"lint\" classname=\"routekit\"/>\n"
            out += "  </testsuite>\n"
            out += "</testsuites>\n"
            return output.write(out)
        }
        // Sequential part: group by rule (sorted) and number repeated names: ` (n)` for the n-th
        // finding of a rule with the same name. A plain name ends with a name part, which can end
        // with `)`, so numbering goes by the plain name and a numbered name adds ` (n)` to it.
        let diagnostics = report.diagnostics
        var byRule: [String: [Int]] = [:]
        for (index, diagnostic) in diagnostics.enumerated() { byRule[diagnostic.rule, default: []].append(index) }
        var cases: [(finding: Int, occurrence: Int)] = []
        cases.reserveCapacity(diagnostics.count)
        var groups: [(rule: String, start: Int, end: Int, failures: Int)] = []
        var relative = PathMemo(report.relativePath)
        for rule in byRule.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let start = cases.count
            var seen: [String: Int] = [:]
            var failing = 0
            for finding in byRule[rule]! {
                let name = Self.name(diagnostics[finding], relative: &relative)
                let occurrence = (seen[name] ?? 0) + 1
                seen[name] = occurrence
                cases.append((finding, occurrence))
                if Self.fails(diagnostics[finding].severity, strict: strict) { failing += 1 }
            }
            groups.append((rule, start, cases.count, failing))
        }
        var groupOf = [Int](repeating: 0, count: cases.count)
        for (index, group) in groups.enumerated() { for position in group.start..<group.end { groupOf[position] = index } }
        // Escaping and writing run in chunks on all cores; suite tags depend only on the index.
        let allCases = cases
        let allGroups = groups, groupIndex = groupOf
        ChunkedRender.render(count: allCases.count, head: Array(out.utf8), tail: Array("</testsuites>\n".utf8), into: output) { range, bytes in
            var relative = PathMemo(report.relativePath)
            for index in range {
                let group = allGroups[groupIndex[index]]
                let suite = XMLText.attribute("routekit." + group.rule)
                if index == group.start {
                    bytes.write("  <testsuite name=\"")
                    bytes.write(suite)
                    bytes.write("\" tests=\"")
                    bytes.writeNumber(group.end - group.start)
                    bytes.write("\" failures=\"")
                    bytes.writeNumber(group.failures)
                    bytes.write("\" errors=\"0\" skipped=\"0\">\n")
                }
                let (finding, occurrence) = allCases[index]
                let diagnostic = diagnostics[finding]
                let place = FindingPlace(diagnostic)
                let location = self.location(diagnostic, relative: &relative)
                var name = Self.name(diagnostic, relative: &relative)
                if occurrence > 1 { name += " (\(occurrence))" }
                // One physical line per detail; breaks inside untrusted text stay `&#10;`.
                bytes.write("    <testcase name=\"")
                bytes.write(XMLText.attribute(name))
                bytes.write("\" classname=\"")
                bytes.write(suite)
                if let file = place.file {
                    bytes.write("\" file=\"")
                    bytes.write(XMLText.attribute(relative(file)))
                    if let line = place.line {
                        bytes.write("\" line=\"")
                        bytes.writeNumber(line)
                    }
                }
                let fails = Self.fails(diagnostic.severity, strict: strict)
                if fails {
                    bytes.write("\">\n      <failure message=\"")
                    bytes.write(XMLText.attribute(diagnostic.message))
                    bytes.write("\" type=\"")
                    bytes.write(diagnostic.severity.rawValue)
                    bytes.write("\">")
                } else {
                    bytes.write("\">\n      <system-out>")
                }
                // Escaping is per character, so the pieces are escaped one by one.
                bytes.write(XMLText.text(location))
                bytes.write(": ")
                bytes.write(diagnostic.severity.rawValue)
                bytes.write(": ")
                bytes.write(XMLText.text(diagnostic.message))
                bytes.write(" [")
                bytes.write(XMLText.text(group.rule))
                bytes.write("]")
                if let route = diagnostic.route { bytes.write("\n"); bytes.write(XMLText.text("route: " + route)) }
                if let key = diagnostic.key { bytes.write("\n"); bytes.write(XMLText.text("key: " + key)) }
                if let locale = diagnostic.locale { bytes.write("\n"); bytes.write(XMLText.text("locale: " + locale)) }
                bytes.write(fails ? "</failure>\n    </testcase>\n" : "</system-out>\n    </testcase>\n")
                if index == group.end - 1 { bytes.write("  </testsuite>\n") }
            }
        }
    }

    /// True when a finding of `severity` fails the run (and so its testcase).
    static func fails(_ severity: Severity, strict: Bool) -> Bool {
        severity == .error || (strict && severity == .warning)
    }

    /// `file rule route key locale`: what the finding is about, without a line number (lines move
    /// with every edit; a CI system tracks a test's history by its name).
    static func name(_ diagnostic: Diagnostic, relative: inout PathMemo<String>) -> String {
        let file = FindingPlace(diagnostic).file.map { relative($0) } ?? "routekit"
        return [file, diagnostic.rule, diagnostic.route, diagnostic.key, diagnostic.locale].compactMap { $0 }.joined(separator: " ")
    }

    private func location(_ diagnostic: Diagnostic, relative: inout PathMemo<String>) -> String {
        let place = FindingPlace(diagnostic)
        guard let file = place.file else { return "routekit" }
        var text = relative(file)
        if let line = place.line, let column = place.column {
            text += ":"
            text += String(line)
            text += ":"
            text += String(column)
        }
        return text
    }
}
