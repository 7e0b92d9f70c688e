import RouteKit

struct RulesCommand: Command {
    static let name = "rules"
    static let summary = "list the lint rules, or explain one"
    static let help = """
        Usage: routekit rules [RULE] [--json]

        Without RULE: every rule with its default severity and summary.
        With RULE: its rationale, how to fix it, its options and its examples (the same examples
        the test suite runs).

        Options:
        \(OptionSpec.helpText(options))
        """
    static let options = [
        OptionSpec("--json", help: """
            print JSON: an array of rules (one object with RULE), each {"id", "severity",
            "summary", "rationale", "fix", "options": [{"name", "summary", "expected", "default"}]}
            """),
    ]
    static let operands = Operands.rules

    static func run(_ arguments: inout Arguments, console: Console) throws -> ExitCode {
        let json = arguments.flag("--json")
        guard let id = try arguments.finish(maxPositionals: 1).first else {
            if json {
                console.write(RuleDocFormatter.json(RuleDocs.docs))
                return .success
            }
            let width = RuleDocs.ids.map(\.count).max() ?? 0
            for doc in RuleDocs.docs {
                let severity = doc.descriptor.defaultSeverity?.rawValue ?? "off"
                console.print(doc.id.padded(to: width + 2)
                              + severity.padded(to: 9) + doc.descriptor.summary)
            }
            return .success
        }
        guard let doc = RuleDocs.doc(id) else {
            let hint = closestMatch(to: id, among: RuleDocs.ids).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown rule '\(id)'\(hint) Run 'routekit rules' for the list.")
        }
        console.write(json ? RuleDocFormatter.json(doc) : RuleDocFormatter.render(doc))
        return .success
    }
}
