import Foundation
import PackagePlugin

/// `swift package routekit-lint [lint options]`: runs `routekit lint` on the package.
///
/// The tool runs in the package directory, so without a PATH argument it lints the project whose
/// `.routekit.yml` is there (or in a parent); a relative PATH or `--config` is taken relative to
/// the package. Every argument is passed through (`--format github`, `--strict`, …). The plugin
/// only reads files: formats written to a file (`--format sarif:FILE`) need SwiftPM's sandbox
/// off on macOS (`swift package --disable-sandbox routekit-lint …`).
@main
struct RouteKitLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "routekit")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        // Standard output and error are inherited: findings print as routekit prints them.
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            throw LintFailed("routekit lint was killed by signal \(process.terminationStatus)")
        }
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            throw LintFailed("routekit lint found problems at the failing level (exit code 1)")
        default:
            throw LintFailed("routekit lint could not run (exit code \(process.terminationStatus)); see the message above")
        }
    }
}

struct LintFailed: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
