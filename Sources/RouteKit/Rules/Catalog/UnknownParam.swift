/// A title, subtitle or arg that reads a param the route does not declare.
struct UnknownParam: LintRule {
    static let id = "unknown-param"

    func check(_ context: LintContext) -> [Finding] {
        context.project.catalog.routes.flatMap { route in
            [route.title, route.subtitle].compactMap { $0 }.flatMap(\.paramReferences).compactMap { reference -> Finding? in
                guard route.param(named: reference.value) == nil else { return nil }
                let declared = route.params.map(\.name)
                let hint = declared.isEmpty ? "; it declares no params" : suggestion(reference.value, among: declared)
                return finding("route '\(route.name)' has no param '\(reference.value)'\(hint)",
                               at: reference.location, route: route.name)
            }
        }
    }
}
