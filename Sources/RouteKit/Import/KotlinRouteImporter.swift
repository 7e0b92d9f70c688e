import FoundationEssentials

/// A title or subtitle as the Kotlin source gives it.
public enum ImportedTitle: Sendable, Equatable {
    /// A string resource (`Res.string.x` / `R.string.x`): written as a bare key.
    case key(String)
    /// A constructor property: `{ param: name }`.
    case param(String)
    /// A string literal: `{ text: … }`.
    case text(String)
    /// Computed in Kotlin in a way the importer does not map; written as a TODO comment.
    case computed(String)
}

public struct ImportedRouteParam: Sendable, Equatable {
    public var name: String
    /// The Kotlin type, with `?` added when a default value makes it optional.
    public var type: String
    public var kotlinType: String
    public var defaultValue: String?

    public var isOptional: Bool { type.hasSuffix("?") }
}

public struct ImportedRoute: Sendable, Equatable {
    public var name: String
    public var isTab: Bool
    /// `object` / `data object`: `declaration: object`.
    public var isObject: Bool
    public var params: [ImportedRouteParam]
    public var title: ImportedTitle?
    public var subtitle: ImportedTitle?
    /// `file:line`.
    public var origin: String
    /// The Kotlin declaration it was read from, by place among the files read (not a copy: a
    /// declaration is hundreds of bytes, and a code base may declare a hundred thousand routes).
    var declaration: KotlinDeclarationRef?
    /// For a title from a param: the one string resource every push site that passes one passes
    /// (`fallback:`), and where.
    public var fallback: String?
    public var fallbackOrigins: [String] = []
    /// Filled in by `init` from the Swift `TabView`: the tab's `systemImage:`.
    public var icon: String?
    /// Filled in by `init`: a start route the shared UI shows first (`entry: true`), and why.
    public var entryReason: String?
    /// Filled in by `init`: why a title key was chosen (a trailing comment on `title:`).
    public var titleNote: String?
}

/// The result of `import kotlin-routes`: routes in file order (which is tab order), and notes.
public struct ImportedRouteCatalog: Sendable {
    public var routeInterface: String
    public var tabInterface: String?
    public var routes: [ImportedRoute]
    public var notes: [ImportNote]
    public var filesRead: [String]
    /// The command named in the header.
    public var writtenBy = "routekit import kotlin-routes"
    /// Where the tab order comes from, named in the header.
    public var tabOrder = "file order"

    public func route(_ name: String) -> ImportedRoute? { routes.first { $0.name == name } }

    /// The catalog skeleton in DESIGN's catalog format.
    public func yaml() -> String {
        let header = [
            "Route catalog skeleton written by `\(writtenBy)`.",
            "Route interface: \(routeInterface). "
                + (tabInterface.map { "Tab roots implement \($0); tab order is \(tabOrder)." } ?? "No tab-root interface."),
            "Add what the TODO comments ask for, then run `routekit lint`.",
        ]
        let entries = routes.map(entry)
        return YAMLEmitter.document([YAMLEmitter.Entry("routes", .mapping(entries))], header: header)
    }

    private func entry(_ route: ImportedRoute) -> YAMLEmitter.Entry {
        var fields: [YAMLEmitter.Entry] = []
        var comments: [String] = []
        if route.isTab {
            if let icon = route.icon {
                fields.append(YAMLEmitter.Entry("tab", .flow([.init("icon", icon)])))
            } else {
                fields.append(YAMLEmitter.Entry("tab", .flow([]), trailingComment: "TODO: { icon: <SF Symbol name> }"))
            }
        }
        if route.isObject { fields.append(YAMLEmitter.Entry("declaration", .scalar("object"))) }
        if let reason = route.entryReason { fields.append(YAMLEmitter.Entry("entry", .boolean(true), trailingComment: reason)) }
        if !route.params.isEmpty {
            let params = route.params.map { param in
                YAMLEmitter.Entry(param.name, .scalar(param.type), trailingComment: param.defaultValue.flatMap {
                    if param.kotlinType.hasSuffix("?") { return $0 == "null" ? nil : "Kotlin default: \(Self.short($0))" }
                    return "\(param.kotlinType) with a default (\(Self.short($0))): optional"
                })
            }
            fields.append(YAMLEmitter.Entry("params", .mapping(params)))
        }
        for (field, value) in [("title", route.title), ("subtitle", route.subtitle)] {
            guard let value else { continue }
            switch value {
            case .key(let key):
                fields.append(YAMLEmitter.Entry(field, .scalar(key), trailingComment: field == "title" ? route.titleNote : nil))
            case .text(let text):
                fields.append(YAMLEmitter.Entry(field, .flow([.init("text", text)])))
            case .param(let name):
                if field == "title", let fallback = route.fallback {
                    fields.append(YAMLEmitter.Entry(field, .flow([.init("param", name), .init("fallback", fallback)]),
                        trailingComment: "fallback: the key the push sites pass (" + Self.short(route.fallbackOrigins.joined(separator: ", ")) + ")"))
                    continue
                }
                fields.append(YAMLEmitter.Entry(field, .flow([.init("param", name)])))
                if route.params.first(where: { $0.name == name })?.isOptional ?? false {
                    comments.append("TODO: \(field) comes from the optional param `\(name)`: add `fallback: <string key>`.")
                }
            case .computed(let expression):
                comments.append("TODO: \(field) is computed in Kotlin (`\(Self.short(expression))`): "
                    + "map it to a string key or `{ param: … }`.")
            }
        }
        let hasTitle = route.title.map { if case .computed = $0 { return false } else { return true } } ?? false
        if !hasTitle {
            if route.isTab {
                comments.insert("TODO: add `title: <string key>`: a tab root without a title has a blank tab bar label.", at: 0)
            } else if route.title == nil {
                comments.insert("TODO: add `title: <string key>`: without one the navigation bar title "
                    + "and back-menu entry are empty.", at: 0)
            }
        }
        return YAMLEmitter.Entry(route.name, .mapping(fields), comments: comments)
    }

    static func short(_ text: String) -> String {
        let oneLine = ImportCommentText.inert(text).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
        return oneLine.count > 60 ? String(oneLine.prefix(57)) + "…" : oneLine
    }
}

/// A declaration of the Kotlin files an import read: the file's index and the declaration's
/// among the file's.
struct KotlinDeclarationRef: Sendable, Equatable {
    var file: Int32
    var index: Int32
}

extension [KotlinSourceFile] {
    subscript(declaration ref: KotlinDeclarationRef) -> KotlinDeclaration { self[Int(ref.file)].declarations[Int(ref.index)] }
}

/// The declarations of the files read, in file order, read in place: what the importer asks of
/// every declaration is read without making the declaration.
private struct KotlinDeclarationList: RandomAccessCollection {
    let files: [KotlinSourceFile]
    let refs: [KotlinDeclarationRef]

    var startIndex: Int { 0 }
    var endIndex: Int { refs.count }
    subscript(index: Int) -> KotlinDeclaration { files[declaration: refs[index]] }

    private func read<T>(_ index: Int, _ body: (PackedKotlinDeclarations, Int) -> T) -> T {
        let ref = refs[index]
        return body(files[Int(ref.file)].declarations, Int(ref.index))
    }

    func name(_ index: Int) -> String { read(index) { $0.name(at: $1) } }
    func kind(_ index: Int) -> KotlinDeclaration.Kind { read(index) { $0.kind(at: $1) } }
    func modifiers(_ index: Int) -> KotlinModifiers { read(index) { $0.modifiers(at: $1) } }
    func supertypes(_ index: Int) -> [String] { read(index) { $0.supertypes(at: $1) } }
    func line(_ index: Int) -> Int { read(index) { $0.line(at: $1) } }
    func typeParameters(_ index: Int) -> Bool { read(index) { $0.typeParameters(at: $1) } }
    func file(_ index: Int) -> String { files[Int(refs[index].file)].display }
    func isConcrete(_ index: Int) -> Bool {
        KotlinDeclaration.isConcrete(kind: kind(index), modifiers: modifiers(index))
    }
}

/// The routes of the route interface's hierarchy, by place among the declarations read, each
/// name once (interned): what `sources:` reads of it is packed, so nothing here is made per route
/// but an index, a flag and the name.
struct KotlinRouteHierarchy: Sendable {
    var root: String
    var tab: String?
    /// The routes' declarations, in file order.
    private(set) var routes: [KotlinDeclarationRef] = []
    private(set) var isTab: [Bool] = []
    private var names = KeyInterner()
    /// The route of each interned name, by name id (-1: a name's prefix, not a route).
    private var routeOfName: [Int32] = [-1]
    /// Notes in declaration order, and those that follow any about push sites.
    var notes: [ImportNote] = []
    var trailingNotes: [ImportNote] = []

    init(root: String, tab: String?) {
        self.root = root
        self.tab = tab
    }

    /// The index of the route called `name`.
    func route(named name: String) -> Int? {
        guard let id = names.id(of: name), routeOfName[Int(id)] >= 0 else { return nil }
        return Int(routeOfName[Int(id)])
    }

    /// The routes' names, interned in route order.
    var routeNames: KeyInterner { names }

    /// Gives the names up (what is left finds no route by name): `KotlinRoutes` made in this
    /// order keeps them.
    mutating func handNamesOver() -> (names: KeyInterner, routeOfName: [Int32]) {
        defer {
            names = KeyInterner()
            routeOfName = [-1]
        }
        return (names, routeOfName)
    }

    /// Adds a route; a name already added keeps its first route.
    mutating func append(_ name: String, _ ref: KotlinDeclarationRef, isTab tab: Bool) {
        let id = Int(names.intern(name))
        while routeOfName.count < names.count { routeOfName.append(-1) }
        guard routeOfName[id] < 0 else { return }
        routeOfName[id] = Int32(routes.count)
        routes.append(ref)
        isTab.append(tab)
    }
}

/// One Kotlin file, scanned for declarations. Its tokens are dropped once the declarations and
/// the type uses are read (a file holds about one token per five bytes, each many bytes of
/// memory): the push-site pass tokenizes the file again, so only one file's tokens live at a time.
struct KotlinSourceFile: Sendable {
    var display: String
    /// The file's UTF-8 for the push-site pass (shared with its tokens while they live). Empty
    /// when the reader lets it go to read the file again for that pass (`sources:` does: every
    /// file's bytes need not live while the routes are resolved).
    var bytes: [UInt8]
    var problems: [KotlinTokenizer.Problem]
    var declarations: PackedKotlinDeclarations
    var skipped: [KotlinDeclarationScanner.Skipped]
    var anonymousObjects: [(supertypes: [String], line: Int)]
    /// What decides which calls take routes, once the route types are known (kept with the
    /// declarations, packed).
    var typeUses: some RandomAccessCollection<KotlinTypeUse> { declarations.typeUses }

    init(display: String, text: String) {
        self.init(display: display, bytes: Array(text.utf8))
    }

    init(display: String, bytes: [UInt8]) {
        self.display = display
        self.bytes = bytes
        var scanner = KotlinDeclarationScanner(bytes: bytes, file: display)
        problems = scanner.problems
        skipped = scanner.skipped
        anonymousObjects = scanner.anonymousObjects
        declarations = scanner.takeDeclarations()
    }
}

/// Finds the routes of a sealed route interface in Kotlin sources.
///
/// The route interface is `routeInterface` or, when nil, the sealed interface (or sealed class)
/// at the top of a hierarchy with the most concrete implementations. The tab-root interface is
/// `tabInterface` or, when nil, the one sealed interface that directly extends the route
/// interface (a name with `Tab` or `TopLevel` breaks a tie). Routes are the concrete classes and
/// objects that implement the route interface, directly or through other declarations.
public struct KotlinRouteImporter: Sendable {
    public var routeInterface: String?
    public var tabInterface: String?
    public var maxFileSize: Int
    /// The directory notes name other files relative to (the config's): a message is part of a
    /// finding's identity, so it never holds an absolute path. Nil: as the files were given.
    public var displayRoot: String?

    public init(routeInterface: String? = nil, tabInterface: String? = nil, maxFileSize: Int = 8 << 20) {
        self.routeInterface = routeInterface
        self.tabInterface = tabInterface
        self.maxFileSize = maxFileSize
    }

    /// A file as a message names it: relative to `displayRoot` (a message is part of a finding's
    /// identity, so it never holds an absolute path).
    private func shown(_ file: String) -> String { displayRoot.map { PathUtilities.relative(file, to: $0) } ?? file }

    /// Reads the files (a directory means every `.kt` file under it).
    public func importFiles(_ paths: [String]) throws(ImportError) -> ImportedRouteCatalog {
        var sources: [(display: String, text: String)] = []
        for path in paths {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ImportError("cannot read \(path): no such file")
            }
            let files = isDirectory ? Self.kotlinFiles(under: path) : [(path, path)]
            if isDirectory && files.isEmpty { throw ImportError("no .kt files under \(path)") }
            for (file, display) in files {
                sources.append((display, try read(file, display: display)))
            }
        }
        return try importSources(sources)
    }

    private func read(_ path: String, display: String) throws(ImportError) -> String {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? UInt, size > maxFileSize {
                throw ImportError("\(display): file is larger than \(maxFileSize) bytes")
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return String(decoding: data, as: UTF8.self)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read \(display): \(error)")
        }
    }

    static func kotlinFiles(under root: String) -> [(String, String)] {
        let manager = FileManager.default
        var result: [(String, String)] = []
        var stack: [(String, String, Int)] = [(root, root, 0)]
        while let (path, display, depth) = stack.popLast() {
            guard depth <= 48, let names = try? manager.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted().reversed() where !name.hasPrefix(".") {
                let child = PathUtilities.appending(path, name)
                let childDisplay = PathUtilities.appending(display, name)
                let type = (try? manager.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if !ComposeResourcesImporter.ignoredDirectories.contains(name) {
                        stack.append((child, childDisplay, depth + 1))
                    }
                } else if name.hasSuffix(".kt") {
                    result.append((child, childDisplay))
                }
            }
        }
        return result.sorted { $0.1 < $1.1 }
    }

    /// The core, on in-memory sources (display name, text), in order.
    public func importSources(_ sources: [(display: String, text: String)]) throws(ImportError) -> ImportedRouteCatalog {
        try importScanned(sources.map { KotlinSourceFile(display: $0.display, text: $0.text) })
    }

    /// The routes of files already read (`sources:` reads them once for declarations and push sites).
    /// `fillFallbacks: false` when the caller scans the push sites itself.
    func importScanned(_ files: [KotlinSourceFile], fillFallbacks fill: Bool = true) throws(ImportError) -> ImportedRouteCatalog {
        let hierarchy = try resolve(files)
        var notes = hierarchy.notes
        var routes = hierarchy.routes.indices.map { index in
            let ref = hierarchy.routes[index]
            let declaration = files[declaration: ref]
            let params = declaration.parameters.map { parameter in
                let optional = parameter.type.hasSuffix("?") || parameter.defaultValue == nil
                    ? parameter.type : parameter.type + "?"
                return ImportedRouteParam(name: parameter.name, type: optional, kotlinType: parameter.type,
                    defaultValue: parameter.defaultValue)
            }
            let names = Set(params.map(\.name))
            return ImportedRoute(
                name: declaration.name,
                isTab: hierarchy.isTab[index],
                isObject: declaration.kind == .object,
                params: params,
                title: declaration.title.flatMap { Self.interpret($0, params: names) },
                subtitle: declaration.subtitle.flatMap { Self.interpret($0, params: names) },
                origin: "\(declaration.file):\(declaration.line)",
                declaration: ref)
        }
        if fill { fillFallbacks(&routes, files: files, hierarchy: hierarchy, notes: &notes) }
        notes += hierarchy.trailingNotes
        return ImportedRouteCatalog(routeInterface: hierarchy.root, tabInterface: hierarchy.tab, routes: routes, notes: notes,
                                    filesRead: files.map(\.display))
    }

    /// Which declarations are routes: the hierarchy of the route interface, by place. What
    /// `sources:` keeps of it is packed, so nothing here is made per route but indices, flags and
    /// the route's name once.
    func resolve(_ files: [KotlinSourceFile]) throws(ImportError) -> KotlinRouteHierarchy {
        var notes: [ImportNote] = []
        // Places, not copies of the files' declarations.
        var refs: [KotlinDeclarationRef] = []
        var anonymous: [(file: String, supertypes: [String], line: Int)] = []
        for (fileIndex, file) in files.enumerated() {
            for problem in file.problems {
                notes.append(ImportNote(.note, file: file.display, line: problem.line, problem.message))
            }
            refs += file.declarations.indices.map { KotlinDeclarationRef(file: Int32(fileIndex), index: Int32($0)) }
            for skipped in file.skipped {
                notes.append(ImportNote(.skipped, file: file.display, line: skipped.line, key: skipped.name,
                    "declaration skipped: \(skipped.reason)"))
            }
            anonymous += file.anonymousObjects.map { (file.display, $0.supertypes, $0.line) }
        }

        let declarations = KotlinDeclarationList(files: files, refs: refs)
        // Indices and flags, not copies nor a set per name: a declaration is hundreds of bytes, a
        // project may declare a hundred thousand routes, and a route's declaration may be 28
        // bytes of code.
        func isDeclared(_ name: String) -> Bool { declarations.indices.contains { declarations.name($0) == name } }
        var sealedNames: Set<String> = []
        var subtypes: [String: [Int32]] = [:]
        for index in declarations.indices {
            if declarations.modifiers(index).contains("sealed") { sealedNames.insert(declarations.name(index)) }
            // Each supertype once (a list of one to three: searched, not hashed into a set).
            let supertypes = declarations.supertypes(index)
            for (position, supertype) in supertypes.enumerated() where !supertypes[..<position].contains(supertype) {
                subtypes[supertype, default: []].append(Int32(index))
            }
        }
        /// Which declarations reach `name` through supertypes, directly or not, by index (one
        /// breadth-first search over the subtype edges; cycles are harmless). Only names with
        /// subtypes are walked on: the routes at the leaves are most of the names.
        func descendants(of name: String) -> [Bool] {
            var found = [Bool](repeating: false, count: declarations.count)
            var visited: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for index in subtypes[next] ?? [] where !found[Int(index)] {
                    found[Int(index)] = true
                    let subtype = declarations.name(Int(index))
                    if subtypes[subtype] != nil, visited.insert(subtype).inserted { queue.append(subtype) }
                }
            }
            return found
        }

        let root: String
        if let routeInterface {
            root = routeInterface
            if !isDeclared(root) {
                notes.append(ImportNote(.note, key: root, "route interface is not declared in the files read"))
            }
        } else {
            let candidates = declarations.indices.filter { index in
                declarations.modifiers(index).contains("sealed") && !declarations.supertypes(index).contains(where: sealedNames.contains)
            }
            var counts: [(String, Int)] = []
            var counted: Set<String> = []
            for candidate in candidates where counted.insert(declarations.name(candidate)).inserted {
                let reached = descendants(of: declarations.name(candidate))
                let count = declarations.indices.count { reached[$0] && declarations.isConcrete($0) }
                counts.append((declarations.name(candidate), count))
            }
            let best = counts.map(\.1).max() ?? 0
            let winners = counts.filter { $0.1 == best && best > 0 }
            guard winners.count == 1 else {
                if winners.isEmpty {
                    throw ImportError("no sealed route interface with implementations found; name it with --route-interface NAME (or `route-interface:` under sources.kotlin in the config)")
                }
                throw ImportError("several candidate route interfaces (" + winners.map(\.0).joined(separator: ", ")
                    + "); name it with --route-interface NAME (or `route-interface:` under sources.kotlin in the config)")
            }
            root = winners[0].0
        }

        // Nested declarations are known by their simple names: three `sealed interface Config`
        // nested in different classes would merge into one hierarchy. Refuse rather than merge.
        let sameName = declarations.indices.filter { declarations.name($0) == root && !declarations.isConcrete($0) }
        if sameName.count > 1 {
            let places = sameName.prefix(4).map { "\(shown(declarations.file($0))):\(declarations.line($0))" }.joined(separator: ", ")
            throw ImportError("the route interface '\(root)' is declared \(sameName.count) times (\(places)\(sameName.count > 4 ? ", …" : "")): "
                + "routekit knows Kotlin declarations by their simple names and would merge these hierarchies; "
                + "limit sources.kotlin to the files of one, or name a route interface declared once")
        }

        var tab: String? = tabInterface
        if tabInterface == nil {
            let subinterfaces = declarations.indices.filter {
                declarations.kind($0) == .interface && declarations.modifiers($0).contains("sealed")
                    && declarations.supertypes($0).contains(root)
            }.map(declarations.name)
            let unique = subinterfaces.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if unique.count == 1 {
                tab = unique[0]
            } else if unique.count > 1 {
                let named = unique.filter { $0.contains("Tab") || $0.contains("TopLevel") }
                if named.count == 1 {
                    tab = named[0]
                } else {
                    notes.append(ImportNote(.note, "several sealed sub-interfaces of \(root) ("
                        + unique.joined(separator: ", ") + "): pass --tab-interface NAME to mark tab roots"))
                }
            } else {
                notes.append(ImportNote(.note, "no sealed sub-interface of \(root) found: no tab roots marked"))
            }
        } else if let tabInterface, !isDeclared(tabInterface) {
            notes.append(ImportNote(.note, key: tabInterface, "tab-root interface is not declared in the files read"))
        }

        let inHierarchy = descendants(of: root)
        let tabRoots = tab.map(descendants(of:))
        var hierarchy = KotlinRouteHierarchy(root: root, tab: tab)
        var unrelated = 0
        for index in declarations.indices {
            let name = declarations.name(index)
            guard inHierarchy[index] else {
                if name != root { unrelated += 1 }
                continue
            }
            func skip(_ reason: String) {
                notes.append(ImportNote(.skipped, file: declarations.file(index), line: declarations.line(index), key: name, reason))
            }
            if name == tab {
                continue
            }
            guard declarations.isConcrete(index) else {
                skip("\(declarations[index].describedKind) in the route hierarchy: not a route itself")
                continue
            }
            if declarations.modifiers(index).contains("companion") {
                skip("companion object: not a route")
                continue
            }
            if let first = hierarchy.route(named: name) {
                let ref = hierarchy.routes[first]
                let first = files[Int(ref.file)].display
                skip("a route with this name is already declared at \(shown(first)):"
                    + "\(files[Int(ref.file)].declarations.line(at: Int(ref.index)))")
                continue
            }
            hierarchy.append(name, refs[index], isTab: tabRoots?[index] ?? false)
            if declarations.typeParameters(index) {
                notes.append(ImportNote(.note, file: declarations.file(index), line: declarations.line(index), key: name,
                    "generic route: type parameters are not part of the catalog"))
            }
        }
        guard !hierarchy.routes.isEmpty else {
            throw ImportError("no routes implement \(root)"
                + (isDeclared(root) ? "" : " (it is not declared in the files read)"))
        }
        hierarchy.notes = notes
        // The names in the hierarchy that anonymous objects implement (few: not every route's name).
        let anonymousSupertypes = Set(anonymous.flatMap(\.supertypes))
        var hierarchyNames: Set<String> = [root]
        if !anonymousSupertypes.isEmpty {
            for index in declarations.indices where inHierarchy[index] && anonymousSupertypes.contains(declarations.name(index)) {
                hierarchyNames.insert(declarations.name(index))
            }
        }
        for object in anonymous where object.supertypes.contains(where: hierarchyNames.contains) {
            hierarchy.trailingNotes.append(ImportNote(.skipped, file: object.file, line: object.line,
                "anonymous object implementing \(root): not a route"))
        }
        if unrelated > 0 {
            hierarchy.trailingNotes.append(ImportNote(.note, "\(unrelated) declaration(s) outside the \(root) hierarchy ignored"))
        }
        return hierarchy
    }

    /// A route whose title comes from a param gets `fallback:` when every push site that passes a
    /// string resource as its title passes the same one.
    private func fillFallbacks(_ routes: inout [ImportedRoute], files: [KotlinSourceFile], hierarchy: KotlinRouteHierarchy,
                               notes: inout [ImportNote]) {
        let (pushes, _) = KotlinPushSiteScanner.pushSites(in: files, routes: hierarchy)
        var keys: [String: [(key: String, origin: String)]] = [:]
        for push in pushes {
            guard case .key(let key, let location) = push.title else { continue }
            keys[push.route, default: []].append((key, "\(PathUtilities.lastComponent(location.file)):\(location.line)"))
        }
        for index in routes.indices {
            guard case .param? = routes[index].title, let passed = keys[routes[index].name] else { continue }
            let distinct = passed.map(\.key).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if distinct.count == 1 {
                routes[index].fallback = distinct[0]
                routes[index].fallbackOrigins = passed.map(\.origin)
            } else {
                notes.append(ImportNote(.note, key: routes[index].name,
                    "push sites pass different title strings (" + distinct.joined(separator: ", ") + "): no fallback filled"))
            }
        }
    }

    /// What a `title` property's source means for the catalog; nil for an explicit `null`.
    static func interpret(_ source: KotlinPropertySource, params: Set<String>) -> ImportedTitle? {
        switch source {
        case .constructorParameter(let name):
            return .param(name)
        case .expression(let tokens):
            if tokens.count == 1 {
                let token = tokens[0]
                if token.isWord("null") { return nil }
                if token.kind == .identifier, params.contains(token.text) { return .param(token.text) }
                if token.kind == .string, let value = token.stringValue { return .text(value) }
            }
            if tokens.count == 3, tokens[0].isWord("this"), tokens[1].is("."), params.contains(tokens[2].text) {
                return .param(tokens[2].text)
            }
            var k = 0
            while k + 4 < tokens.count {
                if tokens[k].isWord("Res") || tokens[k].isWord("R"), tokens[k + 1].is("."), tokens[k + 2].isWord("string"),
                    tokens[k + 3].is("."), tokens[k + 4].kind == .identifier
                {
                    return .key(tokens[k + 4].text)
                }
                k += 1
            }
            return .computed(KotlinDeclarationScanner.render(Array(tokens)))
        }
    }
}
