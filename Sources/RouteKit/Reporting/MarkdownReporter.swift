/// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` and pull-request comments: a heading, a
/// summary table, counts per rule and per locale, then a findings table (location `file:line`,
/// severity, rule, message) with errors first, then warnings, then infos (each in the given
/// order), or `No findings.`; a baseline line when one was applied. With `links`, each location
/// links to the file and line on the code host (paths relative to the repository root).
///
/// Cell text is escaped so that no finding can break the table or inject markup: `|` and the
/// Markdown punctuation that starts emphasis, links, code or math are backslash-escaped, `<`, `>`
/// and `&` become entities (no raw HTML), line breaks become `<br>`, other control characters are
/// shown as visible `\u{…}` text, and `@` is followed by a word joiner (U+2060) so a message
/// cannot mention (notify) anyone. Long reports stop after `maxFindings` rows with a line saying how
/// many more there are of each severity (a PR comment holds at most 65,536 characters).
public struct MarkdownReporter: Reporter {
    public static let format = "markdown"

    /// Rows in the findings table before the rest is summarized in one line.
    public var maxFindings: Int
    /// Where locations link to, when known.
    public var links: BlobLinks?

    public init(maxFindings: Int = 250, links: BlobLinks? = nil) {
        self.maxFindings = maxFindings
        self.links = links
    }

    public func render(_ report: LintReport) -> String {
        let summary = report.summary
        var lines = [
            "## routekit",
            "",
            "| Errors | Warnings | Infos | Files | Routes | Locales |",
            "| ---: | ---: | ---: | ---: | ---: | ---: |",
            "| \(summary.errors) | \(summary.warnings) | \(summary.infos) | \(summary.files) | \(summary.routes) | \(summary.locales) |",
            "",
        ]
        if report.diagnostics.isEmpty {
            lines.append("No findings.")
        } else {
            lines += Self.countTable("Rule", report.diagnostics.map { ($0.rule, $0.severity) })
            let localized = report.diagnostics.compactMap { diagnostic in diagnostic.locale.map { ($0, diagnostic.severity) } }
            if !localized.isEmpty { lines += Self.countTable("Locale", localized) }
            lines.append("| Location | Severity | Rule | Message |")
            lines.append("| --- | --- | --- | --- |")
            let limit = max(0, maxFindings)
            var shown = 0
            var hidden: [Severity: Int] = [:]
            var hostPath = PerFileCache(report.hostPath)
            for severity in [Severity.error, .warning, .info] {
                for diagnostic in report.diagnostics where diagnostic.severity == severity {
                    guard shown < limit else {
                        hidden[severity, default: 0] += 1
                        continue
                    }
                    shown += 1
                    let cells = [diagnostic.severity.rawValue, diagnostic.rule, diagnostic.message].map(Self.cell)
                    lines.append("| " + ([location(diagnostic, report: report, hostPath: &hostPath)] + cells).joined(separator: " | ") + " |")
                }
            }
            let more = hidden.values.reduce(0, +)
            if more > 0 {
                let counts = [(Severity.error, "error", "errors"), (.warning, "warning", "warnings"), (.info, "info", "infos")]
                    .compactMap { severity, one, many in hidden[severity].map { ReportText.plural($0, one, many) } }
                lines.append("")
                lines.append("…and " + ReportText.plural(more, "more finding", "more findings")
                    + " (" + counts.joined(separator: ", ") + "): see the full report.")
            }
        }
        if let baseline = report.baseline {
            lines.append("")
            lines.append(Self.cell(ReportText.baselineLine(baseline)) + ".")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The location cell: `file:line` (relative to the config's directory), a link when `links`
    /// is set and the finding has a file, `(project)` for a project-wide finding.
    private func location(_ diagnostic: Finding, report: LintReport, hostPath: inout PerFileCache<String>) -> String {
        let place = FindingPlace(diagnostic)
        guard let file = place.file else { return "(project)" }
        var text = report.relativePath(file)
        if let line = place.line { text += ":\(line)" }
        guard let links, !hostPath(file).hasPrefix("/") else { return Self.cell(text) }
        // `(` `)` and spaces are percent-encoded in the URL, so it cannot end the link early.
        return "[" + Self.cell(text) + "](" + links.url(path: hostPath(file), line: place.line) + ")"
    }

    /// A table of finding counts by `name` (rule or locale), sorted by name, and a blank line.
    static func countTable(_ heading: String, _ findings: [(String, Severity)]) -> [String] {
        var counts: [String: (errors: Int, warnings: Int, infos: Int)] = [:]
        for (name, severity) in findings {
            var count = counts[name] ?? (0, 0, 0)
            switch severity {
            case .error: count.errors += 1
            case .warning: count.warnings += 1
            case .info: count.infos += 1
            }
            counts[name] = count
        }
        var lines = ["| \(heading) | Errors | Warnings | Infos |", "| --- | ---: | ---: | ---: |"]
        for name in counts.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let count = counts[name]!
            lines.append("| \(cell(name)) | \(count.errors) | \(count.warnings) | \(count.infos) |")
        }
        return lines + [""]
    }

    /// Text safe inside a table cell (and in a paragraph).
    /// Bare URLs and `www.` get a word joiner (U+2060) after `:` of `://` and before the dot of
    /// `www.`, so GitHub's autolinking cannot turn a key like `https://evil.example/login` into a
    /// link in a job summary or PR comment.
    static func cell(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            defer { previous = scalar }
            if scalar == ".", index >= 3, scalars[(index - 3)..<index].allSatisfy({ $0 == "w" || $0 == "W" }) {
                result += "\u{2060}"
            }
            switch scalar {
            case ":" where index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/":
                result += ":\u{2060}"
            case "\n":
                if previous != "\r" { result += "<br>" }
            case "\r", "\u{2028}", "\u{2029}": result += "<br>"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "@":
                // A word joiner keeps `@someone` from notifying anyone in a PR comment.
                result += "@\u{2060}"
            case "\\", "|", "`", "*", "_", "[", "]", "~", "$", "#", "!":
                result += "\\"
                result.unicodeScalars.append(scalar)
            default:
                if ReportText.isUnsafe(scalar) {
                    result += ReportText.visibleEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
