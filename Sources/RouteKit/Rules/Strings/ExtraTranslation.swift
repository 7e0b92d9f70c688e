/// A key that a translation has and the base locale does not: dead text, or a renamed key.
struct ExtraTranslation: LintRule {
    static let id = "extra-translation"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        guard let base = strings.base else { return [] }
        // Every key of a translation may be extra: stored compactly (`EntryFindings`), the first
        // `limits.findings` listed in locale and entry order and the rest counted, in one array
        // reserved for the most there can be (untouched capacity costs no memory).
        let locales = strings.locales.filter { $0 != strings.baseLocale }.compactMap { strings[$0] }
        let listing = FindingListing(rule: Self.id, limit: context.project.config.limits.findings)
        var findings: [Finding] = []
        findings.reserveCapacity(min(locales.reduce(0) { $0 + $1.entries.count }, listing.limit) + 1)
        for table in locales {
            let extra = EntryFindings(rule: Self.id, table: table, place: .key, message: .aroundKey(
                prefix: { _ in "key '" }, suffix: "' of locale '\(table.locale)' is not in base locale '\(strings.baseLocale)'"),
                listing: listing)
            for (index, entry) in table.entries.indexed {
                guard !base.contains(entry.key) else { continue }
                extra.add(entry: index, to: &findings)
            }
        }
        listing.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }
}
