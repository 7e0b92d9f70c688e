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
        // Mastodon-sized projects have 100k findings: locales are checked on all cores, first which
        // keys each misses, then the findings are written straight into one array. A locale's
        // findings are one batch: their messages are made only when a reporter asks.
        let missing: [[Int32]?] = Concurrent.map(count: locales.count) { index in
            let locale = locales[index]
            guard strings[locale]?.declarations.first != nil else { return nil }
            let chain = LocaleFallback.chain(for: locale, overrides: overrides)
            let sourceSlots = (chain.isEmpty ? [locale] : chain).filter { $0 != strings.baseLocale || LocaleFallback.sameLanguage($0, locale) }
                .compactMap { strings[$0]?.slots }
            var positions: [Int32] = []
            for (position, key) in baseKeys.enumerated() {
                let slot = Int(key.id)
                if !sourceSlots.contains(where: { slot < $0.count && $0[slot] != 0 }) { positions.append(Int32(position)) }
            }
            return positions
        }
        // A locale without strings gets one finding.
        return Concurrent.joined(partCounts: missing.map { $0?.count ?? 1 }) { index, out in
            let locale = locales[index]
            guard let positions = missing[index], let declaration = strings[locale]?.declarations.first else {
                let location = project.config.locales?.first { $0.value == locale }?.location
                out.append(finding("required locale '\(locale)' has no strings at all", at: location,
                                   file: project.config.path, locale: locale))
                return
            }
            let batch = FindingBatch(rule: Self.id, location: declaration, locale: locale, messagePrefix: "'", keys: keys,
                                     messageSuffix: "' is missing in locale '\(locale)': users see the '\(strings.baseLocale)' text")
            for position in positions { out.append(Diagnostic(batch, item: Int(position), severity: .error)) }
        }
    }
}

extension LocaleFallback {
    /// True when both tags have the same language subtag (after canonicalizing).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleTag.canonical(a), let right = LocaleTag.canonical(b) else { return a == b }
        return left.language == right.language
    }
}
