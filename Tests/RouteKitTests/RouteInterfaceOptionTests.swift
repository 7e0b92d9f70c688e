import Foundation
import Testing
@testable import RouteKit

/// `route-interface` under `sources.kotlin` and `--route-interface` on the commands that read
/// Kotlin: the choice `code-not-followed` asks for when two hierarchies tie, and nested
/// hierarchies of one name refused rather than merged.
@Suite struct RouteInterfaceOptionTests {
    static let routes = """
        sealed interface AppRoute
        data object Home : AppRoute
        data object Detail : AppRoute
        sealed interface Dialog
        data object Confirm : Dialog
        data object Alert : Dialog

        """

    static func project(kotlin: String) throws -> TemporaryDirectory {
        try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\nsources:\n  kotlin: \(kotlin)\n",
            "routes.yml": "routes:\n  Home: { declaration: object, title: home }\n  Detail: { declaration: object, title: detail }\n",
            "strings.yml": "en:\n  home: Home\n  detail: Detail\n",
            "app/Routes.kt": Self.routes,
        ])
    }

    @Test func aTieIsReportedWithTheWayOut() throws {
        let dir = try Self.project(kotlin: "[\"app/*.kt\"]")
        let lint = try CLI.run(["lint", "--only", "code-not-followed", "--only", "catalog-drift"], in: dir.url)
        #expect(lint.stdout.contains("several candidate route interfaces (AppRoute, Dialog); name it with --route-interface NAME"))
    }

    @Test func theFlagChoosesTheHierarchy() throws {
        let dir = try Self.project(kotlin: "[\"app/*.kt\"]")
        let lint = try CLI.run(["lint", "--route-interface", "AppRoute", "--only", "code-not-followed", "--only", "catalog-drift"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("0 errors, 0 warnings, 0 infos"))
        // The other hierarchy: every catalog route is drift.
        let other = try CLI.run(["lint", "--route-interface", "Dialog", "--only", "catalog-drift"], in: dir.url)
        #expect(other.stdout.contains("route 'Home' is in the catalog but no Kotlin declaration of it implements Dialog"))
    }

    @Test func theConfigChoosesTheHierarchy() throws {
        let dir = try Self.project(kotlin: "{ globs: [\"app/*.kt\"], route-interface: AppRoute }")
        let project = try dir.loadProject()
        #expect(project.appCode.routeInterface == "AppRoute")
        #expect(project.appCode.kotlinRoutes.map(\.name) == ["Home", "Detail"])
        #expect(throws: ConfigError.self) {
            try ProjectConfig.load(path: try Self.project(kotlin: "{ globs: [\"app/*.kt\"], route-interfac: AppRoute }").path(".routekit.yml"))
        }
    }

    @Test func initWritesTheNamedInterfaceIntoTheConfig() throws {
        let dir = try TemporaryDirectory().write(["app/Routes.kt": Self.routes, "strings/en.yml": "en:\n  home: Home\n"])
        let run = try CLI.run(["init", "--route-interface", "AppRoute"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let config = try String(contentsOfFile: dir.path(".routekit.yml"), encoding: .utf8)
        #expect(config.contains("  kotlin: { globs: [app/**/*.kt], route-interface: AppRoute }\n"))
        let catalog = try String(contentsOfFile: dir.path("routes.yml"), encoding: .utf8)
        #expect(catalog.contains("  Home:") && !catalog.contains("Confirm"))
    }

    @Test func nestedHierarchiesOfOneNameAreNotMerged() throws {
        let nested = """
            class Settings { sealed interface Config { data object A1 : Config; data object A2 : Config } }
            class Profile { sealed interface Config { data object B1 : Config; data object B2 : Config } }

            """
        #expect(throws: ImportError.self) {
            try KotlinRouteImporter(routeInterface: "Config").importSources([("Nested.kt", nested)])
        }
        do {
            _ = try KotlinRouteImporter(routeInterface: "Config").importSources([("Nested.kt", nested)])
        } catch {
            #expect(error.message.contains("'Config' is declared 2 times (Nested.kt:1, Nested.kt:2)"))
        }
    }
}
