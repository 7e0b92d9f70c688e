import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one directory walk of `init` (its detectors of strings, native string files and app
/// sources all read the one list of files): names in sorted order, depth first, hidden entries and
/// `InputDetector.skippedDirectories` left out, symbolic links never followed into, at most
/// `maxEntries` entries looked at — so a huge or looping tree costs a bounded time.
public struct ProjectTreeWalk: Sendable {
    /// Everything init looks at is at most this deep (Kotlin sources are the deepest).
    static let maxDepth = 16
    static let maxEntries = 100_000

    /// The files found, in walk order.
    var files: [File] = []
    /// How many directories were listed: each once.
    private(set) var directoriesListed = 0

    /// Walks `root` once.
    public init(root: String) {
        var files: [File] = []
        var listed = 0
        Self.files(under: root, maxDepth: Self.maxDepth, maxEntries: Self.maxEntries, listed: &listed) { files.append($0) }
        self.files = files
        directoriesListed = listed
    }

    struct File: Sendable {
        /// Relative to the root, `/`-separated.
        var path: String
        var name: String
        /// 0 for a file in the root.
        var depth: Int
        var size: Int
        /// A symbolic link (to anything: it is not followed).
        var isLink: Bool
    }

    static func files(under root: String, maxDepth: Int, maxEntries: Int, listed: inout Int, _ visit: (File) -> Void) {
        var entries = 0
        walk(root, relative: "", depth: 0, maxDepth: maxDepth, maxEntries: maxEntries, entries: &entries, listed: &listed, visit)
    }

    private static func walk(_ root: String, relative: String, depth: Int, maxDepth: Int, maxEntries: Int,
                             entries: inout Int, listed: inout Int, _ visit: (File) -> Void) {
        let directory = relative.isEmpty ? root : PathUtilities.join(root, relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        listed += 1
        for name in names.sorted() {
            entries += 1
            if entries > maxEntries { return }
            if name.hasPrefix(".") { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(PathUtilities.join(root, child), &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if depth < maxDepth, !InputDetector.skippedDirectories.contains(name) {
                    walk(root, relative: child, depth: depth + 1, maxDepth: maxDepth, maxEntries: maxEntries, entries: &entries,
                         listed: &listed, visit)
                }
            case S_IFREG, S_IFLNK:
                visit(File(path: child, name: name, depth: depth, size: Int(info.st_size), isLink: info.st_mode & S_IFMT == S_IFLNK))
            default:
                break
            }
        }
    }
}
