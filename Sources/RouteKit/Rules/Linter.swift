/// Which rules run: `--only` and `--disable` on top of the config.
public struct LintSelection: Sendable {
    public var only: Set<String> = []
    public var disabled: Set<String> = []

    public init(only: Set<String> = [], disabled: Set<String> = []) {
        self.only = only
        self.disabled = disabled
    }

    func includes(_ id: String) -> Bool {
        (only.isEmpty || only.contains(id)) && !disabled.contains(id)
    }
}

public struct LintResult: Sendable {
    /// Sorted by file, line, column, rule; without what the baseline hides.
    public var diagnostics: [Diagnostic]
    /// Every finding before the baseline: what `--write-baseline` records.
    public var unbaselined: [Diagnostic]
    public var summary: LintSummary
    /// Findings hidden by suppression comments or `lint: { ignore }`.
    public var suppressedCount: Int
    /// What the baseline hid and which of its entries no longer occur, when one was applied.
    public var baseline: BaselineOutcome?

    public func report(config: ProjectConfig) -> LintReport {
        LintReport(diagnostics: diagnostics, summary: summary, rules: RuleCatalog.descriptors, root: config.root,
                   configFile: config.path, baseline: baseline)
    }
}

/// Runs every enabled rule over a project and applies severities and suppressions.
public enum Linter {
    public static func lint(_ project: Project, selection: LintSelection = LintSelection(), baseline: Baseline? = nil) -> LintResult {
        let settings = project.config.rules
        let context = LintContext(project: project, settings: settings)
        var found = project.diagnostics
        for rule in RuleRegistry.rules where isEnabled(type(of: rule).id, settings: settings, selection: selection) {
            found += rule.check(context)
        }
        let ignoredByRoute = Dictionary(project.catalog.routes.map { ($0.name, $0.ignoredRules) }, uniquingKeysWith: { a, _ in a })
        var kept: [Diagnostic] = []
        var suppressed = 0
        var seen: Set<Diagnostic> = []
        for var diagnostic in found {
            guard isEnabled(diagnostic.rule, settings: settings, selection: selection),
                  let severity = severity(of: diagnostic.rule, settings: settings)
                    ?? (selection.only.contains(diagnostic.rule) ? .warning : nil) else { continue }
            diagnostic.severity = severity
            if let location = diagnostic.location,
               project.suppressions[location.file]?.suppresses(rule: diagnostic.rule, line: location.line) == true {
                suppressed += 1
                continue
            }
            if let route = diagnostic.route, ignoredByRoute[route]?.contains(diagnostic.rule) == true {
                suppressed += 1
                continue
            }
            if seen.insert(diagnostic).inserted { kept.append(diagnostic) }
        }
        kept.sort(by: order)
        let unbaselined = kept
        var outcome: BaselineOutcome?
        if let baseline {
            let applied = baseline.apply(to: kept, root: project.config.root)
            kept = applied.kept
            outcome = BaselineOutcome(suppressed: applied.suppressed, stale: applied.stale)
        }
        var summary = LintSummary(files: project.files.count, routes: project.catalog.routes.count,
                                  locales: project.strings.locales.count)
        for diagnostic in kept {
            switch diagnostic.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .info: summary.infos += 1
            }
        }
        return LintResult(diagnostics: kept, unbaselined: unbaselined, summary: summary, suppressedCount: suppressed,
                          baseline: outcome)
    }

    static func isEnabled(_ id: String, settings: [String: RuleSetting], selection: LintSelection) -> Bool {
        // `--only` runs a rule even when the config or its default turns it off.
        if selection.only.contains(id) { return !selection.disabled.contains(id) }
        return selection.includes(id) && severity(of: id, settings: settings) != nil
    }

    static func severity(of id: String, settings: [String: RuleSetting]) -> Severity? {
        if let setting = settings[id] { return setting.severity }
        return RuleCatalog.defaultSeverity(of: id)
    }

    private static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let left = (a.file ?? "", a.location?.line ?? 0, a.location?.column ?? 0, a.rule, a.message)
        let right = (b.file ?? "", b.location?.line ?? 0, b.location?.column ?? 0, b.rule, b.message)
        return left < right
    }
}
