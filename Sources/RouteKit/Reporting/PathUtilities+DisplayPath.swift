import FoundationEssentials

extension PathUtilities {
    /// `path` relative to `directory` when it lies inside it; otherwise `path` as given.
    static func displayPath(_ path: String, from directory: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = join(cwd, path)
        let base = join(cwd, directory)
        guard isInside(absolute, root: base) else { return path }
        return relative(absolute, to: base)
    }
}
