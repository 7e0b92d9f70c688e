/// One finding: a rule, where it is, and what it is about.
public struct Diagnostic: Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var message: String
    /// `nil` for a finding about the project as a whole (a missing file has a file but no line).
    public var location: SourceLocation?
    /// A file without a position, for findings such as "file not found".
    public var file: String?
    public var route: String?
    public var key: String?
    public var locale: String?

    public init(
        rule: String, severity: Severity, message: String,
        location: SourceLocation? = nil, file: String? = nil,
        route: String? = nil, key: String? = nil, locale: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.file = file ?? location?.file
        self.route = route
        self.key = key
        self.locale = locale
    }
}
