/// Each loader collects `Finding`s into a `FindingSink` instead of failing on the first.
public struct FindingSink: Sendable {
    public private(set) var diagnostics: [Finding] = []

    public init() {}

    public mutating func report(_ rule: String, _ message: String, at location: SourceLocation,
                                route: String? = nil, key: String? = nil, locale: String? = nil,
                                severity: Severity = .error) {
        diagnostics.append(Finding(rule: rule, severity: severity, message: message,
                                      location: location, route: route, key: key, locale: locale))
    }

    public mutating func append(contentsOf more: [Finding]) { diagnostics += more }
}

/// The type's name before it was `FindingSink`; kept so library users keep compiling.
@available(*, deprecated, renamed: "FindingSink") public typealias DiagnosticSink = FindingSink
