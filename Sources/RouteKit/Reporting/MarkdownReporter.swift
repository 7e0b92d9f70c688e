/// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` and pull-request comments: a heading, a
/// summary table, then a findings table (location `file:line`, severity, rule, message) in the
/// given order, or `No findings.`; a baseline line when one was applied.
///
/// Cell text is escaped so that no finding can break the table or inject markup: `|` and the
/// Markdown punctuation that starts emphasis, links, code or math are backslash-escaped, `<`, `>`
/// and `&` become entities (no raw HTML), line breaks become `<br>`, other control characters are
/// shown as visible `\u{…}` text, and `@` is followed by a word joiner (U+2060) so a message
/// cannot mention (notify) anyone. Long reports stop after `maxFindings` rows with a line saying how
/// many more there are (a PR comment holds at most 65,536 characters).
public struct MarkdownReporter: Reporter {
    public static let format = "markdown"

    /// Rows in the findings table before the rest is summarized in one line.
    public var maxFindings: Int

    public init(maxFindings: Int = 250) {
        self.maxFindings = maxFindings
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
            lines.append("| Location | Severity | Rule | Message |")
            lines.append("| --- | --- | --- | --- |")
            for diagnostic in report.diagnostics.prefix(max(0, maxFindings)) {
                let place = FindingPlace(diagnostic)
                var location = "(project)"
                if let file = place.file {
                    location = report.relativePath(file)
                    if let line = place.line { location += ":\(line)" }
                }
                let cells = [location, diagnostic.severity.rawValue, diagnostic.rule, diagnostic.message]
                lines.append("| " + cells.map(Self.cell).joined(separator: " | ") + " |")
            }
            let more = report.diagnostics.count - max(0, maxFindings)
            if more > 0 {
                lines.append("")
                lines.append("…and " + ReportText.plural(more, "more finding", "more findings") + ": see the full report.")
            }
        }
        if let baseline = report.baseline {
            lines.append("")
            lines.append(Self.cell(ReportText.baselineLine(baseline)) + ".")
        }
        return lines.joined(separator: "\n") + "\n"
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
