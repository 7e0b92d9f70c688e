import Foundation
import Testing
@testable import RouteKit

/// The app-code rules keep a finding per Kotlin route or push site as an item of a group
/// (`ElementFindings`), its fields made when asked for: every field, message and fingerprint
/// equals what the boxed findings of before gave (the expectations were taken from that build).
@Suite struct ElementFindingsTests {
    struct Expected {
        var rule: String
        var place: String
        var route: String?
        var key: String?
        var fingerprint: String
        var message: String

        init(_ rule: String, _ place: String, route: String?, key: String?, fingerprint: String, _ message: String) {
            self.rule = rule
            self.place = place
            self.route = route
            self.key = key
            self.fingerprint = fingerprint
            self.message = message
        }
    }

    static let expected = [
        Expected("push-without-title", "app/Nav.kt:3:14", route: "Settings", key: nil, fingerprint: "21c214b82fe5f397",
                 "Settings is pushed (navigate) with no title: it is a data object with no title, so the screen has a blank navigation bar title and back-menu entry"),
        Expected("push-without-title", "app/Nav.kt:4:14", route: "Über", key: nil, fingerprint: "c9fdf6d408769aab",
                 "Über is pushed (navigate) with no title: it is a data object with no title, so the screen has a blank navigation bar title and back-menu entry"),
        Expected("push-without-title", "app/Nav.kt:5:14", route: "Plain", key: nil, fingerprint: "755b54112b210ee7",
                 "Plain is pushed (navigate) with no title: it is a class that declares no `title` property, so the screen has a blank navigation bar title and back-menu entry"),
        Expected("push-without-title", "app/Nav.kt:6:14", route: "Detail", key: nil, fingerprint: "5021dae1d59ac235",
                 "Detail is pushed (navigate) without a title argument: the default (null) gives a blank navigation bar title and back-menu entry"),
        Expected("push-without-title", "app/Nav.kt:7:26", route: "Detail", key: nil, fingerprint: "23c0a88055da58e6",
                 "Detail is pushed (navigate) with title null: a blank navigation bar title and back-menu entry"),
        Expected("push-without-title", "app/Nav.kt:8:26", route: "Detail", key: nil, fingerprint: "7bac1d5dbdd2cdf3",
                 "Detail is pushed (navigate) with title \"\": a blank navigation bar title and back-menu entry"),
        Expected("push-title-key-mismatch", "app/Nav.kt:9:20", route: "Keyed", key: "other_key", fingerprint: "c081bded062e53c1",
                 "Keyed is pushed with the title string other_key but the catalog's title key is keyed_title (routes.yml:12:38)"),
        Expected("push-title-key-mismatch", "app/Nav.kt:11:20", route: "Keyed", key: "other_key", fingerprint: "c081bded062e53c1",
                 "Keyed is pushed with the title string other_key but the catalog's title key is keyed_title (routes.yml:12:38)"),
        Expected("push-title-key-mismatch", "app/Nav.kt:11:27", route: "Keyed", key: "other_key", fingerprint: "7418ee6ebdc66fc7",
                 "Keyed is pushed with the subtitle string other_key but the catalog's subtitle key is keyed_sub (routes.yml:13:44)"),
        Expected("literal-title", "app/Nav.kt:12:20", route: "Keyed", key: nil, fingerprint: "d8be3fd9e2b2ab5f",
                 "Keyed is pushed with the literal title \"Wörtlich\", shown untranslated in every locale"),
        Expected("code-not-followed", "app/Nav.kt:13:20", route: nil, key: nil, fingerprint: "676f559030bf06b0",
                 "a title built by a function call (`makeTitle(…)`) at a push of Keyed: not checked"),
        Expected("literal-title", "app/Nav.kt:14:27", route: "Keyed", key: nil, fingerprint: "a856c3bda678b9a4",
                 "Keyed is pushed with the literal title \"A\", shown untranslated in every locale"),
        Expected("literal-title", "app/Nav.kt:14:36", route: "Keyed", key: nil, fingerprint: "e49ce4ace6ec3f57",
                 "Keyed is pushed with the literal title \"B\", shown untranslated in every locale"),
        Expected("literal-title", "app/Nav.kt:14:41", route: "Keyed", key: nil, fingerprint: "b46a303b51e7a77b",
                 "Keyed is pushed with the literal subtitle \"Sub\", shown untranslated in every locale"),
        Expected("catalog-drift", "app/Routes.kt:5:13", route: "Über", key: nil, fingerprint: "9c72d8b960baa701",
                 "route 'Über' is declared in Kotlin (implements AppRoute) but is not in the catalog"),
        Expected("catalog-drift", "app/Routes.kt:7:12", route: "Plain", key: nil, fingerprint: "e486d122cc96b389",
                 "route 'Plain' is declared in Kotlin (implements AppRoute) but is not in the catalog"),
        Expected("catalog-drift", "routes.yml:14:3", route: "Missing", key: nil, fingerprint: "066aeb8976d0854c",
                 "route 'Missing' is in the catalog but no Kotlin declaration of it implements AppRoute in the sources read"),
    ]

    /// A project with a finding of each kind: routes on one side only (one of them non-ASCII),
    /// pushes without a title in each way, key mismatches in both fields, literals in both
    /// fields and branches, a title not followed.
    static func project() throws -> TemporaryDirectory {
        try TemporaryDirectory().write([
            ".routekit.yml": """
                catalog: routes.yml
                strings: [strings.yml]
                sources: { kotlin: ["app/*.kt"] }
                """,
            "routes.yml": """
                routes:
                  Home:
                    tab: { icon: house }
                    declaration: object
                    title: home_title
                  # Settings has a title the data object cannot carry: its push is a finding.
                  Settings: { declaration: object, title: other_key }
                  Detail:
                    params: { id: String }
                    title: { param: title, fallback: detail_title }
                  Keyed:
                    title: { param: title, fallback: keyed_title }
                    subtitle: { param: subtitle, fallback: keyed_sub }
                  Missing:
                    title: missing_title
                """,
            "strings.yml": """
                en:
                  home_title: Home
                  detail_title: Detail
                  keyed_title: Keyed
                  missing_title: Missing
                  other_key: Other
                  keyed_sub: Sub
                """,
            "app/Routes.kt": """
                sealed interface AppRoute
                sealed interface TabRoute : AppRoute
                data object Home : TabRoute
                data object Settings : AppRoute
                data object Über : AppRoute
                data class Detail(val id: String, override val title: String? = null) : AppRoute
                data class Plain(val id: Int) : AppRoute
                data class Keyed(override val title: String, override val subtitle: String = "") : AppRoute
                """,
            "app/Nav.kt": """
                @Composable
                fun Go(navigate: (AppRoute) -> Unit, x: Boolean) {
                    navigate(Settings)
                    navigate(Über)
                    navigate(Plain(1))
                    navigate(Detail("a"))
                    navigate(Detail("a", null))
                    navigate(Detail("a", ""))
                    navigate(Keyed(stringResource(Res.string.other_key)))
                    val label = stringResource(Res.string.other_key)
                    navigate(Keyed(label, stringResource(Res.string.other_key)))
                    navigate(Keyed("Wörtlich"))
                    navigate(Keyed(makeTitle()))
                    navigate(Keyed(if (x) "A" else "B", "Sub"))
                }
                """,
        ])
    }

    @Test func groupedFindingsGiveTheFieldsOfTheBoxedOnes() throws {
        let directory = try Self.project()
        let config = try ProjectConfig.load(path: directory.path(".routekit.yml"))
        let project = try Project.load(config: config)
        let rules = Set(Self.expected.map(\.rule))
        let findings = Linter.lint(project, selection: LintSelection(only: rules)).diagnostics
        #expect(findings.count == Self.expected.count)
        for (finding, expected) in zip(findings, Self.expected) {
            #expect(finding.isStoredInGroup, "\(expected.rule) at \(expected.place)")
            let root = config.root
            let place = finding.location.map { "\(PathUtilities.relative($0.file, to: root)):\($0.line):\($0.column)" }
            #expect(finding.rule == expected.rule)
            #expect(place == expected.place)
            #expect(finding.file == finding.location?.file)
            #expect(finding.route == expected.route)
            #expect(finding.key == expected.key)
            #expect(finding.locale == nil)
            #expect(finding.message == expected.message)
            #expect(finding.fingerprint(relativeTo: root) == expected.fingerprint)
            // The same fields in a box: equal, same hash, same streamed fingerprint.
            let boxed = Finding(rule: finding.rule, severity: finding.severity, message: finding.message, location: finding.location,
                                route: finding.route, key: finding.key)
            #expect(boxed == finding)
            #expect(boxed.hashValue == finding.hashValue)
            #expect(boxed.fingerprintHash(relativePath: "x").hash == finding.fingerprintHash(relativePath: "x").hash)
        }
    }
}
