import Foundation
import Testing

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
        #expect(source.contains("arguments: [\"lint\", \"--\", directory.path]"))
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
