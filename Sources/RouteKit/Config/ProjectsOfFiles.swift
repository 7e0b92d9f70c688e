import FoundationEssentials

/// The projects that paths belong to, as `routekit lint FILE...` (and pre-commit, which passes the
/// staged files) needs them: a repository may hold several projects (`mobile/.routekit.yml`,
/// `admin/.routekit.yml`) and many YAML files that belong to none.
///
///     let grouped = try ProjectsOfFiles(["mobile/strings/de.yml", "mobile/routes.yml", ".github/ci.yml"])
///     grouped.configs   // ["/repo/mobile/.routekit.yml"]: lint it once
///     grouped.outside   // [".github/ci.yml"]: no .routekit.yml above it
public struct ProjectsOfFiles: Sendable {
    /// Absolute config paths, each once, in the order the paths first named them.
    public private(set) var configs: [String] = []
    /// The paths (as given) that are in no project.
    public private(set) var outside: [String] = []

    /// - A directory belongs to the project found from it (itself or a parent); having none is an error.
    /// - A file named `.routekit.yml` is its own project's config.
    /// - Any other file belongs to the nearest `.routekit.yml` in its directory or above, or to none.
    /// - A path that does not exist is an error: a misspelt argument must not pass silently.
    public init(_ paths: [String]) throws(ConfigError) {
        let cwd = FileManager.default.currentDirectoryPath
        var seen = Set<String>()
        for path in paths {
            let absolute = PathUtilities.join(cwd, path)
            let config: String?
            if Glob.isDirectory(absolute, followLinks: true) {
                config = try ProjectConfig.locate(explicit: nil, directory: path)
            } else if FileManager.default.fileExists(atPath: absolute) || Self.isLink(absolute) {
                config = PathUtilities.lastComponent(absolute) == ProjectConfig.fileName
                    ? absolute
                    : Self.nearestConfig(above: PathUtilities.directory(of: absolute))
            } else {
                throw ConfigError("no such file or directory", file: path)
            }
            guard let config else {
                outside.append(path)
                continue
            }
            if seen.insert(config).inserted { configs.append(config) }
        }
    }

    /// `.routekit.yml` in `directory` or the nearest parent, or nil.
    static func nearestConfig(above directory: String) -> String? {
        var current = directory
        while true {
            let candidate = PathUtilities.join(current, ProjectConfig.fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if current == "/" || current.isEmpty { return nil }
            current = PathUtilities.directory(of: current)
        }
    }

    /// A dangling symbolic link is a file that exists (git tracks it); it belongs to its directory's project.
    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
