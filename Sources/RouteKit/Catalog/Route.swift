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
    /// The tab roots, in catalog order, without copying them (a route is hundreds of bytes, and a
    /// catalog at its size limit has a hundred thousand): what rules iterate.
    var lazyTabRoots: LazyFilterSequence<[Route]> { routes.lazy.filter(\.isTabRoot) }
}

/// One route (a Kotlin `AppRoute` subtype).
public struct Route: Sendable {
    public enum Declaration: String, Sendable { case `class`, object }

    public var name: String
    /// Where the route's name is written.
    public var location: SourceLocation
    public var tab: Tab?
    public var declaration: Declaration = .class
    public var declarationLocation: SourceLocation?
    public var params: [Param] = []
    public var title: TitleSpec?
    public var subtitle: TitleSpec?
    /// Routes that push this one: edges of the navigation graph.
    public var from: [Located<String>] = []
    /// `entry: true`: a start route the shared UI shows first (onboarding), never pushed on the
    /// native stack: exempt from `unreachable-route` and `push-without-title`.
    public var isEntry = false
    /// `lint: { ignore: [...] }`.
    public var ignoredRules: Set<String> = []

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
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
