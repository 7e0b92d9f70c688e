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
    public var diagnostics: [Diagnostic]
    public var summary: LintSummary
    public var rules: [RuleDescriptor]
    /// The config file's directory; report paths are relative to it.
    public var root: String

    public init(diagnostics: [Diagnostic], summary: LintSummary, rules: [RuleDescriptor], root: String) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.rules = rules
        self.root = root
    }

    /// `file` relative to `root` with `/` separators, or unchanged when it lies outside.
    public func relativePath(_ file: String) -> String {
        PathUtilities.relative(file, to: root)
    }
}

/// Renders a lint report in one format. One reporter per file in `Reporting/`.
public protocol Reporter: Sendable {
    /// The name used with `--format`.
    static var format: String { get }
    func render(_ report: LintReport) -> String
}
