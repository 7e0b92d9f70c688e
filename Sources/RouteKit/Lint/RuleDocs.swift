/// The documentation of every rule routekit knows (`lint-rules/*.yml`, embedded). The single source for ids, default severities and options.
public enum RuleDocs {
    /// All rule docs in id order. A broken document is a build defect that the tests catch;
    /// at run time it is skipped rather than crashing the linter.
    public static let docs: [RuleDoc] = embeddedFiles.compactMap { try? RuleDoc.parse($0.text, name: $0.name) }

    private static let byID: [String: RuleDoc] = Dictionary(docs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static let ids: [String] = docs.map(\.id)

    public static func doc(_ id: String) -> RuleDoc? { byID[id] }

    public static var descriptors: [RuleDescriptor] { docs.map(\.descriptor) }

    /// nil when the rule is off by default (or unknown).
    public static func defaultSeverity(of id: String) -> Severity? { byID[id]?.descriptor.defaultSeverity ?? nil }

    /// The rule's declared options.
    public static func options(of id: String) -> [any RuleOptionDeclaration] { RuleRegistry.options(of: id) }

    public static func defaultOption(_ option: String, of id: String) -> String? {
        options(of: id).first { $0.name == option }?.defaultText
    }

    /// What is wrong between declared rules and their documents, one line each naming the rule
    /// or the document: a rule without a document, a document without a rule, a document that
    /// does not parse. Empty when all is well (a test holds the real rules to that).
    static func problems(declaredIDs: [String], documents: [(name: String, text: String)]) -> [String] {
        var problems: [String] = []
        var documented: Set<String> = []
        for (name, text) in documents {
            do {
                documented.insert(try RuleDoc.parse(text, name: name).id)
            } catch {
                problems.append("lint-rules/\(name) does not parse: \(error)")
                documented.insert(String(name.dropLast(4)))
            }
        }
        let declared = Set(declaredIDs)
        for id in declaredIDs.sorted() where !documented.contains(id) {
            problems.append("rule '\(id)' has no document: add lint-rules/\(id).yml and run Scripts/generate-rule-docs.py")
        }
        for id in documented.sorted() where !declared.contains(id) {
            problems.append("lint-rules/\(id).yml documents no rule: declare a LintRule (or ReaderRule) with id '\(id)' under Sources/RouteKit/Rules/")
        }
        return problems
    }
}
