import Dispatch
import Foundation

/// A loaded project: its config, catalog and strings, and what went wrong while reading them.
public struct Project: Sendable {
    public var config: ProjectConfig
    public var catalog: RouteCatalog
    /// False for strings-only projects (no `catalog:` in the config).
    public var hasCatalog: Bool
    public var strings: StringTable
    /// Suppression comments of every input file, by path.
    public var suppressions: [String: Suppressions]
    /// Every input file, in the order read.
    public var files: [String]
    /// Findings from reading: `yaml-syntax`, `duplicate-key`, `unknown-field`, `invalid-field`.
    public var diagnostics: [Diagnostic]

    /// Reads every input the config names. Inputs that cannot be read at all (missing, a
    /// directory, outside the root) stop the run with a `ConfigError`; malformed content
    /// becomes findings.
    public static func load(config: ProjectConfig) throws(ConfigError) -> Project {
        let catalogPaths = try resolve(config.catalog, field: "catalog", config: config)
        let stringPaths = try resolve(config.strings, field: "strings", config: config)
        let allPaths = catalogPaths + stringPaths.filter { !catalogPaths.contains($0) }
        let parsed = try readAll(allPaths, config: config)
        let byPath = Dictionary(parsed.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

        var diagnostics = parsed.flatMap(\.diagnostics)
        let (catalog, catalogDiagnostics) = CatalogLoader.load(catalogPaths.compactMap { byPath[$0] })
        let (strings, stringDiagnostics) = StringsLoader.load(stringPaths.compactMap { byPath[$0] },
                                                              baseLocale: config.baseLocale.value)
        diagnostics += catalogDiagnostics + stringDiagnostics
        return Project(
            config: config, catalog: catalog, hasCatalog: !config.catalog.isEmpty, strings: strings,
            suppressions: Dictionary(parsed.map { ($0.path, $0.suppressions) }, uniquingKeysWith: { first, _ in first }),
            files: allPaths, diagnostics: diagnostics)
    }

    /// Reads and parses files on all cores; results keep the input order.
    private static func readAll(_ paths: [String], config: ProjectConfig) throws(ConfigError) -> [YAMLFile] {
        var total = 0
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0 { total += Int(info.st_size) }
        }
        if total > config.limits.totalSize {
            throw ConfigError("the inputs total \(total) bytes, over the limit of \(config.limits.totalSize) (limits.total-size)",
                              file: config.path)
        }
        let results = UnsafeMutableBufferPointer<YAMLFile?>.allocate(capacity: paths.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        let limits = config.limits
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            switch InputFile.read(path, maxSize: limits.fileSize) {
            case .success(let bytes):
                slots[index] = YAMLReader.read(bytes: bytes, path: path, limits: limits)
            case .failure(let failure):
                slots[index] = YAMLFile(path: path, root: nil, diagnostics: [
                    Diagnostic(rule: "yaml-syntax", severity: .error, message: failure.message,
                               location: SourceLocation(file: path, line: 1, column: 1)),
                ], suppressions: Suppressions(), byteCount: 0)
            }
        }
        return results.map { $0! }
    }

    /// Expands the config's patterns into files inside the root. A literal path that does not
    /// exist, a directory, or anything outside the root stops the run, pointing at the config line.
    static func resolve(_ patterns: [Located<String>], field: String, config: ProjectConfig) throws(ConfigError) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        let realRoot = realPath(config.root) ?? config.root
        for pattern in patterns {
            let text = pattern.value
            if !config.allowOutsideRoot {
                if text.hasPrefix("/") || text.hasPrefix("~") {
                    throw ConfigError("\(field) path '\(text)' is absolute; paths must stay inside the project root (set allow-outside-root: true to allow)",
                                      at: pattern.location)
                }
                if text.split(separator: "/").contains("..") {
                    throw ConfigError("\(field) path '\(text)' leaves the project root; paths must stay inside it (set allow-outside-root: true to allow)",
                                      at: pattern.location)
                }
            }
            let matches: [String]
            if Glob.hasWildcards(text) {
                guard let alternatives = Glob.braceAlternatives(text) else {
                    throw ConfigError("\(field) pattern '\(shortened(text))' expands to too many {…} alternatives (at most \(Glob.maxBraceAlternatives)) or is too long",
                                      at: pattern.location)
                }
                if !config.allowOutsideRoot {
                    // The directories before the first wildcard must not lead out of the root
                    // (a symbolic link to `/` would otherwise have `**` walk the whole disk).
                    for alternative in alternatives {
                        if alternative.hasPrefix("/") || alternative.hasPrefix("~") || alternative.split(separator: "/").contains("..") {
                            throw ConfigError("\(field) pattern '\(shortened(text))' can expand to '\(shortened(alternative))', which leaves the project root; paths must stay inside it (set allow-outside-root: true to allow)",
                                              at: pattern.location)
                        }
                        let fixed = alternative.split(separator: "/").prefix { !Glob.hasWildcards(String($0)) }
                        guard !fixed.isEmpty else { continue }
                        let directory = PathUtilities.join(config.root, fixed.joined(separator: "/"))
                        if let resolved = realPath(directory), !PathUtilities.isInside(resolved, root: realRoot) {
                            throw ConfigError("\(field) pattern '\(shortened(text))': '\(fixed.joined(separator: "/"))' resolves (through a symbolic link) outside the project root; set allow-outside-root: true to allow",
                                              at: pattern.location)
                        }
                    }
                }
                matches = Glob.expand(text, root: config.root)
            } else {
                let path = PathUtilities.join(config.root, text)
                switch InputFile.check(path) {
                case .some(let problem):
                    throw ConfigError("\(field) file '\(text)' \(problem)", at: pattern.location)
                case .none:
                    matches = [path]
                }
            }
            for match in matches where !seen.contains(match) {
                if !config.allowOutsideRoot {
                    let resolved = realPath(match) ?? match
                    guard PathUtilities.isInside(resolved, root: realRoot) else {
                        throw ConfigError("\(field) file '\(PathUtilities.relative(match, to: config.root))' resolves (through a symbolic link) outside the project root; set allow-outside-root: true to allow",
                                          at: pattern.location)
                    }
                }
                result.append(match)
                seen.insert(match)
            }
        }
        return result
    }

    /// A pattern as an error message shows it: at most 100 characters.
    private static func shortened(_ text: String) -> String {
        text.count <= 100 ? text : String(text.prefix(100)) + "…"
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension InputFile {
    /// Why `path` cannot be an input, or nil when it is a readable regular file.
    static func check(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ELOOP ? "is a symbolic link loop" : "does not exist"
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "is a directory, not a file" }
        if (info.st_mode & S_IFMT) != S_IFREG { return "is not a regular file" }
        return access(path, R_OK) == 0 ? nil : "cannot be read (permission denied)"
    }
}
