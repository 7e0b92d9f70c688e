/// `routekit init --update`: the catalog brought up to date with the Kotlin code, as text edits
/// that keep everything written by hand. Routes the code declares and the catalog lacks are
/// appended (completed from the `TabView` and the pushes, as `init` does); routes the catalog has
/// and the code no longer declares get a TODO comment above them, never deleted. Every other line
/// stays as it is, comments included. Differences within a route (params, kind, titles) are left
/// to `catalog-drift`, which says where: rewriting a hand-edited route would lose what was
/// written.
public struct CatalogUpdate: Sendable {
    /// The catalog file, as the config names it.
    public var path: String
    public var text: String
    public var added: [String] = []
    /// Routes gone from the code, marked by this run.
    public var gone: [String] = []
    /// What `init` inferred for the added routes, and what is left.
    public var inferred: [String] = []
    public var left: [String] = []

    /// The marker of a route no longer in the code; not added twice.
    static let goneMarker = "TODO (routekit init --update):"

    public static func plan(configPath: String) throws(ConfigError) -> CatalogUpdate {
        let config = try ProjectConfig.load(path: configPath)
        guard config.catalog.count == 1, let written = config.catalog.first, !Glob.hasWildcards(written.value) else {
            throw ConfigError("init --update brings one catalog file up to date: the config's `catalog:` must name one file",
                              at: config.catalog.first?.location, file: configPath)
        }
        guard !config.sources.kotlin.isEmpty else {
            throw ConfigError("init --update reads the routes from the Kotlin code: the config has no `sources.kotlin`", file: configPath)
        }
        let root = config.root
        let path = PathUtilities.join(root, written.value)
        let project = try Project.load(config: config)
        var imported: ImportedRouteCatalog
        do {
            imported = try ProjectSetup.importRoutes(project, root: root, routeInterface: config.sources.routeInterface?.value,
                                                     tabInterface: config.sources.tabInterface?.value)
        } catch {
            throw ConfigError("the Kotlin routes were not read: \(error.message)", file: configPath)
        }
        let bytes: [UInt8]
        switch InputFile.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw ConfigError(failure.message, file: path)
        }
        let existing = project.catalog.routes
        let known = Set(existing.map(\.name))
        let declared = Set(imported.routes.map(\.name))
        var update = CatalogUpdate(path: written.value, text: String(decoding: bytes, as: UTF8.self))

        // New routes, completed as init completes them; the existing tab roots keep their order.
        imported.routes.removeAll { known.contains($0.name) }
        if !imported.routes.isEmpty {
            let completion = ProjectSetup.complete(&imported, project: project, root: root)
            update.inferred = completion.inferred.filter { line in imported.routes.contains { line.hasPrefix($0.name + ":") } }
            update.left = completion.left.filter { line in imported.routes.contains { line.hasPrefix($0.name + ":") } }
            update.added = imported.routes.map(\.name)
        }
        var marked: [String] = []
        update.text = edit(update.text, path: path, adding: imported, goneRoutes: existing.filter { !declared.contains($0.name) },
                           marked: &marked)
        update.gone = marked
        return update
    }

    /// The catalog text with the gone routes marked and the new routes' entries appended to `routes:`.
    /// `marked`: the gone routes marked now (not those a run before marked).
    static func edit(_ text: String, path: String, adding imported: ImportedRouteCatalog, goneRoutes: [Route],
                     marked: inout [String]) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let file = YAMLReader.read(bytes: Array(text.utf8), path: path)
        let top = file.root?.mapping?.entries ?? []
        let routesIndex = top.firstIndex { $0.key.value == "routes" }
        let routeKeys = routesIndex.flatMap { top[$0].value.mapping?.entries } ?? []
        let indent = routeKeys.first.map { String(repeating: " ", count: max($0.key.location.column - 1, 1)) } ?? "  "

        // Where new entries go: after the last line of `routes:` (before the next top-level key).
        var insertAt = lines.count
        if let routesIndex, routesIndex + 1 < top.count {
            insertAt = top[routesIndex + 1].key.location.line - 1
        }
        while insertAt > 0, lines[insertAt - 1].trimmingWhitespace().isEmpty { insertAt -= 1 }
        if !imported.routes.isEmpty {
            // The import's own text for the entries, re-indented to the file's indentation.
            let entries = imported.yaml().split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasPrefix("routes:") }.dropFirst()
                .filter { !$0.isEmpty }
                .map { line -> String in
                    let spaces = line.prefix { $0 == " " }.count
                    return String(repeating: indent, count: spaces / 2) + String(repeating: " ", count: spaces % 2) + line.dropFirst(spaces)
                }
            let block = [indent + "# Added by `routekit init --update` from the Kotlin code:"] + entries
            if routesIndex == nil {
                lines.insert(contentsOf: ["routes:"] + block, at: insertAt)
            } else {
                lines.insert(contentsOf: block, at: insertAt)
            }
        }
        // Bottom-up, so that earlier line numbers stay right.
        for route in goneRoutes.sorted(by: { $0.location.line > $1.location.line }) {
            let line = route.location.line - 1
            guard lines.indices.contains(line) else { continue }
            if line > 0, lines[line - 1].contains(goneMarker) { continue }
            let own = String(lines[line].prefix { $0 == " " })
            lines.insert(own + "# \(goneMarker) \(route.name) is no longer declared in the Kotlin code; remove it if it is gone", at: line)
            marked.insert(route.name, at: 0)
        }
        return lines.joined(separator: "\n")
    }
}
