/// Every rule that checks a loaded project. Rules found while reading (`yaml-syntax`,
/// `duplicate-key`, `unknown-field`, `invalid-field`) are reported by the loaders instead.
public enum RuleRegistry {
    public static let rules: [any LintRule] = [
        TabRootMissingTitle(),
        DataObjectNeedsInstanceTitle(),
        DetailMissingTitle(),
        UnknownStringKey(),
        UnknownParam(),
        OptionalTitleWithoutFallback(),
        LiteralTitle(),
        TabMissingIcon(),
        UnknownRoute(),
        UnreachableRoute(),
        UnboundPlaceholder(),
        ExtraTranslation(),
        EmptyTranslation(),
        PlaceholderMismatch(),
        Untranslated(),
        InvalidLocale(),
        MissingTranslation(),
        PluralMissingCategory(),
        PluralExtraCategory(),
        TitleTooLong(),
        AmbiguousTitle(),
    ]

    /// Ids reported while reading inputs rather than by a `LintRule`.
    public static let readerRuleIDs = ["yaml-syntax", "duplicate-key", "unknown-field", "invalid-field"]
}
