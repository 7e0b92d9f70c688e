/// The text `routekit rules <id>` prints: the documentation and its runnable examples.
public enum RuleDocFormatter {
    public static func render(_ doc: RuleDoc) -> String {
        let descriptor = doc.descriptor
        var lines = [
            "\(doc.id) (default: \(descriptor.defaultSeverity?.rawValue ?? "off"))",
            "",
            descriptor.summary,
            "",
            "Why:",
            indent(descriptor.rationale),
            "",
            "How to fix:",
            indent(descriptor.fix),
        ]
        if !doc.options.isEmpty {
            lines += ["", "Options:"]
            for option in doc.options {
                lines.append("  \(option.name): \(option.summary)")
                lines.append("    \(option.expected); default \(option.defaultText)")
            }
        }
        lines += ["", "Examples:"]
        for example in doc.examples {
            let verdict = example.mustTrigger ? "triggers at \(example.triggers.joined(separator: ", "))" : "passes"
            lines += ["", "  \(example.description) (\(verdict))"]
            if let config = example.config { lines += ["    # .routekit.yml (extra)", indent(config, by: 4)] }
            for file in example.files {
                lines += ["    # \(file.path)", indent(file.text, by: 4)]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `routekit rules --json` prints: an array of rules (or, for one rule, its object),
    /// each `{"id", "severity", "summary", "rationale", "fix", "options": [{"name", "summary",
    /// "expected", "default"}]}`; `severity` is the default one, `off` for a rule off by default.
    public static func json(_ docs: [RuleDoc]) -> String {
        JSONValue.array(docs.map(jsonValue)).rendered() + "\n"
    }

    public static func json(_ doc: RuleDoc) -> String {
        jsonValue(doc).rendered() + "\n"
    }

    private static func jsonValue(_ doc: RuleDoc) -> JSONValue {
        .object([
            "id": .string(doc.id),
            "severity": .string(doc.descriptor.defaultSeverity?.rawValue ?? "off"),
            "summary": .string(doc.descriptor.summary),
            "rationale": .string(doc.descriptor.rationale),
            "fix": .string(doc.descriptor.fix),
            "options": .array(doc.options.map { option in
                .object([
                    "name": .string(option.name), "summary": .string(option.summary),
                    "expected": .string(option.expected), "default": .string(option.defaultText),
                ])
            }),
        ])
    }

    private static func indent(_ text: String, by spaces: Int = 2) -> String {
        let prefix = String(repeating: " ", count: spaces)
        return text.trimmed(of: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : prefix + $0.replacingTabs() }.joined(separator: "\n")
    }
}

private extension Substring {
    /// Tabs in examples (the tab-indentation example) shown visibly.
    func replacingTabs() -> String { String(self).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "→   ") }
}
