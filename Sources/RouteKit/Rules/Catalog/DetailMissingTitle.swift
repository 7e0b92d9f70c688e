/// A pushed route shows `route.title ?? ""`: no title, empty bar title and back-menu entry. An
/// entry route (`entry: true`, onboarding the shared UI shows first) is never on the native stack.
/// The Kotlin pushes of such a route are named here, not reported again by `push-without-title`.
struct DetailMissingTitle: LintRule {
    static let id = "detail-missing-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let untitled = context.project.catalog.routes.filter { !$0.isTabRoot && !$0.isEntry && $0.title == nil }
        guard !untitled.isEmpty else { return [] }
        let pushes = context.project.appCode.pushSites.summaries(of: Set(untitled.map(\.name)))
        return untitled.map { route in
            let pushed = pushes[route.name].flatMap { summary in
                summary.first.map { " (pushed at \(context.place($0))" + (summary.count > 1 ? " and \(summary.count - 1) more)" : ")") }
            } ?? ""
            return finding("route '\(route.name)' has no title: its navigation bar and back-stack menu entry will be empty\(pushed)",
                           at: route.location, route: route.name)
        }
    }
}
