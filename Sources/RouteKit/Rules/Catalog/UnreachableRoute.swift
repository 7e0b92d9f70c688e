/// A detail route that no tab root reaches through `from:` edges. Only checked when the catalog
/// models its navigation graph (at least one route has `from:`), so catalogs without a graph stay
/// quiet. Entry routes (`entry: true`) start a flow of their own and are exempt.
struct UnreachableRoute: LintRule {
    static let id = "unreachable-route"

    func check(_ context: LintContext) -> [Finding] {
        let catalog = context.project.catalog
        guard catalog.routes.contains(where: { !$0.from.isEmpty }) else { return [] }
        var pushes: [String: [String]] = [:]
        for route in catalog.routes {
            for source in route.from { pushes[source.value, default: []].append(route.name) }
        }
        var reached = Set(catalog.routes.lazy.filter { $0.isTabRoot || $0.isEntry }.map(\.name))
        var queue = Array(reached)
        while let next = queue.popLast() {
            for target in pushes[next] ?? [] where reached.insert(target).inserted { queue.append(target) }
        }
        return catalog.routes.filter { !reached.contains($0.name) }.map {
            finding("route '\($0.name)' cannot be reached from any tab root through `from:`", at: $0.location, route: $0.name)
        }
    }
}
