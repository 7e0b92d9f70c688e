import RouteKit

/// How every command that reads a project finds it: `--config F`, a directory argument, or the
/// working directory and its parents.
struct ProjectOptions {
    var config: String?
    var path: String?
    /// `--route-interface`, `--tab-interface`: override `sources.kotlin`'s in the config.
    var routeInterface: String?
    var tabInterface: String?

    static func read(_ arguments: inout Arguments, kotlin: Bool = false) throws(UsageError) -> ProjectOptions {
        var options = ProjectOptions(config: try arguments.value("--config", "-c"))
        if kotlin {
            options.routeInterface = try arguments.value("--route-interface")
            options.tabInterface = try arguments.value("--tab-interface")
        }
        return options
    }

    func load() throws(ConfigError) -> Project {
        let configPath = try ProjectConfig.locate(explicit: config, directory: path ?? ".")
        var loaded = try ProjectConfig.load(path: configPath)
        Self.name(routeInterface, tabInterface, in: &loaded)
        return try Project.load(config: loaded)
    }

    /// The interfaces named on the command line, over the config's.
    static func name(_ routeInterface: String?, _ tabInterface: String?, in config: inout ProjectConfig) {
        let start = SourceLocation(file: config.path, line: 1, column: 1)
        if let routeInterface { config.sources.routeInterface = Located(routeInterface, at: start) }
        if let tabInterface { config.sources.tabInterface = Located(tabInterface, at: start) }
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

    /// For the commands that read the app's Kotlin (`sources.kotlin`).
    static let kotlinOptions = [
        OptionSpec("--route-interface", value: .text("NAME"), help: "the sealed route interface of the Kotlin code (default: detected)"),
        OptionSpec("--tab-interface", value: .text("NAME"), help: "its tab-root sub-interface (default: detected)"),
    ]

    static let option = OptionSpec("--config", "-c", value: .file("F"), help: "use this config file instead of finding .routekit.yml")
}
