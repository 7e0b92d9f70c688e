/// A pushed route shows `route.title ?? ""`: no title, empty bar title and back-menu entry. An
/// entry route (`entry: true`, onboarding the shared UI shows first) is never on the native stack.
/// The Kotlin pushes of such a route are named here, not reported again by `push-without-title`.
struct DetailMissingTitle: LintRule {
    static let id = "detail-missing-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let untitled = context.project.catalog.routes.filter { !$0.isTabRoot && !$0.isEntry && $0.title == nil }
        guard !untitled.isEmpty else { return [] }
        var pushes: [String: (first: SourceLocation, count: Int)] = [:]
        let names = Set(untitled.map(\.name))
        for push in context.project.appCode.pushSites where names.contains(push.route) {
            pushes[push.route, default: (push.location, 0)].count += 1
        }
        let root = context.project.config.root
        return untitled.map { route in
            let pushed = pushes[route.name].map { first, count in
                " (pushed at \(PathUtilities.relative(first.file, to: root)):\(first.line)" + (count > 1 ? " and \(count - 1) more)" : ")")
            } ?? ""
            return finding("route '\(route.name)' has no title: its navigation bar and back-stack menu entry will be empty\(pushed)",
                           at: route.location, route: route.name)
        }
    }
}
