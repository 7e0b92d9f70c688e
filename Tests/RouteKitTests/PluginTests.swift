import Foundation
import Testing

/// The SwiftPM command plugin. Running it needs a nested `swift package`, which is slow and
/// would contend for the build directory inside `swift test`; `Scripts/test-plugin.sh` (in
/// `.ci/run`) runs it end to end. These checks keep the manifest, the docs and the script in step.
@Suite struct PluginTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func manifestDeclaresTheCommandAndItsTool() throws {
        let manifest = try Self.text("Package.swift")
        #expect(manifest.contains(".plugin(name: \"RouteKitLintPlugin\", targets: [\"RouteKitLintPlugin\"])"))
        #expect(manifest.contains("verb: \"routekit-lint\""))
        #expect(manifest.contains("dependencies: [\"routekit\"]"))
        // It only reads: no write permission requested.
        #expect(!manifest.contains("writeToPackageDirectory"))
    }

    @Test func pluginRunsLintOnThePackage() throws {
        let source = try Self.text("Plugins/RouteKitLintPlugin/RouteKitLintPlugin.swift")
        #expect(source.contains("context.tool(named: \"routekit\")"))
        #expect(source.contains("[\"lint\"] + arguments"))
        #expect(source.contains("context.package.directoryURL"))
    }

    @Test func docsAndScriptUseTheSameVerb() throws {
        #expect(try Self.text("docs/USING.md").contains("swift package routekit-lint"))
        #expect(try Self.text("Scripts/test-plugin.sh").contains("routekit-lint"))
        #expect(try Self.text(".ci/run").contains("Scripts/test-plugin.sh"))
    }
}
