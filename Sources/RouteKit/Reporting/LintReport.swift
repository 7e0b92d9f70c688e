/// Counts shown in every report's summary.
public struct LintSummary: Hashable, Sendable {
    public var errors: Int
    public var warnings: Int
    public var infos: Int
    public var files: Int
    public var routes: Int
    public var locales: Int

    public init(errors: Int = 0, warnings: Int = 0, infos: Int = 0, files: Int = 0, routes: Int = 0, locales: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.infos = infos
        self.files = files
        self.routes = routes
        self.locales = locales
    }
}

/// Everything a reporter needs: the findings, the counts, the rules that ran, and the project root
/// that machine-readable paths are relative to.
public struct LintReport: Sendable {
    public var diagnostics: [Finding]
    public var summary: LintSummary
    public var rules: [RuleDescriptor]
    /// The config file's directory; report paths are relative to it.
    public var root: String
    /// The config file, if there is one: formats that need a file for every finding (SARIF,
    /// Checkstyle) place project-wide findings (no file) there.
    public var configFile: String?
    /// What applying a baseline did, when one was applied: reporters mention the suppressed count
    /// and the entries that no longer occur.
    public var baseline: BaselineOutcome?
    /// The top of the git working tree that holds `root`, when there is one: formats read by
    /// code hosts (SARIF, GitLab Code Quality, Markdown links) give paths relative to it, as the
    /// host resolves them against the repository root.
    public var repositoryRoot: String?

    public init(
        diagnostics: [Finding], summary: LintSummary, rules: [RuleDescriptor], root: String,
        configFile: String? = nil, baseline: BaselineOutcome? = nil, repositoryRoot: String? = nil
    ) {
        self.repositoryRoot = repositoryRoot
        self.diagnostics = diagnostics
        self.summary = summary
        self.rules = rules
        self.root = root
        self.configFile = configFile
        self.baseline = baseline
    }

    /// `file` relative to `root` with `/` separators, or unchanged when it lies outside.
    public func relativePath(_ file: String) -> String {
        PathUtilities.relative(file, to: root)
    }

    /// The directory code hosts resolve paths against: the repository root, else `root`.
    public var hostRoot: String { repositoryRoot ?? root }

    /// `file` relative to `hostRoot`, or unchanged when it lies outside.
    public func hostPath(_ file: String) -> String {
        PathUtilities.relative(file, to: hostRoot)
    }
}

/// Renders a lint report in one format. One reporter per file in `Reporting/`.
///
/// Reporters print findings in the order `report.diagnostics` gives them (the lint engine sorts
/// by file, line, column, rule); a format that groups findings keeps that order in each group.
/// The result is the whole output, ending in a newline unless it is empty.
public protocol Reporter: Sendable {
    /// The name used with `--format`.
    static var format: String { get }
    func render(_ report: LintReport) -> String
    /// The bytes of `render(report)`, handed to `output` piece by piece, in order: formats that
    /// can have 100k findings write them a part at a time instead of making one large string.
    func render(_ report: LintReport, into output: ReportOutput)
}

extension Reporter {
    public func render(_ report: LintReport, into output: ReportOutput) {
        output.write(render(report))
    }
}
