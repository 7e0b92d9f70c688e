/// A Kotlin push site puts a route on the native stack with no title: the title argument left
/// to its default, `null` or `""`, or a route with no title property at all (an object route, or
/// a class without `title`). Tab roots (activated, labelled from Swift) are exempt, and so are
/// entry routes and the routes only their flows push (every `from:` an entry-flow route): the
/// shared UI shows those, never the native stack.
struct PushWithoutTitle: LintRule {
    static let id = "push-without-title"

    func check(_ context: LintContext) -> [Finding] {
        let code = context.project.appCode
        let catalog = context.project.catalog
        let entryFlows = Self.entryFlows(catalog)
        return code.pushSites.compactMap { push -> Finding? in
            guard push.title.isMissing else { return nil }
            let route = catalog.route(named: push.route)
            let kotlin = code.kotlinRoute(named: push.route)
            if route?.isTabRoot == true || kotlin?.isTab == true || entryFlows.contains(push.route) { return nil }
            let via = push.via.map { " (\($0))" } ?? ""
            let blank = "a blank navigation bar title and back-menu entry"
            switch push.title {
            case .noSlot:
                let what = kotlin?.isObject == true ? "a data object with no title" : "a class that declares no `title` property"
                return finding("\(push.route) is pushed\(via) with no title: it is \(what), so the screen has \(blank)",
                               at: push.location, route: push.route)
            case .defaulted(let value):
                return finding("\(push.route) is pushed\(via) without a title argument: the default (\(value ?? "none")) gives \(blank)",
                               at: push.location, route: push.route)
            case .null(let location):
                return finding("\(push.route) is pushed\(via) with title null: \(blank)", at: location, route: push.route)
            case .empty(let location):
                return finding("\(push.route) is pushed\(via) with title \"\": \(blank)", at: location, route: push.route)
            default:
                return nil
            }
        }
    }

    /// Entry routes, and routes every `from:` of which is in an entry flow (to a fixed point).
    static func entryFlows(_ catalog: RouteCatalog) -> Set<String> {
        var flows = Set(catalog.routes.filter(\.isEntry).map(\.name))
        var changed = !flows.isEmpty
        while changed {
            changed = false
            for route in catalog.routes where !flows.contains(route.name) && !route.isTabRoot && !route.from.isEmpty
                && route.from.allSatisfy({ flows.contains($0.value) })
            {
                flows.insert(route.name)
                changed = true
            }
        }
        return flows
    }
}
