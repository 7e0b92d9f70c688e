/// Every rule that checks a loaded project. Rules found while reading (`yaml-syntax`,
/// `duplicate-key`, `unknown-field`, `invalid-field`) are reported by the loaders instead.
public enum RuleRegistry {
    /// The linter starts the rules in this order on all cores (their findings are sorted
    /// afterwards). The rules over every string come first, the longest on large projects first,
    /// so that the short catalog rules fill the gaps and no core ends up running one long rule
    /// alone.
    public static let rules: [any LintRule] = [
        PlaceholderMismatch(),
        Untranslated(),
        AmbiguousTitle(),
        EmptyTranslation(),
        TitleTooLong(),
        UnboundPlaceholder(),
        UnsupportedPlaceholder(),
        PluralMissingCategory(),
        PluralExtraCategory(),
        MissingTranslation(),
        ExtraTranslation(),
        InvalidLocale(),
        UnknownStringKey(),
        UnreachableRoute(),
        UnknownParam(),
        TabRootMissingTitle(),
        DataObjectNeedsInstanceTitle(),
        DetailMissingTitle(),
        OptionalTitleWithoutFallback(),
        LiteralTitle(),
        TabMissingIcon(),
        UnknownRoute(),
        CatalogDrift(),
        PushWithoutTitle(),
        PushTitleKeyMismatch(),
        TabParity(),
        TabRootWithoutNavigationTitle(),
        TabLabelMismatch(),
        CodeNotFollowed(),
    ]

    /// The options `id` declares (none for an unknown id or a reader rule).
    public static func options(of id: String) -> [any RuleOptionDeclaration] {
        optionsByID[id] ?? []
    }

    private static let optionsByID: [String: [any RuleOptionDeclaration]] = Dictionary(
        rules.map { (type(of: $0).id, type(of: $0).options) }, uniquingKeysWith: { first, _ in first })

    /// Ids reported while reading inputs rather than by a `LintRule`.
    public static let readerRuleIDs = ["yaml-syntax", "duplicate-key", "unknown-field", "invalid-field",
                                       "xml-syntax", "json-syntax", "string-state", "resource-notice"]
}
