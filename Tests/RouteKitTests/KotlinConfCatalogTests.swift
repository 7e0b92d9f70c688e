import Foundation
import Testing

/// The done-when test of issue 13: the shipped KotlinConf app — its completed catalog
/// (`Fixtures/KotlinConf/routes.yml`) and its Compose strings converted with `routekit import
/// compose` — lints with zero errors, and the warnings left are the true ones, each checked
/// against NavHost.kt (see the comments).
@Suite struct KotlinConfCatalogTests {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf")

    /// The project a user would have: the catalog, the converted strings, a config.
    func project() throws -> TemporaryDirectory {
        let catalog = try String(contentsOf: Self.fixture.appendingPathComponent("routes.yml"), encoding: .utf8)
        let dir = try TemporaryDirectory().write([
            "routes.yml": catalog,
            // Imported Compose strings keep Compose's placeholders: the YAML is read as Compose reads them.
            ".routekit.yml": "catalog: routes.yml\nstrings: [{ glob: strings/*.yml, dialect: compose }]\nbase-locale: en\n",
        ])
        let imported = try CLI.run(["import", "compose", Self.fixture.appendingPathComponent("app").path, "--out", "strings"], in: dir.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        return dir
    }

    @Test func theShippedAppLintsWithoutErrorsAndOnlyTrueWarnings() throws {
        let dir = try project()
        let result = try CLI.run(["lint", "--format", "json"], in: dir.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = report["diagnostics"] as? [[String: Any]] ?? []
        func described(_ severity: String) -> [String] {
            diagnostics.filter { $0["severity"] as? String == severity }.map { diagnostic in
                let subject = [diagnostic["route"], diagnostic["key"], diagnostic["locale"]].compactMap { $0 as? String }
                return "\(diagnostic["rule"] as? String ?? "") \(subject.joined(separator: " "))"
            }.sorted()
        }
        #expect(described("error") == [])
        #expect(described("warning") == [
            // NavHost.kt pushes these without a title: `navigator.add(AppPrivacyNoticePrompt)`,
            // `PartnerDetailScreen(partnerId)`, `DeveloperMenuScreen(skipWarningDelay = …)`,
            // `navigator.set(StartNotificationsScreen)`. The start route (`entry: true`: the shared
            // UI shows it first, the native stack never pushes it) needs no title (issue 29).
            "detail-missing-title AppPrivacyNoticePrompt",
            "detail-missing-title DeveloperMenuScreen",
            "detail-missing-title PartnerDetailScreen",
            "detail-missing-title StartNotificationsScreen",
            // Empty on purpose, and no route shows it: a warning, no longer an error.
            "empty-translation about_conference_party_line1 de",
            "empty-translation about_conference_party_line1 en",
            // German lacks it (values-de/strings.xml).
            "missing-translation settings_external_navigation de",
            // `navigateToSession` pushes `SessionScreen(sessionId, null)`; finalists and speakers
            // rely on `title: String = ""` defaults that a push may leave out.
            "optional-title-without-fallback GoldenKodeeFinalistScreen",
            "optional-title-without-fallback SessionScreen",
            "optional-title-without-fallback SpeakerDetailScreen",
            // "Allgemeine Geschäftsbedingungen" is 31 characters.
            "title-too-long TermsOfUseScreen general_terms de",
        ])
    }

    /// The catalog is the import of Routes.kt, completed: the same routes and declarations.
    @Test func theCatalogIsTheCompletedImport() throws {
        let dir = try TemporaryDirectory()
        let routes = Self.fixture.appendingPathComponent("app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation/Routes.kt")
        let imported = try CLI.run(["import", "kotlin-routes", routes.path, "--out", "routes.yml"], in: dir.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        func routeNames(_ text: String) -> Set<String> {
            Set(text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  #"), line.hasSuffix(":") else { return nil }
                return String(line.dropFirst(2).dropLast())
            })
        }
        let skeleton = try String(contentsOfFile: dir.path("routes.yml"), encoding: .utf8)
        let completed = try String(contentsOf: Self.fixture.appendingPathComponent("routes.yml"), encoding: .utf8)
        #expect(routeNames(skeleton).count == 25)
        #expect(routeNames(skeleton) == routeNames(completed))
        #expect(skeleton.components(separatedBy: "declaration: object").count == completed.components(separatedBy: "declaration: object").count)
    }
}
