/// Two routes that show the same title in one locale: the back-stack menu lists both entries with
/// the same text, so users cannot tell where they would go back to.
struct AmbiguousTitle: LintRule {
    static let id = "ambiguous-title"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Diagnostic] = []
        let routes = context.project.catalog.routes
        // Routes whose title is a key some locale defines: (index in `routes`, key id).
        var keyed: [(route: Int, id: Int32)] = []
        for (index, route) in routes.enumerated() {
            guard case .key(let key, _)? = route.title, let id = strings.keyID(key.value) else { continue }
            keyed.append((index, id))
        }
        guard !keyed.isEmpty else { return [] }
        // The locales the app would try, as the resolver negotiates them (config fallbacks included).
        let negotiator = LocaleNegotiator(available: strings.locales, baseLocale: strings.baseLocale,
                                          overrides: LocaleFallbackOverrides(context.project.config.fallbacks))
        // Per locale: each title text → the first route (index in `routes`) that shows it.
        var firstRoute = CanonicalTextIndex(minimumCapacity: keyed.count)
        var scalars = BlankScalars()
        for locale in context.requiredLocales {
            let chain = negotiator.negotiate([locale]).locales.compactMap { strings[$0] }
            firstRoute.removeAll()
            for (routeIndex, id) in keyed {
                // The first locale of the chain that has the key decides (even when its text is blank).
                var text: (file: Int32, ref: TextRef)?
                for link in chain.indices {
                    guard let index = chain[link].index(of: id) else { continue }
                    text = chain[link].firstText(ofEntryAt: index)
                    break
                }
                guard let (file, ref) = text else { continue }
                // Blank titles are someone else's finding; a new text is remembered, a seen one reported.
                let first = storage.withBytes(file, ref) { bytes -> Int32? in
                    if UTF8Text.isBlank(bytes, &scalars) { return nil }
                    return firstRoute.firstValue(for: bytes, orInsert: Int32(routeIndex))
                }
                guard let first else { continue }
                let route = routes[routeIndex]
                guard case .key(let key, _)? = route.title else { continue }
                findings.append(finding("'\(route.name)' and '\(routes[Int(first)].name)' both show \"\(storage.string(file, ref))\" in locale '\(locale)'",
                                        at: key.location, route: route.name, key: key.value, locale: locale))
            }
        }
        return findings
    }
}
