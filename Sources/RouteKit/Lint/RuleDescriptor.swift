/// What a rule is, as documented in `lint-rules/<id>.yml`.
public struct RuleDescriptor: Hashable, Sendable {
    public var id: String
    public var defaultSeverity: Severity?   // nil: off by default
    public var summary: String
    public var rationale: String
    public var fix: String

    public init(id: String, defaultSeverity: Severity?, summary: String, rationale: String, fix: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
    }
}
