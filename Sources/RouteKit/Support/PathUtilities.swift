import Foundation

/// Path arithmetic on `/`-separated strings, without touching the file system.
public enum PathUtilities {
    /// Removes `.` and resolves `..` lexically; keeps a leading `/`.
    public static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    public static func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(base + "/" + path)
    }

    /// `path` relative to `root` (both made absolute against the working directory first);
    /// unchanged-but-normalized when `path` is outside `root`.
    public static func relative(_ path: String, to root: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolutePath = join(cwd, path)
        let absoluteRoot = join(cwd, root)
        if absolutePath == absoluteRoot { return "." }
        let prefix = absoluteRoot == "/" ? "/" : absoluteRoot + "/"
        if absolutePath.hasPrefix(prefix) { return String(absolutePath.dropFirst(prefix.count)) }
        return absolutePath
    }

    /// True when `path` is `root` or lies below it (lexically, after normalizing).
    public static func isInside(_ path: String, root: String) -> Bool {
        let p = normalize(path), r = normalize(root)
        return p == r || p.hasPrefix(r == "/" ? "/" : r + "/")
    }
}
