/// One lint rule: one type per rule, one file per type, registered in `RuleRegistry`.
/// Rules only find; severity, suppression and ordering are the engine's job.
public protocol LintRule: Sendable {
    static var id: String { get }
    func check(_ context: LintContext) -> [Diagnostic]
}

extension LintRule {
    /// A finding of this rule (its severity is set by the engine from config and defaults).
    func finding(_ message: String, at location: SourceLocation?, file: String? = nil,
                 route: String? = nil, key: String? = nil, locale: String? = nil) -> Diagnostic {
        Diagnostic(rule: Self.id, severity: .error, message: message, location: location, file: file,
                   route: route, key: key, locale: locale)
    }
}

/// What a rule sees: the loaded project and its settings.
public struct LintContext: Sendable {
    public var project: Project
    public var settings: [String: RuleSetting]
    /// What several rules derive from `project.strings` (as it was when the context was made).
    let derived: DerivedStrings

    init(project: Project, settings: [String: RuleSetting]) {
        self.project = project
        self.settings = settings
        derived = DerivedStrings(project.strings)
    }

    /// A rule option: from config, else the documented default.
    public func option(_ name: String, of rule: String) -> String? {
        settings[rule]?.options[name]?.value ?? RuleCatalog.defaultOption(name, of: rule)
    }

    public func intOption(_ name: String, of rule: String) -> Int? {
        option(name, of: rule).flatMap { Int($0) }
    }

    /// Locales that must be complete: config `locales:`, or every locale found.
    public var requiredLocales: [String] {
        project.config.locales?.map(\.value) ?? project.strings.locales
    }
}
