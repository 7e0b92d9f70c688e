/// `{param: x}` with an optional `x` and no fallback shows an empty title whenever `x` is absent.
struct OptionalTitleWithoutFallback: LintRule {
    static let id = "optional-title-without-fallback"

    func check(_ context: LintContext) -> [Finding] {
        context.project.catalog.routes.compactMap { route in
            guard case .param(let param, nil)? = route.title,
                  let declared = route.param(named: param.value), declared.isOptional else { return nil }
            return finding(
                "title of '\(route.name)' comes from optional param '\(param.value)' with no fallback key: it is empty when the param is absent",
                at: param.location, route: route.name)
        }
    }
}
