import FoundationEssentials

/// What `routekit init` found in a directory: the route catalog and the string resources a
/// starter `.routekit.yml` should point at.
public struct DetectedInputs: Sendable, Equatable {
    /// Catalog files (a top-level `routes:` mapping), relative to the root, shallowest first.
    public var catalogs: [String] = []
    /// Globs (or single files) for `strings:`, relative to the root.
    public var strings: [String] = []
    /// Every strings file the globs stand for, relative to the root.
    public var stringFiles: [String] = []
    /// Locales found, the base locale first, then sorted.
    public var locales: [String] = []
    /// `en` when present, else the locale with the most keys, else the first found.
    public var baseLocale: String?
    /// Leaf keys per locale, over every strings file.
    public var keyCounts: [String: Int] = [:]
    /// Modules left out (`ModuleFilter`): their paths up to the module, sorted.
    public var leftOut: [String] = []

    public init() {}
}

/// Finds existing inputs below a directory. It reads YAML only to look at the top level and
/// never follows symbolic links to directories, so a big or odd tree cannot make it hang.
public enum InputDetector {
    /// How deep strings files are looked for (`config/locales/app/en.yml` is depth 3).
    public static let stringsDepth = 4
    /// How deep catalogs are looked for: "near the root".
    public static let catalogDepth = 2
    /// Directories never searched: dependencies, build output, tool caches.
    public static let skippedDirectories: Set<String> = [
        "node_modules", "Pods", "Carthage", "DerivedData", "build", "Build", "dist", "target",
        "vendor", "tmp",
    ]
    /// Files larger than this are not inspected (they are not hand-written configs).
    static let maxFileSize = 4 * 1024 * 1024

    public static func detect(root: String, allModules: Bool = true) -> DetectedInputs {
        detect(root: root, walk: ProjectTreeWalk(root: root), allModules: allModules)
    }

    /// The inputs among the files of a walk already made (init walks the tree once).
    public static func detect(root: String, walk: ProjectTreeWalk, allModules: Bool = true) -> DetectedInputs {
        var result = DetectedInputs()
        var leftOut = Set<String>()
        /// False for a file of a module left out (noted once).
        func keeps(_ path: String) -> Bool {
            guard !allModules, let prefix = ModuleFilter.excludedPrefix(of: path) else { return true }
            leftOut.insert(prefix)
            return false
        }
        var yamlFiles: [(path: String, depth: Int)] = []
        for file in walk.files where file.depth <= stringsDepth {
            if isYAML(file.name), file.size <= maxFileSize, keeps(file.path) { yamlFiles.append((file.path, file.depth)) }
        }

        var stringFiles: [String] = []
        var nonStringYAML: [String] = []
        var localeOrder: [String] = []
        for file in yamlFiles {
            let name = PathUtilities.lastComponent(file.path)
            guard let root = readTopLevel(PathUtilities.join(root, file.path)) else {
                nonStringYAML.append(file.path)
                continue
            }
            if file.depth < catalogDepth + 1, isCatalogName(name), root.entry("routes") != nil {
                result.catalogs.append(file.path)
                continue
            }
            if let locales = stringsLocales(root) {
                stringFiles.append(file.path)
                for (locale, count) in locales {
                    if result.keyCounts[locale] == nil { localeOrder.append(locale) }
                    result.keyCounts[locale, default: 0] += count
                }
            } else {
                nonStringYAML.append(file.path)
            }
        }
        result.catalogs.sort { depth(of: $0) != depth(of: $1) ? depth(of: $0) < depth(of: $1) : $0 < $1 }
        result.stringFiles = stringFiles.sorted()
        result.strings = globs(for: result.stringFiles, others: Set(nonStringYAML + result.catalogs))

        // Strings where they live: Compose/Android `strings.xml` and String Catalogs.
        var native = findNative(walk)
        native.xml = native.xml.filter(keeps)
        native.catalogs = native.catalogs.filter(keeps)
        result.leftOut = leftOut.sorted()
        result.stringFiles += native.xml + native.catalogs
        result.strings += nativeGlobs(native.xml) + native.catalogs
        for file in native.xml {
            let folder = String(file.split(separator: "/").dropLast().last ?? "")
            var locale: String?
            switch AndroidValuesQualifiers.parse(folder) {
            case .base?: locale = "en"
            case .locale(let tag)?: locale = tag
            default: break
            }
            if let locale, result.keyCounts[locale] == nil {
                localeOrder.append(locale)
                result.keyCounts[locale] = 0
            }
        }
        for file in native.catalogs {
            for locale in catalogLocales(PathUtilities.join(root, file)) where result.keyCounts[locale] == nil {
                localeOrder.append(locale)
                result.keyCounts[locale] = 0
            }
        }

        if localeOrder.contains("en") {
            result.baseLocale = "en"
        } else if let most = localeOrder.max(by: { (result.keyCounts[$0] ?? 0) < (result.keyCounts[$1] ?? 0) }) {
            // `max` keeps the last of equal elements; find the first with that count instead.
            let count = result.keyCounts[most] ?? 0
            result.baseLocale = localeOrder.first { result.keyCounts[$0] == count }
        }
        if let base = result.baseLocale {
            result.locales = [base] + localeOrder.filter { $0 != base }.sorted()
        }
        return result
    }

    // MARK: Walking

    static func isYAML(_ name: String) -> Bool { name.hasSuffix(".yml") || name.hasSuffix(".yaml") }

    /// `routes.yml`, `*routes*.yml`, `catalog.yml` (and `.yaml`).
    static func isCatalogName(_ name: String) -> Bool {
        guard isYAML(name) else { return false }
        let stem = PathUtilities.stem(name).lowercased()
        return stem.contains("routes") || stem == "catalog"
    }

    private static func depth(of path: String) -> Int { path.split(separator: "/").count - 1 }

    /// The top-level mapping of a YAML file that parses cleanly, else nil.
    private static func readTopLevel(_ path: String) -> YAMLMapping? {
        guard case .success(let bytes) = InputFile.read(path, maxSize: maxFileSize) else { return nil }
        let file = YAMLReader.read(bytes: bytes, path: path)
        guard file.diagnostics.isEmpty else { return nil }
        return file.root?.mapping
    }

    // MARK: Strings files

    /// Locales and their leaf-key counts when every top-level key is a locale tag holding a
    /// mapping (Rails-i18n layout); nil when the file is something else.
    static func stringsLocales(_ root: YAMLMapping) -> [(String, Int)]? {
        guard !root.entries.isEmpty else { return nil }
        var result: [(String, Int)] = []
        var sawMapping = false
        for entry in root.entries {
            guard LocaleTagShape.looksLikeLocale(entry.key.value) else { return nil }
            switch entry.value {
            case .mapping(let mapping):
                sawMapping = true
                result.append((entry.key.value, leafCount(mapping)))
            case .scalar(let scalar) where scalar.isNull:
                result.append((entry.key.value, 0))
            default:
                return nil
            }
        }
        return sawMapping ? result : nil
    }

    private static func leafCount(_ mapping: YAMLMapping) -> Int {
        mapping.entries.reduce(0) { count, entry in
            if case .mapping(let nested) = entry.value { return count + leafCount(nested) }
            return count + 1
        }
    }

    /// One glob per directory whose YAML files are all strings files (`strings/*.yml`), so files
    /// added later are picked up; the files themselves where a directory mixes strings with other
    /// YAML, and at the root.
    static func globs(for files: [String], others: Set<String>) -> [String] {
        var byDirectory: [String: [String]] = [:]
        var directoryOrder: [String] = []
        for file in files {
            let directory = PathUtilities.directory(of: file)
            if byDirectory[directory] == nil { directoryOrder.append(directory) }
            byDirectory[directory, default: []].append(file)
        }
        var result: [String] = []
        for directory in directoryOrder {
            let members = byDirectory[directory] ?? []
            let mixed = others.contains { PathUtilities.directory(of: $0) == directory }
            // The root gets no glob: `*.yml` there would pick up any YAML added later.
            if mixed || directory.isEmpty {
                result += members
                continue
            }
            let yml = members.allSatisfy { $0.hasSuffix(".yml") }
            let yaml = members.allSatisfy { $0.hasSuffix(".yaml") }
            let pattern = yml ? "*.yml" : yaml ? "*.yaml" : "*.{yml,yaml}"
            result.append(directory.isEmpty ? pattern : directory + "/" + pattern)
        }
        return result
    }
}

// MARK: Native resources

extension InputDetector {
    /// How deep native resource files are looked for
    /// (`app/shared/src/commonMain/composeResources/values/strings.xml` is depth 6).
    public static let nativeDepth = 9

    /// `strings.xml` in a `values*` folder of a `composeResources` or `res` tree, and `*.xcstrings`,
    /// relative to the root, sorted. Symbolic links are not followed; the walk is bounded.
    static func findNative(_ walk: ProjectTreeWalk) -> (xml: [String], catalogs: [String]) {
        var xml: [String] = [], catalogs: [String] = []
        for file in walk.files where file.depth <= nativeDepth {
            guard !file.isLink else { continue }
            if file.name.hasSuffix(".xcstrings") {
                catalogs.append(file.path)
            } else if file.name == "strings.xml" {
                let parts = file.path.split(separator: "/")
                if parts.count >= 3, parts[parts.count - 2].hasPrefix("values"),
                   parts[parts.count - 3] == "composeResources" || parts[parts.count - 3] == "res" {
                    xml.append(file.path)
                }
            }
        }
        return (xml.sorted(), catalogs.sorted())
    }

    /// One glob per resource tree: `TREE/values*/strings.xml` when every `values*` folder in it
    /// is a locale, else the locale folders by name (`TREE/{values,values-de}/strings.xml`), so
    /// that variants (`values-night`) stay out.
    static func nativeGlobs(_ files: [String]) -> [String] {
        var folders: [String: [String]] = [:]
        var order: [String] = []
        for file in files {
            let parts = file.split(separator: "/").map(String.init)
            let tree = parts.dropLast(2).joined(separator: "/")
            if folders[tree] == nil { order.append(tree) }
            folders[tree, default: []].append(parts[parts.count - 2])
        }
        return order.compactMap { tree in
            let all = folders[tree] ?? []
            let locales = all.sorted { ($0 == "values" ? "" : $0) < ($1 == "values" ? "" : $1) }.filter { folder in
                switch AndroidValuesQualifiers.parse(folder) {
                case .base?, .locale?: return true
                default: return false
                }
            }
            guard !locales.isEmpty else { return nil }
            let prefix = tree.isEmpty ? "" : tree + "/"
            if locales.count == all.count { return prefix + "values*/strings.xml" }
            return prefix + (locales.count == 1 ? locales[0] : "{" + locales.joined(separator: ",") + "}") + "/strings.xml"
        }
    }

    /// A String Catalog's source language and localizations; empty when it cannot be read.
    static func catalogLocales(_ path: String) -> [String] {
        guard case .success(let bytes) = InputFile.read(path, maxSize: maxFileSize) else { return [] }
        return bytes.withUnsafeBufferPointer { buffer -> [String] in
            guard let doc = try? JSONDocument.parse(buffer), let strings = doc.member(doc.root, "strings") else { return [] }
            var locales: [String] = []
            if let source = doc.member(doc.root, "sourceLanguage").flatMap(doc.string) { locales.append(source) }
            for (_, entry) in doc.members(strings) {
                guard let localizations = doc.member(entry, "localizations") else { continue }
                for (key, _) in doc.members(localizations) {
                    if let locale = doc.string(key), !locales.contains(locale), ImportLocaleTag.isValid(locale) { locales.append(locale) }
                }
            }
            return locales
        }
    }
}

/// A cheap, conservative test for "this YAML key is a locale tag" (`en`, `pt-BR`, `zh_Hant`,
/// `sr-Latn-RS`, `es-419`): a known ISO 639 language, then script, region and variant subtags.
/// Unknown languages are refused so that ordinary keys (`nav`, `on`, `app`) are never taken for one.
public enum LocaleTagShape {
    public static func looksLikeLocale(_ key: String) -> Bool {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, languages.contains(String(language)) else { return false }
        for part in parts.dropFirst() {
            let isAlpha = part.allSatisfy { $0.isASCII && $0.isLetter }
            let isDigit = part.allSatisfy { $0.isASCII && $0.isNumber }
            let isAlnum = part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            switch part.count {
            case 2 where isAlpha, 3 where isDigit, 4 where isAlpha, 5...8 where isAlnum, 4 where isAlnum && part.first!.isNumber:
                continue
            default:
                return false
            }
        }
        return true
    }

    /// ISO 639-1, the deprecated codes routekit canonicalizes (`iw in ji mo`), and the common
    /// three-letter languages that have no two-letter code.
    static let languages: Set<String> = Set("""
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy
        da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu
        hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb
        lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om
        or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw
        ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
        iw in ji mo
        ast brx ceb chr ckb doi dsb fil fur gsw haw hsb kab kok ksh lij mai mni nds sah sat ses sma
        smj smn szl tzm vec yue zgh
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
