/// A Kotlin push site puts a route on the native stack with no title: the title argument left
/// to its default, `null` or `""`, or a route with no title property at all (an object route, or
/// a class without `title`). Tab roots (activated, labelled from Swift) are exempt, and so are
/// entry routes and the routes only their flows push (every `from:` an entry-flow route): the
/// shared UI shows those, never the native stack.
struct PushWithoutTitle: LintRule {
    static let id = "push-without-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let code = context.project.appCode
        let catalog = context.project.catalog
        let entryFlows = Self.entryFlows(catalog)
        // A code base can push a route at every line: the findings are items of a group, the
        // variant saying whether the route is a data object, the one fact the message needs
        // beyond the push.
        let pushes = code.pushSites
        let group = ElementFindings(rule: Self.id, limit: context.project.config.limits.findings, .init(
            message: { index, isObject in Self.message(pushes[index], isObject: isObject == 1) },
            location: { index, _ in Self.location(pushes[index]) }, route: { index, _ in pushes[index].route }))
        var findings: [Finding] = []
        for (index, push) in pushes.enumerated() {
            guard push.title.isMissing else { continue }
            let route = catalog.route(named: push.route)
            let kotlin = code.kotlinRoute(named: push.route)
            if route?.isTabRoot == true || kotlin?.isTab == true || entryFlows.contains(push.route) { continue }
            // A catalog route with no title at all is reported once, at the catalog (detail-missing-title).
            if push.title == .noSlot, let route, route.title == nil { continue }
            group.add(index, variant: kotlin?.isObject == true ? 1 : 0, to: &findings)
        }
        group.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }

    /// Where the finding about a push without a title points: the `null` or `""` passed, else the route's name.
    private static func location(_ push: PushSite) -> SourceLocation {
        switch push.title {
        case .null(let location), .empty(let location): location
        default: push.location
        }
    }

    private static func message(_ push: PushSite, isObject: Bool) -> String {
        let shown = "\(push.route) \(verb(push.via))" + (push.via.map { " (\($0))" } ?? "")
        let blank = "a blank navigation bar title and back-menu entry"
        switch push.title {
        case .noSlot:
            let what = isObject ? "a data object with no title" : "a class that declares no `title` property"
            return "\(shown) with no title: it is \(what), so the screen has \(blank)"
        case .defaulted(let value):
            return "\(shown) without a title argument: the default (\(value ?? "none")) gives \(blank)"
        case .null:
            return "\(shown) with title null: \(blank)"
        default:
            return "\(shown) with title \"\": \(blank)"
        }
    }

    /// "is set" for a call that replaces the stack (`navigator.set`, `onSet`), else "is pushed".
    static func verb(_ via: String?) -> String {
        guard let via else { return "is pushed" }
        let name = via.split(separator: ".").last.map(String.init) ?? via
        return ["set", "onSet", "replace", "onReplace", "replaceAll"].contains(name) ? "is set" : "is pushed"
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
