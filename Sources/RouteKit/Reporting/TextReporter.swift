/// Placeholder text reporter (replaced by the reporting work).
public struct TextReporter: Reporter {
    public static let format = "text"
    public var color: Bool
    public var quiet: Bool

    public func render(_ report: LintReport) -> String {
        var out = ""
        for d in report.diagnostics {
            let file = d.file.map { PathUtilities.relative($0, to: ".") } ?? "routekit"
            let place = d.location.map { "\(file):\($0.line):\($0.column)" } ?? file
            out += "\(place): \(d.severity.rawValue): \(d.message) [\(d.rule)]\n"
        }
        if !quiet {
            let s = report.summary
            out += "\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos in \(s.files) files (\(s.routes) routes, \(s.locales) locales)\n"
        }
        return out
    }
}
