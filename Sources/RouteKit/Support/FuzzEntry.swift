/// Entry points for `routekit-fuzz` (see SECURITY.md): each runs one reader or loader over raw
/// bytes, in memory, the way the command line would after reading a file. Not API: `@_spi`.
@_spi(Fuzzing) public enum FuzzEntry {
    /// `.routekit.yml`: the reader, then the config parser. Returns the error text, if any.
    @discardableResult
    public static func config(_ bytes: [UInt8]) -> String? {
        let file = YAMLReader.read(bytes: bytes, path: "/fuzz/.routekit.yml")
        if let first = file.diagnostics.first { return first.message }
        do {
            let config = try ProjectConfig.parse(file.root, path: "/fuzz/.routekit.yml")
            // Resolve the patterns against a root that does not exist: exercises glob and
            // confinement code without touching the file system's contents.
            _ = try? Project.resolve(config.catalog, field: "catalog", config: config)
            _ = try? Project.resolve(config.strings, field: "strings", config: config)
            return nil
        } catch {
            return error.message
        }
    }

    /// A catalog file and a strings file, loaded and linted as one project, every report rendered.
    /// Returns the number of findings.
    @discardableResult
    public static func project(catalog: [UInt8], strings: [UInt8], renderReports: Bool = true) -> Int {
        let config = ProjectConfig(path: "/fuzz/.routekit.yml", baseLocale: Located("en", at: SourceLocation(file: "/fuzz/.routekit.yml", line: 1, column: 1)))
        let catalogFile = YAMLReader.read(bytes: catalog, path: "/fuzz/routes.yml")
        let stringsFile = YAMLReader.read(bytes: strings, path: "/fuzz/strings.yml")
        let (routes, catalogDiagnostics) = CatalogLoader.load([catalogFile])
        let (table, stringDiagnostics) = StringsLoader.load([stringsFile], baseLocale: "en")
        var project = Project(
            config: config, catalog: routes, hasCatalog: true, strings: table,
            suppressions: [catalogFile.path: catalogFile.suppressions, stringsFile.path: stringsFile.suppressions],
            files: [catalogFile.path, stringsFile.path],
            diagnostics: catalogFile.diagnostics + stringsFile.diagnostics + catalogDiagnostics + stringDiagnostics)
        project.config.locales = nil
        let result = Linter.lint(project)
        if renderReports {
            let report = result.report(config: config)
            for format in ReporterRegistry.formats {
                _ = ReporterRegistry.make(format: format)?.render(report)
            }
            _ = HTMLReport.render(project: project, lint: result, matrix: CoverageMatrix.build(project: project))
        }
        let resolver = TitleResolver(project: project)
        for route in routes.routes.prefix(16) {
            _ = try? resolver.push(route.name, params: [:], locales: ["de-AT", "en"])
        }
        return result.diagnostics.count
    }

    /// A strings file read both ways — streamed (block-mapping scanner, else libyaml events) and
    /// as a tree — then loaded. Traps when the scanner accepts bytes that libyaml reads differently,
    /// or when the streamed records or findings differ from the tree path's.
    public static func strings(_ bytes: [UInt8]) {
        precondition(EventTrace.scannerAgrees(bytes), "the block-mapping scanner disagrees with libyaml")
        if let difference = StringsRecordDump.difference(bytes) {
            preconditionFailure("the streaming strings reader disagrees with the tree path:\n\(difference)")
        }
        let file = YAMLReader.read(bytes: bytes, path: "/fuzz/strings.yml")
        _ = StringsLoader.load([file], baseLocale: "en")
    }

    /// Kotlin source, tokenized and read the way `sources:` reads it: alone, and as the second
    /// file after a fixed route hierarchy so push sites, bindings and calls are exercised.
    /// Returns the number of push sites found.
    @discardableResult
    public static func kotlin(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        let input = KotlinSourceFile(display: "/fuzz/Input.kt", text: text)
        let files = [KotlinSourceFile(display: "/fuzz/Routes.kt", text: kotlinRoutes), input]
        var code = AppCode()
        code.readKotlin([input])
        code.readKotlin(files)
        for push in code.pushSites { _ = push.title.summary }
        _ = input.declarations.map { KotlinDeclarationScanner.render([]) + $0.name }
        return code.pushSites.count
    }

    private static let kotlinRoutes = """
        sealed interface AppRoute { val title: String? get() = null }
        sealed interface TopLevelRoute : AppRoute
        data object Home : AppRoute, TopLevelRoute
        data object Prompt : AppRoute
        data class Detail(val id: String, override val title: String? = null, override val subtitle: String = "") : AppRoute
        class Navigator { fun add(route: AppRoute) {} }
        """

    /// Swift source: tokenized, then its `TabView` tabs and view types read. Returns the tab count.
    @discardableResult
    public static func swift(_ bytes: [UInt8]) -> Int {
        var scanner = SwiftSourceScanner()
        let problems = scanner.read("/fuzz/Input.swift", bytes: bytes)
        for tab in scanner.tabs { _ = tab.displayName }
        return scanner.tabs.count + problems.count
    }

    /// A flow file, loaded and replayed against a small fixed project.
    @discardableResult
    public static func flow(_ bytes: [UInt8]) -> Int {
        let (flow, diagnostics) = FlowLoader.load(YAMLReader.read(bytes: bytes, path: "/fuzz/flow.yml"))
        guard diagnostics.isEmpty else { return diagnostics.count }
        let result = Replay.run(flow, resolver: flowResolver)
        if let model = result.model { _ = Replay.json(model) }
        return result.diagnostics.count
    }

    private static let flowResolver: TitleResolver = {
        let catalog = YAMLReader.read(text: """
            routes:
              ScheduleScreen: { tab: { icon: clock }, title: nav.schedule }
              InfoScreen: { tab: { icon: info }, title: nav.info }
              SettingsScreen: { title: settings_title, from: [InfoScreen] }
              SessionScreen:
                params: { sessionId: SessionId, sessionTitle: String? }
                title: { param: sessionTitle, fallback: session_title }
              RoomScreen: { params: { room: String }, title: { key: room_title, args: { room: room } } }
            """, path: "/fuzz/routes.yml")
        let strings = YAMLReader.read(text: """
            en: { nav: { schedule: Schedule, info: Info }, settings_title: Settings, session_title: Session, room_title: "Room %{room}" }
            de: { nav: { schedule: Programm }, settings_title: Einstellungen }
            """, path: "/fuzz/strings.yml")
        return TitleResolver(catalog: CatalogLoader.load([catalog]).0,
                             strings: StringsLoader.load([strings], baseLocale: "en").0)
    }()
}
