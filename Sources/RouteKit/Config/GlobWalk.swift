import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Many glob patterns expanded in one walk of the tree: each directory is listed once, whatever
/// the number of patterns (a walk per pattern took 37 s for 1,000 `t/**/nK*.yml` over 900
/// folders). The rules are those of `Glob.expand`: `*` and `**` never enter a linked directory,
/// a literal segment does (only inside `realRoot`), hidden names match only a segment starting
/// with a dot, and each pattern's matches come sorted and without duplicates.
struct GlobWalk {
    /// Where one alternative of a pattern stands: the segment it matches next.
    struct Step: Hashable {
        var alternative: Int32
        var position: Int32
    }

    private enum Segment: Sendable {
        case globstar
        case literal(String)
        case wildcard(String, scalars: [Unicode.Scalar], prefix: String)
    }

    private let alternatives: [[Segment]]
    /// The pattern each alternative belongs to.
    private let patternOf: [Int]
    private let realRoot: String?
    private(set) var matches: [[String]] = []
    /// Patterns that met a linked directory resolving outside `realRoot` (not entered).
    private(set) var escaped: [Bool] = []
    /// Matches that may be symbolic links: all but the regular files the listings named. The
    /// others' directories were entered only inside `realRoot`, so only these can lead out of it.
    private(set) var mayBeLinks: Set<String> = []
    /// Directories listed, for tests: each at most once per start directory.
    private(set) var directoriesListed = 0

    /// Expands `patterns`, each a list of `{a,b}` alternatives already expanded, from `root`
    /// (an alternative starting with `/` from `/`).
    init(patterns: [[String]], root: String, confinedTo realRoot: String?) {
        var alternatives: [[Segment]] = []
        var patternOf: [Int] = []
        var starts: [String: [Step]] = [:]
        for (pattern, texts) in patterns.enumerated() {
            for text in texts {
                // `**/**` means what `**` means; collapsing it keeps the walk linear.
                var segments: [Segment] = []
                var previousWasGlobstar = false
                for part in text.split(separator: "/").map(String.init) {
                    if part == "**" {
                        if !previousWasGlobstar { segments.append(.globstar) }
                        previousWasGlobstar = true
                        continue
                    }
                    previousWasGlobstar = false
                    if Glob.hasWildcards(part) {
                        let scalars = Array(part.unicodeScalars)
                        let literalCount = scalars.firstIndex { $0 == "*" || $0 == "?" || $0 == "[" } ?? scalars.count
                        var prefix = String.UnicodeScalarView()
                        prefix.append(contentsOf: scalars[..<literalCount])
                        segments.append(.wildcard(part, scalars: scalars, prefix: String(prefix)))
                    } else {
                        segments.append(.literal(part))
                    }
                }
                let step = Step(alternative: Int32(alternatives.count), position: 0)
                alternatives.append(segments)
                patternOf.append(pattern)
                if !segments.isEmpty { starts[text.hasPrefix("/") ? "/" : root, default: []].append(step) }
            }
        }
        self.alternatives = alternatives
        self.patternOf = patternOf
        self.realRoot = realRoot
        var found = Found()
        for start in starts.keys.sorted() {
            walk(directory: start, steps: StepSet(starts[start]!, in: alternatives), depth: 0, into: &found)
        }
        var byPattern: [[String]] = Array(repeating: [], count: patterns.count)
        for (pattern, path) in found.matches { byPattern[Int(pattern)].append(path) }
        // Sorted here: the subtrees were walked in any order.
        matches = byPattern.map { Array(Set($0)).sorted() }
        escaped = Array(repeating: false, count: patterns.count)
        for pattern in found.escaped { escaped[Int(pattern)] = true }
        mayBeLinks = found.mayBeLinks
        directoriesListed = found.directoriesListed
    }

    /// The steps that stand at one directory, grouped by how they match its entries. Shared by
    /// every directory below that only `**` reaches, so a deep tree costs no copy per folder.
    private final class StepSet: Sendable {
        /// Steps at a `**`: handed on to every subdirectory that is not hidden nor a link.
        let globstars: [Step]
        /// Steps at a literal segment, by the name it names.
        let literals: [String: [Step]]
        /// Steps at a segment with wildcards, by its text before the first wildcard: an entry is
        /// matched only against the segments whose literal start it has.
        let wildcards: [String: [Step]]
        /// The lengths (in scalars) of the keys of `wildcards`.
        let prefixLengths: [Int]
        /// What a subdirectory that only the `**` steps reach inherits (nil: this set itself,
        /// made of `**` steps only). Made with the set: subtrees are walked on all cores.
        private let globstarsOnly: StepSet?

        init(_ incoming: [Step], in alternatives: [[Segment]], globstarsOnly: Bool = false) {
            var seen: Set<Step> = []
            var globstars: [Step] = []
            var literals: [String: [Step]] = [:]
            var wildcards: [String: [Step]] = [:]
            var pending = incoming
            while let step = pending.popLast() {
                let segments = alternatives[Int(step.alternative)]
                guard Int(step.position) < segments.count, seen.insert(step).inserted else { continue }
                switch segments[Int(step.position)] {
                case .globstar:
                    globstars.append(step)
                    // Zero directories: the next segment is matched here too.
                    pending.append(Step(alternative: step.alternative, position: step.position + 1))
                case .literal(let name):
                    literals[name, default: []].append(step)
                case .wildcard(_, _, let prefix):
                    wildcards[prefix, default: []].append(step)
                }
            }
            self.globstars = globstars
            self.literals = literals
            self.wildcards = wildcards
            prefixLengths = Set(wildcards.keys.map { $0.unicodeScalars.count }).sorted()
            self.globstarsOnly = globstarsOnly ? nil : StepSet(globstars, in: alternatives, globstarsOnly: true)
        }

        var needsListing: Bool { !globstars.isEmpty || !wildcards.isEmpty }

        /// The steps of a subdirectory that only the `**` steps reach.
        var inherited: StepSet { globstarsOnly ?? self }
    }

    /// What reaches one directory below the one walked: the `**` steps, and steps of its own.
    private struct Reached {
        var byGlobstars = false
        var steps: [Step] = []
    }

    /// What a walk found: matches by pattern, sparse (a directory of a thousand patterns matches
    /// few). Subtrees walked side by side are merged in any order: matches are sorted at the end.
    private struct Found: Sendable {
        var matches: [(pattern: Int32, path: String)] = []
        var escaped: [Int32] = []
        var mayBeLinks: Set<String> = []
        var directoriesListed = 0

        mutating func add(_ other: Found) {
            matches += other.matches
            escaped += other.escaped
            mayBeLinks.formUnion(other.mayBeLinks)
            directoriesListed += other.directoriesListed
        }
    }

    /// Subdirectories this near the start are walked side by side (a tree of a directory per
    /// file listed its 8,000 folders on one core); deeper, one after another.
    private static let parallelDepth = 3

    /// Adds what `directory` and the tree below it hold to `found`.
    private func walk(directory: String, steps: StepSet, depth: Int, into found: inout Found) {
        var below: [String: Reached] = [:]
        var order: [String] = []
        func reach(_ path: String, _ update: (inout Reached) -> Void) {
            if below[path] == nil { order.append(path) }
            update(&below[path, default: Reached()])
        }
        for name in steps.literals.keys.sorted() {
            let path = PathUtilities.join(directory, name)
            // What the path is, asked once for every step that names it.
            lazy var exists = FileManager.default.fileExists(atPath: path)
            lazy var entered = entry(path)
            for step in steps.literals[name]! {
                let next = Step(alternative: step.alternative, position: step.position + 1)
                if isLast(next) {
                    if exists {
                        found.matches.append((Int32(patternOf[Int(step.alternative)]), path))
                        found.mayBeLinks.insert(path)
                    }
                } else {
                    switch entered {
                    case .no: break
                    case .escapes: found.escaped.append(Int32(patternOf[Int(step.alternative)]))
                    case .yes: reach(path) { $0.steps.append(next) }
                    }
                }
            }
        }
        if steps.needsListing {
            found.directoriesListed += 1
            for entry in Glob.entries(of: directory) {
                let child = entry.path
                let name = entry.name
                var isRealDirectory: Bool?
                func realDirectory() -> Bool {
                    if let isRealDirectory { return isRealDirectory }
                    let answer = entry.isRealDirectory
                    isRealDirectory = answer
                    return answer
                }
                let hidden = name.hasPrefix(".")
                if !steps.globstars.isEmpty, !hidden, realDirectory() {
                    reach(child) { $0.byGlobstars = true }
                }
                guard !steps.wildcards.isEmpty else { continue }
                let scalars = Array(name.unicodeScalars)
                for length in steps.prefixLengths where length <= scalars.count {
                    var prefix = String.UnicodeScalarView()
                    prefix.append(contentsOf: scalars[..<length])
                    for step in steps.wildcards[String(prefix)] ?? [] {
                        guard case .wildcard(let text, let pattern, _) = segment(step) else { continue }
                        if hidden && !text.hasPrefix(".") { continue }
                        guard Glob.matches(scalars, pattern) else { continue }
                        let next = Step(alternative: step.alternative, position: step.position + 1)
                        if isLast(next) {
                            if entry.isFileOrLinkToOne {
                                found.matches.append((Int32(patternOf[Int(step.alternative)]), child))
                                if entry.kind != .regular { found.mayBeLinks.insert(child) }
                            }
                        } else if realDirectory() {
                            reach(child) { $0.steps.append(next) }
                        }
                    }
                }
            }
        }
        let subdirectories = order.map { path -> (String, StepSet) in
            let reached = below[path]!
            if reached.steps.isEmpty { return (path, steps.inherited) }
            return (path, StepSet((reached.byGlobstars ? steps.globstars : []) + reached.steps, in: alternatives))
        }
        if depth < Self.parallelDepth, subdirectories.count > 1 {
            let walk = self
            for part in Concurrent.map(count: subdirectories.count, { index in
                var part = Found()
                walk.walk(directory: subdirectories[index].0, steps: subdirectories[index].1, depth: depth + 1, into: &part)
                return part
            }) {
                found.add(part)
            }
        } else {
            for (path, steps) in subdirectories { walk(directory: path, steps: steps, depth: depth + 1, into: &found) }
        }
    }

    private enum Entry { case yes, no, escapes }

    /// Whether a literal segment enters `path`: a directory, or a link to one that stays inside the root.
    private func entry(_ path: String) -> Entry {
        guard Glob.isDirectory(path, followLinks: true) else { return .no }
        guard let realRoot, !Glob.isDirectory(path, followLinks: false) else { return .yes }
        guard let resolved = realpath(path, nil) else { return .no }
        defer { free(resolved) }
        return PathUtilities.isInside(String(cString: resolved), root: realRoot) ? .yes : .escapes
    }

    private func segment(_ step: Step) -> Segment { alternatives[Int(step.alternative)][Int(step.position)] }

    /// True when `step` is past its alternative's last segment: the step before it matched a result.
    private func isLast(_ step: Step) -> Bool { Int(step.position) == alternatives[Int(step.alternative)].count }
}
