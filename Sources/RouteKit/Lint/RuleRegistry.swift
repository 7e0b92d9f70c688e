/// Every rule that checks a loaded project. Rules found while reading (`ReaderRule`s such as
/// `yaml-syntax` and `xml-syntax`) are reported by the readers and loaders instead.
public enum RuleRegistry {
    /// Every rule the linter runs: the rules declared under `Rules/` (`declaredRules`, generated),
    /// those in `longRunningFirst` first. The linter starts them in this order on all cores (their
    /// findings are sorted afterwards), so that the short rules fill the gaps and no core ends up
    /// running one long rule alone.
    public static let rules: [any LintRule] = {
        let rank = Dictionary(uniqueKeysWithValues: longRunningFirst.enumerated().map { ($1, $0) })
        return declaredRules.enumerated().sorted { left, right in
            let a = rank[type(of: left.element).id] ?? longRunningFirst.count
            let b = rank[type(of: right.element).id] ?? longRunningFirst.count
            return (a, left.offset) < (b, right.offset)
        }.map(\.element)
    }()

    /// Rules over every string, the longest on large projects first (measured on the benchmark
    /// corpora). Only scheduling: a rule missing here still runs. `missing-translation` is cheap
    /// on a translated project but the longest but one where most keys lack translations (the
    /// findings-heavy corpus): started last, it ran alone on one core at the end.
    static let longRunningFirst = [
        "placeholder-mismatch", "missing-translation", "untranslated", "ambiguous-title", "empty-translation", "title-too-long",
        "unbound-placeholder", "format-crash", "placeholder-shown-verbatim", "plural-missing-category", "plural-extra-category",
        "extra-translation", "invalid-locale", "unknown-string-key",
    ]

    /// The options `id` declares (none for an unknown id or a reader rule).
    public static func options(of id: String) -> [any RuleOptionDeclaration] {
        optionsByID[id] ?? []
    }

    private static let optionsByID: [String: [any RuleOptionDeclaration]] = Dictionary(
        rules.map { (type(of: $0).id, type(of: $0).options) }, uniquingKeysWith: { first, _ in first })
}
