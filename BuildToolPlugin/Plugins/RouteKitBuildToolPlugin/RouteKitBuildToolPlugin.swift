import Foundation
import PackagePlugin

/// Runs `routekit lint` as a prebuild command of every target that applies the plugin, so findings
/// appear in the build log as `file:line:col: warning: …` — and, in Xcode, in the issue navigator.
///
/// The project is the one whose `.routekit.yml` is nearest above the target's directory (in Xcode:
/// above the project's directory). Errors fail the build, as they fail `routekit lint`; warnings
/// and infos do not (set severities under `rules:` in `.routekit.yml`). The command writes no
/// files, so SwiftPM runs it before every build; linting a small project takes milliseconds.
@main
struct RouteKitBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let directory = target.directoryURL
        return [
            Self.lint(
                tool: try context.tool(named: "routekit"), directory: directory,
                workDirectory: context.pluginWorkDirectoryURL, name: target.name)
        ]
    }

    /// One `routekit lint -- DIRECTORY` prebuild command (`--`: the path is never an option). Its output directory stays empty: the
    /// command reports, it generates no sources.
    static func lint(tool: PluginContext.Tool, directory: URL, workDirectory: URL, name: String) -> Command {
        .prebuildCommand(
            displayName: "routekit lint (\(name))",
            executable: tool.url,
            arguments: ["lint", "--", directory.path],
            outputFilesDirectory: workDirectory.appendingPathComponent("routekit-lint"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RouteKitBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        [
            Self.lint(
                tool: try context.tool(named: "routekit"), directory: context.xcodeProject.directoryURL,
                workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)
        ]
    }
}
#endif
