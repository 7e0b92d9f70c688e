import Foundation
import Testing

/// The real string resources of the KotlinConf app, imported and linted end to end.
@Suite struct KotlinConfCorpusTests {
    static let corpus = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf/app")

    @Test func germanLacksOneKeyAndNoPlaceholderDiffers() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [strings/*.yml]\nbase-locale: en\n"])
        let imported = try CLI.run(["import", "compose", Self.corpus.path, "--out", dir.path("strings")])
        #expect(imported.status == 0, "\(imported.stderr)")
        let result = try CLI.run(["lint", "--format", "json"], in: dir.url)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        let missing = diagnostics.filter { $0["rule"] as? String == "missing-translation" }
        #expect(missing.count == 1)
        #expect(missing.first?["key"] as? String == "settings_external_navigation")
        #expect(missing.first?["locale"] as? String == "de")
        #expect(!diagnostics.contains { $0["rule"] as? String == "placeholder-mismatch" })
        #expect(!diagnostics.contains { ($0["rule"] as? String)?.hasPrefix("plural-") == true })
        #expect(!diagnostics.contains { $0["rule"] as? String == "yaml-syntax" })
    }
}
