/// A pushed route shows `route.title ?? ""`: no title, empty bar title and back-menu entry. An
/// entry route (`entry: true`, onboarding the shared UI shows first) is never on the native stack.
struct DetailMissingTitle: LintRule {
    static let id = "detail-missing-title"

    func check(_ context: LintContext) -> [Finding] {
        context.project.catalog.routes.filter { !$0.isTabRoot && !$0.isEntry && $0.title == nil }.map {
            finding("route '\($0.name)' has no title: its navigation bar and back-stack menu entry will be empty",
                    at: $0.location, route: $0.name)
        }
    }
}
