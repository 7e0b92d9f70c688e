/// The documentation of every rule routekit knows (`lint-rules/*.yml`, embedded). The single source for ids, default severities and options.
public enum RuleDocs {
    /// All rule docs in id order, parsed at first use (`routekit rules`, the rule example tests).
    /// A broken document is a build defect that the tests catch; at run time it is skipped
    /// rather than crashing the linter.
    public static let docs: [RuleDoc] = embeddedFiles.compactMap { try? RuleDoc.parse($0.text, name: $0.name) }

    private static let docsByID: [String: RuleDoc] = Dictionary(docs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static func doc(_ id: String) -> RuleDoc? { docsByID[id] }

    /// Every rule's descriptor in id order. Read from the documents when routekit is built
    /// (`Scripts/generate-rule-docs.py`), so that a lint parses no rule document: start-up stays
    /// instant. A test holds them to what ``docs`` parses.
    public static var descriptors: [RuleDescriptor] { generatedDescriptors }

    public static let ids: [String] = generatedDescriptors.map(\.id)

    private static let descriptorsByID: [String: RuleDescriptor] =
        Dictionary(generatedDescriptors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    public static func descriptor(_ id: String) -> RuleDescriptor? { descriptorsByID[id] }

    /// nil when the rule is off by default (or unknown).
    public static func defaultSeverity(of id: String) -> Severity? { descriptorsByID[id]?.defaultSeverity ?? nil }

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
