/// A Swift tab whose root view never applies `.navigationTitle`, neither in the tab's content nor
/// in the view type it instantiates: iOS 26 labels the floating tab bar from it.
struct TabRootWithoutNavigationTitle: LintRule {
    static let id = "tab-root-without-navigation-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let code = context.project.appCode
        return code.tabs.compactMap { tab -> Finding? in
            guard tab.appliesNavigationTitle == false else { return nil }
            let root = code.rootRoute(of: tab, catalog: context.project.catalog)
            let view = tab.rootView.map { "its view \($0)" } ?? "its content"
            return finding("tab \(tab.displayName)" + (root.map { " (\($0.value))" } ?? "")
                + ": \(view) never applies .navigationTitle, so iOS 26 shows a blank label in the floating tab bar",
                at: tab.location, route: root?.value)
        }
    }
}
