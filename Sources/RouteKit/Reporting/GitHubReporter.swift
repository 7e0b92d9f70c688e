import FoundationEssentials

/// GitHub Actions workflow commands, one line per finding:
///
///     ::error file=routes.yml,line=3,col=5,title=unknown-field::unknown field 'titel'
///
/// (`warning`, and `notice` for info). Message data escapes `%`, CR and LF (`%25`, `%0D`, `%0A`);
/// property values also escape `:` and `,` (`%3A`, `%2C`); other control characters are shown as
/// visible `\u{…}` text. So every annotation is exactly one line and no text can start or
/// inject a workflow command.
///
/// GitHub shows at most 10 annotations of each type per step. The first 10 errors and warnings
/// are annotated; when anything is left over, one final `::notice::` says how many findings of
/// each type were not annotated, points to the SARIF report and counts the findings of each rule
/// (that notice takes one of the 10 notice slots). Paths are relative to `$GITHUB_WORKSPACE` (or the working directory) when
/// they lie inside it. Findings keep the given order; only the annotations over a limit drop out.
public struct GitHubReporter: Reporter {
    public static let format = "github"
    /// Annotations GitHub shows per type and step.
    public static let limitPerType = 10

    /// Paths are shown relative to this directory (GitHub resolves annotation paths against the
    /// workspace); `nil`: `$GITHUB_WORKSPACE` when set, else the process's working directory.
    public var workingDirectory: String?

    public init(workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
    }

    public func render(_ report: LintReport) -> String {
        let directory = workingDirectory ?? ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]
            ?? FileManager.default.currentDirectoryPath
        let total = Dictionary(grouping: report.diagnostics, by: \.severity).mapValues(\.count)
        let overflow = (total[.error] ?? 0) > Self.limitPerType || (total[.warning] ?? 0) > Self.limitPerType
            || (total[.info] ?? 0) > Self.limitPerType
        var capacity: [Severity: Int] = [
            .error: Self.limitPerType, .warning: Self.limitPerType,
            // The overflow notice is a notice too.
            .info: overflow ? Self.limitPerType - 1 : Self.limitPerType,
        ]
        var lines: [String] = []
        var dropped: [Severity: Int] = [:]
        for diagnostic in report.diagnostics {
            guard capacity[diagnostic.severity, default: 0] > 0 else {
                dropped[diagnostic.severity, default: 0] += 1
                continue
            }
            capacity[diagnostic.severity, default: 0] -= 1
            let place = FindingPlace(diagnostic)
            var properties: [String] = []
            var shownPath = ""
            if let file = place.file {
                let path = PathUtilities.displayPath(file, from: directory)
                if path.unicodeScalars.contains(where: ReportText.isUnsafe) {
                    // `file=` must be the real path (GitHub looks the file up by it), but these
                    // characters cannot travel in a log line: the path goes, made visible, into
                    // the message, and the annotation is not attached to a file.
                    shownPath = ReportText.neutralized(path) + ": "
                } else {
                    properties.append("file=" + Self.property(path))
                    if let line = place.line, let column = place.column {
                        properties.append("line=\(line)")
                        properties.append("col=\(column)")
                    }
                }
            }
            properties.append("title=" + Self.property(diagnostic.rule))
            lines.append(
                "::" + Self.command(diagnostic.severity) + " " + properties.joined(separator: ",") + "::"
                    + Self.data(shownPath + diagnostic.message))
        }
        if !dropped.isEmpty {
            var parts: [String] = []
            for (severity, singular, plural) in [
                (Severity.error, "error", "errors"), (.warning, "warning", "warnings"), (.info, "notice", "notices"),
            ] {
                if let count = dropped[severity] { parts.append("\(count) more \(count == 1 ? singular : plural)") }
            }
            let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts[0]
            lines.append(
                "::notice title=routekit::" + Self.data(
                    "\(list) not shown as annotations (GitHub shows at most \(Self.limitPerType) of each type); "
                        + "see the SARIF report (--format sarif:FILE) for all findings. By rule: " + Self.countsByRule(report.diagnostics)))
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// "missing-translation 979, plural-missing-category 102, …": which rules fired, most first,
    /// since the capped annotations cannot say (issue 34).
    static func countsByRule(_ findings: [Finding]) -> String {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    /// Message data: `%`, CR and LF percent-encoded, other unsafe characters made visible.
    static func data(_ text: String) -> String {
        var result = ""
        for scalar in ReportText.neutralized(text, keeping: ["\r", "\n"]).unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A property value: as `data`, and `:` and `,` encoded too.
    static func property(_ text: String) -> String {
        var result = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
