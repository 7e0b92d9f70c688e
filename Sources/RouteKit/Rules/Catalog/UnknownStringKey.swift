/// A title or subtitle key that the base locale does not define: every locale shows an empty title.
struct UnknownStringKey: LintRule {
    static let id = "unknown-string-key"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let base = strings.base
        return context.project.catalog.routes.flatMap { route in
            [route.title, route.subtitle].compactMap { $0 }.flatMap(\.keys).compactMap { key -> Finding? in
                guard base?[key.value] == nil else { return nil }
                let keys = base?.keys ?? []
                let isNamespace = keys.contains { $0.hasPrefix(key.value + ".") }
                let detail = isNamespace
                    ? "is a group of keys in locale '\(strings.baseLocale)', not a string"
                    : "is not defined in base locale '\(strings.baseLocale)'\(suggestion(key.value, among: keys))"
                return finding("string key '\(key.value)' of route '\(route.name)' \(detail)",
                               at: key.location, route: route.name, key: key.value)
            }
        }
    }
}
