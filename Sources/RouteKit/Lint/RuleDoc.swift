/// A rule's documentation and examples, read from `lint-rules/<id>.yml` (embedded at build time).
public struct RuleDoc: Sendable {
    public struct Example: Sendable {
        public var description: String
        /// Expected findings of this rule as `file:line:col`; empty for an example that must pass.
        public var triggers: [String]
        /// Files of the example project (relative path → contents), in written order.
        public var files: [(path: String, text: String)]
        /// Extra `.routekit.yml` lines for the example.
        public var config: String?
        /// True for an example that must trigger the rule.
        public var mustTrigger: Bool { !triggers.isEmpty }
    }

    public var descriptor: RuleDescriptor
    public var examples: [Example]
    public var id: String { descriptor.id }
    /// The rule's options, from their declarations in its type (not from the document).
    public var options: [any RuleOptionDeclaration] { RuleRegistry.options(of: id) }
}

extension RuleDoc {
    /// Parses one rule document; problems are programming errors in `lint-rules/`, caught by tests.
    static func parse(_ text: String, name: String) throws(RuleDocError) -> RuleDoc {
        let file = YAMLReader.read(text: text, path: "lint-rules/\(name)")
        if let problem = file.diagnostics.first { throw RuleDocError("\(problem.location!): \(problem.message)") }
        guard let root = file.root?.mapping else { throw RuleDocError("\(name): not a mapping") }
        func field(_ key: String) throws(RuleDocError) -> String {
            guard let value = root[key]?.scalar, !value.isNull else { throw RuleDocError("\(name): missing '\(key)'") }
            return value.value.trimmed(of: "\n ")
        }
        let id = try field("id")
        guard name == "\(id).yml" else { throw RuleDocError("\(name): id '\(id)' does not match the file name") }
        let severityText = try field("severity")
        guard let severity = SeverityLevel.parse(severityText) else { throw RuleDocError("\(name): bad severity '\(severityText)'") }
        let descriptor = RuleDescriptor(id: id, defaultSeverity: severity, summary: try field("summary"),
                                        rationale: try field("rationale"), fix: try field("fix"))
        if root["options"] != nil {
            throw RuleDocError("\(name): options are declared once, in the rule's type (`static let options`), not in its document")
        }
        var examples: [Example] = []
        for item in root["examples"]?.sequence?.items ?? [] {
            guard let example = item.mapping else { throw RuleDocError("\(name): an example must be a mapping") }
            let files = (example["files"]?.mapping?.entries ?? []).map { ($0.key.value, $0.value.scalar?.value ?? "") }
            examples.append(Example(
                description: example["description"]?.scalar?.value.trimmed(of: "\n ") ?? "",
                triggers: example["triggers"]?.sequence?.items.compactMap { $0.scalar?.value } ?? [],
                files: files,
                config: example["config"]?.scalar?.value))
        }
        return RuleDoc(descriptor: descriptor, examples: examples)
    }
}

struct RuleDocError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
