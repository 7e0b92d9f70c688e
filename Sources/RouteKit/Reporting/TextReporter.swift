import Foundation

/// The default format, for people and editors: one line per finding,
///
///     routes.yml:3:5: error: unknown field 'titel' [unknown-field]
///     strings/de.yml: warning: … [rule]        (a finding with a file but no line)
///     routekit: error: … [rule]                (a finding about the project as a whole)
///
/// then, unless `quiet`, the summary line
///
///     2 errors, 1 warning, 0 infos in 5 files (17 routes, 3 locales)
///
/// and, when a baseline was applied, one line about it and one per stale entry. Paths are relative
/// to the working directory when they lie inside it, else as given. Control characters, ANSI
/// escapes and bidi controls in any text are shown as visible escapes (`\n`, `\u{1B}`), so no
/// message can move the cursor, recolour the terminal or forge a line; a path that starts with
/// `:` or a blank is shown as `./path`, so no line starts a GitHub workflow command.
public struct TextReporter: Reporter {
    public static let format = "text"

    /// ANSI colours for the severity (the caller decides: a TTY, and no `NO_COLOR`).
    public var color: Bool
    /// Findings only: no summary or baseline lines.
    public var quiet: Bool
    /// Paths are shown relative to this directory; `nil`: the process's working directory.
    public var workingDirectory: String?

    public init(color: Bool = false, quiet: Bool = false, workingDirectory: String? = nil) {
        self.color = color
        self.quiet = quiet
        self.workingDirectory = workingDirectory
    }

    public func render(_ report: LintReport) -> String {
        let directory = workingDirectory ?? FileManager.default.currentDirectoryPath
        var tail = ReportBytes()
        if !quiet {
            tail.write(ReportText.summaryLine(report.summary) + "\n")
            if let baseline = report.baseline {
                tail.write(ReportText.baselineLine(baseline) + "\n")
                for entry in baseline.stale {
                    tail.write("  stale: " + entry.description + "\n")
                }
            }
        }
        let diagnostics = report.diagnostics
        // Bytes, in chunks on all cores, then one String.
        return ChunkedRender.render(count: diagnostics.count, head: [], tail: tail.bytes) { range, out in
            // Findings come sorted by file: the shown path is worked out once per file.
            var shownPath = PathMemo { file in
                var shown = ReportText.neutralized(PathUtilities.displayPath(file, from: directory))
                // A line must never start with `::` (a GitHub Actions log would run it as a
                // workflow command, even after leading blanks): `./` keeps such a path a path.
                if let first = shown.unicodeScalars.first, first == ":" || first.properties.isWhitespace {
                    shown = "./" + shown
                }
                return shown
            }
            for index in range {
                self.write(diagnostics[index], shownPath: &shownPath, into: &out)
            }
        }
    }

    private func write(_ diagnostic: Diagnostic, shownPath: inout PathMemo, into out: inout ReportBytes) {
        let place = FindingPlace(diagnostic)
        var location = "routekit"
        if let file = place.file { location = shownPath(file) }
        if color {
            if place.file != nil, let line = place.line, let column = place.column { location += ":\(line):\(column)" }
            out.write(paint(location + ":", Self.bold))
            out.write(" ")
            out.write(paint(diagnostic.severity.rawValue + ":", colour(diagnostic.severity)))
        } else {
            out.write(location)
            if place.file != nil, let line = place.line, let column = place.column {
                out.write(UInt8(ascii: ":"))
                out.writeNumber(line)
                out.write(UInt8(ascii: ":"))
                out.writeNumber(column)
            }
            out.write(": ")
            out.write(diagnostic.severity.rawValue)
            out.write(":")
        }
        out.write(" ")
        out.write(ReportText.neutralized(diagnostic.message))
        out.write(" ")
        let rule = ReportText.neutralized(diagnostic.rule)
        if color {
            out.write(paint("[" + rule + "]", Self.dim))
        } else {
            out.write("[")
            out.write(rule)
            out.write("]")
        }
        out.write(0x0A)
    }

    private static let bold = "\u{1B}[1m"
    private static let dim = "\u{1B}[2m"

    private func colour(_ severity: Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .info: "\u{1B}[1;36m"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? code + text + "\u{1B}[0m" : text
    }
}
