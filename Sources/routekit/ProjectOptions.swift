import RouteKit

/// How every command that reads a project finds it: `--config F`, a directory argument, or the
/// working directory and its parents.
struct ProjectOptions {
    var config: String?
    var path: String?

    static func read(_ arguments: inout Arguments) throws(UsageError) -> ProjectOptions {
        ProjectOptions(config: try arguments.value("--config", "-c"))
    }

    func load() throws(ConfigError) -> Project {
        let configPath = try ProjectConfig.locate(explicit: config, directory: path ?? ".")
        return try Project.load(config: try ProjectConfig.load(path: configPath))
    }

    /// Loads the project, or prints why it cannot (`file:line:col: error: …`) and returns nil:
    /// the command then exits 2.
    func load(reportingTo console: Console) -> Project? {
        do {
            return try load()
        } catch {
            console.error(error.description)
            return nil
        }
    }

    static let option = OptionSpec("--config", "-c", value: .file("F"), help: "use this config file instead of finding .routekit.yml")
}
