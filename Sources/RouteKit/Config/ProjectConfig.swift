import FoundationEssentials

/// `.routekit.yml`: where the inputs are and how to lint them.
public struct ProjectConfig: Sendable {
    public static let fileName = ".routekit.yml"

    /// Absolute path of the config file.
    public var path: String
    /// Its directory: the project root. Every relative path is resolved, and reported, against it.
    public var root: String
    public var catalog: [Located<String>] = []
    public var strings: [Located<String>] = []
    /// Dialects set per `strings:` glob (`- { glob: …, dialect: android }`), in file order; a
    /// file a later glob names takes that glob's dialect. Other files take their path's default.
    public var stringDialects: [(glob: Located<String>, dialect: StringDialect)] = []
    /// `strings:` written as named resource sets (`strings: { shared: [...], wear: [...] }`): the
    /// names in order (the first is the app's own set, where route titles resolve), and for each
    /// glob of `strings` the index of its set. Empty when `strings:` is a list: then each native
    /// resource tree is a set of its own (`ResourceSets`).
    public var stringSetNames: [Located<String>] = []
    public var stringGlobSets: [Int] = []
    /// `compose-version:`, the Compose Multiplatform resources library's version, when set: it
    /// overrides what `gradle/libs.versions.toml` says.
    public var composeVersion: Located<ComposeResourcesVersion>?
    public var baseLocale: Located<String>
    public var locales: [Located<String>]?
    public var fallbacks: [String: [String]] = [:]
    /// Every locale tag written under `fallbacks:` (keys and values), where it is written.
    public var fallbackTags: [Located<String>] = []
    public var rules: [String: RuleSetting] = [:]
    public var baseline: Located<String>?
    /// `sources:`: the app's own Kotlin and Swift files (globs), checked against the catalog.
    public var sources = SourcesConfig()
    public var allowOutsideRoot = false
    public var limits = InputLimits()
    /// `ignore-keys:`: string key → rule ids not reported on it (empty: every rule). The way to
    /// silence a finding in a String Catalog, which has no comments.
    public var ignoredKeys: [String: Set<String>] = [:]
    /// `# routekit:disable-line` comments in the config itself (its findings, such as an invalid
    /// locale tag, are suppressed like any input's).
    public var suppressions: Suppressions?

    public init(path: String, baseLocale: Located<String>) {
        self.path = path
        self.root = PathUtilities.directory(of: path)
        self.baseLocale = baseLocale
    }
}

/// A config that cannot be used: the run stops with exit code 2 and this message.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    public var file: String?
    /// The config's other problems, found in the same run: reported after this one, one per line.
    public var more: [ConfigError] = []

    public init(_ message: String, at location: SourceLocation? = nil, file: String? = nil) {
        self.message = message
        self.location = location
        self.file = file ?? location?.file
    }

    /// `file:line:col: error: message`, like every other diagnostic.
    /// Control characters, ANSI escapes and bidi controls (from config values, keys or paths)
    /// are shown as visible escapes: the text is one line and cannot drive a terminal.
    public var description: String {
        ([line] + more.map(\.line)).joined(separator: "\n")
    }

    private var line: String {
        let message = ReportText.neutralized(self.message)
        if let location { return ReportText.neutralized("\(location)") + ": error: \(message)" }
        if let file { return ReportText.neutralized(file) + ": error: \(message)" }
        return "error: \(message)"
    }

    /// The first of `errors` carrying the others, or nil when there are none.
    static func all(_ errors: [ConfigError]) -> ConfigError? {
        guard var first = errors.first else { return nil }
        first.more = Array(errors.dropFirst())
        return first
    }
}

extension ProjectConfig {
    /// Finds the config: an explicit file, or `.routekit.yml` in `directory` or the nearest parent.
    public static func locate(explicit: String?, directory: String) throws(ConfigError) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if let explicit {
            let path = PathUtilities.join(cwd, explicit)
            guard FileManager.default.fileExists(atPath: path) else { throw ConfigError("config file not found", file: explicit) }
            guard !Glob.isDirectory(path, followLinks: true) else { throw ConfigError("the config is a directory, not a file", file: explicit) }
            return path
        }
        var current = PathUtilities.join(cwd, directory)
        if !Glob.isDirectory(current, followLinks: true) {
            guard FileManager.default.fileExists(atPath: current) else {
                throw ConfigError("no such file or directory", file: directory)
            }
            // A file argument is taken as the config itself.
            return current
        }
        while true {
            let candidate = PathUtilities.join(current, fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if current == "/" { break }
            current = PathUtilities.directory(of: current)
            if current.isEmpty { current = "/" }
        }
        throw ConfigError(
            "no \(fileName) in \(PathUtilities.join(cwd, directory)) or any parent directory; run 'routekit init' to write one")
    }

    public static func load(path: String) throws(ConfigError) -> ProjectConfig {
        // A config planted as a link to a file elsewhere (a secret, `/proc/kmsg`) is never read,
        // so none of its content can reach a message.
        if let resolved = Project.realPath(path),
           let directory = Project.realPath(PathUtilities.directory(of: path).isEmpty ? "." : PathUtilities.directory(of: path)),
           !PathUtilities.isInside(resolved, root: directory) {
            throw ConfigError("the config resolves (through a symbolic link) outside its directory, the project root; it is not read", file: path)
        }
        let bytes: [UInt8]
        switch InputFile.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw ConfigError(failure.message, file: path)
        }
        let file = YAMLReader.read(bytes: bytes, path: path)
        if !file.diagnostics.isEmpty {
            throw ConfigError.all(file.diagnostics.map { ConfigError($0.message, at: $0.location) })!
        }
        var config = try parse(file.root, path: path)
        config.suppressions = file.suppressions
        return config
    }

    /// Every problem of the config is reported in one run, in file order (not just the first).
    static func parse(_ root: YAMLNode?, path: String) throws(ConfigError) -> ProjectConfig {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var config = ProjectConfig(path: path, baseLocale: Located("en", at: start))
        guard let root else { throw ConfigError("the config is empty; it needs at least `strings:`", at: start) }
        guard let mapping = root.mapping else { throw ConfigError("the config must be a mapping, found \(root.kindName)", at: root.location) }
        if let misplaced = misplacedInput(mapping, path: path) { throw misplaced }
        var errors: [ConfigError] = []
        /// Runs one field's reading; its error is kept and the next field is read.
        func collect(_ read: () throws(ConfigError) -> Void) {
            do { try read() } catch { errors.append(error) }
        }
        var sawStrings = false
        for entry in mapping.entries {
            let value = entry.value
            switch entry.key.value {
            case "catalog":
                collect { () throws(ConfigError) in config.catalog = try texts(value, "catalog") }
            case "strings":
                collect { () throws(ConfigError) in
                    guard let sets = value.mapping, !sets.entries.contains(where: { ["glob", "dialect", "version"].contains($0.key.value) }) else {
                        (config.strings, config.stringDialects) = try stringSources(value)
                        return
                    }
                    // Named resource sets, each a list of globs.
                    for (index, entry) in sets.entries.enumerated() {
                        let (globs, dialects) = try stringSources(entry.value)
                        config.stringSetNames.append(entry.key.located)
                        config.strings += globs
                        config.stringGlobSets += Array(repeating: index, count: globs.count)
                        config.stringDialects += dialects
                    }
                }
                sawStrings = true
            case "compose-version":
                collect { () throws(ConfigError) in
                    let written = try text(value, "compose-version")
                    guard let version = ComposeResourcesVersion(written.value) else {
                        throw ConfigError("'compose-version' must be a version such as 1.7.3, found '\(written.value)'", at: written.location)
                    }
                    config.composeVersion = Located(version, at: written.location)
                }
            case "base-locale":
                collect { () throws(ConfigError) in config.baseLocale = try text(value, "base-locale") }
            case "locales":
                collect { () throws(ConfigError) in config.locales = try texts(value, "locales") }
            case "fallbacks":
                collect { () throws(ConfigError) in
                    (config.fallbacks, config.fallbackTags) = try fallbacks(value)
                }
            case "rules":
                config.rules = rules(value, errors: &errors)
            case "baseline":
                collect { () throws(ConfigError) in config.baseline = value.isNull ? nil : try text(value, "baseline") }
            case "sources":
                collect { () throws(ConfigError) in config.sources = try sources(value) }
            case "allow-outside-root":
                collect { () throws(ConfigError) in config.allowOutsideRoot = try boolean(value, "allow-outside-root") }
            case "limits":
                collect { () throws(ConfigError) in config.limits = try limits(value, errors: &errors) }
            case "ignore-keys":
                collect { () throws(ConfigError) in config.ignoredKeys = try ignoredKeys(value) }
            default:
                errors.append(ConfigError(
                    "unknown config field '\(entry.key.value)'\(suggestion(entry.key.value, among: knownFields))",
                    at: entry.key.location))
            }
        }
        if !sawStrings {
            errors.append(ConfigError("the config needs `strings:` (globs of string resource files)", at: mapping.location))
        }
        if let baseline = config.baseline, !config.allowOutsideRoot {
            collect { () throws(ConfigError) in try confine(baseline, field: "baseline", root: config.root) }
        }
        if let error = ConfigError.all(errors) { throw error }
        return config
    }

    /// A route catalog or a strings file given where the project's config is expected
    /// (`routekit lint routes.yml`): say what it is and what to pass instead.
    private static func misplacedInput(_ mapping: YAMLMapping, path: String) -> ConfigError? {
        let keys = mapping.entries.map(\.key.value)
        guard !keys.isEmpty, !keys.contains(where: knownFields.contains) else { return nil }
        let name = PathUtilities.lastComponent(path)
        let instead = "pass the project's directory or its \(fileName) (run 'routekit init' to write one)"
        if keys.contains("routes") {
            return ConfigError("'\(name)' is a route catalog, not a project config; \(instead)",
                               at: SourceLocation(file: path, line: 1, column: 1))
        }
        let localeLike = mapping.entries.allSatisfy { entry in
            entry.value.mapping != nil && (try? LocaleTag.parse(entry.key.value).get()) != nil
        }
        if localeLike {
            return ConfigError("'\(name)' is a strings file (locales \(keys.prefix(3).joined(separator: ", "))\(keys.count > 3 ? ", …" : "")), "
                               + "not a project config; \(instead)",
                               at: SourceLocation(file: path, line: 1, column: 1))
        }
        return nil
    }

    /// The `baseline:` file is read like any input: it must stay inside the root too.
    private static func confine(_ path: Located<String>, field: String, root: String) throws(ConfigError) {
        let text = path.value
        if text.hasPrefix("/") || text.hasPrefix("~") || text.split(separator: "/").contains("..") {
            throw ConfigError("\(field) path '\(text)' leaves the project root; paths must stay inside it (set allow-outside-root: true to allow)",
                              at: path.location)
        }
        if let resolved = Project.realPath(PathUtilities.join(root, text)),
           let realRoot = Project.realPath(root), !PathUtilities.isInside(resolved, root: realRoot) {
            throw ConfigError("\(field) file '\(text)' resolves (through a symbolic link) outside the project root; set allow-outside-root: true to allow",
                              at: path.location)
        }
    }

    /// Rules that no longer exist, whose settings old configs may still hold.
    static let retiredRules: Set<String> = ["unsupported-placeholder"]

    static let knownFields = ["catalog", "strings", "compose-version", "base-locale", "locales", "fallbacks", "rules", "baseline",
                              "sources", "allow-outside-root", "limits", "ignore-keys"]

    private static func text(_ node: YAMLNode, _ field: String) throws(ConfigError) -> Located<String> {
        guard let scalar = node.scalar, !scalar.isNull else {
            throw ConfigError("'\(field)' must be a text value, found \(node.kindName)", at: node.location)
        }
        return scalar.located
    }

    /// `strings:`: globs, each a text or `{ glob: …, dialect: compose|android|apple|rails, version: 1.7.3 }`.
    private static func stringSources(_ node: YAMLNode) throws(ConfigError)
        -> ([Located<String>], [(glob: Located<String>, dialect: StringDialect)]) {
        let items: [YAMLNode]
        switch node {
        case .scalar(let scalar): return (scalar.isNull ? [] : [scalar.located], [])
        case .mapping: items = [node]
        case .sequence(let sequence): items = sequence.items
        }
        var globs: [Located<String>] = [], dialects: [(glob: Located<String>, dialect: StringDialect)] = []
        for item in items {
            guard let mapping = item.mapping else {
                globs.append(try text(item, "strings"))
                continue
            }
            var glob: Located<String>?, name: Located<String>?, version: Located<String>?
            for entry in mapping.entries {
                switch entry.key.value {
                case "glob": glob = try text(entry.value, "strings: glob")
                case "dialect": name = try text(entry.value, "strings: dialect")
                case "version": version = try text(entry.value, "strings: version")
                default:
                    throw ConfigError("unknown field '\(entry.key.value)' in a `strings:` entry (glob, dialect, version)\(suggestion(entry.key.value, among: ["glob", "dialect", "version"]))",
                                      at: entry.key.location)
                }
            }
            guard let glob else { throw ConfigError("a `strings:` entry given as a mapping needs `glob:`", at: item.location) }
            globs.append(glob)
            guard let name else {
                if let version { throw ConfigError("'version' applies to `dialect: compose` only", at: version.location) }
                continue
            }
            let dialect: StringDialect
            switch name.value {
            case "compose":
                var parsed = ComposeResourcesVersion.latest
                if let version {
                    guard let value = ComposeResourcesVersion(version.value) else {
                        throw ConfigError("'version' must be a version such as 1.7.3, found '\(version.value)'", at: version.location)
                    }
                    parsed = value
                }
                dialect = .compose(parsed)
                // Marks an explicit version, which the project's Gradle files do not override.
                if version == nil { dialects.append((glob, .compose(.unset))); continue }
            case "android": dialect = .android
            case "apple": dialect = .apple
            case "rails": dialect = .rails
            default:
                throw ConfigError("unknown dialect '\(name.value)'; one of \(StringDialect.names.joined(separator: ", "))\(suggestion(name.value, among: StringDialect.names))",
                                  at: name.location)
            }
            if let version, name.value != "compose" { throw ConfigError("'version' applies to `dialect: compose` only", at: version.location) }
            dialects.append((glob, dialect))
        }
        return (globs, dialects)
    }

    private static func texts(_ node: YAMLNode, _ field: String) throws(ConfigError) -> [Located<String>] {
        switch node {
        case .scalar(let scalar): return scalar.isNull ? [] : [scalar.located]
        case .sequence(let sequence):
            var result: [Located<String>] = []
            for item in sequence.items { result.append(try text(item, field)) }
            return result
        case .mapping: throw ConfigError("'\(field)' must be a text or a list of texts, found a mapping", at: node.location)
        }
    }

    /// `ignore-keys: { "Golden Kodee": [untranslated], legacy_banner: [] }`: rule ids must exist.
    private static func ignoredKeys(_ node: YAMLNode) throws(ConfigError) -> [String: Set<String>] {
        guard let mapping = node.mapping else {
            if node.isNull { return [:] }
            throw ConfigError("'ignore-keys' must map string keys to lists of rule ids", at: node.location)
        }
        let known = Set(RuleDocs.ids)
        var result: [String: Set<String>] = [:]
        for entry in mapping.entries {
            var rules: Set<String> = []
            for id in try texts(entry.value, "ignore-keys") {
                guard known.contains(id.value) else {
                    throw ConfigError("'ignore-keys': unknown rule '\(id.value)'\(suggestion(id.value, among: Array(known)))", at: id.location)
                }
                rules.insert(id.value)
            }
            result[entry.key.value, default: []].formUnion(rules)
        }
        return result
    }

    private static func boolean(_ node: YAMLNode, _ field: String) throws(ConfigError) -> Bool {
        let value = try text(node, field)
        switch value.value {
        case "true": return true
        case "false": return false
        default: throw ConfigError("'\(field)' must be true or false, found '\(value.value)'", at: value.location)
        }
    }

    private static func fallbacks(_ node: YAMLNode) throws(ConfigError) -> ([String: [String]], [Located<String>]) {
        guard let mapping = node.mapping else {
            if node.isNull { return ([:], []) }
            throw ConfigError("'fallbacks' must map a locale to a list of locales", at: node.location)
        }
        var result: [String: [String]] = [:]
        var tags: [Located<String>] = []
        for entry in mapping.entries {
            let values = try texts(entry.value, "fallbacks.\(entry.key.value)")
            result[entry.key.value] = values.map(\.value)
            tags.append(entry.key.located)
            tags += values
        }
        return (result, tags)
    }

    /// Each rule's severity and options, checked against the options the rule declares; every
    /// problem is added to `errors`.
    private static func rules(_ node: YAMLNode, errors: inout [ConfigError]) -> [String: RuleSetting] {
        guard let mapping = node.mapping else {
            if !node.isNull { errors.append(ConfigError("'rules' must map rule ids to a severity or a mapping", at: node.location)) }
            return [:]
        }
        var result: [String: RuleSetting] = [:]
        for entry in mapping.entries {
            let id = entry.key.value
            // A retired rule's setting is accepted and has no effect (docs/DIALECTS.md).
            if retiredRules.contains(id) { continue }
            guard RuleDocs.ids.contains(id) else {
                errors.append(ConfigError("unknown rule '\(id)'\(suggestion(id, among: RuleDocs.ids))", at: entry.key.location))
                continue
            }
            switch entry.value {
            case .scalar(let scalar):
                guard let severity = SeverityLevel.parse(scalar.value) else {
                    errors.append(ConfigError("rule '\(id)': '\(scalar.value)' is not one of off, info, warning, error", at: scalar.location))
                    continue
                }
                result[id] = RuleSetting(severity: severity, location: entry.key.location)
            case .mapping(let options):
                var setting = RuleSetting(severity: RuleDocs.defaultSeverity(of: id), location: entry.key.location)
                let declared = RuleDocs.options(of: id)
                for option in options.entries {
                    let name = option.key.value
                    let isSeverity = name == "severity"
                    guard isSeverity || declared.contains(where: { $0.name == name }) else {
                        let names = declared.map(\.name)
                        let close = suggestion(name, among: names)
                        let hint = names.isEmpty ? "; it takes no options"
                            : close.isEmpty ? "; it takes severity, \(names.joined(separator: ", "))" : close
                        errors.append(ConfigError("rule '\(id)' has no option '\(name)'\(hint)", at: option.key.location))
                        continue
                    }
                    // Absent, as everywhere: the default applies.
                    if option.value.isNull, !isSeverity { continue }
                    let value: Located<String>
                    do {
                        value = try text(option.value, "\(id).\(name)")
                    } catch {
                        errors.append(error)
                        continue
                    }
                    if isSeverity {
                        guard let severity = SeverityLevel.parse(value.value) else {
                            errors.append(ConfigError("rule '\(id)': '\(value.value)' is not one of off, info, warning, error", at: value.location))
                            continue
                        }
                        setting.severity = severity
                    } else if let declaration = declared.first(where: { $0.name == name }) {
                        guard declaration.accepts(value.value) else {
                            errors.append(ConfigError("rule '\(id)': option '\(name)' must be \(declaration.expected), found '\(value.value)'",
                                                      at: value.location))
                            continue
                        }
                        setting.options[name] = value
                    }
                }
                result[id] = setting
            case .sequence:
                errors.append(ConfigError("rule '\(id)' must be a severity or a mapping, found a list", at: entry.value.location))
            }
        }
        return result
    }

    private static func sources(_ node: YAMLNode) throws(ConfigError) -> SourcesConfig {
        var sources = SourcesConfig()
        guard let mapping = node.mapping else {
            if node.isNull { return sources }
            throw ConfigError("'sources' must be a mapping such as `{ kotlin: [globs], swift: [globs] }`", at: node.location)
        }
        sources.location = mapping.location
        for entry in mapping.entries {
            switch entry.key.value {
            case "kotlin":
                // A list of globs, or `{ globs: [...], route-interface: AppRoute, tab-interface: TopLevelRoute }`.
                guard let kotlin = entry.value.mapping else {
                    sources.kotlin = try texts(entry.value, "sources.kotlin")
                    continue
                }
                for field in kotlin.entries {
                    switch field.key.value {
                    case "globs": sources.kotlin = try texts(field.value, "sources.kotlin.globs")
                    case "route-interface": sources.routeInterface = try text(field.value, "sources.kotlin.route-interface")
                    case "tab-interface": sources.tabInterface = try text(field.value, "sources.kotlin.tab-interface")
                    default:
                        throw ConfigError("unknown sources.kotlin field '\(field.key.value)'"
                            + suggestion(field.key.value, among: ["globs", "route-interface", "tab-interface"]), at: field.key.location)
                    }
                }
            case "swift": sources.swift = try texts(entry.value, "sources.swift")
            default:
                throw ConfigError("unknown sources field '\(entry.key.value)'\(suggestion(entry.key.value, among: ["kotlin", "swift"]))",
                                  at: entry.key.location)
            }
        }
        return sources
    }

    private static func limits(_ node: YAMLNode, errors: inout [ConfigError]) throws(ConfigError) -> InputLimits {
        var limits = InputLimits()
        guard let mapping = node.mapping else {
            if node.isNull { return limits }
            throw ConfigError("'limits' must be a mapping", at: node.location)
        }
        let fields: [String: WritableKeyPath<InputLimits, Int>] = [
            "file-size": \.fileSize, "total-size": \.totalSize, "depth": \.depth,
            "scalar-length": \.scalarLength, "key-length": \.keyLength, "node-count": \.nodeCount, "findings": \.findings,
            "locales": \.locales, "catalog-size": \.catalogSize,
        ]
        for entry in mapping.entries {
            guard let keyPath = fields[entry.key.value] else {
                errors.append(ConfigError("unknown limit '\(entry.key.value)'; known: \(fields.keys.sorted().joined(separator: ", "))",
                                          at: entry.key.location))
                continue
            }
            let value: Located<String>
            do {
                value = try text(entry.value, "limits.\(entry.key.value)")
            } catch {
                errors.append(error)
                continue
            }
            guard let number = Int(value.value), number > 0 else {
                errors.append(ConfigError("'limits.\(entry.key.value)' must be a positive whole number", at: value.location))
                continue
            }
            limits[keyPath: keyPath] = number
        }
        return limits
    }
}
