import RouteKit

/// Report, baseline and page paths are checked before anything is written: a path inside the
/// project that resolves outside it (a symbolic link planted in the repository, dangling or not)
/// is refused unless the config says `allow-outside-root: true`. A path outside the project as
/// given is the user's explicit choice and is written (SECURITY.md).
enum WriteTargets {
    /// One line naming the first such path and where it leads, or nil when every path may be written.
    static func refusal(_ paths: [String], config: ProjectConfig, command: String) -> String? {
        guard !config.allowOutsideRoot else { return nil }
        for path in paths {
            if let outside = AtomicFile.outsideTarget(of: path, root: config.root) {
                return TerminalText.line("routekit \(command): '\(path)' is inside the project but resolves (through a symbolic link) to '\(outside)', outside it; refusing to write there (set allow-outside-root: true to allow)")
            }
        }
        return nil
    }
}
