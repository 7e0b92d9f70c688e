import Foundation
import Testing
@testable import RouteKit

/// Titles lost in Swift (`.navigationTitle("")`) or hard-coded in Kotlin (`get() = "Settings"`):
/// the reproduction, end to end.
@Suite struct TitleLossTests {
    static let routes = """
        sealed interface AppRoute { val title: String? get() = null }
        sealed interface TopLevelRoute : AppRoute
        data object ScheduleScreen : AppRoute, TopLevelRoute { override val title: String get() = "Schedule" }
        data object SettingsScreen : AppRoute { override val title: String get() = "Settings" }

        """
    static let contentView = """
        struct ContentView: View {
            let route: AppRoute
            var body: some View {
                NavigationStack { ComposeView(route: route).navigationTitle(route.title ?? "")
                    .navigationDestination(for: RouteWrapper.self) { w in DetailView(route: w.route).navigationTitle("") } }
            }
        }

        """

    @Test func bothReproductionsAreFoundWithoutACatalog() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [strings.yml]\nsources: { kotlin: [\"app/*.kt\"], swift: [\"ios/*.swift\"] }\n",
            "strings.yml": "en: {}\n", "app/Routes.kt": Self.routes, "ios/ContentView.swift": Self.contentView,
        ])
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("ios/ContentView.swift:5:110: error: .navigationTitle(\"\") gives this view a blank navigation bar title"))
        #expect(lint.stdout.contains("app/Routes.kt:3:69: warning: ScheduleScreen declares the literal title \"Schedule\" in Kotlin"))
        #expect(lint.stdout.contains("app/Routes.kt:4:54: warning: SettingsScreen declares the literal title \"Settings\" in Kotlin"))
    }

    @Test func initThenLintFindsThemToo() throws {
        let dir = try TemporaryDirectory().write([
            "app/Routes.kt": Self.routes, "ios/ContentView.swift": Self.contentView,
            "shared/src/commonMain/composeResources/values/strings.xml": "<resources><string name=\"x\">X</string></resources>\n",
        ])
        #expect(try CLI.run(["init"], in: dir.url).status == 0)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("[empty-navigation-title]"))
        // The imported catalog gives the routes `{ text: … }`: reported there, once per route.
        #expect(lint.stdout.components(separatedBy: "[literal-title]").count - 1 == 2)
    }

    @Test func theTitleKeepingPatternsAreNotFindings() {
        var scanner = SwiftSourceScanner()
        _ = scanner.read("V.swift", bytes: Array("""
            a.navigationTitle(route.title ?? "")
            b.navigationTitle(Text(""))
            c.navigationTitle("Settings")
            d.navigationTitle("")
            """.utf8))
        #expect(scanner.emptyNavigationTitles.map(\.line) == [2, 4])
    }

    /// `navigator.set(X)` replaces the stack: the finding says the route is set, not pushed.
    @Test func aReplacedStackIsSetNotPushed() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [strings.yml]\nsources: { kotlin: [\"app/*.kt\"] }\n",
            "strings.yml": "en: {}\n",
            "app/Routes.kt": "sealed interface AppRoute\ndata object Prompt : AppRoute\ndata object Other : AppRoute\n",
            "app/Nav.kt": """
                class Navigator {
                    fun set(route: AppRoute) {}
                    fun add(route: AppRoute) {}
                }
                fun go(navigator: Navigator) {
                    navigator.set(Prompt)
                    navigator.add(Other)
                }
                """,
        ])
        let lint = try CLI.run(["lint", "--only", "push-without-title"], in: dir.url)
        #expect(lint.stdout.contains("Prompt is set (navigator.set) with no title"), "\(lint.stdout)")
        #expect(lint.stdout.contains("Other is pushed (navigator.add) with no title"), "\(lint.stdout)")
    }
}
