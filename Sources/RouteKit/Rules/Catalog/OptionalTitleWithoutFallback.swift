/// `{param: x}` with an optional `x` and no fallback shows an empty title whenever `x` is absent.
/// Where the Kotlin code is read and every push of the route passes a title, `x` is never absent:
/// no finding. Where a push leaves it out, the message names that push.
struct OptionalTitleWithoutFallback: LintRule {
    static let id = "optional-title-without-fallback"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let candidates = context.project.catalog.routes.compactMap { route -> (Route, Located<String>)? in
            guard case .param(let param, nil)? = route.title,
                  let declared = route.param(named: param.value), declared.isOptional else { return nil }
            return (route, param)
        }
        guard !candidates.isEmpty else { return [] }
        // Only the candidates' pushes are looked at: a code base may push a million routes.
        let code = context.project.appCode
        let pushes = code.pushSites.summaries(of: Set(candidates.map { $0.0.name }))
        return candidates.compactMap { route, param in
            let pushed = pushes[route.name]
            if code.readsKotlin, pushed != nil, pushed?.firstMissingTitle == nil { return nil }
            let example = pushed?.firstMissingTitle.map { " (as at \(context.place($0)))" } ?? ""
            return finding(
                "title of '\(route.name)' comes from optional param '\(param.value)' with no fallback key: it is empty when the param is absent\(example)",
                at: param.location, route: route.name)
        }
    }
}
