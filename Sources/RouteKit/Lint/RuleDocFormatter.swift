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
