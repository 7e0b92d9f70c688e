/// A base-locale key that a required locale can only get from another language. A regional
/// locale may inherit from its parent (en-GB from en-001 and en, es-MX from es-419 and es), and
/// config `fallbacks:` count as deliberate; falling back to the base locale does not.
struct MissingTranslation: LintRule {
    static let id = "missing-translation"

    func check(_ context: LintContext) -> [Finding] {
        let project = context.project
        let strings = project.strings
        guard let base = strings.base else { return [] }
        let locales = context.requiredLocales.filter { $0 != strings.baseLocale }
        guard !locales.isEmpty else { return [] }
        let overrides = LocaleFallbackOverrides(project.config.fallbacks)
        // Base keys in the order their messages sort, so a locale's findings come out sorted.
        // Keys a native file marks as not to be translated are expected in the base locale only.
        let baseIDs = base.entries.lazy.map(\.key).filter { strings.untranslatable.isEmpty || !strings.untranslatable.contains(strings.keyName($0)) }
        let sortedIDs = KeyOrder.sorted(Array(baseIDs), of: strings.storage, before: UInt8(ascii: "'"))
        let sources = locales.map { Self.sources(for: $0, in: strings, overrides: overrides) }
        @Sendable func isMissing(_ key: Int32, _ sourceSlots: [[Int32]]) -> Bool { Self.isMissing(key, in: sourceSlots) }
        // Keys × locales can outgrow any input (a locale stub is four bytes): findings are
        // counted first and listed up to `limits.findings`, locale by locale, so memory stays
        // bounded; one more finding counts the rest. Each locale also marks its missing keys.
        let perLocale = Concurrent.map(count: locales.count) { index -> (count: Int, missing: [UInt64]) in
            guard strings[locales[index]]?.declarations.first != nil else { return (1, []) }
            var missing = [UInt64](repeating: 0, count: (sortedIDs.count + 63) / 64)
            var count = 0
            for (position, key) in sortedIDs.enumerated() where isMissing(key, sources[index]) {
                missing[position / 64] |= 1 << UInt64(position % 64)
                count += 1
            }
            return (count, missing)
        }
        let counts = perLocale.map(\.count)
        // Only keys missing somewhere are named (a String each, made once for every locale's
        // findings): memory follows the findings, not the base locale's size.
        var missingSomewhere = [UInt64](repeating: 0, count: (sortedIDs.count + 63) / 64)
        for locale in perLocale where !locale.missing.isEmpty {
            for word in locale.missing.indices { missingSomewhere[word] |= locale.missing[word] }
        }
        let listedIDs = sortedIDs.indices.filter { missingSomewhere[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }.map { sortedIDs[$0] }
        let keys = FindingBatch.Keys(listedIDs.map { strings.keyName($0) }, sortedBefore: "'")
        var allotted: [Int] = []
        var remaining = project.config.limits.findings
        for count in counts {
            allotted.append(min(count, remaining))
            remaining -= allotted.last!
        }
        let allowed = allotted
        let unlisted = zip(counts, allowed).reduce(0) { $0 + $1.0 - $1.1 }
        // Locales are independent (and Mastodon-sized projects have 100k findings): all cores. A
        // locale's findings are one batch: their messages are made only when a reporter asks.
        var found = Concurrent.map(count: locales.count) { index -> [Finding] in
            let locale = locales[index]
            guard allowed[index] > 0 else { return [] }
            guard let declaration = strings[locale]?.declarations.first else {
                let location = project.config.locales?.first { $0.value == locale }?.location
                return [finding("required locale '\(locale)' has no strings at all", at: location,
                                file: project.config.path, locale: locale)]
            }
            let batch = FindingBatch(rule: Self.id, location: declaration, locale: locale, messagePrefix: "'", keys: keys,
                                     messageSuffix: "' is missing in locale '\(locale)': users see the '\(strings.baseLocale)' text")
            var findings: [Finding] = []
            findings.reserveCapacity(allowed[index])
            for (position, key) in listedIDs.enumerated() where findings.count < allowed[index] && isMissing(key, sources[index]) {
                findings.append(Finding(batch, item: position, severity: .error))
            }
            return findings
        }.flatMap { $0 }
        if unlisted > 0 {
            found.append(finding("\(unlisted) more missing translation(s) are not listed: over the limit of \(project.config.limits.findings) findings (limits.findings)",
                                 at: nil, file: project.config.path))
        }
        return found
    }
}

extension MissingTranslation {
    /// The slot tables whose strings count as `locale`'s own: its fallback chain, without the
    /// base locale unless that is the same language. The HTML report's completion uses them too.
    static func sources(for locale: String, in strings: StringTable, overrides: LocaleFallbackOverrides) -> [[Int32]] {
        let chain = LocaleFallback.chain(for: locale, overrides: overrides)
        return (chain.isEmpty ? [locale] : chain).filter { $0 != strings.baseLocale || LocaleFallback.sameLanguage($0, locale) }
            .compactMap { strings[$0]?.slots }
    }

    /// True when no source defines the base key `key`.
    static func isMissing(_ key: Int32, in sources: [[Int32]]) -> Bool {
        let slot = Int(key)
        return !sources.contains(where: { slot < $0.count && $0[slot] != 0 })
    }
}

extension LocaleFallback {
    /// True when both tags have the same language subtag (after canonicalizing).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleTag.canonical(a), let right = LocaleTag.canonical(b) else { return a == b }
        return left.language == right.language
    }
}
