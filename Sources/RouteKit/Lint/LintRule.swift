/// One lint rule: one type per rule, one file per type under `Rules/`, with its document in
/// `lint-rules/<id>.yml`; `Scripts/generate-rule-docs.py` registers it. Rules only find;
/// severity, suppression and ordering are the engine's job.
public protocol LintRule: Sendable {
    static var id: String { get }
    /// The options the rule takes, each declared once (see `RuleOption`).
    static var options: [any RuleOptionDeclaration] { get }
    /// True for a rule about the strings alone (no catalog, no code): it runs once per resource
    /// set, each set's strings in `context.project.strings`. Other rules see the app's own set.
    static var checksEachStringSet: Bool { get }
    /// True for a rule whose premise is a native SwiftUI bar (tab labels, push and detail titles):
    /// it does not run where the Swift sources show no native navigation (`navigation-shape`).
    static var needsNativeNavigation: Bool { get }
    func check(_ context: LintContext) -> [Finding]
}

extension LintRule {
    public static var options: [any RuleOptionDeclaration] { [] }
    public static var checksEachStringSet: Bool { false }
    public static var needsNativeNavigation: Bool { false }

    /// A finding of this rule. The engine gives it the rule's severity from config and defaults;
    /// a rule that rates some findings lower than others passes `severity`, which the engine
    /// keeps when it is lower than the rule's.
    func finding(_ message: String, at location: SourceLocation?, file: String? = nil,
                 route: String? = nil, key: String? = nil, locale: String? = nil,
                 severity: Severity = .error) -> Finding {
        Finding(rule: Self.id, severity: severity, message: message, location: location, file: file,
                   route: route, key: key, locale: locale)
    }
}

/// A rule whose findings the input readers report while reading (`yaml-syntax`, `duplicate-key`,
/// …). It has a type and a document like every rule, so ids are declared once; the linter does
/// not run it.
public protocol ReaderRule: Sendable {
    static var id: String { get }
}

/// What a rule sees: the loaded project and its settings.
public struct LintContext: Sendable {
    public var project: Project
    public var settings: [String: RuleSetting]
    /// What several rules derive from `project.strings` (as it was when the context was made).
    let stringCache: StringTableCache

    /// `rules`: the rules that will run (nil: any may), which the cache prepares its shared work for.
    init(project: Project, settings: [String: RuleSetting], rules: [any LintRule]? = nil) {
        self.project = project
        self.settings = settings
        stringCache = StringTableCache(project.strings, for: rules, listedMismatches: project.config.limits.findings)
    }

    /// A rule option as text: from config, else its declared default. Rules read their options
    /// typed, with `value(_:for:)`.
    public func option(_ name: String, of rule: String) -> String? {
        settings[rule]?.options[name]?.value ?? RuleDocs.defaultOption(name, of: rule)
    }

    /// Locales that must be complete: config `locales:`, or every locale found.
    public var requiredLocales: [String] {
        project.config.locales?.map(\.value) ?? project.strings.locales
    }
}
