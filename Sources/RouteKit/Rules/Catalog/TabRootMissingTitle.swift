/// iOS 26 labels a tab with its root's `navigationTitle`: no title, blank tab label.
struct TabRootMissingTitle: LintRule {
    static let id = "tab-root-missing-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        context.project.catalog.lazyTabRoots.filter { $0.title == nil }.map {
            finding("tab root '\($0.name)' has no title: its tab bar label will be blank", at: $0.location, route: $0.name)
        }
    }
}
