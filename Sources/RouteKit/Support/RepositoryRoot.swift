import FoundationEssentials

/// The top of the git working tree that holds a directory, found the way git finds it (the
/// nearest ancestor with a `.git` directory or file), without running git. Code-scanning uploads
/// (SARIF, GitLab Code Quality) and blob links resolve paths against it, not against the config
/// file's directory.
public enum RepositoryRoot {
    /// The nearest of `directory` and its ancestors that contains `.git`, as an absolute path
    /// spelled like `directory` (made absolute against the working directory); `nil` outside a
    /// repository.
    public static func find(from directory: String) -> String? {
        var current = PathUtilities.join(FileManager.default.currentDirectoryPath, directory)
        while true {
            if FileManager.default.fileExists(atPath: PathUtilities.join(current, ".git")) { return current }
            guard current != "/" else { return nil }
            current = PathUtilities.directory(of: current)
            if current.isEmpty { return nil }
        }
    }
}
