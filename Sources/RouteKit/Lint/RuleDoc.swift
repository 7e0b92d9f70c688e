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
        let knownFields: Set<String> = ["id", "severity", "summary", "rationale", "fix", "examples"]
        for entry in root.entries where !knownFields.contains(entry.key.value) {
            throw RuleDocError("\(entry.key.location): unknown field '\(entry.key.value)' (known: \(knownFields.sorted().joined(separator: ", ")))")
        }
        // A misspelled, missing or scalar field must fail here: read as empty, `triggers` would
        // silently mean "this example must pass", and a file's contents would become "".
        var examples: [Example] = []
        let exampleNodes: [YAMLNode]
        switch root["examples"] {
        case nil: exampleNodes = []
        case let node?:
            guard let sequence = node.sequence else { throw RuleDocError("\(node.location): 'examples' must be a list") }
            exampleNodes = sequence.items
        }
        let exampleFields: Set<String> = ["description", "triggers", "files", "config"]
        for item in exampleNodes {
            guard let example = item.mapping else { throw RuleDocError("\(item.location): an example must be a mapping") }
            for entry in example.entries where !exampleFields.contains(entry.key.value) {
                throw RuleDocError("\(entry.key.location): unknown example field '\(entry.key.value)' (known: \(exampleFields.sorted().joined(separator: ", ")))")
            }
            func scalar(_ node: YAMLNode, _ what: String) throws(RuleDocError) -> String {
                guard let value = node.scalar, !value.isNull else { throw RuleDocError("\(node.location): \(what) must be a string") }
                return value.value
            }
            guard let description = example["description"] else { throw RuleDocError("\(example.location): an example needs a 'description'") }
            guard let triggersNode = example["triggers"] else {
                throw RuleDocError("\(example.location): an example needs 'triggers' (a list of file:line:col; [] for an example that must pass)")
            }
            guard let triggerItems = triggersNode.sequence?.items else {
                throw RuleDocError("\(triggersNode.location): 'triggers' must be a list of file:line:col")
            }
            var triggers: [String] = []
            for trigger in triggerItems { triggers.append(try scalar(trigger, "a trigger")) }
            guard let filesNode = example["files"] else { throw RuleDocError("\(example.location): an example needs 'files'") }
            guard let fileEntries = filesNode.mapping?.entries else { throw RuleDocError("\(filesNode.location): 'files' must map paths to contents") }
            var files: [(path: String, text: String)] = []
            for entry in fileEntries {
                guard let text = entry.value.scalar else {
                    throw RuleDocError("\(entry.value.location): the contents of '\(entry.key.value)' must be a string")
                }
                files.append((entry.key.value, text.value))
            }
            examples.append(Example(
                description: try scalar(description, "'description'").trimmed(of: "\n "),
                triggers: triggers,
                files: files,
                config: try example["config"].map { node throws(RuleDocError) in try scalar(node, "'config'") }))
        }
        return RuleDoc(descriptor: descriptor, examples: examples)
    }
}

struct RuleDocError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
