/// Two routes that show the same title in one locale: the back-stack menu lists both entries with
/// the same text, so users cannot tell where they would go back to.
struct AmbiguousTitle: LintRule {
    static let id = "ambiguous-title"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Diagnostic] = []
        let keyed = context.project.catalog.routes.compactMap { route -> (Route, Located<String>, Int32?)? in
            guard case .key(let key, _)? = route.title else { return nil }
            return (route, key, strings.keyID(key.value))
        }
        guard !keyed.isEmpty else { return [] }
        // The locales the app would try, as the resolver negotiates them (config fallbacks included).
        let negotiator = LocaleNegotiator(available: strings.locales, baseLocale: strings.baseLocale,
                                          overrides: LocaleFallbackOverrides(context.project.config.fallbacks))
        for locale in context.requiredLocales {
            let chain = negotiator.negotiate([locale]).locales.compactMap { strings[$0] }
            var firstRoute: [String: Route] = [:]
            for (route, key, id) in keyed {
                guard let id else { continue }
                var found: (table: LocaleStrings, index: Int)?
                for table in chain {
                    if let index = table.index(of: id) {
                        found = (table, index)
                        break
                    }
                }
                guard let (table, index) = found else { continue }
                let entry = table.entries[index]
                guard let ref = table.textRefs(entry).first else { continue }
                guard !storage.withBytes(entry.file, ref, UTF8Text.isBlank) else { continue }
                let text = storage.string(entry.file, ref)
                if let first = firstRoute[text] {
                    findings.append(finding("'\(route.name)' and '\(first.name)' both show \"\(text)\" in locale '\(locale)'",
                                            at: key.location, route: route.name, key: key.value, locale: locale))
                } else {
                    firstRoute[text] = route
                }
            }
        }
        return findings
    }
}
