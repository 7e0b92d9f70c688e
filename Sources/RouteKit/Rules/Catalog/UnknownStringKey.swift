/// A title or subtitle key that the base locale does not define: every locale shows an empty title.
struct UnknownStringKey: LintRule {
    static let id = "unknown-string-key"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let base = strings.base
        // Made once, at the first unknown key, for all of them (made per key, 100 unknown keys
        // against 40,000 base keys made four million names).
        var keys: [String]?
        var groups: Set<String> = []
        return context.project.catalog.routes.flatMap { route in
            [route.title, route.subtitle].compactMap { $0 }.flatMap(\.keys).compactMap { key -> Finding? in
                guard base?[key.value] == nil else { return nil }
                if keys == nil {
                    keys = base?.keys ?? []
                    groups = Self.groups(of: keys!)
                }
                let detail = groups.contains(key.value)
                    ? "is a group of keys in locale '\(strings.baseLocale)', not a string"
                    : "is not defined in base locale '\(strings.baseLocale)'\(suggestion(key.value, among: keys!))"
                return finding("string key '\(key.value)' of route '\(route.name)' \(detail)",
                               at: key.location, route: route.name, key: key.value)
            }
        }
    }

    /// Every `a` and `a.b` that is the start of a key `a.b.c`, up to one of its dots: the keys
    /// that name a group of keys.
    static func groups(of keys: [String]) -> Set<String> {
        var groups: Set<String> = []
        for key in keys {
            var prefix = Substring(key)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                guard groups.insert(String(prefix)).inserted else { break }
            }
        }
        return groups
    }
}
