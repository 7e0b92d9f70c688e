import Foundation
import Testing
@testable import RouteKit

/// Strings belong to a module (issue 29 item 1): each Compose module has its own `Res`, each
/// Android app its own `R`, each String Catalog is its own table. Keys are checked per set.
@Suite struct ResourceSetTests {
    static let phone = "<resources><string name=\"app_name\">Talks</string></resources>\n"
    static let wear = "<resources><string name=\"app_name\">Talks</string><string name=\"wear_only\">Watch</string></resources>\n"
    static let wearFrench = "<resources><string name=\"app_name\">Exposés</string><string name=\"wear_only\">Montre</string></resources>\n"
    static let shared = "<resources><string name=\"app_name\">Talks</string><string name=\"title\">Home</string></resources>\n"
    static let sharedFrench = "<resources><string name=\"title\">Accueil</string></resources>\n"

    static func files(config: String, shared: String = ResourceSetTests.shared) -> [(String, String)] {
        [(".routekit.yml", config),
         ("androidApp/src/main/res/values/strings.xml", phone),
         ("wearApp/src/main/res/values/strings.xml", wear),
         ("wearApp/src/main/res/values-fr/strings.xml", wearFrench),
         ("shared/src/commonMain/composeResources/values/strings.xml", shared),
         ("shared/src/commonMain/composeResources/values-fr/strings.xml", sharedFrench)]
    }

    /// The reproduction: `app_name` in two apps is no duplicate; wear-only keys are not
    /// missing from shared French; shared French lacking `app_name` is found (wear's does not hide it).
    @Test func eachTreeIsItsOwnSet() throws {
        let config = "strings:\n  - \"*/src/*/res/values*/strings.xml\"\n  - \"shared/src/commonMain/composeResources/values*/strings.xml\"\nbase-locale: en\n"
        let findings = try DialectProbe.lint(Self.files(config: config))
        // At app_name's entry in the shared set's base file (issue 34).
        #expect(findings == ["missing-translation shared/src/commonMain/composeResources/values/strings.xml:1"], "\(findings)")
        let directory = try TemporaryDirectory()
        try directory.write(Dictionary(Self.files(config: config), uniquingKeysWith: { a, _ in a }))
        let project = try directory.loadProject()
        #expect(project.stringSets.map(\.name) == ["androidApp", "wearApp", "shared"])
        #expect(project.stringSets.map(\.files.count) == [1, 2, 2])
    }

    /// Named sets: an app over its library. The same text again is nothing; another text is an
    /// info (the first listed, the app's, is used); within one tree a duplicate stays an error.
    @Test func namedSetsMergeAnAppOverItsLibrary() throws {
        let config = """
        strings:
          phone: ["androidApp/src/*/res/values*/strings.xml", "shared/src/commonMain/composeResources/values*/strings.xml"]
          wear: ["wearApp/src/*/res/values*/strings.xml"]
        base-locale: en
        """
        #expect(try DialectProbe.lint(Self.files(config: config), only: ["duplicate-key"]) == [])
        let other = Self.shared.replacingOccurrences(of: ">Talks<", with: ">Talks (shared)<")
        let report = try DialectProbe.lint(Self.files(config: config, shared: other), only: ["duplicate-key"])
        #expect(report == ["duplicate-key shared/src/commonMain/composeResources/values/strings.xml:1"])
        let example = RuleDoc.Example(description: "override", triggers: [], files: Self.files(config: config, shared: other), config: nil)
        let found = try ExampleProject.lint(example, only: "duplicate-key").all
        #expect(found.map(\.severity) == [.info])
        #expect(found.first?.message.contains("is overridden, with another text, by its definition in androidApp/src/main/res/values/strings.xml") == true,
                "\(found.map(\.message))")
    }

    @Test func treesOfPaths() {
        #expect(ResourceSets.tree(of: "app/shared/src/commonMain/composeResources/values-de/strings.xml")
                == ("app/shared/src/commonMain/composeResources", "shared"))
        #expect(ResourceSets.tree(of: "wearApp/src/main/res/values/strings.xml") == ("wearApp/src/main/res/", "wearApp"))
        #expect(ResourceSets.tree(of: "iosApp/Localizable.xcstrings") == ("iosApp/Localizable.xcstrings", "iosApp/Localizable.xcstrings"))
        #expect(ResourceSets.tree(of: "strings/de.yml") == ("", "strings"))
        #expect(ResourceSets.tree(of: "values/strings.xml") == ("/", "."))
    }

    /// Route titles resolve in the first set (the app's own): a key only another module defines is unknown.
    @Test func titlesResolveInTheFirstSet() throws {
        let config = "catalog: routes.yml\nstrings:\n  - \"shared/src/commonMain/composeResources/values*/strings.xml\"\n  - \"wearApp/src/*/res/values*/strings.xml\"\nbase-locale: en\n"
        let routes = "routes:\n  Home:\n    tab: { icon: house }\n    title: title\n  Watch:\n    title: wear_only\n"
        let findings = try DialectProbe.lint(Self.files(config: config) + [("routes.yml", routes)], only: ["unknown-string-key"])
        #expect(findings == ["unknown-string-key routes.yml:6"])
    }
}
