import Foundation
import Testing
@testable import RouteKit

/// `routekit init` finishes the project: the catalog imported from the Kotlin routes and completed
/// from the Swift `TabView` (order, icons, label keys) and the push sites (entry routes), modules
/// that are not the iOS app left out. On the conference app, `init` then `lint` has no error.
@Suite struct InitFinishesTheProjectTests {
    /// The conference app's files alone: no catalog, no config.
    static func conferenceApp() throws -> TemporaryDirectory {
        try TemporaryDirectory(copying: ["app"], of: AppCodeKotlinConfTests.fixture)
    }

    @Test func theConferenceAppLintsWithoutErrorRightAfterInit() throws {
        let app = try Self.conferenceApp()
        let initRun = try CLI.run(["init"], in: app.url)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        #expect(initRun.stdout.contains("wrote .routekit.yml and routes.yml"))
        #expect(initRun.stdout.contains("StartPrivacyNoticeScreen: entry: true"))
        let config = try String(contentsOfFile: app.path(".routekit.yml"), encoding: .utf8)
        #expect(config.contains("\ncatalog: routes.yml\n"))
        let lint = try CLI.run(["lint"], in: app.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("0 errors,"))
        // What the old half-way init left: blank tab titles, no icons, the Kotlin tab order.
        for rule in ["tab-root-missing-title", "tab-missing-icon", "tab-parity", "catalog-drift"] {
            #expect(!lint.stdout.contains("[\(rule)]"), "\(rule)")
        }
    }

    @Test func theCatalogTakesTheTabViewsOrderIconsAndLabelKeys() throws {
        let app = try Self.conferenceApp()
        let setup = ProjectSetup.plan(root: app.url.path)
        let catalog = try #require(setup.catalog)
        #expect(catalog.path == "routes.yml")
        let file = YAMLReader.read(bytes: Array(catalog.text.utf8), path: "routes.yml")
        let routes = try #require(file.root?.mapping?.entry("routes")?.value.mapping)
        let tabs = routes.entries.filter { $0.value.mapping?.entry("tab") != nil }
        #expect(tabs.map { $0.key.value } == ["ScheduleScreen", "SpeakersScreen", "GoldenKodeeScreen", "MapScreen", "InfoScreen"])
        #expect(tabs.map { $0.value.mapping?.entry("tab")?.value.mapping?.entry("icon")?.value.scalar?.value ?? "" }
            == ["clock", "person.2", "trophy", "mappin.and.ellipse", "info.circle"])
        // "Info" is both nav_destination_info and info_title: the key named like the other tabs' wins, and it says so.
        #expect(tabs.map { $0.value.mapping?.entry("title")?.value.scalar?.value ?? "" }
            == ["nav_destination_schedule", "nav_destination_speakers", "nav_destination_golden_kodee", "nav_destination_map",
                "nav_destination_info"])
        #expect(catalog.text.contains("title: nav_destination_info  # also reads \"Info\": info_title"))
        #expect(setup.inferred.contains { $0.hasPrefix("InfoScreen: title nav_destination_info, ambiguous") })
        #expect(catalog.text.contains("StartPrivacyNoticeScreen:\n    declaration: object\n    entry: true  # no push site"))
        #expect(setup.left.contains { $0.hasPrefix("PartnerDetailScreen: no title") })
    }

    @Test func aLabelKeyIsTheKeyNamedLikeTheOtherTabs() {
        #expect(TabLabelKeys.pattern(of: "nav_destination_golden_kodee", label: "Golden Kodee") == "nav_destination_{}")
        #expect(TabLabelKeys.pattern(of: "map_title", label: "Map") == "{}_title")
        #expect(TabLabelKeys.pattern(of: "tabs.home", label: "Start") == "tabs.home")
        let chosen = TabLabelKeys.choose([
            ("Schedule", ["nav_destination_schedule"]), ("Map", ["map_title", "nav_destination_map"]), ("Info", []),
        ])
        #expect(chosen[0]?.key == "nav_destination_schedule")
        #expect(chosen[1]?.key == "nav_destination_map")
        #expect(chosen[1]?.others == ["map_title"])
        #expect(chosen[2] == nil)
    }

    /// The issue's reproduction: the same `app_name` in a phone and a wear app. The wear module is
    /// left out, and even with it read (`--all-modules`) each module is a set of its own.
    @Test func aWearModuleIsLeftOutAndNoDuplicateIsReported() throws {
        let strings = "<resources><string name=\"app_name\">Talks</string></resources>\n"
        let dir = try TemporaryDirectory().write([
            "androidApp/src/main/res/values/strings.xml": strings,
            "wearApp/src/main/res/values/strings.xml": strings,
        ])
        let initRun = try CLI.run(["init"], in: dir.url)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        #expect(initRun.stdout.contains("Left out (not part of the iOS app; --all-modules reads them): wearApp"))
        let config = try String(contentsOfFile: dir.path(".routekit.yml"), encoding: .utf8)
        #expect(config.contains("strings: [androidApp/src/main/res/values*/strings.xml]"))
        #expect(try CLI.run(["lint"], in: dir.url).status == 0)

        try FileManager.default.removeItem(atPath: dir.path(".routekit.yml"))
        #expect(try CLI.run(["init", "--all-modules"], in: dir.url).status == 0)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(!lint.stdout.contains("duplicate-key"))
    }

    /// Route titles resolve in the first set: the route module's Compose resources come first.
    @Test func theAppsOwnSetComesFirst() {
        let globs = ["androidApp/src/main/res/values*/strings.xml", "core/src/commonMain/composeResources/values*/strings.xml",
                     "shared/src/commonMain/composeResources/values*/strings.xml", "iosApp/Localizable.xcstrings"]
        #expect(ProjectSetup.appSetFirst(globs, kotlin: ["shared/src/commonMain/kotlin/**/*.kt"]) == [
            "shared/src/commonMain/composeResources/values*/strings.xml", "core/src/commonMain/composeResources/values*/strings.xml",
            "androidApp/src/main/res/values*/strings.xml", "iosApp/Localizable.xcstrings",
        ])
    }

    @Test func modulesOutsideTheIOSAppAreKnownByTheirFirstWord() {
        #expect(ModuleFilter.excludedPrefix(of: "wearApp/src/main/res/values/strings.xml") == "wearApp")
        #expect(ModuleFilter.excludedPrefix(of: "apps/server/src/main/kotlin/A.kt") == "apps/server")
        #expect(ModuleFilter.excludedPrefix(of: "shared/src/jsMain/kotlin/Admin.kt") == "shared/src/jsMain")
        #expect(ModuleFilter.excludedPrefix(of: "backend-api/build.gradle.kts") == "backend-api")
        #expect(ModuleFilter.excludedPrefix(of: "cart/src/commonMain/kotlin/Cart.kt") == nil)
        #expect(ModuleFilter.excludedPrefix(of: "shared/src/commonMain/kotlin/Routes.kt") == nil)
        // The file's own name never counts: `Server.kt` in the app is the app's.
        #expect(ModuleFilter.excludedPrefix(of: "Server.kt") == nil)
    }

    /// PeopleInSpace's `sealed class PersonListUiState { Loading, Error, Success }` is UI state,
    /// not navigation: no catalog of it, and no warnings about "routes" without titles.
    @Test func aSealedUIStateIsNotTakenForRoutes() throws {
        let dir = try TemporaryDirectory().write([
            "common/src/commonMain/kotlin/PersonList.kt": """
                sealed class PersonListUiState {
                    object Loading : PersonListUiState()
                    data class Error(val message: String) : PersonListUiState()
                    data class Success(val result: List<String>) : PersonListUiState()
                }
                """,
            "common/src/commonMain/composeResources/values/strings.xml": "<resources><string name=\"a\">A</string></resources>\n",
        ])
        let run = try CLI.run(["init"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("does not look like routes"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("routes.yml")))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("0 errors, 0 warnings"), "\(lint.stdout)")
    }

    /// Confetti's iOS app is one `ComposeView`: init still proposes its Swift side, so that lint
    /// says the app has no native navigation instead of reporting a native bar that is not there.
    @Test func aComposeOnlyIOSAppIsProposedAndLintSaysSo() throws {
        let dir = try TemporaryDirectory().write([
            "shared/src/commonMain/kotlin/Routes.kt": """
                sealed interface AppRoute
                sealed interface TopLevelRoute : AppRoute
                data object HomeScreen : AppRoute, TopLevelRoute
                data object DetailScreen : AppRoute
                fun open(onNavigate: (AppRoute) -> Unit) { onNavigate(DetailScreen) }
                """,
            "shared/src/commonMain/composeResources/values/strings.xml": "<resources><string name=\"home\">Home</string></resources>\n",
            "iosApp/iosApp/App.swift": NavigationShapeTests.composeOnly,
        ])
        #expect(try CLI.run(["init"], in: dir.url).status == 0)
        let config = try String(contentsOfFile: dir.path(".routekit.yml"), encoding: .utf8)
        #expect(config.contains("  swift: [iosApp/iosApp/**/*.swift]"))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("[navigation-shape]"))
        #expect(!lint.stdout.contains("[tab-root-missing-title]") && !lint.stdout.contains("[detail-missing-title]"))
    }

    /// IceCubesApp: a TabView in the app folder that holds the String Catalog, and TabView-named
    /// code in its local packages: the app folder alone, and a catalog over 1 MB still counts.
    @Test func theSwiftAppIsTheFolderWithTheStringCatalog() throws {
        let big = "{ \"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {} }" + String(repeating: " ", count: 1_200_000)
        let dir = try TemporaryDirectory().write([
            "App/Main/AppView.swift": "struct AppView: View { var body: some View { TabView { Text(\"a\") } } }\n",
            "App/Resources/Localizable.xcstrings": big,
            "Packages/Account/Sources/Account/Tabs/StatusesTab.swift": "struct S: View { var body: some View { TabView { } } }\n",
        ])
        let sources = SourceDetector.detect(root: dir.url.path)
        #expect(sources.swift == ["App/**/*.swift", "App/**/*.xcstrings"])
    }
}

extension InitFinishesTheProjectTests {
    /// Issue 29 item 6: init's detectors (strings, native strings, Kotlin and Swift sources) read
    /// one walk of the tree: every directory is listed once.
    @Test func initWalksTheTreeOnce() throws {
        let app = try Self.conferenceApp()
        let setup = ProjectSetup.plan(root: app.url.path)
        var directories = 1
        let enumerator = FileManager.default.enumerator(atPath: app.url.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: app.path(path), isDirectory: &isDirectory), isDirectory.boolValue { directories += 1 }
        }
        #expect(setup.directoriesListed == directories)
        #expect(setup.catalog != nil)
    }
}

extension InitFinishesTheProjectTests {
    static let routesKt = "app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation/Routes.kt"

    /// `init --update`: a route new in the code is appended, a route gone from it is marked, and
    /// every hand edit and comment stays; a second run changes nothing.
    @Test func updateBringsTheCatalogUpToDateAndKeepsHandEdits() throws {
        let app = try Self.conferenceApp()
        #expect(try CLI.run(["init"], in: app.url).status == 0)
        let catalogPath = app.path("routes.yml")
        var catalog = try String(contentsOfFile: catalogPath, encoding: .utf8)
        catalog = catalog.replacingOccurrences(of: "  SettingsScreen:\n", with: "  # Reached from Info (a hand-written comment).\n  SettingsScreen:\n")
        catalog = catalog.replacingOccurrences(of: "title: { param: title, fallback: settings_title }",
                                               with: "title: { param: title, fallback: settings_title }  # checked by hand")
        try catalog.write(toFile: catalogPath, atomically: true, encoding: .utf8)
        var routes = try String(contentsOfFile: app.path(Self.routesKt), encoding: .utf8)
        routes = routes.replacingOccurrences(of: "data object AppPrivacyNoticePrompt : AppRoute\n", with: "")
        routes += "\ndata class FaqScreen(override val title: String = \"\") : AppRoute\n"
        try routes.write(toFile: app.path(Self.routesKt), atomically: true, encoding: .utf8)

        let run = try CLI.run(["init", "--update"], in: app.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("added:  FaqScreen"))
        #expect(run.stdout.contains("marked: AppPrivacyNoticePrompt"))
        let updated = try String(contentsOfFile: catalogPath, encoding: .utf8)
        // Every line that was there is still there, in order.
        let before = catalog.split(separator: "\n", omittingEmptySubsequences: false)
        var after = updated.split(separator: "\n", omittingEmptySubsequences: false)[...]
        for line in before {
            guard let found = after.firstIndex(of: line) else { Issue.record("lost: \(line)"); break }
            after = after[(found + 1)...]
        }
        #expect(updated.contains("  # TODO (routekit init --update): AppPrivacyNoticePrompt is no longer declared in the Kotlin code"))
        #expect(updated.contains("  # Added by `routekit init --update` from the Kotlin code:\n"))
        #expect(updated.contains("\n  FaqScreen:\n"))

        let again = try CLI.run(["init", "--update"], in: app.url)
        #expect(again.stdout.contains("is up to date"))
        #expect(try String(contentsOfFile: catalogPath, encoding: .utf8) == updated)
    }

    /// New entries take the file's indentation and go inside `routes:`, before a later top-level key.
    @Test func updateWritesInTheFilesIndentationInsideRoutes() {
        var imported = ImportedRouteCatalog(routeInterface: "AppRoute", tabInterface: nil, routes: [], notes: [], filesRead: [])
        imported.routes = [ImportedRoute(name: "FaqScreen", isTab: false, isObject: true, params: [], title: .key("faq"), subtitle: nil,
                                         origin: "A.kt:1")]
        let text = "routes:\n    Home:\n        title: home\n\nflows:\n    main: []\n"
        var marked: [String] = []
        let edited = CatalogUpdate.edit(text, path: "routes.yml", adding: imported, goneRoutes: [], marked: &marked)
        #expect(edited == "routes:\n    Home:\n        title: home\n    # Added by `routekit init --update` from the Kotlin code:\n"
            + "    FaqScreen:\n        declaration: object\n        title: faq\n\nflows:\n    main: []\n")
    }
}
