/// `.navigationTitle("")` in the Swift code: the view's bar title and back-menu entry are blank,
/// whatever title the route carries.
struct EmptyNavigationTitle: LintRule {
    static let id = "empty-navigation-title"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        context.project.appCode.emptyNavigationTitles.map { location in
            finding(".navigationTitle(\"\") gives this view a blank navigation bar title and back-menu entry, "
                    + "whatever the route's title: pass the route's title (route.title ?? \"\")", at: location)
        }
    }
}
