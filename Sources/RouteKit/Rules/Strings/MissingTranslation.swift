import Dispatch

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
        let locales = context.requiredLocales.filter { $0 != strings.baseLocale }
        // Locales are independent (and Mastodon-sized projects have 100k findings): all cores.
        let results = UnsafeMutableBufferPointer<[Diagnostic]>.allocate(capacity: locales.count)
        results.initialize(repeating: [])
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: locales.count) { index in
            let locale = locales[index]
            var findings: [Diagnostic] = []
            guard let declaration = strings[locale]?.declarations.first else {
                let location = project.config.locales?.first { $0.value == locale }?.location
                findings.append(finding("required locale '\(locale)' has no strings at all", at: location,
                                        file: project.config.path, locale: locale))
                slots[index] = findings
                return
            }
            let chain = LocaleFallback.chain(for: locale, overrides: overrides)
            let sourceSlots = (chain.isEmpty ? [locale] : chain).filter { $0 != strings.baseLocale || LocaleFallback.sameLanguage($0, locale) }
                .compactMap { strings[$0]?.slots }
            let tail = "' is missing in locale '\(locale)': users see the '\(strings.baseLocale)' text"
            for (id, key) in baseKeys {
                let slot = Int(id)
                if sourceSlots.contains(where: { slot < $0.count && $0[slot] != 0 }) { continue }
                var message = "'"
                message.reserveCapacity(key.utf8.count + tail.utf8.count + 1)
                message += key
                message += tail
                findings.append(finding(message, at: declaration, key: key, locale: locale))
            }
            slots[index] = findings
        }
        return results.flatMap { $0 }
    }
}

extension LocaleFallback {
    /// True when both tags have the same language subtag (after canonicalizing).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard let left = LocaleTag.canonical(a), let right = LocaleTag.canonical(b) else { return a == b }
        return left.language == right.language
    }
}
