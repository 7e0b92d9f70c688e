/// How a route's Kotlin declaration takes its title or subtitle, as far as pushes are concerned.
enum KotlinTitleSlot: Sendable, Equatable {
    /// No such property: every instance has none.
    case none
    /// A constructor parameter: the push's argument at `index` (or its default) is the value.
    case parameter(index: Int)
    /// Computed by the declaration from something else (a resource, a combination of params).
    case computed
}

/// What the push-site scanner needs to know about one route.
struct KotlinRouteShape: Sendable {
    var name: String
    var isObject: Bool
    var parameters: [KotlinParameter]
    var title: KotlinTitleSlot
    var subtitle: KotlinTitleSlot

    init(_ declaration: KotlinDeclaration) {
        name = declaration.name
        isObject = declaration.kind == .object
        parameters = declaration.parameters
        let names = parameters.map(\.name)
        func slot(_ source: KotlinPropertySource?) -> KotlinTitleSlot {
            switch source {
            case nil: return .none
            case .constructorParameter(let name): return names.firstIndex(of: name).map { .parameter(index: $0) } ?? .computed
            case .expression(let tokens):
                if tokens.count == 1, tokens[0].isWord("null") { return .none }
                if tokens.count == 1, tokens[0].kind == .identifier, let index = names.firstIndex(of: tokens[0].text) {
                    return .parameter(index: index)
                }
                if tokens.count == 3, tokens[0].isWord("this"), tokens[1].is("."), let index = names.firstIndex(of: tokens[2].text) {
                    return .parameter(index: index)
                }
                return .computed
            }
        }
        title = slot(declaration.title)
        subtitle = slot(declaration.subtitle)
    }
}

/// The routes the push-site scanner knows, by name: a route's shape is made from its declaration
/// when a push names it (a dictionary of every route's shape held every route's parameters at
/// once: about 150 bytes a route, where a route's declaration may be 28 bytes of code).
struct KotlinRouteShapes {
    private let hierarchy: KotlinRouteHierarchy
    private let files: [KotlinSourceFile]

    init(_ hierarchy: KotlinRouteHierarchy, files: [KotlinSourceFile]) {
        self.hierarchy = hierarchy
        self.files = files
    }

    subscript(name: String) -> KotlinRouteShape? {
        hierarchy.route(named: name).map { KotlinRouteShape(files[declaration: hierarchy.routes[$0]]) }
    }

    /// True for a route and for the route and tab interfaces: the types reflection over routes names.
    func isRouteType(_ name: String) -> Bool {
        hierarchy.route(named: name) != nil || name == hierarchy.root || name == hierarchy.tab
    }
}

/// Finds push sites in one Kotlin file: every construction of a route class and every object
/// route passed to a call that takes routes. Which calls take routes is learnt from the
/// declarations (`routeTakingCalls`), never from a list of names. One forward pass over the
/// tokens (`KotlinTokenWindow`: only those still looked at are held), with a stack of open
/// brackets for scopes and calls; a construction's arguments are read ahead to its `)`.
struct KotlinPushSiteScanner {
    /// The file's pushes, packed as they are found (a file of pushes is one per 19 bytes, a
    /// `PushSite` value many times that).
    private(set) var pushes: PushSites
    /// Constructs routekit does not follow: `code-not-followed` findings.
    private(set) var notFollowed: [Located<String>] = []

    private var t: KotlinTokenWindow
    private let file: String
    private let routes: KotlinRouteShapes
    private let routeTakingCalls: Set<String>

    /// A `val` bound in scope: to a string resource key, or to something else (it shadows).
    private struct Binding {
        var depth: Int
        var key: String?
    }

    private struct Open {
        var index: Int
        var parenthesis: Bool
        /// For `(` after a name that takes routes: the call with its receiver (`navigator.add`).
        var routeTakingCall: String?
        var names: [String] = []
    }

    private var bindings: [String: [Binding]] = [:]
    private var stack: [Open] = []

    init(file: KotlinSourceFile, bytes: [UInt8], routes: KotlinRouteShapes, routeTakingCalls: Set<String>,
         routeNames: KeyInterner) {
        pushes = PushSites(routeNames: routeNames)
        t = KotlinTokenWindow(bytes: bytes)
        self.file = file.display
        self.routes = routes
        self.routeTakingCalls = routeTakingCalls
        scan()
    }

    private func location(_ token: KotlinToken) -> SourceLocation {
        SourceLocation(file: file, line: token.line, column: token.column)
    }

    private static let declarationWords: Set<String> = ["class", "interface", "object", "fun", "typealias", "import", "package"]
    private static let reflection: Set<String> = ["createInstance", "primaryConstructor", "objectInstance", "sealedSubclasses", "constructors"]

    private mutating func scan() {
        var k = 0
        while t.has(k) {
            t.release(before: k)
            let token = t[k]
            if token.kind == .punctuation {
                switch t.isUnmatchedByDepth(k) ? "" : token.text {
                case "(":
                    var call: String?
                    if k > 0, t[k - 1].kind == .identifier, routeTakingCalls.contains(t[k - 1].text) { call = receiverAndName(callee: k - 1) }
                    stack.append(Open(index: k, parenthesis: true, routeTakingCall: call))
                case "[":
                    stack.append(Open(index: k, parenthesis: false))
                case "{":
                    stack.append(Open(index: k, parenthesis: false))
                    bindLambdaParameters(after: k)
                case ")", "]", "}":
                    close()
                case "::":
                    if t.has(k + 1), let shape = routes[t[k + 1].text], !shape.isObject,
                        !(k > 0 && (t[k - 1].kind == .identifier || t[k - 1].is(")")))
                    {
                        notFollowed.append(Located("constructor reference ::\(shape.name): pushes made through it are not followed",
                                                   at: location(t[k])))
                    }
                default: break
                }
                k += 1
                continue
            }
            guard token.kind == .identifier else {
                k += 1
                continue
            }
            // The text made once: a token's text is made from its bytes.
            let text = token.text
            if (text == "val" || text == "var"), t.has(k + 1), t[k + 1].kind == .identifier {
                bind(at: k + 1)
            } else if Self.reflection.contains(text), k > 0, t[k - 1].is(".") || t[k - 1].is("::") {
                if mentionsRoute(before: k) {
                    notFollowed.append(Located("reflection (`\(text)`): routes it creates are not followed", at: location(token)))
                }
            } else if let shape = routes[text], !isQualifiedOrDeclared(k) {
                if !shape.isObject, t.has(k + 1), t[k + 1].is("("), !t[k + 1].newlineBefore {
                    construction(of: shape, at: k)
                } else if shape.isObject, let via = routeTakingCall(forArgumentAt: k) {
                    record(PushSite(route: shape.name, location: location(token), via: via,
                                           title: shape.title == .none ? .noSlot : .computed,
                                           subtitle: shape.subtitle == .none ? .noSlot : .computed))
                }
            }
            k += 1
        }
        if let token = t.tooDeep {
            notFollowed.append(Located("brackets nested more than \(KotlinTokenWindow.depthLimit) deep: pushes inside them are not followed",
                                       at: location(token)))
        }
    }

    private mutating func close() {
        guard let open = stack.popLast() else { return }
        for name in open.names {
            bindings[name]?.removeLast()
            if bindings[name]?.isEmpty == true { bindings[name] = nil }
        }
    }

    /// True for `x.Route`, `::Route`, `class Route`, `is Route`, `as Route`, `<Route>` and imports.
    private func isQualifiedOrDeclared(_ k: Int) -> Bool {
        guard k > 0 else { return false }
        let previous = t[k - 1]
        if previous.is(".") || previous.is("?.") || previous.is("::") || previous.is("<") { return true }
        if previous.kind == .identifier, Self.declarationWords.contains(previous.text) || previous.text == "is" || previous.text == "as" {
            return true
        }
        return false
    }

    /// A route type named within the few tokens before `k` (reflection over the route hierarchy).
    private func mentionsRoute(before k: Int) -> Bool {
        var j = k - 1
        while j >= 0, j >= k - 12, !t[j].newlineBefore || j == k - 1 {
            if t[j].kind == .identifier, routes.isRouteType(t[j].text) { return true }
            j -= 1
        }
        return false
    }

    /// The innermost open bracket is a call's `(` and the token at `k` is a whole argument of it
    /// (positional or named): the call's name with its receiver, when the call takes routes.
    private mutating func routeTakingCall(forArgumentAt k: Int) -> String? {
        guard let open = stack.last, let call = open.routeTakingCall else { return nil }
        let previous = t[k - 1]
        let startsArgument = k - 1 == open.index || previous.is(",")
            || (previous.is("=") && k >= 3 && t[k - 2].kind == .identifier && (t[k - 3].is(",") || k - 3 == open.index))
        guard startsArgument, t.has(k + 1), t[k + 1].is(",") || t[k + 1].is(")") else { return nil }
        return call
    }

    private func receiverAndName(callee index: Int) -> String {
        if index >= 2, t[index - 1].is(".") || t[index - 1].is("?."), t[index - 2].kind == .identifier {
            return t[index - 2].text + t[index - 1].text + t[index].text
        }
        return t[index].text
    }

    // MARK: - Scope

    /// `val name = stringResource(Res.string.key)` binds `name` to `key`; any other `val` shadows.
    private mutating func bind(at k: Int) {
        let name = t[k].text
        var j = k + 1
        if t.has(j), t[j].is(":") {
            j += 1
            while t.has(j), !t[j].is("="), !t[j].newlineBefore, !t[j].isWord("by") { j += 1 }
        }
        var key: String?
        if t.has(j + 1), t[j].is("=") {
            key = resourceKey(from: j + 1, to: j + 9)
        }
        addBinding(name, key: key)
    }

    private mutating func addBinding(_ name: String, key: String?) {
        // A binding to no key only shadows: with nothing of that name to shadow it changes no
        // lookup, and kept it would hold every top-level `val` of the file until its end.
        guard key != nil || bindings[name] != nil else { return }
        bindings[name, default: []].append(Binding(depth: stack.count, key: key))
        if !stack.isEmpty { stack[stack.count - 1].names.append(name) }
    }

    /// `{ a, b -> …}`: the lambda's parameters shadow outer bindings of the same names.
    private mutating func bindLambdaParameters(after open: Int) {
        var j = open + 1
        var names: [String] = []
        while t.has(j), j < open + 24 {
            if t[j].is("->") {
                for name in names { addBinding(name, key: nil) }
                return
            }
            if t[j].kind == .identifier, t.has(j + 1), t[j + 1].is(",") || t[j + 1].is("->") || t[j + 1].is(":") || t[j + 1].is(")") {
                names.append(t[j].text)
            } else if !(t[j].is(",") || t[j].is("(") || t[j].is(")") || t[j].is(":") || t[j].kind == .identifier
                || t[j].is("<") || t[j].is(">") || t[j].is("?") || t[j].is("."))
            {
                return
            }
            j += 1
        }
    }

    /// `stringResource(Res.string.KEY)` at `start` (or `Res.string.KEY` wrapped in any one call),
    /// within `end`, as far as the file goes.
    private mutating func resourceKey(from start: Int, to end: Int) -> String? {
        var j = start
        guard j + 1 < end, t.has(j + 1), t[j].kind == .identifier, t[j + 1].is("(") else { return nil }
        j += 2
        guard j + 4 < end, t.has(j + 4), t[j].isWord("Res") || t[j].isWord("R"), t[j + 1].is("."),
            t[j + 2].isWord("string"), t[j + 3].is("."), t[j + 4].kind == .identifier
        else { return nil }
        return t[j + 4].text
    }

    // MARK: - Constructions

    private struct Argument {
        var name: String?
        var start: Int
        var end: Int
    }

    private mutating func construction(of shape: KotlinRouteShape, at k: Int) {
        let open = k + 1
        t.lookaheadRefused = false
        let close = t.close(of: open)
        guard close > open else {
            if t.lookaheadRefused {
                notFollowed.append(Located("a construction of \(shape.name) whose arguments are longer than "
                    + "\(KotlinTokenWindow.lookaheadLimit) tokens: not followed", at: location(t[k])))
            }
            return
        }
        var arguments: [Argument] = []
        var start = open + 1
        var j = open + 1
        while j <= close {
            if j == close || t[j].is(",") {
                if j > start {
                    var argument = Argument(name: nil, start: start, end: j)
                    if j - start >= 2, t[start].kind == .identifier, t[start + 1].is("=") {
                        argument.name = t[start].text
                        argument.start = start + 2
                    }
                    arguments.append(argument)
                }
                start = j + 1
                j += 1
                continue
            }
            let inner = t.close(of: j)
            if inner > j { j = inner } else { j += 1 }
        }
        // The arguments must fit the constructor, or this is another function of the same name
        // (a composable screen called like its route).
        var byParameter = [Argument?](repeating: nil, count: shape.parameters.count)
        var position = 0
        for argument in arguments {
            if t[argument.start].is("*") { return }
            if let name = argument.name {
                guard let index = shape.parameters.firstIndex(where: { $0.name == name }) else { return }
                byParameter[index] = argument
            } else {
                guard position < shape.parameters.count else { return }
                byParameter[position] = argument
                position += 1
            }
        }
        for (index, parameter) in shape.parameters.enumerated() where byParameter[index] == nil && parameter.defaultValue == nil {
            return
        }
        let via = stack.last?.routeTakingCall
        func pushed(_ slot: KotlinTitleSlot, _ scanner: inout KotlinPushSiteScanner) -> PushedTitle {
            switch slot {
            case .none: return .noSlot
            case .computed: return .computed
            case .parameter(let index):
                guard let argument = byParameter[index] else { return .defaulted(shape.parameters[index].defaultValue) }
                return scanner.classify(from: argument.start, to: argument.end)
            }
        }
        let title = pushed(shape.title, &self), subtitle = pushed(shape.subtitle, &self)
        record(PushSite(route: shape.name, location: location(t[k]), via: via, title: title, subtitle: subtitle))
    }

    /// Packs a push, noting a title or subtitle it does not follow while the value is at hand
    /// (the packed pushes are not made again to look for them).
    private mutating func record(_ push: PushSite) {
        for slot in [push.title, push.subtitle] {
            if case .notFollowed(let what, let location) = slot {
                notFollowed.append(Located("\(what) at a push of \(push.route): not checked", at: location))
            }
        }
        pushes.append(push)
    }

    private static let expressionWords: Set<String> = ["if", "else", "when", "is", "in", "true", "false", "this", "it"]

    /// What an argument expression gives as a title.
    private mutating func classify(from start: Int, to end: Int) -> PushedTitle {
        let first = t[start]
        if end - start == 1 {
            if first.isWord("null") { return .null(location(first)) }
            if first.kind == .string {
                guard let value = first.stringValue else {
                    return .notFollowed("a title built by a string template", location(first))
                }
                return value.isEmpty ? .empty(location(first)) : .literals([Located(value, at: location(first))])
            }
            if first.kind == .identifier {
                if let binding = bindings[first.text]?.last {
                    if let key = binding.key { return .key(key, location(first)) }
                }
                return .value(first.text, location(first))
            }
        }
        if first.isWord("stringResource"), let key = resourceKey(from: start, to: end), t.close(of: start + 1) == end - 1 {
            return .key(key, location(first))
        }
        var literals: [Located<String>] = []
        var j = start
        while j < end {
            let token = t[j]
            if token.kind == .string {
                guard let value = token.stringValue else {
                    return .notFollowed("a title built by a string template", location(token))
                }
                if !value.isEmpty { literals.append(Located(value, at: location(token))) }
            } else if token.kind == .identifier, j + 1 < end, t[j + 1].is("("), !Self.expressionWords.contains(token.text) {
                return .notFollowed("a title built by a function call (`\(token.text)(…)`)", location(token))
            }
            j += 1
        }
        if !literals.isEmpty { return .literals(literals) }
        return .value(KotlinDeclarationScanner.render(t.tokens(start ..< min(end, start + 12))), location(first))
    }

    /// Every push site in the files, for the routes of an imported hierarchy, and what was not followed.
    /// Packed file by file: a file's pushes are values only while it is scanned or appended.
    /// `reading` gives a file's bytes: the ones it keeps, or read again.
    static func pushSites(in files: [KotlinSourceFile], routes hierarchy: KotlinRouteHierarchy,
                          reading: @Sendable (KotlinSourceFile) -> [UInt8] = { $0.bytes }) -> (PushSites, [Located<String>]) {
        let shapes = KotlinRouteShapes(hierarchy, files: files)
        let calls = routeTakingCalls(in: files, routes: shapes)
        // Each file on all cores into pushes of its own, appended in order.
        var perFile = Concurrent.map(count: files.count) { index in
            let scanner = KotlinPushSiteScanner(file: files[index], bytes: reading(files[index]), routes: shapes,
                                                routeTakingCalls: calls, routeNames: hierarchy.routeNames)
            return (pushes: scanner.pushes, notFollowed: scanner.notFollowed)
        }
        var pushes = PushSites(routeNames: hierarchy.routeNames)
        var notFollowed: [Located<String>] = []
        for index in perFile.indices {
            pushes += perFile[index].pushes
            notFollowed += perFile[index].notFollowed
            perFile[index] = (PushSites(), [])
        }
        return (pushes, notFollowed)
    }

    // MARK: - Calls that take routes

    /// Names that take a route, learnt from declarations in every file: functions and classes
    /// with a parameter of a route type (`fun add(route: AppRoute)`, `class NavRequest(val
    /// targetRoute: AppRoute)`), and values of a function type over routes (`onNavigate:
    /// (AppRoute) -> Unit`). The declaration scanner reads each file's type uses.
    static func routeTakingCalls(in files: [KotlinSourceFile], routes: KotlinRouteShapes) -> Set<String> {
        var result: Set<String> = []
        for file in files {
            for use in file.typeUses where !result.contains(use.name) && use.types.contains(where: routes.isRouteType) {
                result.insert(use.name)
            }
        }
        return result
    }
}

/// A type annotation that makes `name` take routes when one of `types` is a route type.
struct KotlinTypeUse: Sendable, Hashable {
    var name: String
    var types: [String]
}
