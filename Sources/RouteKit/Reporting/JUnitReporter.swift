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
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = report.diagnostics.count
        let tests = max(failures, 1)
        out += "<testsuites name=\"routekit\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        if report.diagnostics.isEmpty {
            out += "  <testsuite name=\"routekit\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase name=\"lint\" classname=\"routekit\"/>\n"
            out += "  </testsuite>\n"
            out += "</testsuites>\n"
            return out
        }
        // Sequential part: group by rule (sorted) and give every testcase its unique name.
        var byRule: [String: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics { byRule[diagnostic.rule, default: []].append(diagnostic) }
        var cases: [(diagnostic: Diagnostic, name: String, location: String)] = []
        cases.reserveCapacity(report.diagnostics.count)
        var groups: [(rule: String, start: Int, end: Int)] = []
        var usedNames: Set<String> = []
        var relative = PathMemo(report.relativePath)
        for rule in byRule.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let start = cases.count
            for diagnostic in byRule[rule]! {
                let location = self.location(diagnostic, relative: &relative)
                var name = location + " " + rule
                if usedNames.contains(name) {
                    var number = 2
                    while usedNames.contains(name + " (\(number))") { number += 1 }
                    name += " (\(number))"
                }
                usedNames.insert(name)
                cases.append((diagnostic, name, location))
            }
            groups.append((rule, start, cases.count))
        }
        var groupOf = [Int](repeating: 0, count: cases.count)
        for (index, group) in groups.enumerated() { for position in group.start..<group.end { groupOf[position] = index } }
        // Escaping and writing run in chunks on all cores; suite tags depend only on the index.
        let allCases = cases
        let allGroups = groups, groupIndex = groupOf
        return ChunkedRender.render(count: allCases.count, head: Array(out.utf8), tail: Array("</testsuites>\n".utf8)) { range, bytes in
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
                let (diagnostic, name, location) = allCases[index]
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
                bytes.write(XMLText.text(location + ": " + diagnostic.severity.rawValue + ": " + diagnostic.message + " [" + group.rule + "]"))
                if let route = diagnostic.route { bytes.write("\n"); bytes.write(XMLText.text("route: " + route)) }
                if let key = diagnostic.key { bytes.write("\n"); bytes.write(XMLText.text("key: " + key)) }
                if let locale = diagnostic.locale { bytes.write("\n"); bytes.write(XMLText.text("locale: " + locale)) }
                bytes.write("</failure>\n    </testcase>\n")
                if index == group.end - 1 { bytes.write("  </testsuite>\n") }
            }
        }
    }

    private func location(_ diagnostic: Diagnostic, relative: inout PathMemo) -> String {
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
