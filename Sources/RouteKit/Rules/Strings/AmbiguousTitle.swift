/// Two routes that show the same title in one locale: the back-stack menu lists both entries with
/// the same text, so users cannot tell where they would go back to.
struct AmbiguousTitle: LintRule {
    static let id = "ambiguous-title"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        var findings: [Diagnostic] = []
        let keyed = context.project.catalog.routes.compactMap { route -> (Route, Located<String>)? in
            guard case .key(let key, _)? = route.title else { return nil }
            return (route, key)
        }
        for locale in context.requiredLocales {
            let chain = [locale] + LocaleFallback.chain(for: locale).dropFirst() + [strings.baseLocale]
            var firstRoute: [String: Route] = [:]
            for (route, key) in keyed {
                guard let text = chain.lazy.compactMap({ strings[$0]?[key.value]?.texts.first?.value }).first,
                      !text.isBlank else { continue }
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
