import FoundationEssentials

/// What routekit read from the app's own code (`sources:` in the config): the routes as Kotlin
/// declares them, the Kotlin push sites, the Swift `TabView`'s tabs and the String Catalog values
/// of their labels. Read with tokenizers, not compilers: what cannot be followed is listed in
/// `notFollowed` (the `code-not-followed` rule reports it), never guessed.
public struct AppCode: Sendable {
    public var kotlinFiles: [String] = []
    public var swiftFiles: [String] = []
    public var stringCatalogFiles: [String] = []
    /// The sealed route interface the Kotlin routes implement; nil when none was found.
    public var routeInterface: String?
    /// Routes as the Kotlin code declares them, in declaration order (packed: see `KotlinRoutes`).
    public var kotlinRoutes = KotlinRoutes()
    /// Titles and subtitles a Kotlin route declaration hard-codes as a string literal
    /// (`override val title: String get() = "Settings"`), in declaration order.
    public var literalTitles: [LiteralTitleDeclaration] = []
    /// Where the Kotlin code pushes routes, in file order (packed: see `PushSites`).
    public var pushSites = PushSites()
    /// The first `TabView`'s `Tab` entries, in order.
    public var tabs: [SwiftTab] = []
    /// `.navigationTitle("")` in the Swift files read: where a screen's title is thrown away.
    public var emptyNavigationTitles: [SourceLocation] = []
    /// Whether the Swift files read use native SwiftUI navigation (a `TabView`, `NavigationStack`,
    /// `NavigationSplitView` or `NavigationView`); nil when no Swift file was read. False: the app
    /// draws its bars in shared code (one `ComposeView`), and the rules about a native bar do not apply.
    public var showsNativeNavigation: Bool?
    public var tabViewLocation: SourceLocation?
    /// String Catalog values: locale → key → value.
    public var stringCatalog: [String: [String: String]] = [:]
    /// Constructs the tokenizers could not follow, with where they are.
    public var notFollowed: [Located<String>] = []
    /// `// routekit:disable…` comments of the Kotlin and Swift files, by path.
    public var suppressions: [String: Suppressions] = [:]

    public init() {}

    public var readsKotlin: Bool { !kotlinFiles.isEmpty }
    public var readsSwift: Bool { !swiftFiles.isEmpty }

    public func kotlinRoute(named name: String) -> KotlinRoute? { kotlinRoutes.route(named: name) }
}

/// A route's `title` or `subtitle` declared in Kotlin as a string literal.
public struct LiteralTitleDeclaration: Sendable {
    public var route: String
    /// `title` or `subtitle`.
    public var field: String
    /// The literal's text, at the property's declaration.
    public var text: Located<String>
}

/// A route as its Kotlin declaration gives it.
public struct KotlinRoute: Sendable {
    public struct Param: Sendable {
        public var name: String
        /// The type without a trailing `?`.
        public var type: String
        /// `?` in Kotlin, or a default value.
        public var isOptional: Bool
        public var location: SourceLocation
    }

    public var name: String
    /// Where the name is declared.
    public var location: SourceLocation
    public var isObject: Bool
    public var isTab: Bool
    public var params: [Param]
    /// Where the `title` property is declared; nil when the route has none (or returns `null`).
    public var title: SourceLocation?
    public var subtitle: SourceLocation?
}

extension AppCode {
    /// Reads the files `sources:` names. Files that cannot be read, or not wholly, become
    /// `notFollowed` entries; only a config problem (a missing literal path) stops the run.
    /// `stringFiles` are the project's `strings:` files: a String Catalog read in place there
    /// holds the Swift tab labels too, so it is read for them without being named twice. The
    /// files count toward `limits.total-size` with the `countedBytes` the other inputs took.
    public static func load(config: ProjectConfig, stringFiles: [String] = [], countedBytes: Int = 0) throws(ConfigError) -> AppCode {
        var code = AppCode()
        guard !config.sources.isEmpty else { return code }
        let kotlinPaths = try Project.resolve(config.sources.kotlin, field: "sources.kotlin", config: config)
        let swiftSide = try Project.resolve(config.sources.swift, field: "sources.swift", config: config)
        code.kotlinFiles = kotlinPaths
        code.swiftFiles = swiftSide.filter { !$0.hasSuffix(".xcstrings") }
        code.stringCatalogFiles = swiftSide.filter { $0.hasSuffix(".xcstrings") }
        for path in stringFiles where path.hasSuffix(".xcstrings") && !code.stringCatalogFiles.contains(path) {
            code.stringCatalogFiles.append(path)
        }
        // Code is read into tokens (one file at a time) and packed declarations, routes and pushes:
        // it counts toward the run's total like every input.
        let unread = kotlinPaths + code.swiftFiles + code.stringCatalogFiles.filter { !stringFiles.contains($0) }
        try Project.checkTotalSize(countedBytes + Project.fileSizes(unread).reduce(0, +), config: config)
        let limit = config.limits.fileSize

        // Each file's declarations on all cores, its bytes let go once scanned: they are read
        // again for the push sites, so every file's bytes need not live while the routes are
        // resolved (a file changed in between is read as it is then, with positions of then).
        let kotlinFiles = code.readSources(kotlinPaths, language: "Kotlin", limit: limit) { path, bytes in
            var file = KotlinSourceFile(display: path, bytes: bytes)
            file.bytes = []
            return (file, file.problems)
        }
        if !kotlinFiles.isEmpty {
            code.readKotlin(kotlinFiles, root: config.root, routeInterface: config.sources.routeInterface?.value,
                            tabInterface: config.sources.tabInterface?.value) { Self.readText($0.display, limit: limit).text ?? [] }
        }

        // One pass per file, a token at a time (no file's tokens are held), on all cores: each
        // file by a scanner of its own, without its tabs, added in order; until a file gives the
        // tabs, one that names TabView is read again in order, with them (only such files keep
        // their bytes). Each file was read with its tabs, and every TabView file after the first
        // read again without them, on one core: 590 files of the bench's 25 MB, 40 ms.
        let swiftFiles = code.readSources(code.swiftFiles, language: "Swift", limit: limit) { path, bytes in
            var scanner = SwiftSourceScanner()
            let problems = scanner.read(path, bytes: bytes, readingTabs: false)
            return ((path: path, scanner: scanner, bytes: scanner.mentionsTabView ? bytes : []), problems)
        }
        var swift = SwiftSourceScanner()
        for file in swiftFiles { _ = swift.add(file.scanner, display: file.path, bytes: file.bytes) }
        if swift.filesRead > 0 {
            code.showsNativeNavigation = swift.usesNativeNavigation
            code.emptyNavigationTitles = swift.emptyNavigationTitles
            code.tabs = swift.tabs
            code.tabViewLocation = swift.tabViewLocation
            code.notFollowed += swift.notFollowed
            for tab in code.tabs where tab.appliesNavigationTitle == nil {
                code.notFollowed.append(Located("the tab's view \(tab.rootView ?? "?") is not declared in the Swift sources read: "
                    + "whether it sets .navigationTitle is not checked", at: tab.location))
            }
        }
        for path in code.stringCatalogFiles {
            code.readStringCatalog(path, limit: limit)
        }
        return code
    }

    /// Reads and scans `paths` on all cores (`scan` makes each file's UTF-8 into what is kept of
    /// it, with its tokenizer problems), then notes, in order, what could not be read, each file's
    /// suppressions and problems. What the files that were read gave, in order.
    private mutating func readSources<Scanned>(
        _ paths: [String], language: String, limit: Int,
        scan: @Sendable (_ path: String, _ bytes: [UInt8]) -> (Scanned, [TokenizerProblem])
    ) -> [Scanned] {
        var files = Concurrent.map(count: paths.count) { index -> (text: Text, scanned: (value: Scanned, problems: [TokenizerProblem])?) in
            var text = Self.readText(paths[index], limit: limit)
            let scanned = text.text.map { scan(paths[index], $0) }
            text.text = nil
            return (text, scanned)
        }
        var result: [Scanned] = []
        result.reserveCapacity(files.count)
        for (index, path) in paths.enumerated() {
            let file = files[index]
            files[index].scanned = nil
            note(file.text, of: path)
            guard let scanned = file.scanned else { continue }
            note(scanned.problems, in: path, language: language)
            result.append(scanned.value)
        }
        return result
    }

    /// Notes a file's read problem and suppressions.
    private mutating func note(_ text: Text, of path: String) {
        if let problem = text.problem { notFollowed.append(problem) }
        suppressions[path] = text.suppressions
    }

    private mutating func note(_ problems: [TokenizerProblem], in path: String, language: String) {
        for problem in problems {
            notFollowed.append(Located("\(language): \(problem.message)",
                                       at: SourceLocation(file: path, line: problem.line, column: problem.column)))
        }
    }

    private struct Text {
        /// Valid UTF-8: the file's bytes, or with invalid sequences replaced.
        var text: [UInt8]?
        var problem: Located<String>?
        var suppressions = Suppressions()
    }

    /// A source file as text. Invalid UTF-8 is replaced (and reported); a file over the size
    /// limit or unreadable is skipped (and reported).
    private static func readText(_ path: String, limit: Int) -> Text {
        let start = SourceLocation(file: path, line: 1, column: 1)
        switch InputFile.read(path, maxSize: limit) {
        case .failure(let failure):
            return Text(text: nil, problem: Located("not read: \(failure.message)", at: start))
        case .success(let bytes):
            let suppressions = bytes.withUnsafeBufferPointer { Suppressions.scan($0, syntax: .slashes) }
            if String(validating: bytes, as: UTF8.self) != nil { return Text(text: bytes, problem: nil, suppressions: suppressions) }
            var line = 1
            var column = 1
            // Where the first invalid sequence starts: decode scalar by scalar until one fails.
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\n" {
                        line += 1
                        column = 1
                    } else {
                        column += 1
                    }
                case .emptyInput, .error:
                    break decoding
                }
            }
            return Text(text: Array(String(decoding: bytes, as: UTF8.self).utf8),
                        problem: Located("invalid UTF-8: replaced by U+FFFD; names and strings there may not match",
                                         at: SourceLocation(file: path, line: line, column: column)),
                        suppressions: suppressions)
        }
    }


    /// `reading` gives a file's bytes again for the push-site pass.
    /// `root`: the config's directory, which messages name other files relative to.
    mutating func readKotlin(_ files: [KotlinSourceFile], root: String? = nil, routeInterface named: String? = nil, tabInterface: String? = nil,
                             reading: @Sendable (KotlinSourceFile) -> [UInt8] = { $0.bytes }) {
        var hierarchy: KotlinRouteHierarchy
        do {
            var importer = KotlinRouteImporter(routeInterface: named, tabInterface: tabInterface)
            importer.displayRoot = root
            hierarchy = try importer.resolve(files)
        } catch {
            let first = files.first.map { SourceLocation(file: $0.display, line: 1, column: 1) }
                ?? SourceLocation(file: "", line: 1, column: 1)
            notFollowed.append(Located("Kotlin routes not read: \(error.message)", at: first))
            return
        }
        for note in hierarchy.notes + hierarchy.trailingNotes where note.kind == .skipped {
            guard let file = note.file, let line = note.line else { continue }
            notFollowed.append(Located("Kotlin: \(note.key.map { "\($0): " } ?? "")\(note.message)",
                                       at: SourceLocation(file: file, line: line, column: 1)))
        }
        let (pushes, skipped) = KotlinPushSiteScanner.pushSites(in: files, routes: hierarchy, reading: reading)
        pushSites = pushes
        notFollowed += skipped
        routeInterface = hierarchy.root
        // The pushes first: the routes are made after, with the names the pushes were looked up by.
        let (routeNames, firstWithName) = hierarchy.handNamesOver()
        kotlinRoutes = KotlinRoutes(names: routeNames, firstWithName: firstWithName)
        kotlinRoutes.reserveParams(hierarchy.routes.reduce(0) { $0 + files[Int($1.file)].declarations.parameterCount(at: Int($1.index)) })
        for (index, ref) in hierarchy.routes.enumerated() {
            let declaration = files[declaration: ref]
            let location = SourceLocation(file: declaration.file, line: declaration.nameLine, column: declaration.nameColumn)
            let params = declaration.parameters.map { parameter in
                var type = parameter.type.replacing(" ", with: "")
                let nullable = type.hasSuffix("?")
                if nullable { type.removeLast() }
                return KotlinRoute.Param(name: parameter.name, type: type, isOptional: nullable || parameter.defaultValue != nil,
                                         location: SourceLocation(file: declaration.file, line: parameter.line, column: parameter.column))
            }
            let names = Set(params.map(\.name))
            func position(_ line: Int?, _ column: Int?, _ source: KotlinPropertySource?) -> SourceLocation? {
                guard let source, let line, let column else { return nil }
                // `= null`: no title.
                if case .expression = source, KotlinRouteImporter.interpret(source, params: names) == nil { return nil }
                return SourceLocation(file: declaration.file, line: line, column: column)
            }
            for (field, source, line, column) in [("title", declaration.title, declaration.titleLine, declaration.titleColumn),
                                                  ("subtitle", declaration.subtitle, declaration.subtitleLine, declaration.subtitleColumn)] {
                guard let source, let line, let column, case .text(let literal)? = KotlinRouteImporter.interpret(source, params: names)
                else { continue }
                literalTitles.append(LiteralTitleDeclaration(route: declaration.name, field: field,
                    text: Located(literal, at: SourceLocation(file: declaration.file, line: line, column: column))))
            }
            kotlinRoutes.append(KotlinRoute(
                name: declaration.name, location: location, isObject: declaration.kind == .object, isTab: hierarchy.isTab[index],
                params: params,
                title: position(declaration.titleLine, declaration.titleColumn, declaration.title),
                subtitle: position(declaration.subtitleLine, declaration.subtitleColumn, declaration.subtitle)))
        }
    }

    private mutating func readStringCatalog(_ path: String, limit: Int) {
        do {
            let strings = try XCStringsImporter(maxFileSize: limit).importFile(path)
            for locale in strings.locales {
                guard let table = strings.table(locale) else { continue }
                var values: [String: String] = [:]
                for key in table.order {
                    if let text = table[key]?.value.text { values[key] = text }
                }
                stringCatalog[locale, default: [:]].merge(values) { first, _ in first }
            }
        } catch {
            notFollowed.append(Located("String Catalog not read: \(error.message)", at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }
}
