/// Helpers that read typed values out of YAML nodes and report shape problems precisely.
extension YAMLNode {
    /// A non-null scalar's text, or nil (and a finding) for anything else.
    func text(_ field: String, into sink: inout FindingSink, rule: String = "invalid-field", route: String? = nil) -> Located<String>? {
        if case .scalar(let scalar) = self, !scalar.isNull { return scalar.located }
        sink.report(rule, "'\(field)' must be a text value, found \(kindName)", at: location, route: route)
        return nil
    }

    /// A list of texts; a single text counts as a one-element list.
    func texts(_ field: String, into sink: inout FindingSink, rule: String = "invalid-field", route: String? = nil) -> [Located<String>] {
        switch self {
        case .scalar(let scalar):
            return scalar.isNull ? [] : [scalar.located]
        case .sequence(let sequence):
            return sequence.items.compactMap { $0.text("\(field) item", into: &sink, rule: rule, route: route) }
        case .mapping:
            sink.report(rule, "'\(field)' must be a list, found a mapping", at: location, route: route)
            return []
        }
    }
}
