import Foundation
import Testing
@testable import RouteKit

/// An app whose iOS side is one `ComposeView` (the conference app's own current `main`) has no
/// native bar: routekit says so once and does not run the rules whose premise is one.
@Suite struct NavigationShapeTests {
    static let composeOnly = """
        import SwiftUI
        import shared

        struct ComposeView: UIViewControllerRepresentable {
            func makeUIViewController(context: Context) -> UIViewController { Main_iosKt.MainViewController() }
            func updateUIViewController(_ uiViewController: UIViewController, context: Context) {}
        }

        struct ContentView: View {
            var body: some View {
                ComposeView().ignoresSafeArea(.all)
            }
        }

        """

    @Test func anAppWithoutNativeNavigationGetsOneInfoAndNoNativeBarFindings() throws {
        let app = try AppCodeKotlinConfTests.App()
        // Tab roots without titles: errors, were the bar native.
        for tab in ["nav_destination_schedule", "nav_destination_speakers"] {
            try app.change("routes.yml", "    title: \(tab)\n", "")
        }
        try Self.composeOnly.write(toFile: app.directory.path(AppCodeKotlinConfTests.contentView), atomically: true, encoding: .utf8)
        let lint = try CLI.run(["lint"], in: app.directory.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        let shape = lint.stdout.split(separator: "\n").filter { $0.hasSuffix("[navigation-shape]") }
        #expect(shape.count == 1)
        #expect(shape.first?.hasPrefix(".routekit.yml:") == true)
        for rule in ["tab-root-missing-title", "push-without-title", "detail-missing-title", "tab-parity", "optional-title-without-fallback"] {
            #expect(!lint.stdout.contains("[\(rule)]"), "\(rule)")
        }
        // The rules about strings and literals still run.
        #expect(lint.stdout.contains("[literal-title]"))
        #expect(lint.stdout.contains("[empty-translation]"))
    }

    @Test func theNativeAppRunsEveryRuleAndSaysNothingAboutItsShape() throws {
        let app = try AppCodeKotlinConfTests.App()
        try app.change("routes.yml", "    title: nav_destination_schedule\n", "")
        let lint = try CLI.run(["lint"], in: app.directory.url)
        #expect(!lint.stdout.contains("[navigation-shape]"))
        #expect(lint.stdout.contains("[tab-root-missing-title]"))
    }

    @Test func withoutSwiftSourcesRoutekitCannotTellAndRunsEveryRule() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\nsources: { kotlin: [\"app/*.kt\"] }\n",
            "routes.yml": "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    declaration: object\n",
            "strings.yml": "en: {}\n",
            "app/Routes.kt": "sealed interface AppRoute\nsealed interface TabRoute : AppRoute\ndata object ScheduleScreen : TabRoute\n",
        ])
        let project = try dir.loadProject()
        #expect(project.appCode.showsNativeNavigation == nil)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("[tab-root-missing-title]"))
        #expect(!lint.stdout.contains("[navigation-shape]"))
    }

    /// The rule's document names every rule it keeps from running, and the finding's message too.
    @Test func theDocumentNamesEveryRuleLeftOut() throws {
        let doc = try #require(RuleDocs.doc("navigation-shape"))
        var leftOut: [String] = []
        for rule in RuleRegistry.rules where type(of: rule).needsNativeNavigation { leftOut.append(type(of: rule).id) }
        #expect(leftOut.count == 10)
        for id in leftOut { #expect(doc.descriptor.rationale.contains(id), "\(id)") }
    }
}
