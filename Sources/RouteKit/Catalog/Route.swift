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

    /// The fields, kept together in one box.
    private struct Fields {
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
    }

    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The box, made this value's own before a change (copy on write).
    private mutating func owned() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    public var name: String {
        get { box.fields.name }
        _modify { let box = owned(); yield &box.fields.name }
    }
    /// Where the route's name is written.
    public var location: SourceLocation {
        get { box.fields.location }
        _modify { let box = owned(); yield &box.fields.location }
    }
    public var tab: Tab? {
        get { box.fields.tab }
        _modify { let box = owned(); yield &box.fields.tab }
    }
    public var declaration: Declaration {
        get { box.fields.declaration }
        _modify { let box = owned(); yield &box.fields.declaration }
    }
    public var declarationLocation: SourceLocation? {
        get { box.fields.declarationLocation }
        _modify { let box = owned(); yield &box.fields.declarationLocation }
    }
    public var params: [Param] {
        get { box.fields.params }
        _modify { let box = owned(); yield &box.fields.params }
    }
    public var title: TitleSpec? {
        get { box.fields.title }
        _modify { let box = owned(); yield &box.fields.title }
    }
    public var subtitle: TitleSpec? {
        get { box.fields.subtitle }
        _modify { let box = owned(); yield &box.fields.subtitle }
    }
    /// Routes that push this one: edges of the navigation graph.
    public var from: [Located<String>] {
        get { box.fields.from }
        _modify { let box = owned(); yield &box.fields.from }
    }
    /// `entry: true`: a start route the shared UI shows first (onboarding), never pushed on the
    /// native stack: exempt from `unreachable-route` and `push-without-title`.
    public var isEntry: Bool {
        get { box.fields.isEntry }
        _modify { let box = owned(); yield &box.fields.isEntry }
    }
    /// `lint: { ignore: [...] }`.
    public var ignoredRules: Set<String> {
        get { box.fields.ignoredRules }
        _modify { let box = owned(); yield &box.fields.ignoredRules }
    }

    public init(name: String, location: SourceLocation) {
        box = Box(Fields(name: name, location: location))
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
