/// Two routes that show the same title in one locale: the back-stack menu lists both entries with
/// the same text, so users cannot tell where they would go back to. A `{param, fallback}` title
/// counts with its fallback key's text (what shows when the param is absent).
///
/// One finding per locale and shared title, at the second route by name, naming the first two
/// routes and counting the others: findings do not depend on the order of the routes, so
/// reordering the catalog keeps a baseline valid, and they do not multiply routes × routes.
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
        // The groups as lists through `keyed` positions, in position order: an array per group
        // was an allocation per route and locale, most of them for a title no other route shows.
        var groups = PositionGroups()
        var texts: [(file: Int32, ref: TextRef)] = []
        var scalars = BlankScalars()
        for locale in context.requiredLocales {
            let chain = negotiator.negotiate([locale]).locales.compactMap { strings[$0] }
            groupOfText.removeAll()
            groups.removeAll(positions: keyed.count)
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
                    groups.append(position, to: group)
                } else {
                    groups.startGroup(with: position)
                    texts.append((file, ref))
                }
            }
            for group in 0 ..< groups.count where groups.memberCount(group) > 1 {
                let members = groups.members(group)
                // The two first routes by name, without sorting the group: one finding per title
                // shared in a locale, however many routes share it (20,000 routes of one title in
                // 400 locales were 8 million pair findings, 2.6 GB).
                func name(_ position: Int) -> String { routes[keyed[position].route].name }
                var first = members[0], second = members[1]
                if name(second) < name(first) { swap(&first, &second) }
                for position in members.dropFirst(2) {
                    if name(position) < name(first) {
                        second = first
                        first = position
                    } else if name(position) < name(second) {
                        second = position
                    }
                }
                let shown = storage.string(texts[group].file, texts[group].ref)
                let route = routes[keyed[second].route], key = keyed[second].key
                let others = members.count - 2
                let message = others == 0
                    ? "'\(name(first))' and '\(route.name)' both show \"\(shown)\" in locale '\(locale)'"
                    : "'\(name(first))', '\(route.name)' and \(others) other route\(others == 1 ? "" : "s") show \"\(shown)\" in locale '\(locale)'"
                findings.append(finding(message, at: key.location, route: route.name, key: key.value, locale: locale))
            }
        }
        return findings
    }
}

/// Groups of positions `0 ..< n`, each position in one group at most, kept as lists threaded
/// through two arrays: no allocation per group.
private struct PositionGroups {
    private var first: [Int32] = []
    private var last: [Int32] = []
    private var counts: [Int32] = []
    /// Per position, the next one of its group (-1 at the end).
    private var next: [Int32] = []

    var count: Int { first.count }

    mutating func removeAll(positions: Int) {
        first.removeAll(keepingCapacity: true)
        last.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
        if next.count != positions { next = [Int32](repeating: -1, count: positions) }
    }

    mutating func startGroup(with position: Int) {
        first.append(Int32(position))
        last.append(Int32(position))
        counts.append(1)
        next[position] = -1
    }

    mutating func append(_ position: Int, to group: Int) {
        next[Int(last[group])] = Int32(position)
        next[position] = -1
        last[group] = Int32(position)
        counts[group] += 1
    }

    func memberCount(_ group: Int) -> Int { Int(counts[group]) }

    /// The group's positions, in the order they were added.
    func members(_ group: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(counts[group]))
        var position = first[group]
        while position >= 0 {
            result.append(Int(position))
            position = next[Int(position)]
        }
        return result
    }
}
