/// The catalog and the Kotlin declarations (`sources: { kotlin }`) disagree: a route on one side
/// only, `object` vs `class`, a tab root on one side only, params (names, types, optionality),
/// a title or subtitle on one side only. Each message names both places.
struct CatalogDrift: LintRule {
    static let id = "catalog-drift"

    func check(_ context: LintContext) -> [Finding] {
        let code = context.project.appCode
        guard code.readsKotlin, let interface = code.routeInterface, context.project.hasCatalog else { return [] }
        let catalog = context.project.catalog
        var findings: [Finding] = []
        // A route on one side only can be every route of a large code base or catalog: those
        // findings are items of groups (`ElementFindings`), their messages made when asked for.
        let catalogOnly = ElementFindings(rule: Self.id, .init(
            message: { index, _ in
                "route '\(catalog.routes[index].name)' is in the catalog but no Kotlin declaration of it implements \(interface) in the sources read"
            },
            location: { index, _ in catalog.routes[index].location }, route: { index, _ in catalog.routes[index].name }))
        for (index, route) in catalog.routes.enumerated() {
            guard let kotlin = code.kotlinRoute(named: route.name) else {
                catalogOnly.add(index, to: &findings)
                continue
            }
            findings += compare(route, kotlin, context)
        }
        let kotlinRoutes = code.kotlinRoutes
        let kotlinOnly = ElementFindings(rule: Self.id, .init(
            message: { index, _ in "route '\(kotlinRoutes[index].name)' is declared in Kotlin (implements \(interface)) but is not in the catalog" },
            location: { index, _ in kotlinRoutes[index].location }, route: { index, _ in kotlinRoutes[index].name }))
        for (index, kotlin) in kotlinRoutes.enumerated() where catalog.route(named: kotlin.name) == nil {
            kotlinOnly.add(index, to: &findings)
        }
        return findings
    }

    private func compare(_ route: Route, _ kotlin: KotlinRoute, _ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let name = route.name
        let declared = context.place(kotlin.location)
        if (route.declaration == .object) != kotlin.isObject {
            findings.append(finding("'\(name)' is `declaration: \(route.declaration.rawValue)` in the catalog but a Kotlin "
                + (kotlin.isObject ? "object" : "class") + " at \(declared)", at: route.declarationLocation ?? route.location, route: name))
        }
        // An object said to be a class (or the reverse) is one change: its params and title slot
        // are not compared as well (an object has no constructor parameters).
        let kindDiffers = (route.declaration == .object) != kotlin.isObject
        if route.isTabRoot != kotlin.isTab {
            findings.append(finding(route.isTabRoot
                ? "'\(name)' is a tab root in the catalog but its Kotlin declaration at \(declared) does not implement the tab-root interface"
                : "'\(name)' implements the tab-root interface in Kotlin (\(declared)) but has no `tab:` in the catalog",
                at: route.tab?.location ?? route.location, route: name))
        }
        if kindDiffers { return findings }
        let slots: Set<String> = ["title", "subtitle"]
        // A param on each side only, of the same type: one rename, not two findings.
        let kotlinOnly = kotlin.params.filter { !slots.contains($0.name) && route.param(named: $0.name) == nil }
        let catalogOnly = route.params.filter { listed in !kotlin.params.contains { $0.name == listed.name } }
        var renamed: Set<String> = []
        for listed in catalogOnly {
            let type = listed.type.replacing(" ", with: "")
            guard let param = kotlinOnly.first(where: { $0.type == type && !renamed.contains($0.name) }) else { continue }
            renamed.insert(param.name)
            renamed.insert(listed.name)
            findings.append(finding("param '\(listed.name)' of '\(name)' is called '\(param.name)' in Kotlin (\(context.place(param.location)))",
                                    at: listed.location, route: name))
        }
        for param in kotlin.params where !renamed.contains(param.name) {
            let isSlot = slots.contains(param.name)
            guard let listed = route.param(named: param.name) else {
                if !isSlot {
                    findings.append(finding("'\(name)' has the constructor parameter '\(param.name): \(param.type)\(param.isOptional ? "?" : "")' "
                        + "in Kotlin (\(context.place(param.location))) but not under `params:` in the catalog", at: route.location, route: name))
                }
                continue
            }
            let listedType = listed.type.replacing(" ", with: "")
            if listedType != param.type {
                findings.append(finding("param '\(param.name)' of '\(name)' is \(listed.type) in the catalog but \(param.type) in Kotlin (\(context.place(param.location)))",
                                        at: listed.location, route: name))
            } else if listed.isOptional != param.isOptional && !isSlot {
                findings.append(finding("param '\(param.name)' of '\(name)' is " + (listed.isOptional ? "optional" : "required")
                    + " in the catalog but " + (param.isOptional ? "optional (nullable or with a default)" : "required")
                    + " in Kotlin (\(context.place(param.location)))", at: listed.location, route: name))
            }
        }
        for listed in catalogOnly where !renamed.contains(listed.name) {
            findings.append(finding("param '\(listed.name)' of '\(name)' is not a constructor parameter of its Kotlin declaration at \(declared)",
                                    at: listed.location, route: name))
        }
        // A tab root takes its label from the Swift side and a data object cannot carry a
        // title (`data-object-needs-instance-title`): the title slot is compared for classes.
        guard !route.isTabRoot, !kotlin.isObject, route.declaration == .class else { return findings }
        for (field, spec, slot) in [("title", route.title, kotlin.title), ("subtitle", route.subtitle, kotlin.subtitle)] {
            switch (spec, slot) {
            case (let spec?, nil):
                findings.append(finding("'\(name)' has a \(field) in the catalog but its Kotlin class at \(declared) declares no `\(field)` "
                    + "property: the \(field) never reaches the native bar", at: spec.location, route: name))
            case (nil, let slot?):
                findings.append(finding("'\(name)' declares a `\(field)` in Kotlin (\(context.place(slot))) but has no \(field) in the catalog",
                                        at: route.location, route: name))
            default:
                break
            }
        }
        return findings
    }
}
