/// Two routes that show the same title in one locale: the back-stack menu lists both entries with
/// the same text, so users cannot tell where they would go back to. A `{param, fallback}` title
/// counts with its fallback key's text (what shows when the param is absent).
///
/// Findings do not depend on the order of the routes: the routes of one text are named in name
/// order, and each but the first (by name) gets the finding, so reordering the catalog keeps a
/// baseline valid.
struct AmbiguousTitle: LintRule {
    static let id = "ambiguous-title"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Finding] = []
        let routes = context.project.catalog.routes
        // Routes whose title reads a key some locale defines: (index in `routes`, the key, its id).
        var keyed: [(route: Int, key: Located<String>, id: Int32)] = []
        for (index, route) in routes.enumerated() {
            let key: Located<String>
            switch route.title {
            case .key(let titleKey, _)?: key = titleKey
            case .param(_, let fallback?)?: key = fallback
            default: continue
            }
            guard let id = strings.keyID(key.value) else { continue }
            keyed.append((index, key, id))
        }
        guard keyed.count > 1 else { return [] }
        // The locales the app would try, as the resolver negotiates them (config fallbacks included).
        let negotiator = LocaleNegotiator(available: strings.locales, baseLocale: strings.baseLocale,
                                          overrides: LocaleFallbackOverrides(context.project.config.fallbacks))
        // Per locale: each title text → its group (the `keyed` indices that show it).
        var groupOfText = CanonicalTextIndex(minimumCapacity: keyed.count)
        var groups: [[Int]] = []
        var texts: [(file: Int32, ref: TextRef)] = []
        var scalars = BlankScalars()
        for locale in context.requiredLocales {
            let chain = negotiator.negotiate([locale]).locales.compactMap { strings[$0] }
            groupOfText.removeAll()
            groups.removeAll(keepingCapacity: true)
            texts.removeAll(keepingCapacity: true)
            for (position, entry) in keyed.enumerated() {
                // The first locale of the chain that has the key decides (even when its text is blank).
                var text: (file: Int32, ref: TextRef)?
                for link in chain.indices {
                    guard let index = chain[link].index(of: entry.id) else { continue }
                    text = chain[link].firstText(ofEntryAt: index)
                    break
                }
                guard let (file, ref) = text else { continue }
                // Blank titles are someone else's finding.
                let group = storage.withBytes(file, ref) { bytes -> Int? in
                    if UTF8Text.isBlank(bytes, &scalars) { return -1 }
                    return groupOfText.firstValue(for: bytes, orInsert: Int32(groups.count)).map(Int.init)
                }
                if group == -1 { continue }
                if let group {
                    groups[group].append(position)
                } else {
                    groups.append([position])
                    texts.append((file, ref))
                }
            }
            for (group, members) in groups.enumerated() where members.count > 1 {
                let byName = members.sorted { routes[keyed[$0].route].name < routes[keyed[$1].route].name }
                let first = routes[keyed[byName[0]].route].name
                let shown = storage.string(texts[group].file, texts[group].ref)
                for position in byName.dropFirst() {
                    let route = routes[keyed[position].route], key = keyed[position].key
                    findings.append(finding("'\(first)' and '\(route.name)' both show \"\(shown)\" in locale '\(locale)'",
                                            at: key.location, route: route.name, key: key.value, locale: locale))
                }
            }
        }
        return findings
    }
}
