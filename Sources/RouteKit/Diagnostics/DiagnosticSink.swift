/// Each loader collects `Diagnostic`s into a `DiagnosticSink` instead of failing on the first.
public struct DiagnosticSink: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ rule: String, _ message: String, at location: SourceLocation,
                                route: String? = nil, key: String? = nil, locale: String? = nil,
                                severity: Severity = .error) {
        diagnostics.append(Diagnostic(rule: rule, severity: severity, message: message,
                                      location: location, route: route, key: key, locale: locale))
    }

    public mutating func append(contentsOf more: [Diagnostic]) { diagnostics += more }
}
