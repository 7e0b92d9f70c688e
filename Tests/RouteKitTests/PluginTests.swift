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

/// The build-tool plugin is a package of its own (`BuildToolPlugin/`): SwiftPM runs prebuild
/// commands only from binaries, so it takes routekit from the artifact bundle. The end-to-end
/// run (a sample package's `swift build`) is `Scripts/test-build-plugin.sh`, in `.ci/run`.
@Suite struct BuildToolPluginTests {
    @Test func manifestTakesRoutekitFromTheArtifactBundle() throws {
        let manifest = try PluginTests.text("BuildToolPlugin/Package.swift")
        #expect(manifest.contains("capability: .buildTool()"))
        #expect(manifest.contains(".binaryTarget(name: \"routekit\", path: \"routekit.artifactbundle\")"))
    }

    @Test func pluginLintsBeforeTheBuildInSwiftPMAndXcode() throws {
        let source = try PluginTests.text("BuildToolPlugin/Plugins/RouteKitBuildToolPlugin/RouteKitBuildToolPlugin.swift")
        #expect(source.contains(".prebuildCommand("))
        #expect(source.contains("arguments: [\"lint\", directory.path]"))
        #expect(source.contains("#if canImport(XcodeProjectPlugin)"))
        #expect(source.contains("extension RouteKitBuildToolPlugin: XcodeBuildToolPlugin"))
    }

    @Test func ciRunsEveryEndToEndTestOnTheSharedPackage() throws {
        let ci = try PluginTests.text(".ci/run")
        #expect(ci.contains("export ROUTEKIT_REQUIRE_ORACLES=1"))
        for script in ["Scripts/package.sh", "Scripts/test-package.sh", "Scripts/test-build-plugin.sh", "Scripts/test-pre-commit.sh"] {
            #expect(ci.contains(script), "\(script)")
            #expect(FileManager.default.isExecutableFile(atPath: CLI.packageRoot.appendingPathComponent(script).path), "\(script)")
        }
    }
}
