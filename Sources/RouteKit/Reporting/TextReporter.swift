import FoundationEssentials

/// The default format, for people and editors: one line per finding,
///
///     routes.yml:3:5: error: unknown field 'titel' [unknown-field]
///     strings/de.yml: warning: … [rule]        (a finding with a file but no line)
///     routekit: error: … [rule]                (a finding about the project as a whole)
///
/// then, unless `quiet`, over `summaryTableThreshold` findings a table of them by rule and
/// severity and of the files with the most (`summaryTable`), and the summary line
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
        let tail: [UInt8]
        if !quiet && report.diagnostics.count > Self.summaryTableThreshold {
            // The summary table's tally (a pass over every finding) beside the findings' lines,
            // which it follows.
            (tail, _) = Concurrent.pair({ summary(report, directory: directory) },
                                        { renderFindings(report.diagnostics, directory: directory, into: output) })
        } else {
            renderFindings(report.diagnostics, directory: directory, into: output)
            tail = quiet ? [] : summary(report, directory: directory)
        }
        output.write(tail)
    }

    /// The lines after the findings': the summary table (over `summaryTableThreshold` findings),
    /// the summary line and the baseline's.
    private func summary(_ report: LintReport, directory: String) -> [UInt8] {
        var tail = ReportBytes()
        if report.diagnostics.count > Self.summaryTableThreshold {
            tail.write(Self.summaryTable(report.diagnostics, directory: directory))
        }
        tail.write(ReportText.summaryLine(report.summary) + "\n")
        if let baseline = report.baseline {
            tail.write(ReportText.baselineLine(baseline) + "\n")
            for entry in baseline.stale {
                tail.write("  stale: " + entry.description + "\n")
            }
        }
        return tail.bytes
    }

    /// A line per finding.
    private func renderFindings(_ diagnostics: [Finding], directory: String, into output: ReportOutput) {
        ChunkedRender.render(count: diagnostics.count, head: [], tail: [], into: output) { range, out in
            // Findings come sorted by file: the shown path is worked out once per file.
            var shownPath = ShownPaths { file in
                var shown = ReportText.neutralized(PathUtilities.displayPath(file, from: directory))
                // A line must never start with `::` (a GitHub Actions log would run it as a
                // workflow command, even after leading blanks): `./` keeps such a path a path.
                if let first = shown.unicodeScalars.first, first == ":" || first.properties.isWhitespace {
                    shown = "./" + shown
                }
                return Array(shown.utf8)
            }
            // A run's lines differ only in the key (and, placed by key, the place): the text
            // around it is made once per run and severity.
            var around = RunPartsCache<RunKey, (head: [UInt8], tail: [UInt8])>()
            diagnostics.withUnsafeBufferPointer { diagnostics in
                for index in range {
                    if let (template, key) = diagnostics[index].keyRun {
                        let slot = around.slot(RunKey(template: template.id, severity: diagnostics[index].severity)) {
                            var head = ReportBytes(), tail = ReportBytes()
                            if !template.placedByKey { self.writeStart(diagnostics[index], shownPath: &shownPath, into: &head) }
                            head.writeNeutralized(template.messagePrefix)
                            tail.writeNeutralized(template.messageSuffix)
                            self.writeEnd(diagnostics[index], into: &tail)
                            return (head.bytes, tail.bytes)
                        }
                        if template.placedByKey { self.writeStart(diagnostics[index], shownPath: &shownPath, into: &out) }
                        out.write(around[slot].head)
                        out.writeNeutralized(bytes: key)
                        out.write(around[slot].tail)
                        continue
                    }
                    self.writeStart(diagnostics[index], shownPath: &shownPath, into: &out)
                    // In pieces: a batched finding's message is never made (escaping is per
                    // scalar, so the pieces give the message's bytes).
                    diagnostics[index].forEachMessagePiece { out.writeNeutralized($0) }
                    self.writeEnd(diagnostics[index], into: &out)
                }
            }
        }
    }

    /// A run at one severity (a rule may rate some findings of a run lower).
    private struct RunKey: Equatable {
        var template: ObjectIdentifier
        var severity: Severity
    }

    /// Over this many findings (more than a screenful), the report ends with a table of them by
    /// rule and by file, above the summary line: a CI log is read from its end.
    public static let summaryTableThreshold = 50
    /// Files the table names at most (the most findings first).
    static let summaryTableFiles = 5

    /// The findings by rule and severity, the files with the most, and how to see one rule:
    ///
    ///     Findings by rule:
    ///       39000  warning  missing-translation
    ///          12  error    unknown-field
    ///     Files with the most findings:
    ///       39000  Localizable.xcstrings
    ///          12  routes.yml
    ///     One rule at a time: --only missing-translation
    static func summaryTable(_ diagnostics: [Finding], directory: String) -> String {
        let tally = FindingTally(diagnostics)
        let width = String(diagnostics.count).count
        func count(_ value: Int) -> String { String(repeating: " ", count: width - String(value).count) + String(value) }
        let severityWidth = tally.rules.map(\.severity.rawValue.count).max() ?? 0
        var out = "\nFindings by rule:\n"
        for entry in tally.rules {
            let severity = entry.severity.rawValue
            out += "  \(count(entry.count))  \(severity)\(String(repeating: " ", count: severityWidth - severity.count))  "
                + ReportText.neutralized(entry.rule) + "\n"
        }
        out += "Files with the most findings:\n"
        for entry in tally.files.prefix(summaryTableFiles) {
            let shown = entry.file.map { ReportText.neutralized(PathUtilities.displayPath($0, from: directory)) } ?? "(the project as a whole)"
            out += "  \(count(entry.count))  \(shown)\n"
        }
        if tally.files.count > summaryTableFiles {
            out += "  " + ReportText.plural(tally.files.count - summaryTableFiles, "more file", "more files") + "\n"
        }
        if let top = tally.rules.first {
            out += "One rule at a time: --only \(ReportText.neutralized(top.rule))"
                + (tally.rules.count > 1 ? " (or any rule above)" : "") + "; --quiet prints the findings alone\n"
        }
        return out
    }

    /// `place: severity: `, the part of a line before the message.
    /// Paths as shown, made once per file: by the file's index for findings that index their
    /// files (no path asked of each), by the path for the others.
    private struct ShownPaths {
        var byPath: PerFileCache<[UInt8]>
        var byIndex: PlacedFileCache<[UInt8]>

        init(_ make: @escaping (String) -> [UInt8]) {
            byPath = PerFileCache(make)
            byIndex = PlacedFileCache(make)
        }
    }

    private func writeStart(_ diagnostic: borrowing Finding, shownPath: inout ShownPaths, into out: inout ReportBytes) {
        let path: [UInt8]?, line: Int?, column: Int?
        if let indexed = FindingPlace.indexed(diagnostic) {
            (path, line, column) = (shownPath.byIndex(diagnostic, indexed.file), indexed.line, indexed.column)
        } else {
            let place = FindingPlace(diagnostic)
            (path, line, column) = (place.file.map { shownPath.byPath($0) }, place.line, place.column)
        }
        if color { out.write(Self.bold) }
        if let path {
            out.write(path)
            if let line, let column {
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
        switch diagnostic.severity {
        case .error: out.writeLiteral("error:")
        case .warning: out.writeLiteral("warning:")
        case .info: out.writeLiteral("info:")
        }
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
