import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shell-style globs relative to a root: `*` and `?` within one path segment, `**` across
/// segments, `[abc]` classes and `{a,b}` alternatives. Hidden files match only when the
/// pattern segment starts with a dot. Results are sorted, so runs are deterministic.
public enum Glob {
    public static func hasWildcards(_ pattern: String) -> Bool {
        pattern.contains { "*?[{".contains($0) }
    }

    /// Expands `pattern` (relative to `root`) into existing regular files, as paths joined onto `root`.
    /// Symbolic links to directories are not followed (no loops); links to files are returned
    /// and confinement is checked by the caller.
    /// A pattern whose `{a,b}` alternatives exceed `maxBraceAlternatives` (or nest too deeply)
    /// expands to nothing; `Project` reports it (see `braceAlternatives`).
    public static func expand(_ pattern: String, root: String) -> [String] {
        expand(pattern, root: root, confinedTo: nil).matches
    }

    /// `expand(_:root:)` that never leaves `confinedTo` (a resolved directory): a symbolic link the
    /// walk would enter that resolves outside it stops the walk and is returned as `escape` (the
    /// link's path), so the caller can report it instead of walking the disk beyond it.
    public static func expand(_ pattern: String, root: String, confinedTo realRoot: String?) -> (matches: [String], escape: String?) {
        expand([pattern], root: root, confinedTo: realRoot)[0]
    }

    /// `expand(_:root:confinedTo:)` for each of `patterns`, in one walk of the tree: each
    /// directory is listed once, not once per pattern (1,000 `strings:` patterns over 900 folders
    /// took 37 s). A pattern over the `{a,b}` limits expands to nothing.
    public static func expand(_ patterns: [String], root: String, confinedTo realRoot: String?) -> [(matches: [String], escape: String?)] {
        expandNotingLinks(patterns, root: root, confinedTo: realRoot).expansions
    }

    /// `expand(_:root:confinedTo:)` and the matches that may be symbolic links: every match but
    /// the regular files the directory listings named. Under `confinedTo`, only these can resolve
    /// outside it (the walk entered no directory that does), so only these need `realpath`.
    static func expandNotingLinks(_ patterns: [String], root: String, confinedTo realRoot: String?)
        -> (expansions: [(matches: [String], escape: String?)], mayBeLinks: Set<String>)
    {
        let walk = GlobWalk(patterns: patterns.map { braceAlternatives($0) ?? [] }, root: root, confinedTo: realRoot)
        let expansions = patterns.indices.map { index -> (matches: [String], escape: String?) in
            guard walk.escaped[index] else { return (walk.matches[index], nil) }
            // The link named is the one the walk of this pattern alone meets first.
            return ([], firstEscape(patterns[index], root: root, confinedTo: realRoot))
        }
        return (expansions, walk.mayBeLinks)
    }

    /// The first symbolic link leading outside `realRoot` that the walk of `pattern` alone meets.
    private static func firstEscape(_ pattern: String, root: String, confinedTo realRoot: String?) -> String? {
        var escape: String?
        for alternative in braceAlternatives(pattern) ?? [] where escape == nil {
            var segments: [String] = []
            for segment in alternative.split(separator: "/").map(String.init)
            where !(segment == "**" && segments.last == "**") {
                segments.append(segment)
            }
            let base = alternative.hasPrefix("/") ? "/" : root
            var walk = Walk(realRoot: realRoot)
            walk.walk(directory: base, segments: segments[...])
            escape = walk.escape
        }
        return escape
    }

    /// Most `{a,b}` alternatives one pattern may expand to (a config from an untrusted branch
    /// must not make routekit expand `{a,b}{a,b}…` into millions of patterns).
    public static let maxBraceAlternatives = 1024

    /// `pattern` with its `{a,b}` alternatives expanded, or nil when that takes more than
    /// `maxBraceAlternatives` results or expansion steps, or the pattern is longer than 4096
    /// bytes or has more than 128 groups.
    public static func braceAlternatives(_ pattern: String) -> [String]? {
        // No real path is longer than PATH_MAX, and no real pattern has more than a few groups.
        guard pattern.utf8.count <= 4096, pattern.utf8.lazy.filter({ $0 == UInt8(ascii: "{") }).count <= 128 else { return nil }
        var pending = [pattern]
        var results: [String] = []
        var steps = 0
        // A work list, not recursion: nesting depth cannot exhaust the stack.
        while let next = pending.popLast() {
            steps += 1
            guard steps <= maxBraceAlternatives * 4 else { return nil }
            let expanded = expandFirstBraceGroup(next)
            if expanded.count == 1 && expanded[0] == next {
                results.append(next)
                guard results.count <= maxBraceAlternatives else { return nil }
            } else {
                pending += expanded.reversed()
                guard pending.count + results.count <= maxBraceAlternatives * 4 else { return nil }
            }
        }
        return results
    }

    /// One alternative's walk, in the order that names the link an escaping pattern meets first
    /// (`GlobWalk` finds the matches of all patterns at once). `*` and `**` never enter a linked
    /// directory; a literal segment does (`strings/de` may be a link inside the project), but
    /// only when the link resolves inside `realRoot`.
    private struct Walk {
        var realRoot: String?
        var results: [String] = []
        var visited: Set<String> = []
        var escape: String?

        /// Walks each (directory, pattern position) once: with several `**`, the same directory is
        /// reached along many paths, and without this the walk would be exponential in their number.
        mutating func walk(directory: String, segments: ArraySlice<String>) {
            guard escape == nil, let segment = segments.first else { return }
            guard visited.insert("\(segments.startIndex)\u{0}\(directory)").inserted else { return }
            let rest = segments.dropFirst()
            let fileManager = FileManager.default
            if segment == "**" {
                // Zero directories…
                walk(directory: directory, segments: rest)
                // …or one more, then `**` again.
                for entry in Glob.entries(of: directory) where entry.isRealDirectory && !entry.name.hasPrefix(".") {
                    walk(directory: entry.path, segments: segments)
                }
                return
            }
            if !Glob.hasWildcards(segment) {
                let path = PathUtilities.join(directory, segment)
                if rest.isEmpty {
                    if fileManager.fileExists(atPath: path) { results.append(path) }
                } else if Glob.isDirectory(path, followLinks: true) {
                    if let realRoot, Glob.isDirectory(path, followLinks: false) == false {
                        // A link: entered only when it stays inside the root.
                        guard let resolved = realpath(path, nil) else { return }
                        let inside = PathUtilities.isInside(String(cString: resolved), root: realRoot)
                        free(resolved)
                        guard inside else {
                            escape = path
                            return
                        }
                    }
                    walk(directory: path, segments: rest)
                }
                return
            }
            for entry in Glob.entries(of: directory) {
                if entry.name.hasPrefix(".") && !segment.hasPrefix(".") { continue }
                guard Glob.matches(name: entry.name, pattern: segment) else { continue }
                if rest.isEmpty {
                    if entry.isFileOrLinkToOne { results.append(entry.path) }
                } else if entry.isRealDirectory {
                    walk(directory: entry.path, segments: rest)
                }
            }
        }
    }

    /// A directory entry and what the directory listing says it is.
    struct Entry {
        enum Kind { case directory, regular, link, other, unknown }
        var path: String
        var name: String
        var kind: Kind

        /// A directory, not a link to one (asked of the file system only when the listing did not say).
        var isRealDirectory: Bool {
            switch kind {
            case .directory: true
            case .regular, .link, .other: false
            case .unknown: Glob.isDirectory(path, followLinks: false)
            }
        }

        /// Not a directory once links are followed: a possible match.
        var isFileOrLinkToOne: Bool {
            switch kind {
            case .regular, .other: true
            case .directory: false
            case .link, .unknown: !Glob.isDirectory(path, followLinks: true)
            }
        }
    }

    /// The entries of `directory` sorted by name, `.` and `..` left out, with the kind the listing
    /// gives (`d_type`): a tree of source files is walked without a `stat` per file (the kernel's
    /// path look-ups were a third of the time `sources:` took on 2,000 Kotlin files).
    static func entries(of directory: String) -> [Entry] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let kind: Entry.Kind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): .directory
            case Int32(DT_REG): .regular
            case Int32(DT_LNK): .link
            case Int32(DT_UNKNOWN): .unknown
            default: .other
            }
            entries.append(Entry(path: PathUtilities.join(directory, name), name: name, kind: kind))
        }
        entries.sort { $0.name < $1.name }
        return entries
    }

    static func isDirectory(_ path: String, followLinks: Bool) -> Bool {
        var info = stat()
        let status = followLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `{a,b}` alternatives, expanded up front (nested braces included); a pattern over the
    /// limits of `braceAlternatives` stays as it is.
    static func expandBraces(_ pattern: String) -> [String] {
        braceAlternatives(pattern) ?? [pattern]
    }

    /// One step of `{a,b}` expansion: the first brace group's alternatives, each still holding
    /// any nested or later groups (`braceAlternatives` repeats it until nothing is left).
    static func expandFirstBraceGroup(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<characters.count {
            switch characters[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return [pattern] }
        let prefix = String(characters[..<open]), suffix = String(characters[(close + 1)...])
        let bounds = [open] + commas + [close]
        var results: [String] = []
        for index in 0..<(bounds.count - 1) {
            let option = String(characters[(bounds[index] + 1)..<bounds[index + 1]])
            results.append(prefix + option + suffix)
        }
        return results
    }

    /// Matches one path segment against one pattern segment (`*`, `?`, `[...]`).
    public static func matches(name: String, pattern: String) -> Bool {
        matches(Array(name.unicodeScalars), Array(pattern.unicodeScalars))
    }

    /// `matches(name:pattern:)` over scalars made once: a walk matches each entry against many patterns.
    static func matches(_ n: [Unicode.Scalar], _ p: [Unicode.Scalar]) -> Bool {
        var ni = 0, pi = 0
        var starP = -1, starN = 0
        while ni < n.count {
            if pi < p.count {
                switch p[pi] {
                case "*":
                    starP = pi
                    starN = ni
                    pi += 1
                    continue
                case "?":
                    ni += 1
                    pi += 1
                    continue
                case "[":
                    if let (matched, next) = matchClass(n[ni], p, pi + 1), matched {
                        ni += 1
                        pi = next
                        continue
                    }
                default:
                    if p[pi] == n[ni] {
                        ni += 1
                        pi += 1
                        continue
                    }
                }
            }
            guard starP >= 0 else { return false }
            pi = starP + 1
            starN += 1
            ni = starN
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    private static func matchClass(_ c: Unicode.Scalar, _ p: [Unicode.Scalar], _ start: Int) -> (Bool, Int)? {
        var i = start
        var negate = false
        if i < p.count, p[i] == "!" || p[i] == "^" {
            negate = true
            i += 1
        }
        var matched = false
        var first = true
        while i < p.count, p[i] != "]" || first {
            first = false
            if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
                if p[i] <= c && c <= p[i + 2] { matched = true }
                i += 3
            } else {
                if p[i] == c { matched = true }
                i += 1
            }
        }
        guard i < p.count else { return nil }
        return (matched != negate, i + 1)
    }
}
