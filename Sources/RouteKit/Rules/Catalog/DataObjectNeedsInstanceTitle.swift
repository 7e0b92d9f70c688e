/// A Kotlin `data object` has no per-instance state, so it cannot hold a title resolved at push time.
struct DataObjectNeedsInstanceTitle: LintRule {
    static let id = "data-object-needs-instance-title"

    func check(_ context: LintContext) -> [Diagnostic] {
        context.project.catalog.routes.compactMap { route in
            guard route.declaration == .object else { return nil }
            let fields = [route.title.map { _ in "title" }, route.subtitle.map { _ in "subtitle" }].compactMap { $0 }
            guard !fields.isEmpty else { return nil }
            return finding(
                "route '\(route.name)' is a data object but has a \(fields.joined(separator: " and ")) resolved at push time; make it a data class with a \(fields[0]) property",
                at: route.declarationLocation ?? route.location, route: route.name)
        }
    }
}
