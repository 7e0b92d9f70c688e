/// The stable machine-readable report (DESIGN.md, "JSON report"):
///
///     {"summary": {"errors", "warnings", "infos", "files", "routes", "locales"},
///      "diagnostics": [{"rule", "severity", "message", "file", "line", "column",
///                       "route"?, "key"?, "locale"?, "fingerprint"}]}
///
/// `file` is relative to the config file's directory; `line`/`column` are 1-based (columns in
/// Unicode code points) and left out when unknown, as are `file` (a project-wide finding),
/// `route`, `key` and `locale` when absent. `fingerprint` is `Diagnostic.fingerprint(relativeTo:)`.
/// When a baseline was applied, an extra `"baseline": {"suppressed", "stale": [entries]}` member
/// is added. Keys are sorted and the output is pretty-printed the same way every time.
public struct JSONReporter: Reporter {
    public static let format = "json"

    public init() {}

    public func render(_ report: LintReport) -> String {
        let summary = report.summary
        var document: [String: JSONValue] = [
            "summary": .object([
                "errors": .int(summary.errors),
                "warnings": .int(summary.warnings),
                "infos": .int(summary.infos),
                "files": .int(summary.files),
                "routes": .int(summary.routes),
                "locales": .int(summary.locales),
            ]),
            "diagnostics": .array(report.diagnostics.map { diagnostic(report, $0) }),
        ]
        if let baseline = report.baseline {
            let entries = baseline.stale.map { $0.json(alwaysCount: true) }
            document["baseline"] = .object(["suppressed": .int(baseline.suppressed), "stale": .array(entries)])
        }
        return JSONValue.object(document).rendered() + "\n"
    }

    private func diagnostic(_ report: LintReport, _ diagnostic: Diagnostic) -> JSONValue {
        let place = FindingPlace(diagnostic)
        var members: [String: JSONValue] = [
            "rule": .string(diagnostic.rule),
            "severity": .string(diagnostic.severity.rawValue),
            "message": .string(diagnostic.message),
            "fingerprint": .string(diagnostic.fingerprint(relativeTo: report.root)),
        ]
        if let file = place.file { members["file"] = .string(report.relativePath(file)) }
        if let line = place.line { members["line"] = .int(line) }
        if let column = place.column { members["column"] = .int(column) }
        if let route = diagnostic.route { members["route"] = .string(route) }
        if let key = diagnostic.key { members["key"] = .string(key) }
        if let locale = diagnostic.locale { members["locale"] = .string(locale) }
        return .object(members)
    }
}
