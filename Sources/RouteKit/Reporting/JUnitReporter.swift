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
        } else {
            var byRule: [String: [Diagnostic]] = [:]
            for diagnostic in report.diagnostics { byRule[diagnostic.rule, default: []].append(diagnostic) }
            var usedNames: Set<String> = []
            for rule in byRule.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let findings = byRule[rule]!
                let suite = XMLText.attribute("routekit." + rule)
                out += "  <testsuite name=\"\(suite)\" tests=\"\(findings.count)\" failures=\"\(findings.count)\""
                out += " errors=\"0\" skipped=\"0\">\n"
                for diagnostic in findings {
                    let location = self.location(report, diagnostic)
                    var name = location + " " + rule
                    if usedNames.contains(name) {
                        var number = 2
                        while usedNames.contains(name + " (\(number))") { number += 1 }
                        name += " (\(number))"
                    }
                    usedNames.insert(name)
                    // One physical line per detail; breaks inside untrusted text stay `&#10;`.
                    var details = [
                        location + ": " + diagnostic.severity.rawValue + ": " + diagnostic.message + " [" + rule + "]"
                    ]
                    if let route = diagnostic.route { details.append("route: " + route) }
                    if let key = diagnostic.key { details.append("key: " + key) }
                    if let locale = diagnostic.locale { details.append("locale: " + locale) }
                    out += "    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(suite)\">\n"
                    out += "      <failure message=\"\(XMLText.attribute(diagnostic.message))\""
                    out += " type=\"\(diagnostic.severity.rawValue)\">"
                    out += details.map(XMLText.text).joined(separator: "\n") + "</failure>\n"
                    out += "    </testcase>\n"
                }
                out += "  </testsuite>\n"
            }
        }
        out += "</testsuites>\n"
        return out
    }

    private func location(_ report: LintReport, _ diagnostic: Diagnostic) -> String {
        let place = FindingPlace(diagnostic)
        guard let file = place.file else { return "routekit" }
        var text = report.relativePath(file)
        if let line = place.line, let column = place.column { text += ":\(line):\(column)" }
        return text
    }
}
