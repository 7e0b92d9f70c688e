/// A tab without an icon renders as a bare label in the floating tab bar.
struct TabMissingIcon: LintRule {
    static let id = "tab-missing-icon"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        context.project.catalog.lazyTabRoots.compactMap { route in
            guard let tab = route.tab, tab.icon == nil else { return nil }
            return finding("tab root '\(route.name)' has no icon", at: tab.location, route: route.name)
        }
    }
}
