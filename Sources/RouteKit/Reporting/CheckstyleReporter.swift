/// Checkstyle XML, for tools that read it (reviewdog, Jenkins Warnings, SonarQube, Danger):
///
///     <checkstyle version="4.3"><file name="routes.yml">
///       <error line="3" column="5" severity="error" message="…" source="routekit.unknown-field"/>
///
/// One `<file>` per file in order of first appearance (paths relative to the config file's
/// directory), its findings in the given order. Checkstyle wants a position: a finding without a
/// line gets line 1, column 1; a project-wide finding goes under the config file (or `name=""`
/// when the report names none). Severities are error, warning and info. Text is XML-escaped.
public struct CheckstyleReporter: Reporter {
    public static let format = "checkstyle"

    public init() {}

    public func render(_ report: LintReport) -> String {
        var order: [String] = []
        var byFile: [String: [Finding]] = [:]
        var relative = PerFileCache(report.relativePath)
        for diagnostic in report.diagnostics {
            let file = (FindingPlace(diagnostic).file ?? report.configFile).map { relative($0) } ?? ""
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(diagnostic)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in order {
            out += "  <file name=\"\(XMLText.attribute(file))\">\n"
            for diagnostic in byFile[file]! {
                let place = FindingPlace(diagnostic)
                out += "    <error line=\"\(place.line ?? 1)\" column=\"\(place.column ?? 1)\""
                out += " severity=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLText.attribute(diagnostic.message))\""
                out += " source=\"\(XMLText.attribute("routekit." + diagnostic.rule))\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }
}
