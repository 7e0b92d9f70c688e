/// The Swift sources read show no native SwiftUI navigation: the app draws its tab bar and headers
/// in shared code (iOS is one `ComposeView`). Said once, where `sources.swift` is configured; the
/// rules whose premise is a native bar (`LintRule.needsNativeNavigation`) do not run.
struct NavigationShape: LintRule {
    static let id = "navigation-shape"

    func check(_ context: LintContext) -> [Finding] {
        guard context.project.appCode.showsNativeNavigation == false else { return [] }
        var skipped: [String] = []
        for rule in RuleRegistry.rules where type(of: rule).needsNativeNavigation { skipped.append(type(of: rule).id) }
        skipped.sort()
        let config = context.project.config
        let location = config.sources.swift.first?.location ?? config.sources.location
        return [finding("the Swift sources read show no native navigation (no TabView or NavigationStack): the app's bars are "
                        + "drawn in shared code, so the rules about a native bar do not run (\(skipped.joined(separator: ", ")))",
                        at: location, file: config.path)]
    }
}
