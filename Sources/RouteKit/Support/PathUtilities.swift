import FoundationEssentials

/// Path arithmetic on `/`-separated strings, without touching the file system.
public enum PathUtilities {
    /// Removes `.` and resolves `..` lexically; keeps a leading `/`.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
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

    /// True when `normalize` would return `path` unchanged: no empty, `.` or `..` segment and no
    /// trailing `/` (a lone `/` is normal). Checked on bytes, so the common case costs no splitting.
    static func isNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            if bytes.count == 1 && bytes[0] == UInt8(ascii: "/") { return true }
            if bytes[bytes.count - 1] == UInt8(ascii: "/") { return false }
            var segmentStart = bytes[0] == UInt8(ascii: "/") ? 1 : 0
            var index = segmentStart
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    let length = index - segmentStart
                    if length == 0 { return false }
                    if bytes[segmentStart] == UInt8(ascii: ".") {
                        if length == 1 { return false }
                        if length == 2 && bytes[segmentStart + 1] == UInt8(ascii: ".") { return false }
                    }
                    segmentStart = index + 1
                }
                index += 1
            }
            return true
        }
    }

    /// `path` without its last component, as `NSString.deletingLastPathComponent` gives it: ""
    /// for a bare name, "/" for a top-level path, trailing slashes ignored. That method traps on a
    /// one-character bare name in swift-corelibs-foundation (`routekit lint --format json:F`
    /// crashed), so routekit never calls it.
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var head = trimmed[..<slash]
        while head.hasSuffix("/") { head.removeLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component, as `NSString.lastPathComponent` gives it: trailing slashes ignored,
    /// "/" for the root, "" for "".
    public static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `component` appended after a `/`, as `NSString.appendingPathComponent` does (no
    /// normalization; `base` "" gives `component`).
    public static func appending(_ base: String, _ component: String) -> String {
        if base.isEmpty { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// The last component without its extension (`strings.xml` → `strings`; a leading dot is no
    /// extension).
    public static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
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

    /// A relative reference from `directory` to `path` (`../strings/de.yml`), `/`-separated, for
    /// links between files that move together (a report and the project beside it).
    static func relativeLink(to path: String, from directory: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let target = normalize(join(cwd, path)).split(separator: "/")
        let base = normalize(join(cwd, directory)).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// True when `path` is `root` or lies below it (lexically, after normalizing).
    public static func isInside(_ path: String, root: String) -> Bool {
        let p = normalize(path), r = normalize(root)
        return p == r || p.hasPrefix(r == "/" ? "/" : r + "/")
    }
}
