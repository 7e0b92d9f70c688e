/// What `routekit init` writes for a directory: the config and, when the app declares its routes
/// in Kotlin and has no catalog yet, the catalog imported from them and completed from the Swift
/// `TabView` and the push sites — so that `lint` right after checks the whole app.
public struct ProjectSetup: Sendable {
    public var inputs: DetectedInputs
    public var sources: DetectedSources
    public var configText: String
    /// The catalog to write (relative to the root) and its text; nil when there is one already or
    /// no Kotlin routes were found.
    public var catalog: (path: String, text: String)?
    /// What was inferred, and what is left to the user, one line each.
    public var inferred: [String] = []
    public var left: [String] = []
    /// Directories listed to plan it: each once (one walk for every detector).
    public var directoriesListed = 0

    /// Where the catalog is written when none exists (the first name not taken).
    static let catalogNames = ["routes.yml", "routekit-routes.yml"]

    /// Plans the files for `root`. `allModules`: also read server, admin, desktop, wear and car
    /// modules (`ModuleFilter`).
    public static func plan(root: String, allModules: Bool = false, routeInterface: String? = nil,
                            tabInterface: String? = nil) -> ProjectSetup {
        let walk = ProjectTreeWalk(root: root)
        var inputs = InputDetector.detect(root: root, walk: walk, allModules: allModules)
        var sources = SourceDetector.detect(root: root, walk: walk, allModules: allModules)
        if !sources.kotlin.isEmpty {
            sources.routeInterface = routeInterface
            sources.tabInterface = tabInterface
        }
        var setup = ProjectSetup(inputs: inputs, sources: sources, configText: "")
        setup.directoriesListed = walk.directoriesListed
        var catalogPath: String?
        if inputs.catalogs.isEmpty, !sources.kotlin.isEmpty {
            catalogPath = catalogNames.first { !SetupFile.exists(PathUtilities.join(root, $0)) }
        }
        if let catalogPath { inputs.catalogs = [catalogPath] }
        inputs.strings = appSetFirst(inputs.strings, kotlin: sources.kotlin)
        setup.inputs = inputs
        setup.configText = StarterConfig.render(inputs, sources: sources)
        guard let catalogPath else { return setup }
        /// The config without `catalog:`, and why.
        func noCatalog(_ reason: String) -> ProjectSetup {
            var plain = setup
            plain.left.append(reason)
            plain.inputs = withoutCatalog(inputs)
            plain.configText = StarterConfig.render(plain.inputs, sources: sources)
            return plain
        }

        // The project as the config reads it, without the catalog not yet written.
        let configPath = PathUtilities.join(root, ProjectConfig.fileName)
        let project: Project
        do {
            let file = YAMLReader.read(bytes: Array(setup.configText.utf8), path: configPath)
            var config = try ProjectConfig.parse(file.root, path: configPath)
            config.catalog = []
            project = try Project.load(config: config)
        } catch {
            return noCatalog("the catalog was not written: the config does not load (\(error.message))")
        }
        var catalog: ImportedRouteCatalog
        do {
            catalog = try importRoutes(project, root: root, routeInterface: routeInterface, tabInterface: tabInterface)
        } catch {
            return noCatalog("no catalog: the Kotlin routes were not read (\(error.message))")
        }
        // A sealed hierarchy is not always navigation (`sealed class UiState { Loading, Error }`):
        // without a name that says so, init does not guess it into a catalog.
        if routeInterface == nil, !looksLikeRoutes(catalog) {
            let names = catalog.routes.prefix(4).map(\.name).joined(separator: ", ")
            return noCatalog("no catalog: the sealed hierarchy found (\(catalog.routeInterface): \(names)) does not look like routes; "
                + "name the route interface with --route-interface to import it")
        }
        catalog.writtenBy = "routekit init"
        setup.inferred.append("\(catalog.routes.count) routes of \(catalog.routeInterface) from the Kotlin code → \(catalogPath)")
        let completion = complete(&catalog, project: project, root: root)
        setup.inferred += completion.inferred
        setup.left += completion.left
        setup.catalog = (catalogPath, catalog.yaml())
        return setup
    }

    /// The routes of the Kotlin files the project reads (`sources.kotlin`).
    static func importRoutes(_ project: Project, root: String, routeInterface: String?, tabInterface: String?) throws(ImportError)
        -> ImportedRouteCatalog {
        let sourcesRead = project.appCode.kotlinFiles.map { path in
            (display: PathUtilities.relative(path, to: root),
             text: (try? InputFile.read(path).get()).map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
        return try KotlinRouteImporter(routeInterface: routeInterface, tabInterface: tabInterface).importSources(sourcesRead)
    }

    /// Tab order, icons and label keys from the Swift `TabView`, entry routes from the pushes.
    static func complete(_ catalog: inout ImportedRouteCatalog, project: Project, root: String) -> CatalogCompletion {
        let code = project.appCode
        return CatalogCompletion.complete(&catalog, tabs: code.tabs, labels: code.stringCatalog[project.config.baseLocale.value] ?? [:],
                                          strings: project.strings, pushes: code.pushSites, root: root)
    }

    /// The strings globs with the app's own set first (route titles resolve in the first set): the
    /// Compose resources of the module that declares the routes, then other Compose resources,
    /// then the rest in the order found. Confetti's `androidApp/src/main/res` comes after
    /// `shared/src/commonMain/composeResources`, which the iOS app reads.
    static func appSetFirst(_ globs: [String], kotlin: [String]) -> [String] {
        let module = kotlin.first.flatMap { glob in glob.firstRange(of: "/src/").map { String(glob[..<$0.lowerBound]) + "/" } }
        func rank(_ glob: String) -> Int {
            guard glob.contains("composeResources/") else { return 2 }
            return module.map { glob.hasPrefix($0) } == true ? 0 : 1
        }
        return globs.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// Words that name navigation in a route interface or a route.
    static let routeWords = ["route", "screen", "destination", "nav", "page", "tab"]

    /// The interface's name says navigation, or most routes' names do.
    static func looksLikeRoutes(_ catalog: ImportedRouteCatalog) -> Bool {
        func says(_ name: String) -> Bool { let lower = name.lowercased(); return routeWords.contains { lower.contains($0) } }
        if says(catalog.routeInterface) || catalog.tabInterface.map(says) == true { return true }
        return catalog.routes.filter { says($0.name) }.count * 2 > catalog.routes.count
    }

    private static func withoutCatalog(_ inputs: DetectedInputs) -> DetectedInputs {
        var inputs = inputs
        inputs.catalogs = []
        return inputs
    }
}
