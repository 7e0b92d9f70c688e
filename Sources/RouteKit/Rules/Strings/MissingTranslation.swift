/// A base-locale key that a required locale can only get from another language. A regional
/// locale may inherit from its parent (en-GB from en-001 and en, es-MX from es-419 and es), and
/// config `fallbacks:` count as deliberate; falling back to the base locale does not.
struct MissingTranslation: LintRule {
    static let id = "missing-translation"

    func check(_ context: LintContext) -> [Diagnostic] {
        let project = context.project
        let strings = project.strings
        guard let base = strings.base else { return [] }
        let overrides = LocaleFallbackOverrides(project.config.fallbacks)
        // Base keys in the order their messages sort, so a locale's findings come out sorted.
        let baseKeys = base.entries.map { entry in
            let name = strings.keyName(entry.key)
            return (id: entry.key, name: name, order: name + "'")
        }.sorted { $0.order < $1.order }.map { (id: $0.id, name: $0.name) }
        let keys = FindingBatch.Keys(baseKeys.map(\.name), sortedBefore: "'")
        let locales = context.requiredLocales.filter { $0 != strings.baseLocale }
        // Locales are independent (and Mastodon-sized projects have 100k findings): all cores. A
        // locale's findings are one batch: their messages are made only when a reporter asks.
        return Concurrent.map(count: locales.count) { index -> [Diagnostic] in
            let locale = locales[index]
            guard let declaration = strings[locale]?.declarations.first else {
                let location = project.config.locales?.first { $0.value == locale }?.location
                return [finding("required locale '\(locale)' has no strings at all", at: location,
                                file: project.config.path, locale: locale)]
            }
            let chain = LocaleFallback.chain(for: locale, overrides: overrides)
            let sourceSlots = (chain.isEmpty ? [locale] : chain).filter { $0 != strings.baseLocale || LocaleFallback.sameLanguage($0, locale) }
                .compactMap { strings[$0]?.slots }
            let batch = FindingBatch(rule: Self.id, location: declaration, locale: locale, messagePrefix: "'", keys: keys,
                                     messageSuffix: "' is missing in locale '\(locale)': users see the '\(strings.baseLocale)' text")
            var findings: [Diagnostic] = []
            for (position, key) in baseKeys.enumerated() {
                let slot = Int(key.id)
                if sourceSlots.contains(where: { slot < $0.count && $0[slot] != 0 }) { continue }
                findings.append(Diagnostic(batch, item: position, severity: .error))
            }
            return findings
        }.flatMap { $0 }
    }
}

extension LocaleFallback {
    /// True when both tags have the same language subtag (after canonicalizing).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleTag.canonical(a), let right = LocaleTag.canonical(b) else { return a == b }
        return left.language == right.language
    }
}
