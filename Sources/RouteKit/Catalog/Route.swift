/// The route catalog: every route the native shell can show, in file order.
public struct RouteCatalog: Sendable {
    public var routes: [Route] = []
    public var files: [String] = []

    public init(routes: [Route] = [], files: [String] = []) {
        self.routes = routes
        self.files = files
        for (index, route) in routes.enumerated() where indexByName[route.name] == nil {
            indexByName[route.name] = index
        }
    }

    private var indexByName: [String: Int] = [:]

    public func route(named name: String) -> Route? { indexByName[name].map { routes[$0] } }

    /// Tab roots in file order: the order of the tab bar.
    public var tabRoots: [Route] { Array(lazyTabRoots) }
    /// The tab roots, in catalog order, without an array of them (a catalog at its size limit
    /// has a hundred thousand routes): what rules iterate.
    var lazyTabRoots: LazyFilterSequence<[Route]> { routes.lazy.filter(\.isTabRoot) }
}

/// One route (a Kotlin `AppRoute` subtype).
///
/// A value, whose fields live in one shared box until a copy is changed: rules walk every route,
/// and a copy of a dozen fields retained each of them (nine retains a route a rule, a fifth of
/// all retains on a large project).
public struct Route: Sendable {
    public enum Declaration: String, Sendable { case `class`, object }

    private final class Storage: @unchecked Sendable {
        var name: String
        var location: SourceLocation
        var tab: Tab?
        var declaration: Declaration = .class
        var declarationLocation: SourceLocation?
        var params: [Param] = []
        var title: TitleSpec?
        var subtitle: TitleSpec?
        var from: [Located<String>] = []
        var isEntry = false
        var ignoredRules: Set<String> = []

        init(name: String, location: SourceLocation) {
            self.name = name
            self.location = location
        }

        func copy() -> Storage {
            let copy = Storage(name: name, location: location)
            copy.tab = tab
            copy.declaration = declaration
            copy.declarationLocation = declarationLocation
            copy.params = params
            copy.title = title
            copy.subtitle = subtitle
            copy.from = from
            copy.isEntry = isEntry
            copy.ignoredRules = ignoredRules
            return copy
        }
    }

    private var storage: Storage

    /// The box, made this value's own before a change (copy on write).
    private mutating func owned() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public var name: String {
        get { storage.name }
        _modify { let box = owned(); yield &box.name }
    }
    /// Where the route's name is written.
    public var location: SourceLocation {
        get { storage.location }
        _modify { let box = owned(); yield &box.location }
    }
    public var tab: Tab? {
        get { storage.tab }
        _modify { let box = owned(); yield &box.tab }
    }
    public var declaration: Declaration {
        get { storage.declaration }
        _modify { let box = owned(); yield &box.declaration }
    }
    public var declarationLocation: SourceLocation? {
        get { storage.declarationLocation }
        _modify { let box = owned(); yield &box.declarationLocation }
    }
    public var params: [Param] {
        get { storage.params }
        _modify { let box = owned(); yield &box.params }
    }
    public var title: TitleSpec? {
        get { storage.title }
        _modify { let box = owned(); yield &box.title }
    }
    public var subtitle: TitleSpec? {
        get { storage.subtitle }
        _modify { let box = owned(); yield &box.subtitle }
    }
    /// Routes that push this one: edges of the navigation graph.
    public var from: [Located<String>] {
        get { storage.from }
        _modify { let box = owned(); yield &box.from }
    }
    /// `entry: true`: a start route the shared UI shows first (onboarding), never pushed on the
    /// native stack: exempt from `unreachable-route` and `push-without-title`.
    public var isEntry: Bool {
        get { storage.isEntry }
        _modify { let box = owned(); yield &box.isEntry }
    }
    /// `lint: { ignore: [...] }`.
    public var ignoredRules: Set<String> {
        get { storage.ignoredRules }
        _modify { let box = owned(); yield &box.ignoredRules }
    }

    public init(name: String, location: SourceLocation) {
        storage = Storage(name: name, location: location)
    }

    public var isTabRoot: Bool { tab != nil }

    public func param(named name: String) -> Param? { params.first { $0.name == name } }

    public struct Tab: Sendable {
        public var icon: Located<String>?
        public var location: SourceLocation
    }

    public struct Param: Sendable {
        public var name: String
        /// The type as written, without a trailing `?`.
        public var type: String
        public var isOptional: Bool
        public var location: SourceLocation
    }
}

/// How a title or subtitle is produced.
public enum TitleSpec: Sendable {
    /// A string key, resolved per locale; args fill its placeholders from route params.
    case key(Located<String>, args: TitleArgs)
    /// A runtime param value; the fallback key is used when the param is absent or empty.
    case param(Located<String>, fallback: Located<String>?)
    /// A literal, never localized.
    case text(Located<String>)

    public var location: SourceLocation {
        switch self {
        case .key(let key, _): key.location
        case .param(let param, _): param.location
        case .text(let text): text.location
        }
    }

    /// Every string key the spec can read.
    public var keys: [Located<String>] {
        switch self {
        case .key(let key, _): [key]
        case .param(_, let fallback): fallback.map { [$0] } ?? []
        case .text: []
        }
    }

    /// Every param the spec reads, with where it is named.
    public var paramReferences: [Located<String>] {
        switch self {
        case .key(_, let args): args.params
        case .param(let param, _): [param]
        case .text: []
        }
    }
}

/// The `args:` of a keyed title: named (`%{name}` ← param) or positional (`%1$s` ← first param).
public enum TitleArgs: Sendable {
    case none
    case named([(name: Located<String>, param: Located<String>)])
    case positional([Located<String>])

    public var params: [Located<String>] {
        switch self {
        case .none: []
        case .named(let pairs): pairs.map(\.param)
        case .positional(let params): params
        }
    }
}
