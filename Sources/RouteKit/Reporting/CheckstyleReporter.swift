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
        ReportOutput.collect { render(report, into: $0) }
    }

    /// Grouped by file in one pass (each file's index looked up once per run of findings in it),
    /// then written as bytes in chunks on all cores: one `String` with an interpolated and escaped
    /// piece per attribute took 1.7× the text report on 200,000 findings.
    public func render(_ report: LintReport, into output: ReportOutput) {
        let diagnostics = report.diagnostics
        var relative = PerFileCache(report.relativePath)
        var fileNames: [String] = []
        var fileOf: [String: Int] = [:]
        var members: [[Int]] = []
        var last: (file: String, index: Int)?
        for (position, diagnostic) in diagnostics.enumerated() {
            let file = (FindingPlace(diagnostic).file ?? report.configFile).map { relative($0) } ?? ""
            let index: Int
            if let last, last.file == file {
                index = last.index
            } else if let known = fileOf[file] {
                index = known
            } else {
                index = fileNames.count
                fileOf[file] = index
                fileNames.append(file)
                members.append([])
            }
            last = (file, index)
            members[index].append(position)
        }
        // In writing order: each finding, and whether it opens or closes its file's element.
        var order: [(finding: Int32, file: Int32, opens: Bool, closes: Bool)] = []
        order.reserveCapacity(diagnostics.count)
        for (file, findings) in members.enumerated() {
            for (offset, finding) in findings.enumerated() {
                order.append((Int32(finding), Int32(file), offset == 0, offset == findings.count - 1))
            }
        }
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n".utf8)
        let names = fileNames, rows = order
        ChunkedRender.render(count: rows.count, head: head, tail: Array("</checkstyle>\n".utf8), into: output) { range, bytes in
            var around = RunPartsCache<ObjectIdentifier, (prefix: [UInt8], suffix: [UInt8])>()
            for row in rows[range] {
                let diagnostic = diagnostics[Int(row.finding)]
                if row.opens {
                    bytes.writeLiteral("  <file name=\"")
                    bytes.writeXML(names[Int(row.file)], quotes: true)
                    bytes.writeLiteral("\">\n")
                }
                let place = FindingPlace(diagnostic)
                bytes.writeLiteral("    <error line=\"")
                bytes.writeNumber(place.line ?? 1)
                bytes.writeLiteral("\" column=\"")
                bytes.writeNumber(place.column ?? 1)
                bytes.writeLiteral("\" severity=\"")
                bytes.write(diagnostic.severity.rawValue)
                bytes.writeLiteral("\" message=\"")
                // Escaping is per character: a batch's message is written in its pieces, a run's
                // text around the key escaped once, the key from where it is stored.
                if let (template, key) = diagnostic.keyRun {
                    let slot = around.slot(template.id) {
                        var prefix = ReportBytes(), suffix = ReportBytes()
                        prefix.writeXML(template.messagePrefix, quotes: true)
                        suffix.writeXML(template.messageSuffix, quotes: true)
                        return (prefix.bytes, suffix.bytes)
                    }
                    bytes.write(around[slot].prefix)
                    bytes.writeXML(bytes: key, quotes: true)
                    bytes.write(around[slot].suffix)
                } else {
                    diagnostic.forEachMessagePiece { bytes.writeXML($0, quotes: true) }
                }
                bytes.writeLiteral("\" source=\"routekit.")
                bytes.writeXML(diagnostic.rule, quotes: true)
                bytes.writeLiteral("\"/>\n")
                if row.closes { bytes.writeLiteral("  </file>\n") }
            }
        }
    }
}
