/// A `from:` entry naming a route that the catalog does not have.
struct UnknownRoute: LintRule {
    static let id = "unknown-route"

    func check(_ context: LintContext) -> [Finding] {
        let catalog = context.project.catalog
        let names = catalog.routes.map(\.name)
        return catalog.routes.flatMap { route in
            route.from.compactMap { source -> Finding? in
                guard catalog.route(named: source.value) == nil else { return nil }
                return finding("route '\(route.name)' is pushed from '\(source.value)', which is not in the catalog\(suggestion(source.value, among: names))",
                               at: source.location, route: route.name)
            }
        }
    }
}
