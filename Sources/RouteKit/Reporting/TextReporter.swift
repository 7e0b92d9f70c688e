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
        ReportOutput.collect { render(report, into: $0) }
    }

    public func render(_ report: LintReport, into output: ReportOutput) {
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
        ChunkedRender.render(count: diagnostics.count, head: [], tail: tail.bytes, into: output) { range, out in
            // Findings come sorted by file: the shown path is worked out once per file.
            var shownPath = PerFileCache { file in
                var shown = ReportText.neutralized(PathUtilities.displayPath(file, from: directory))
                // A line must never start with `::` (a GitHub Actions log would run it as a
                // workflow command, even after leading blanks): `./` keeps such a path a path.
                if let first = shown.unicodeScalars.first, first == ":" || first.properties.isWhitespace {
                    shown = "./" + shown
                }
                return Array(shown.utf8)
            }
            // A run's lines differ only in the key: the text around it is made once.
            var around: (template: Finding.KeyTemplate, severity: Severity, head: [UInt8], tail: [UInt8])?
            diagnostics.withUnsafeBufferPointer { diagnostics in
                for index in range {
                    guard let template = diagnostics[index].keyTemplate else {
                        self.writeStart(diagnostics[index], shownPath: &shownPath, into: &out)
                        out.writeNeutralized(diagnostics[index].message)
                        self.writeEnd(diagnostics[index], into: &out)
                        continue
                    }
                    if around?.template != template || around?.severity != diagnostics[index].severity {
                        var head = ReportBytes(), tail = ReportBytes()
                        self.writeStart(diagnostics[index], shownPath: &shownPath, into: &head)
                        head.writeNeutralized(template.messagePrefix)
                        tail.writeNeutralized(template.messageSuffix)
                        self.writeEnd(diagnostics[index], into: &tail)
                        around = (template, diagnostics[index].severity, head.bytes, tail.bytes)
                    }
                    out.write(around!.head)
                    out.writeNeutralized(diagnostics[index].key!)
                    out.write(around!.tail)
                }
            }
        }
    }

    /// `place: severity: `, the part of a line before the message.
    private func writeStart(_ diagnostic: borrowing Finding, shownPath: inout PerFileCache<[UInt8]>, into out: inout ReportBytes) {
        let place = FindingPlace(diagnostic)
        if color { out.write(Self.bold) }
        if let file = place.file {
            out.write(shownPath(file))
            if let line = place.line, let column = place.column {
                out.write(UInt8(ascii: ":"))
                out.writeNumber(line)
                out.write(UInt8(ascii: ":"))
                out.writeNumber(column)
            }
        } else {
            out.write("routekit")
        }
        out.write(UInt8(ascii: ":"))
        if color { out.write(Self.reset) }
        out.write(UInt8(ascii: " "))
        if color { out.write(colour(diagnostic.severity)) }
        out.write(diagnostic.severity.rawValue)
        out.write(UInt8(ascii: ":"))
        if color { out.write(Self.reset) }
        out.write(UInt8(ascii: " "))
    }

    /// ` [rule]` and the line break, the part of a line after the message.
    private func writeEnd(_ diagnostic: borrowing Finding, into out: inout ReportBytes) {
        out.write(UInt8(ascii: " "))
        if color { out.write(Self.dim) }
        out.write(UInt8(ascii: "["))
        out.writeNeutralized(diagnostic.rule)
        out.write(UInt8(ascii: "]"))
        if color { out.write(Self.reset) }
        out.write(0x0A)
    }

    private static let bold = "\u{1B}[1m"
    private static let dim = "\u{1B}[2m"
    private static let reset = "\u{1B}[0m"

    private func colour(_ severity: Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .info: "\u{1B}[1;36m"
        }
    }
}
