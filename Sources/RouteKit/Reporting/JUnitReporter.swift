/// JUnit XML, for CI test-report views: one `<testsuite name="routekit.<rule>">` per rule that
/// found something (sorted by rule id), one failing `<testcase>` per finding (every severity is a
/// `<failure>`, its `type` being the severity). Testcase names are `file:line:col rule`
/// (`file rule` without a line, `routekit rule` without a file), made unique with ` (2)`, ` (3)`…
/// A clean run is one suite `routekit` with one passing testcase `lint`, so CI still sees tests.
/// Text is XML-escaped; characters XML 1.0 forbids (and other control characters) are shown as
/// visible `\u{…}` text, and line breaks in findings stay character references, so no finding
/// text starts a line of the file. Within a suite, findings keep the given order.
public struct JUnitReporter: Reporter {
    public static let format = "junit"

    public init() {}

    public func render(_ report: LintReport) -> String {
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = report.diagnostics.count
        let tests = max(failures, 1)
        out += "<testsuites name=\"routekit\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        if report.diagnostics.isEmpty {
            out += "  <testsuite name=\"routekit\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase name=\"lint\" classname=\"routekit\"/>\n"
            out += "  </testsuite>\n"
            out += "</testsuites>\n"
            return output.write(out)
        }
        // Sequential part: group by rule (sorted) and number repeated places. A name is
        // `location rule`, and ` (n)` for the n-th finding of a rule at the same place; a plain
        // name ends with a rule id, never with `)`, so numbered names cannot collide with it.
        let diagnostics = report.diagnostics
        var byRule: [String: [Int]] = [:]
        for (index, diagnostic) in diagnostics.enumerated() { byRule[diagnostic.rule, default: []].append(index) }
        var cases: [(finding: Int, occurrence: Int)] = []
        cases.reserveCapacity(diagnostics.count)
        var groups: [(rule: String, start: Int, end: Int)] = []
        var relative = PathMemo(report.relativePath)
        for rule in byRule.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let start = cases.count
            var seen: [Place: Int] = [:]
            for finding in byRule[rule]! {
                // The same fields `location` shows, so equal keys mean equal names.
                let place = FindingPlace(diagnostics[finding])
                let hasPosition = place.file != nil && place.line != nil && place.column != nil
                let key = Place(file: place.file.map { relative($0) },
                                line: hasPosition ? place.line : nil, column: hasPosition ? place.column : nil)
                let occurrence = (seen[key] ?? 0) + 1
                seen[key] = occurrence
                cases.append((finding, occurrence))
            }
            groups.append((rule, start, cases.count))
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
                    bytes.writeNumber(group.end - group.start)
                    bytes.write("\" errors=\"0\" skipped=\"0\">\n")
                }
                let (finding, occurrence) = allCases[index]
                let diagnostic = diagnostics[finding]
                let location = self.location(diagnostic, relative: &relative)
                var name = location + " " + group.rule
                if occurrence > 1 { name += " (\(occurrence))" }
                // One physical line per detail; breaks inside untrusted text stay `&#10;`.
                bytes.write("    <testcase name=\"")
                bytes.write(XMLText.attribute(name))
                bytes.write("\" classname=\"")
                bytes.write(suite)
                bytes.write("\">\n      <failure message=\"")
                bytes.write(XMLText.attribute(diagnostic.message))
                bytes.write("\" type=\"")
                bytes.write(diagnostic.severity.rawValue)
                bytes.write("\">")
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
                bytes.write("</failure>\n    </testcase>\n")
                if index == group.end - 1 { bytes.write("  </testsuite>\n") }
            }
        }
    }

    /// Where a finding is, for numbering repeated testcase names.
    private struct Place: Hashable {
        var file: String?
        var line: Int?
        var column: Int?
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
