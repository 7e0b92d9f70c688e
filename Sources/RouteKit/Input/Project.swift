import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One resource set's strings: a module's own table (`ResourceSets`).
public struct StringSet: Sendable {
    /// The module (`shared`, `wearApp`), the config's name for the set, or the tree's path.
    public var name: String
    public var strings: StringTable
    /// Its files, in config order.
    public var files: [String]
}

/// A loaded project: its config, catalog and strings, and what went wrong while reading them.
public struct Project: Sendable {
    public var config: ProjectConfig
    public var catalog: RouteCatalog
    /// False for strings-only projects (no `catalog:` in the config).
    public var hasCatalog: Bool
    /// The app's own strings: the first resource set, where route titles resolve.
    public var strings: StringTable
    /// Every resource set (`ResourceSets`), the first being `strings`; each is checked on its own.
    public var stringSets: [StringSet] = []
    /// Suppression comments of every input file, by path.
    public var suppressions: [String: Suppressions]
    /// Every input file, in the order read.
    public var files: [String]
    /// Findings from reading: `yaml-syntax`, `duplicate-key`, `unknown-field`, `invalid-field`.
    public var diagnostics: [Finding]
    /// The app's own Kotlin and Swift code (`sources:`); empty when the config has none.
    public var appCode = AppCode()

    /// Reads every input the config names. Inputs that cannot be read at all (missing, a
    /// directory, outside the root) stop the run with a `ConfigError`; malformed content
    /// becomes findings.
    public static func load(config: ProjectConfig) throws(ConfigError) -> Project {
        let catalogPaths = try resolve(config.catalog, field: "catalog", config: config)
        let stringPaths = try resolve(config.strings, field: "strings", config: config)
        let catalogSet = Set(catalogPaths)
        let allPaths = catalogPaths + stringPaths.filter { !catalogSet.contains($0) }
        let stringSet = Set(stringPaths)
        let (parsedInput, inputBytes) = try readAll(allPaths, catalogCount: catalogPaths.count, stringPaths: stringSet, config: config)
        var parsed = parsedInput
        var byPath: [String: Int] = [:]
        for (index, file) in parsed.enumerated() where byPath[file.file.path] == nil { byPath[file.file.path] = index }

        var diagnostics = parsed.flatMap(\.file.diagnostics)
        Self.listNodeFindings(of: parsed.map(\.file), into: &diagnostics, config: config)
        let catalogFiles = catalogPaths.compactMap { byPath[$0].map { parsed[$0].file } }
        // Moved out (not copied), so the merge can free each file's records as soon as it is done.
        var stringFiles: [StringsFileData] = []
        stringFiles.reserveCapacity(stringPaths.count)
        let dialects = try dialectsOf(stringPaths, config: config)
        var readPaths: [String] = []
        for (position, path) in stringPaths.enumerated() {
            guard let index = byPath[path], var data = parsed[index].strings else { continue }
            parsed[index].strings = nil
            data.dialect = dialects[position]
            stringFiles.append(data)
            readPaths.append(path)
        }
        // Each resource set is merged on its own: a key is a duplicate only within its set.
        let groups = try resourceSets(readPaths, config: config)
        var filesBySet: [[StringsFileData]] = groups.map { _ in [] }
        for (set, group) in groups.enumerated() {
            filesBySet[set].reserveCapacity(group.members.count)
            for member in group.members { filesBySet[set].append(stringFiles[member]) }
        }
        stringFiles = []
        // The catalog and the strings are independent: build them side by side.
        let ((catalog, catalogDiagnostics), merged) = Concurrent.pair(
            { CatalogLoader.load(catalogFiles, root: config.root) },
            { () -> [(StringTable, [Finding])] in
                // The sets side by side: each merge has steps on one core (its base locale first,
                // then the keys new to it), which another set's merge fills.
                var merges = filesBySet.indices.map { index in
                    defer { filesBySet[index] = [] }
                    return SetMerge(files: filesBySet[index])
                }
                let baseLocale = config.baseLocale.value, root = config.root, limits = config.limits
                Concurrent.forEach(&merges) { _, merge in
                    merge.merged = StringsLoader.merge(&merge.files, baseLocale: baseLocale, root: root, limits: limits)
                    merge.files = []
                }
                return merges.map { $0.merged! }
            })
        diagnostics += catalogDiagnostics + merged.flatMap(\.1)
        let stringSets = zip(groups, merged).map { group, set in
            StringSet(name: group.name, strings: set.0, files: group.members.map { readPaths[$0] })
        }
        let strings = stringSets.first?.strings ?? StringTable(baseLocale: config.baseLocale.value)
        // The app's own set must have the base locale; another set without it (a module's
        // translations only) is compared with nothing.
        try checkBaseLocale(of: strings, config: config)
        var suppressions: [String: Suppressions] = [:]
        for file in parsed where suppressions[file.file.path] == nil { suppressions[file.file.path] = file.file.suppressions }
        if suppressions[config.path] == nil, let own = config.suppressions { suppressions[config.path] = own }
        let appCode = try AppCode.load(config: config, stringFiles: stringPaths, countedBytes: inputBytes)
        suppressions.merge(appCode.suppressions) { yaml, _ in yaml }
        return Project(
            config: config, catalog: catalog, hasCatalog: !config.catalog.isEmpty, strings: strings, stringSets: stringSets,
            suppressions: suppressions, files: allPaths, diagnostics: diagnostics, appCode: appCode)
    }

    /// One resource set's files, moved in, and what merging them made.
    private struct SetMerge {
        var files: [StringsFileData]
        var merged: (StringTable, [Finding])?
    }

    /// The findings the readers made at single nodes (a key given again, a tag, a JSON member
    /// repeated: one a line at most), listed in file order up to `limits.findings` per rule; one
    /// more finding per rule counts the rest (in the config).
    static func listNodeFindings(of files: [YAMLFile], into diagnostics: inout [Finding], config: ProjectConfig) {
        var listings: [String: FindingListing] = [:]
        for group in files.lazy.flatMap(\.nodeFindings) {
            let listing = listings[group.rule] ?? FindingListing(rule: group.rule, limit: config.limits.findings)
            listings[group.rule] = listing
            group.list(into: &diagnostics, listing)
        }
        for rule in listings.keys.sorted() { listings[rule]!.appendUnlisted(to: &diagnostics, file: config.path) }
    }

    /// The resource sets of the strings files read (in config order): the config's named sets,
    /// else one per resource tree.
    static func resourceSets(_ paths: [String], config: ProjectConfig) throws(ConfigError) -> [ResourceSets.Group] {
        var namedSet: [Int?] = Array(repeating: nil, count: paths.count)
        if !config.stringSetNames.isEmpty {
            var setOf: [String: Int] = [:]
            for (glob, set) in zip(config.strings, config.stringGlobSets) {
                for path in try resolve([glob], field: "strings", config: config) where setOf[path] == nil { setOf[path] = set }
            }
            namedSet = paths.map { setOf[$0] }
        }
        return ResourceSets.group(paths, root: config.root, names: config.stringSetNames.map(\.value), namedSet: namedSet)
    }

    /// The dialect of each strings file: the last `strings:` glob with a dialect that names it,
    /// else its path's default. A Compose file's library version is the config's
    /// `compose-version:`, else the nearest `gradle/libs.versions.toml`'s, else the newest known.
    static func dialectsOf(_ paths: [String], config: ProjectConfig) throws(ConfigError) -> [StringDialect] {
        var chosen: [String: StringDialect] = [:]
        for (glob, dialect) in config.stringDialects {
            for path in try resolve([glob], field: "strings", config: config) { chosen[path] = dialect }
        }
        var gradle: [String: ComposeResourcesVersion?] = [:]
        return paths.map { path in
            let dialect = chosen[path] ?? StringDialect.default(forPath: path, composeVersion: .unset)
            guard case .compose(let version) = dialect, version == .unset else { return dialect }
            if let set = config.composeVersion?.value { return .compose(set) }
            let directory = PathUtilities.directory(of: path)
            if gradle[directory] == nil { gradle[directory] = GradleVersionCatalog.composeVersion(near: directory, root: config.root) }
            return .compose((gradle[directory] ?? nil) ?? .latest)
        }
    }

    /// A base locale with no strings while other locales have some (`base-locale: en-US`, strings
    /// under `en:`) would make every comparison with the base find nothing: the run stops, at the
    /// `base-locale:` line.
    static func checkBaseLocale(of strings: StringTable, config: ProjectConfig) throws(ConfigError) {
        let base = config.baseLocale.value
        guard strings[base] == nil, !strings.locales.isEmpty else { return }
        let found = strings.locales.sorted()
        let close = found.filter { TitleResolver.sameLanguage($0, base) }
        let hint = close.isEmpty ? "" : "; did you mean '\(close[0])'?"
        throw ConfigError("base locale '\(base)' has no strings: the strings files define \(found.joined(separator: ", "))\(hint)",
                          at: config.baseLocale.location)
    }

    /// One input: its reader result (a tree for catalog files) and its strings records.
    private struct ParsedInput {
        var file: YAMLFile
        var strings: StringsFileData?
    }

    /// Reads and parses files on all cores; results keep the input order. Strings files are
    /// streamed into compact records (no tree); catalog files become trees.
    private static func readAll(_ paths: [String], catalogCount: Int, stringPaths: Set<String>,
                                config: ProjectConfig) throws(ConfigError) -> (inputs: [ParsedInput], bytes: Int) {
        let sizes = fileSizes(paths)
        let total = sizes.reduce(0, +)
        try checkTotalSize(total, config: config)
        let catalogBytes = sizes[..<catalogCount].reduce(0, +)
        if catalogBytes > config.limits.catalogSize {
            throw ConfigError("the catalog files total \(catalogBytes) bytes, over the limit of \(config.limits.catalogSize) (limits.catalog-size)",
                              file: config.path)
        }
        let limits = config.limits
        let baseLocale = config.baseLocale.value
        // Largest files first, so one big file does not start last and run alone.
        let order = paths.indices.sorted { sizes[$0] > sizes[$1] || (sizes[$0] == sizes[$1] && $0 < $1) }
        // Buffers one file's reading leaves for the next, freed once every file is read.
        let scratch = InputScratch()
        let work: @Sendable (Int) -> ParsedInput = { index in
            let path = paths[index]
            let isCatalog = index < catalogCount
            let isStrings = stringPaths.contains(path)
            let format = isCatalog ? nil : NativeStringsReader.format(of: path)
            // The Android reader keeps the names and texts of a mapped file where they lie.
            let read = InputFile.withBytes(path, maxSize: limits.fileSize, reusing: scratch.buffers,
                                           keepable: format == .androidXML) { bytes, mapped in
                if isCatalog {
                    let file = YAMLReader.read(buffer: bytes, path: path, limits: limits)
                    return ParsedInput(file: file, strings: isStrings ? StringsFileData(tree: file) : nil)
                } else if let format {
                    let result = NativeStringsReader.read(buffer: bytes, path: path, format: format, baseLocale: baseLocale, limits: limits,
                                                          scratch: scratch, mapped: mapped)
                    return ParsedInput(file: result.file, strings: result.data)
                } else {
                    let result = StringsReader.read(buffer: bytes, path: path, limits: limits)
                    return ParsedInput(file: result.file, strings: result.data)
                }
            }
            switch read {
            case .success(let input): return input
            case .failure(let failure):
                let rule = switch NativeStringsReader.format(of: path) {
                case .androidXML?: "xml-syntax"
                case .stringCatalog?: "json-syntax"
                case nil: "yaml-syntax"
                }
                return ParsedInput(file: YAMLFile(path: path, root: nil, diagnostics: [
                    Finding(rule: isCatalog ? "yaml-syntax" : rule, severity: .error, message: failure.message,
                               location: SourceLocation(file: path, line: 1, column: 1)),
                ], suppressions: Suppressions(), byteCount: 0), strings: isStrings ? StringsFileData(path: path) : nil)
            }
        }
        // Small projects: threads cost more than they save.
        let parsedInOrder = paths.count <= 1 || total < 64 * 1024
            ? order.map(work)
            : Concurrent.map(count: order.count) { work(order[$0]) }
        var results = [ParsedInput?](repeating: nil, count: paths.count)
        for (position, index) in order.enumerated() { results[index] = parsedInOrder[position] }
        return (results.map { $0! }, total)
    }

    /// The sizes of the files at `paths`, on all cores when there are many: a `stat` walks the
    /// path again, and thousands of source files made it a serial 20 ms before any was read.
    static func fileSizes(_ paths: [String]) -> [Int] {
        paths.count < 64 ? paths.map(fileSize) : Concurrent.map(count: paths.count) { fileSize(paths[$0]) }
    }

    /// The size of the file at `path` (0 when it cannot be read: reading it reports why).
    static func fileSize(_ path: String) -> Int {
        if let overlaid = InputOverlay.shared.bytes(path) { return overlaid.count }
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Stops the run when the inputs (catalog, strings and `sources:` files) total more than
    /// `limits.total-size`.
    static func checkTotalSize(_ total: Int, config: ProjectConfig) throws(ConfigError) {
        if total > config.limits.totalSize {
            throw ConfigError("the inputs total \(total) bytes, over the limit of \(config.limits.totalSize) (limits.total-size)",
                              file: config.path)
        }
    }

    /// Expands the config's patterns into files inside the root. A literal path that does not
    /// exist, a directory, or anything outside the root stops the run, pointing at the config line
    /// (the first pattern's problem, in the config's order). The patterns with wildcards are
    /// expanded in one walk of the tree, not one each.
    static func resolve(_ patterns: [Located<String>], field: String, config: ProjectConfig) throws(ConfigError) -> [String] {
        let realRoot = realPath(config.root) ?? config.root
        // What can be checked before walking, pattern by pattern; the walk takes the patterns
        // with wildcards before the first that fails (the run stops there).
        var checks: [Result<Bool, ConfigError>] = []
        for pattern in patterns {
            do throws(ConfigError) {
                checks.append(.success(try isWildcardPattern(pattern, field: field, config: config, realRoot: realRoot)))
            } catch {
                checks.append(.failure(error))
                break
            }
        }
        let walked = checks.indices.filter { (try? checks[$0].get()) == true }
        let (expansions, mayBeLinks) = Glob.expandNotingLinks(walked.map { patterns[$0].value }, root: config.root,
                                                             confinedTo: config.allowOutsideRoot ? nil : realRoot)
        var expansionOf: [Int: (matches: [String], escape: String?)] = [:]
        for (position, index) in walked.enumerated() { expansionOf[index] = expansions[position] }

        var result: [String] = []
        var seen: Set<String> = []
        for (index, check) in checks.enumerated() {
            let pattern = patterns[index]
            let text = pattern.value
            let matches: [String]
            // A walk's regular files are inside the root: it entered no directory leading out.
            var walkedFiles = false
            if try check.get(), let expansion = expansionOf[index] {
                if let escape = expansion.escape {
                    throw ConfigError("\(field) pattern '\(shortened(text))': '\(PathUtilities.relative(escape, to: config.root))' is a symbolic link that resolves outside the project root; it is not followed (set allow-outside-root: true to allow)",
                                      at: pattern.location)
                }
                matches = expansion.matches
                walkedFiles = true
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
                if !config.allowOutsideRoot, !walkedFiles || mayBeLinks.contains(match) {
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

    /// True when `pattern` has wildcards (to be walked), false for a literal path; throws what is
    /// wrong with it before any walk: a path out of the root, too many `{…}` alternatives, or
    /// directories before the first wildcard that lead out of the root.
    private static func isWildcardPattern(_ pattern: Located<String>, field: String, config: ProjectConfig,
                                          realRoot: String) throws(ConfigError) -> Bool {
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
        guard Glob.hasWildcards(text) else { return false }
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
        return true
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
