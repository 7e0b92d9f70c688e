/// A Kotlin `data object` has no per-instance state, so it cannot hold a title resolved at push time.
/// Only pushed routes are concerned: a tab root is activated, never pushed, and its tab label comes
/// from the Swift side. A `{text}` title is a constant, which an object can hold.
struct DataObjectNeedsInstanceTitle: LintRule {
    static let id = "data-object-needs-instance-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        context.project.catalog.routes.compactMap { route in
            guard route.declaration == .object, !route.isTabRoot else { return nil }
            let fields = [("title", route.title), ("subtitle", route.subtitle)].compactMap { field, spec -> String? in
                switch spec {
                case .key?, .param?: field
                case .text?, nil: nil
                }
            }
            guard !fields.isEmpty else { return nil }
            return finding(
                "route '\(route.name)' is a data object but has a \(fields.joined(separator: " and ")) resolved at push time; make it a data class with a \(fields[0]) property",
                at: route.declarationLocation ?? route.location, route: route.name)
        }
    }
}
