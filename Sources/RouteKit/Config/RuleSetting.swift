/// A rule's configuration: `off | info | warning | error`, or `{severity, options...}`.
public struct RuleSetting: Sendable, Hashable {
    /// `nil` turns the rule off; absent from the config means the rule's default.
    public var severity: Severity?
    public var options: [String: Located<String>]
    public var location: SourceLocation

    public init(severity: Severity?, options: [String: Located<String>] = [:], location: SourceLocation) {
        self.severity = severity
        self.options = options
        self.location = location
    }
}

/// A severity as written in config and on the command line.
public enum SeverityLevel {
    /// `off` → `.some(nil)`; a severity name → `.some(severity)`; anything else → `nil`.
    public static func parse(_ text: String) -> Severity?? {
        if text == "off" { return .some(nil) }
        if let severity = Severity(rawValue: text) { return .some(severity) }
        return nil
    }
}
