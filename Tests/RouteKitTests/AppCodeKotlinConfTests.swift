import Foundation
import Testing
@testable import RouteKit

/// The conference app's own code (`sources:`) checked against its catalog: the real findings,
/// then fixtures made from the real files by one change each, each adding exactly its finding.
@Suite struct AppCodeKotlinConfTests {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf")
    static let navHost = "app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation/NavHost.kt"
    static let routesKt = "app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation/Routes.kt"
    static let contentView = "app/iosApp/iosApp/ContentView.swift"
    static let xcstrings = "app/iosApp/Localizable.xcstrings"
    static let appRules: Set<String> = [
        "catalog-drift", "push-without-title", "push-title-key-mismatch", "literal-title", "tab-parity",
        "tab-root-without-navigation-title", "tab-label-mismatch", "code-not-followed",
    ]

    /// A copy of the app with its catalog, its Compose strings imported to YAML, and `sources:`
    /// over commonMain + iosMain Kotlin and the iosApp Swift side (web deep links left out).
    struct App {
        let directory: TemporaryDirectory

        init() throws {
            directory = try TemporaryDirectory()
            let manager = FileManager.default
            try manager.copyItem(at: AppCodeKotlinConfTests.fixture.appendingPathComponent("app"), to: directory.url.appendingPathComponent("app"))
            try manager.copyItem(at: AppCodeKotlinConfTests.fixture.appendingPathComponent("routes.yml"),
                                 to: directory.url.appendingPathComponent("routes.yml"))
            let strings = try ComposeResourcesImporter().importDirectory(directory.path("app/shared/src/commonMain/composeResources"))
            var files = [".routekit.yml": """
                catalog: routes.yml
                strings: [strings/*.yml]
                base-locale: en
                sources:
                  kotlin: [app/shared/src/commonMain/kotlin/**/*.kt, app/shared/src/iosMain/kotlin/**/*.kt]
                  swift: [app/iosApp/**/*.swift, app/iosApp/**/*.xcstrings]

                """]
            for locale in strings.locales { files["strings/\(locale).yml"] = strings.yaml(for: locale) }
            _ = try directory.write(files)
        }

        /// Replaces `old` (which must occur exactly once) with `new` in a file of the copy.
        func change(_ file: String, _ old: String, _ new: String) throws {
            let path = directory.path(file)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.components(separatedBy: old).count == 2, "'\(old)' must occur once in \(file)")
            try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// `file:line:col rule` of every finding of the app-code rules, sorted.
        func findings(_ rules: Set<String> = AppCodeKotlinConfTests.appRules) throws -> [String] {
            let config = try ProjectConfig.load(path: directory.path(".routekit.yml"))
            let project = try Project.load(config: config)
            let result = Linter.lint(project, selection: LintSelection(only: rules))
            return result.diagnostics.map { diagnostic in
                let file = PathUtilities.relative(diagnostic.file ?? "", to: directory.url.path)
                let location = diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
                return "\(file)\(location) \(diagnostic.rule)"
            }
        }
    }

    /// The pushes of routes the catalog gives no title at all (AppPrivacyNoticePrompt,
    /// DeveloperMenuScreen, PartnerDetailScreen) are reported once, by detail-missing-title at the
    /// catalog, not at each push.
    static let expected = [
        "\(navHost):104:89 push-without-title",   // the notification's SessionScreen(sessionId, null)
        "\(navHost):348:100 literal-title",       // "Winner"
        "\(navHost):348:114 literal-title",       // "Finalist"
        "\(navHost):569:101 literal-title",       // "Winner" (ScreenContent, the native-navigation path)
        "\(navHost):569:115 literal-title",       // "Finalist"
    ]

    @Test func theRealAppHasExactlyTheKnownFindings() throws {
        let app = try App()
        #expect(try app.findings() == Self.expected)
    }

    @Test func theRealAppsPushSitesAndTabsAreRead() throws {
        let app = try App()
        let project = try Project.load(config: try ProjectConfig.load(path: app.directory.path(".routekit.yml")))
        let code = project.appCode
        #expect(code.routeInterface == "AppRoute")
        #expect(code.kotlinRoutes.count == 25)
        #expect(!code.kotlinFiles.contains { $0.contains("webMain") })
        // Pushes that pass a string resource bound in scope are read as that key.
        let settings = code.pushSites.filter { $0.route == "SettingsScreen" }
        #expect(settings.map(\.location.line) == [385, 598])
        #expect(settings.allSatisfy { if case .key("settings_title", _) = $0.title { true } else { false } })
        let about = code.pushSites.first { $0.route == "AboutAppScreen" && $0.location.line == 243 }
        #expect(about?.title.summary == "about_app_title")
        #expect(code.tabs.map { $0.label?.value ?? "" } == ["Schedule", "Speakers", "Golden Kodee", "Map", "Info"])
        #expect(code.tabs.map { $0.icon?.value ?? "" } == ["clock", "person.2", "trophy", "mappin.and.ellipse", "info.circle"])
        #expect(code.tabs.map { code.rootRoute(of: $0, catalog: project.catalog)?.value ?? "" }
            == ["ScheduleScreen", "SpeakersScreen", "GoldenKodeeScreen", "MapScreen", "InfoScreen"])
        #expect(code.tabs.allSatisfy { $0.appliesNavigationTitle == true })
        #expect(code.stringCatalog["de"]?["Speakers"] == "Sprecher")
    }

    /// One change to the real files: the findings are the real app's plus exactly `added`.
    func expectOneChange(_ added: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation,
                                 _ change: (App) throws -> Void) throws {
        let app = try App()
        try change(app)
        let findings = try app.findings()
        let new = findings.filter { !Self.expected.contains($0) }
        let gone = Self.expected.filter { !findings.contains($0) }
        #expect(new == added, sourceLocation: sourceLocation)
        #expect(gone.isEmpty, "findings that went away: \(gone)", sourceLocation: sourceLocation)
    }

    @Test func aRouteRemovedFromTheCatalog() throws {
        try expectOneChange(["\(Self.routesKt):99:12 catalog-drift"]) { app in
            try app.change("routes.yml", """
                  PartnersScreen:
                    params:
                      title: String?  # String with a default (""): optional
                    title: { param: title, fallback: partners_title }
                    from: [InfoScreen]

                """, "")
        }
    }

    @Test func anObjectRouteDescribedAsAClass() throws {
        // The catalog forgets `declaration: object`: it says class, Kotlin says data object.
        try expectOneChange(["routes.yml:54:3 catalog-drift"]) { app in
            try app.change("routes.yml", "  AppPrivacyNoticePrompt:\n    declaration: object\n", "  AppPrivacyNoticePrompt:\n")
        }
    }

    @Test func aClassMadeAnObjectInKotlinIsOneFinding() throws {
        // One Kotlin change (the class with its title param becomes a data object): one finding,
        // the declaration, not also "param 'title' is not a constructor parameter".
        let app = try App()
        try app.change(Self.routesKt, "data class LicensesScreen(override val title: String = \"\") : AppRoute",
                       "data object LicensesScreen : AppRoute")
        let drift = try app.findings(["catalog-drift"])
        #expect(drift == ["routes.yml:82:3 catalog-drift"])
    }

    @Test func aParamRenamedInKotlin() throws {
        try expectOneChange(["routes.yml:100:7 catalog-drift"]) { app in
            try app.change(Self.routesKt, "data class PartnerDetailScreen(val partnerId: PartnerId)",
                           "data class PartnerDetailScreen(val partner: PartnerId)")
        }
    }

    @Test func aTitlePassedAsNull() throws {
        try expectOneChange(["\(Self.navHost):385:57 push-without-title"]) { app in
            try app.change(Self.navHost, "onSettings = { navigator.add(SettingsScreen(settingsTitle)) },",
                           "onSettings = { navigator.add(SettingsScreen(null)) },")
        }
    }

    @Test func aPushWithAnotherStringResource() throws {
        try expectOneChange(["\(Self.navHost):385:57 push-title-key-mismatch"]) { app in
            try app.change(Self.navHost, "onSettings = { navigator.add(SettingsScreen(settingsTitle)) },",
                           "onSettings = { navigator.add(SettingsScreen(partnersTitle)) },")
        }
    }

    @Test func aTitleBuiltByAFunctionCall() throws {
        try expectOneChange(["\(Self.navHost):385:71 code-not-followed"]) { app in
            try app.change(Self.navHost, "onSettings = { navigator.add(SettingsScreen(settingsTitle)) },",
                           "onSettings = { navigator.add(SettingsScreen(settingsTitle.uppercase())) },")
        }
    }

    static let mapTab = """
                    Tab(String(localized: "Map"), systemImage: "mappin.and.ellipse", value: 3) {
                        TabContentView(
                            topLevelRoute: MapScreen(),
                            coordinator: appCoordinator.tabCoordinators[3]!,
                            appCoordinator: appCoordinator,
                            title: String(localized: "Map")
                        )
                    }

        """

    @Test func aTabRemoved() throws {
        try expectOneChange(["routes.yml:25:10 tab-parity"]) { app in
            try app.change(Self.contentView, Self.mapTab, "")
        }
    }

    @Test func aTabMoved() throws {
        // Map moved before Golden Kodee: Map is the tab out of the catalog's order.
        try expectOneChange(["\(Self.contentView):202:13 tab-parity"]) { app in
            try app.change(Self.contentView, Self.mapTab, "")
            try app.change(Self.contentView, "            Tab(String(localized: \"Golden Kodee\")",
                           Self.mapTab + "            Tab(String(localized: \"Golden Kodee\")")
        }
    }

    @Test func anIconChanged() throws {
        try expectOneChange(["\(Self.contentView):194:61 tab-parity"]) { app in
            try app.change(Self.contentView, "systemImage: \"person.2\"", "systemImage: \"person.3\"")
        }
    }

    @Test func theNavigationTitleRemoved() throws {
        // Every tab shows TabContentView: each tab has a blank label now.
        try expectOneChange([185, 193, 201, 209, 217].map { "\(Self.contentView):\($0):13 tab-root-without-navigation-title" }) { app in
            try app.change(Self.contentView, "            .ignoresSafeArea(.all)\n            .navigationTitle(title)\n",
                           "            .ignoresSafeArea(.all)\n")
        }
    }

    @Test func aGermanTabLabelChanged() throws {
        try expectOneChange(["\(Self.contentView):194:35 tab-label-mismatch"]) { app in
            try app.change(Self.xcstrings, "\"value\" : \"Sprecher\"", "\"value\" : \"Referenten\"")
        }
    }

    @Test func theCommandLineReportsTheRealFindings() throws {
        let app = try App()
        let result = try CLI.run(["lint", "--only", "push-without-title", "--only", "literal-title"], in: app.directory.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(Self.navHost):104:89: warning: SessionScreen is pushed (NavRequest) with title null"))
        #expect(result.stdout.contains("0 errors, 5 warnings"))
    }
}

extension AppCodeKotlinConfTests {
    @Test func withoutEntryTheStartRouteIsADetailWithoutTitle() throws {
        // `entry: true` on StartPrivacyNoticeScreen: shown first by the shared UI, never on the
        // native stack. Without it, it is a route with no title; its flow's pushes
        // (StartNotificationsScreen, which has no title either) are reported at the catalog, once.
        let app = try App()
        let before = try app.findings(["detail-missing-title", "push-without-title"])
        try app.change("routes.yml", "    entry: true\n", "")
        let after = try app.findings(["detail-missing-title", "push-without-title"])
        // Line 48 is StartPrivacyNoticeScreen either way; the lines after it move up by one.
        #expect(!before.contains("routes.yml:48:3 detail-missing-title"))
        #expect(after.contains("routes.yml:48:3 detail-missing-title"))
        #expect(after.count == before.count + 1)
        #expect(!after.contains { $0.contains(":302:") || $0.contains(":736:") })
    }

    @Test func entryRoutesAreReachable() throws {
        let app = try App()
        #expect(try app.findings(["unreachable-route"]) == [])
        try app.change("routes.yml", "    entry: true\n", "")
        #expect(try app.findings(["unreachable-route"]) == ["routes.yml:48:3 unreachable-route", "routes.yml:50:3 unreachable-route"])
    }
}

extension AppCodeKotlinConfTests {
    @Test func initProposesTheSourcesOfTheApp() throws {
        let app = try App()
        try FileManager.default.removeItem(atPath: app.directory.path(".routekit.yml"))
        let sources = SourceDetector.detect(root: app.directory.url.path)
        #expect(sources.kotlin == ["app/shared/src/commonMain/kotlin/**/*.kt", "app/shared/src/iosMain/kotlin/**/*.kt"])
        #expect(sources.swift == ["app/iosApp/**/*.swift", "app/iosApp/**/*.xcstrings"])
        let run = try CLI.run(["init"], in: app.directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let config = try String(contentsOfFile: app.directory.path(".routekit.yml"), encoding: .utf8)
        #expect(config.contains("sources:\n  kotlin: [app/shared/src/commonMain/kotlin/**/*.kt, app/shared/src/iosMain/kotlin/**/*.kt]\n"
            + "  swift: [app/iosApp/**/*.swift, app/iosApp/**/*.xcstrings]\n"))
        // What init wrote loads, and reads the app's code (web deep links left out).
        let project = try Project.load(config: try ProjectConfig.load(path: app.directory.path(".routekit.yml")))
        #expect(project.appCode.kotlinRoutes.count == 25)
        #expect(project.appCode.tabs.count == 5)
    }

    @Test func importFillsFallbacksFromPushSites() throws {
        let app = try App()
        let out = app.directory.path("imported.yml")
        let run = try CLI.run(["import", "kotlin-routes", "app/shared/src/commonMain/kotlin", "--out", out], in: app.directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let yaml = try String(contentsOfFile: out, encoding: .utf8)
        #expect(yaml.contains("title: { param: title, fallback: settings_title }  # fallback: the key the push sites pass (NavHost.kt:385, NavHost.kt:598)"))
        #expect(yaml.contains("title: { param: title, fallback: app_terms }"))
        // The session's title comes from values and null, never a string resource: no fallback.
        #expect(yaml.contains("  SessionScreen:\n    params:\n      sessionId: SessionId\n      title: String?\n    title: { param: title }\n"))
    }

    @Test func theHTMLReportListsPushSites() throws {
        let app = try App()
        let run = try CLI.run(["report", "--html", "report.html"], in: app.directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: app.directory.path("report.html"), encoding: .utf8)
        #expect(html.contains("<tr><th>SettingsScreen</th><td><code>\(Self.navHost):385</code> <small>navigator.add</small></td><td>settings_title</td></tr>"))
        #expect(html.contains("<tr><th>SessionScreen</th><td><code>\(Self.navHost):104</code> <small>NavRequest</small></td><td class=\"missing\">null</td></tr>"))
    }
}

extension AppCodeKotlinConfTests {
    /// `// routekit:disable-next-line <id>` in Kotlin and Swift, as `#` comments in YAML.
    @Test func aKotlinCommentSuppressesThePushBelowIt() throws {
        let app = try App()
        try app.change(Self.navHost, "fun navigateToSession(sessionId: SessionId) {\n",
                       "fun navigateToSession(sessionId: SessionId) {\n    // routekit:disable-next-line push-without-title\n")
        let findings = try app.findings()
        // The push moved a line down and is suppressed; every other finding stays (lines after it move by one).
        #expect(!findings.contains { $0.contains(":105:") })
        #expect(findings.count == Self.expected.count - 1)
    }

    @Test func aCommentForAnotherRuleSuppressesNothing() throws {
        let app = try App()
        try app.change(Self.navHost, "fun navigateToSession(sessionId: SessionId) {\n",
                       "fun navigateToSession(sessionId: SessionId) {\n    // routekit:disable-next-line literal-title\n")
        #expect(try app.findings().contains("\(Self.navHost):105:89 push-without-title"))
    }

    @Test func aSwiftCommentSuppressesATabFinding() throws {
        let app = try App()
        try app.change(Self.contentView, "systemImage: \"person.2\"", "systemImage: \"person.3\"")
        try app.change(Self.contentView, "            Tab(String(localized: \"Speakers\")",
                       "            // routekit:disable-next-line tab-parity\n            Tab(String(localized: \"Speakers\")")
        #expect(try app.findings() == Self.expected)
    }
}
