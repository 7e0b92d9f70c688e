@testable import RouteKit

// The array-based Kotlin declaration and push-site scanners routekit had before the streaming ones
// (git c64437a), kept as the oracle the streaming scanners are held to on well-formed code: every
// token of a file in an array (annotations stripped into a second array), brackets matched by kind
// over the whole file, each construct read by index. Tokens are rendered back to text by the
// scanner's own `render`, unchanged.

/// Finds declarations in the tokens of one Kotlin file. Every loop moves forward and is bounded
/// by the token count, so any input ends; what cannot be read is reported, not guessed.
struct ReferenceKotlinDeclarationScanner {
    typealias Skipped = KotlinDeclarationScanner.Skipped

    private(set) var declarations: PackedKotlinDeclarations
    private(set) var skipped: [Skipped] = []
    /// `object : AppRoute { … }` expressions: supertypes and line.
    private(set) var anonymousObjects: [(supertypes: [String], line: Int)] = []

    /// The file's tokens without annotations: what the push-site scanner reads too.
    let t: KotlinTokens
    /// For each `(`, `[` and `{`, the index of its matching close (-1: none), computed once so
    /// nested declarations never make the scan quadratic.
    let match: KotlinBracketMatch
    private let file: String

    static let modifierWords = Set(KotlinModifiers.words)
    static let parameterModifiers: Set<String> = [
        "override", "private", "public", "internal", "protected", "vararg", "noinline", "crossinline", "open",
        "final", "lateinit",
    ]

    /// The declarations found, leaving none: the caller appends to them without a copy.
    mutating func takeDeclarations() -> PackedKotlinDeclarations {
        defer { declarations = PackedKotlinDeclarations(file: file) }
        return declarations
    }

    /// `scanDeclarations: false` prepares the tokens alone (the push-site pass).
    init(tokens: KotlinTokens, file: String, scanDeclarations: Bool = true) {
        t = Self.stripAnnotations(tokens)
        match = Self.matchBrackets(t)
        self.file = file
        declarations = PackedKotlinDeclarations(file: file)
        if scanDeclarations { scan() }
    }

    static func matchBrackets(_ tokens: KotlinTokens) -> KotlinBracketMatch {
        var match = [Int32](repeating: -1, count: tokens.count)
        // Open brackets by kind: ( [ {.
        var stacks: [[Int32]] = [[], [], []]
        let bytes = tokens.bytes
        for (index, record) in tokens.records.enumerated() where record.kind == .punctuation && record.length == 1 {
            let kind: Int
            var opens = false
            switch bytes[Int(record.start)] {
            case 0x28: (kind, opens) = (0, true)
            case 0x5B: (kind, opens) = (1, true)
            case 0x7B: (kind, opens) = (2, true)
            case 0x29: kind = 0
            case 0x5D: kind = 1
            case 0x7D: kind = 2
            default: continue
            }
            if opens {
                stacks[kind].append(Int32(index))
            } else if let open = stacks[kind].popLast() {
                match[Int(open)] = Int32(index)
                match[index] = open
            }
        }
        return KotlinBracketMatch(indices: match)
    }

    /// From an opening `(`, `[` or `{`, the index after its match (or the end).
    private func after(_ open: Int) -> Int {
        match[open] > open ? match[open] + 1 : t.count
    }

    private func isOpener(_ token: KotlinToken) -> Bool {
        token.kind == .punctuation && (token.text == "(" || token.text == "[" || token.text == "{")
    }

    // MARK: - Annotations

    /// Removes `@Name`, `@Name(…)`, `@use:Name(…)`, `@[A B]` and labels like `this@Outer`.
    static func stripAnnotations(_ tokens: KotlinTokens) -> KotlinTokens {
        // Most files of routes have none: no copy of their tokens (tens of bytes each).
        guard tokens.contains(where: { $0.is("@") }) else { return tokens }
        var out: [KotlinTokenRecord] = []
        out.reserveCapacity(tokens.count)
        var k = 0
        while k < tokens.count {
            guard tokens[k].is("@") else {
                out.append(tokens.records[k])
                k += 1
                continue
            }
            var j = k + 1
            if j < tokens.count, tokens[j].is("["), !tokens[j].spaceBefore {
                j = skipBalanced(tokens, from: j, open: "[", close: "]")
            } else if j < tokens.count, tokens[j].kind == .identifier, !tokens[j].spaceBefore {
                j += 1
                if j + 1 < tokens.count, tokens[j].is(":"), !tokens[j].spaceBefore, tokens[j + 1].kind == .identifier,
                    !tokens[j + 1].spaceBefore
                {
                    j += 2
                }
                while j + 1 < tokens.count, tokens[j].is("."), !tokens[j].spaceBefore, tokens[j + 1].kind == .identifier {
                    j += 2
                }
                if j < tokens.count, tokens[j].is("<"), !tokens[j].spaceBefore {
                    j = skipBalanced(tokens, from: j, open: "<", close: ">")
                }
                if j < tokens.count, tokens[j].is("("), !tokens[j].spaceBefore {
                    j = skipBalanced(tokens, from: j, open: "(", close: ")")
                }
            }
            k = max(j, k + 1)
        }
        return KotlinTokens(bytes: tokens.bytes, records: out)
    }

    /// From an opening token, the index after its matching close (or the end).
    static func skipBalanced(_ tokens: KotlinTokens, from start: Int, open: String, close: String) -> Int {
        var depth = 0
        var j = start
        while j < tokens.count {
            if tokens[j].is(open) {
                depth += 1
            } else if tokens[j].is(close) {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return tokens.count
    }

    // MARK: - Declarations

    private mutating func scan() {
        var k = 0
        while k < t.count {
            let token = t[k]
            if token.isWord("class") || token.isWord("interface") || token.isWord("object"),
                !(k > 0 && (t[k - 1].is("::") || t[k - 1].is(".") || t[k - 1].is("?.")))
            {
                declaration(at: k)
            }
            k += 1
        }
    }

    private mutating func declaration(at k: Int) {
        let kind = KotlinDeclaration.Kind(rawValue: t[k].text)!
        var modifiers = KotlinModifiers()
        var m = k - 1
        while m >= 0, t[m].kind == .identifier, Self.modifierWords.contains(t[m].text) {
            modifiers.insert(t[m].text)
            m -= 1
        }
        let line = t[k].line
        var j = k + 1
        guard j < t.count, t[j].kind == .identifier else {
            if kind == .object {
                if modifiers.contains("companion") { return }
                // An object expression: `object : AppRoute { … }`.
                if j < t.count, t[j].is(":") {
                    let (supertypes, _) = readSupertypes(from: j + 1)
                    anonymousObjects.append((supertypes, line))
                }
                return
            }
            skipped.append(Skipped(name: nil, line: line, reason: "\(kind.rawValue) without a name"))
            return
        }
        let name = t[j].text
        let nameToken = t[j]
        j += 1
        var typeParameters = false
        if j < t.count, t[j].is("<") {
            typeParameters = true
            guard let end = skipTypeParameters(from: j) else {
                skipped.append(Skipped(name: name, line: line, reason: "unbalanced type parameters <…>"))
                return
            }
            j = end
        }
        var parameters: [KotlinParameter] = []
        if kind == .class {
            var q = j
            while q < t.count, t[q].kind == .identifier, Self.parameterModifiers.contains(t[q].text) { q += 1 }
            if q < t.count, t[q].isWord("constructor") { j = q + 1 }
            if j < t.count, t[j].is("(") {
                let close = after(j) - 1
                guard close < t.count, t[close].is(")") else {
                    skipped.append(Skipped(name: name, line: line, reason: "unterminated constructor parameter list"))
                    return
                }
                switch readParameters(from: j + 1, to: close) {
                case .success(let list): parameters = list
                case .failure(let problem):
                    skipped.append(Skipped(name: name, line: line, reason: problem.message))
                    return
                }
                j = close + 1
            }
        }
        var supertypes: [String] = []
        if j < t.count, t[j].is(":") {
            (supertypes, j) = readSupertypes(from: j + 1)
        }
        if j < t.count, t[j].isWord("where") {
            j += 1
            while j < t.count, !t[j].is("{"), !(t[j].newlineBefore && j > 0 && !t[j - 1].is(",")) { j += 1 }
        }
        var title: KotlinPropertySource?
        var subtitle: KotlinPropertySource?
        var titleToken: (line: Int, column: Int)?
        var subtitleToken: (line: Int, column: Int)?
        if j < t.count, t[j].is("{") {
            let close = after(j) - 1
            (title, subtitle, titleToken, subtitleToken) = readBodyProperties(from: j + 1, to: min(close, t.count))
        }
        if title == nil, let parameter = parameters.first(where: { $0.name == "title" }) {
            title = .constructorParameter("title")
            titleToken = (parameter.line, parameter.column)
        }
        if subtitle == nil, let parameter = parameters.first(where: { $0.name == "subtitle" }) {
            subtitle = .constructorParameter("subtitle")
            subtitleToken = (parameter.line, parameter.column)
        }
        declarations.append(KotlinDeclaration(
            kind: kind, name: name, modifiers: modifiers, supertypes: supertypes, parameters: parameters,
            typeParameters: typeParameters, title: title, subtitle: subtitle, file: file, line: line,
            nameLine: nameToken.line, nameColumn: nameToken.column,
            titleLine: titleToken?.line, titleColumn: titleToken?.column,
            subtitleLine: subtitleToken?.line, subtitleColumn: subtitleToken?.column))
    }

    /// From `<`, the index after the matching `>`; nil when something that cannot be inside type
    /// parameters comes first.
    private func skipTypeParameters(from start: Int) -> Int? {
        var depth = 0
        var j = start
        while j < t.count {
            let token = t[j]
            if token.is("<") {
                depth += 1
            } else if token.is(">") {
                depth -= 1
                if depth == 0 { return j + 1 }
            } else if token.is("{") || token.is("}") || token.is(";") || token.is("=")
                || (token.kind == .identifier && ["class", "interface", "object", "fun", "val", "var"].contains(token.text))
            {
                return nil
            }
            j += 1
        }
        return nil
    }

    struct Problem: Error {
        var message: String
    }

    /// Reads `name: Type = default` entries between `start` and `end` (the closing parenthesis).
    private func readParameters(from start: Int, to end: Int) -> Result<[KotlinParameter], Problem> {
        var result: [KotlinParameter] = []
        var p = start
        while p < end {
            while p < end, t[p].kind == .identifier, Self.parameterModifiers.contains(t[p].text) { p += 1 }
            var isProperty = false
            if p < end, t[p].isWord("val") || t[p].isWord("var") {
                isProperty = true
                p += 1
            }
            guard p < end, t[p].kind == .identifier else {
                return .failure(Problem(message: "unreadable constructor parameter at line \(p < end ? t[p].line : t[end].line)"))
            }
            let name = t[p].text
            let nameToken = t[p]
            p += 1
            guard p < end, t[p].is(":") else {
                return .failure(Problem(message: "constructor parameter '\(name)' has no type"))
            }
            p += 1
            let typeStart = p
            p = scanType(from: p, to: end)
            guard p > typeStart else {
                return .failure(Problem(message: "constructor parameter '\(name)' has no type"))
            }
            let type = KotlinDeclarationScanner.render(Array(t[typeStart..<p]))
            var defaultValue: String?
            if p < end, t[p].is("=") {
                p += 1
                let valueStart = p
                p = scanDefault(from: p, to: end)
                defaultValue = KotlinDeclarationScanner.render(Array(t[valueStart..<min(p, valueStart + 40)]))
                    + (p - valueStart > 40 ? " …" : "")
            }
            if p < end {
                guard t[p].is(",") else {
                    return .failure(Problem(message: "unexpected '\(t[p].text)' after constructor parameter '\(name)'"))
                }
                p += 1
            }
            result.append(KotlinParameter(name: name, type: type, defaultValue: defaultValue, isProperty: isProperty,
                                          line: nameToken.line, column: nameToken.column))
        }
        return .success(result)
    }

    /// Words and marks that never occur inside a type: a type region stops there, so it can
    /// never swallow a nested declaration.
    private static let notInTypes: Set<String> = [
        "class", "interface", "object", "val", "var", "fun", "get", "set", "{", "}", ";", "=", "return",
    ]

    /// A type ends at `,` or `=` outside brackets, at a token no type contains, or at `end`.
    private func scanType(from start: Int, to end: Int) -> Int {
        var depth = 0
        var p = start
        while p < end {
            let token = t[p]
            if Self.notInTypes.contains(token.text), token.kind != .string, token.kind != .character {
                break
            }
            if token.is("<") || token.is("(") || token.is("[") {
                depth += 1
            } else if token.is(">") || token.is(")") || token.is("]") {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0 && token.is(",") {
                break
            }
            p += 1
        }
        return p
    }

    /// A default value ends at `,` outside brackets, or at `end`. `<` counts as a bracket only
    /// right after a name with no space (`listOf<Int>()`), so comparisons do not confuse it.
    private func scanDefault(from start: Int, to end: Int) -> Int {
        var angles = 0
        var p = start
        while p < end {
            let token = t[p]
            if isOpener(token) {
                p = min(after(p), end)
                continue
            }
            if token.is("<"), !token.spaceBefore, p > start, t[p - 1].kind == .identifier {
                angles += 1
            } else if token.is(">"), angles > 0 {
                angles -= 1
            } else if angles == 0 && token.is(",") {
                break
            }
            p += 1
        }
        return p
    }

    /// Supertype names from `start`, and the index where the list ends.
    private func readSupertypes(from start: Int) -> ([String], Int) {
        var names: [String] = []
        var j = start
        while j < t.count {
            guard t[j].kind == .identifier, !["where"].contains(t[j].text) else { break }
            var simple = t[j].text
            j += 1
            while j + 1 < t.count, t[j].is("."), t[j + 1].kind == .identifier {
                simple = t[j + 1].text
                j += 2
            }
            if j < t.count, t[j].is("<") {
                guard let end = skipTypeParameters(from: j) else { break }
                j = end
            }
            if j < t.count, t[j].is("?") { j += 1 }
            names.append(simple)
            if j < t.count, t[j].is("("), !t[j].newlineBefore {
                j = after(j)
            }
            if j < t.count, t[j].isWord("by") {
                j += 1
                var depth = 0
                while j < t.count {
                    if t[j].is("(") || t[j].is("[") {
                        depth += 1
                    } else if t[j].is(")") || t[j].is("]") {
                        depth -= 1
                    } else if depth <= 0 && (t[j].is(",") || t[j].is("{") || t[j].is("}")) {
                        break
                    } else if depth <= 0 && t[j].newlineBefore {
                        break
                    }
                    j += 1
                }
            }
            guard j < t.count, t[j].is(",") else { break }
            j += 1
        }
        return (names, j)
    }

    /// `title` / `subtitle` properties declared directly in a body (not in nested bodies).
    private func readBodyProperties(from start: Int, to end: Int)
        -> (KotlinPropertySource?, KotlinPropertySource?, (line: Int, column: Int)?, (line: Int, column: Int)?)
    {
        var title: KotlinPropertySource?
        var subtitle: KotlinPropertySource?
        var titleToken: (line: Int, column: Int)?
        var subtitleToken: (line: Int, column: Int)?
        var q = start
        while q < end {
            let token = t[q]
            if token.is("{") {
                q = max(after(q), q + 1)
                continue
            } else if token.isWord("val") || token.isWord("var"), q + 1 < end,
                t[q + 1].isWord("title") || t[q + 1].isWord("subtitle")
            {
                let name = t[q + 1].text
                let (source, next) = readPropertyValue(from: q + 2, to: end)
                if let source {
                    if name == "title" {
                        title = source
                        titleToken = (t[q + 1].line, t[q + 1].column)
                    } else {
                        subtitle = source
                        subtitleToken = (t[q + 1].line, t[q + 1].column)
                    }
                }
                q = max(next, q + 1)
                continue
            }
            q += 1
        }
        return (title, subtitle, titleToken, subtitleToken)
    }

    /// After `val title`: an optional type, then `= expr`, `get() = expr` or `get() { return expr }`.
    private func readPropertyValue(from start: Int, to end: Int) -> (KotlinPropertySource?, Int) {
        var p = start
        if p < end, t[p].is(":") {
            p += 1
            var depth = 0
            while p < end {
                let token = t[p]
                if token.is("<") || token.is("(") {
                    depth += 1
                } else if token.is(">") || token.is(")") {
                    depth -= 1
                } else if depth <= 0 && (token.is("=") || token.isWord("get") || token.is(";") || token.is("}")
                    || (token.newlineBefore && !token.is("?") && !token.is(".")))
                {
                    break
                }
                p += 1
            }
        }
        guard p < end else { return (nil, p) }
        if t[p].is("=") {
            let (expression, next) = readExpression(from: p + 1, to: end)
            return (.expression(expression), next)
        }
        if t[p].isWord("get"), p + 2 < end, t[p + 1].is("("), t[p + 2].is(")") {
            p += 3
            if p < end, t[p].is(":") {
                p += 1
                p = scanType(from: p, to: end)
                while p < end, !t[p].is("="), !t[p].is("{"), !t[p].newlineBefore { p += 1 }
            }
            if p < end, t[p].is("=") {
                let (expression, next) = readExpression(from: p + 1, to: end)
                return (.expression(expression), next)
            }
            if p < end, t[p].is("{") {
                let close = min(after(p), end)
                var r = p + 1
                while r < close, !t[r].isWord("return") { r += 1 }
                if r < close {
                    let (expression, _) = readExpression(from: r + 1, to: max(close - 1, r + 1))
                    return (.expression(expression), close)
                }
                return (.expression(t.copy((p + 1)..<max(p + 1, close - 1))), close)
            }
        }
        return (nil, p)
    }

    private static let continuationTokens: Set<String> = [".", "?.", "?:", "&&", "||", "+", "-", "*", "/", "::", "!!"]

    /// An expression from `start`: to a `;`, to the end of its line (unless the next line
    /// continues it), or to a closing brace, at bracket depth 0.
    private func readExpression(from start: Int, to end: Int) -> (KotlinTokens, Int) {
        var depth = 0
        var p = start
        while p < end, p - start < 400 {
            let token = t[p]
            if p > start, depth == 0, token.newlineBefore, !(token.kind == .punctuation && Self.continuationTokens.contains(token.text)),
                !(t[p - 1].kind == .punctuation && Self.continuationTokens.contains(t[p - 1].text))
            {
                break
            }
            if token.is("(") || token.is("[") || token.is("{") {
                depth += 1
            } else if token.is(")") || token.is("]") || token.is("}") {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0, token.is(";") {
                break
            }
            p += 1
        }
        return (t.copy(start..<p), p)
    }

}

/// Finds push sites in one Kotlin file: every construction of a route class and every object
/// route passed to a call that takes routes. Which calls take routes is learnt from the
/// declarations (`routeTakingCalls`), never from a list of names. One forward pass over the
/// tokens, with a stack of open brackets for scopes and calls.
struct ReferenceKotlinPushSiteScanner {
    /// The pushes of the files scanned before, then this file's: packed as they are found (a
    /// file of pushes is one per 19 bytes, a `PushSite` value many times that).
    private(set) var pushes: PushSites
    /// Constructs routekit does not follow: `code-not-followed` findings.
    private(set) var notFollowed: [Located<String>] = []

    private let t: KotlinTokens
    private let match: KotlinBracketMatch
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
        /// The called name for `(` after an identifier.
        var callee: String?
        var names: [String] = []
    }

    private var bindings: [String: [Binding]] = [:]
    private var stack: [Open] = []

    init(file: KotlinSourceFile, bytes: [UInt8], routes: KotlinRouteShapes, routeTakingCalls: Set<String>,
         after earlier: consuming PushSites = PushSites()) {
        pushes = earlier
        let tokens = ReferenceKotlinDeclarationScanner(tokens: KotlinTokenizer(bytes: bytes).tokens, file: file.display, scanDeclarations: false)
        t = tokens.t
        match = tokens.match
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
        while k < t.count {
            let token = t[k]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[":
                    var callee: String?
                    if token.text == "(", k > 0, t[k - 1].kind == .identifier { callee = t[k - 1].text }
                    stack.append(Open(index: k, callee: callee))
                case "{":
                    stack.append(Open(index: k, callee: nil))
                    bindLambdaParameters(after: k)
                case ")", "]", "}":
                    close()
                case "::":
                    if k + 1 < t.count, let shape = routes[t[k + 1].text], !shape.isObject,
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
            if (text == "val" || text == "var"), k + 1 < t.count, t[k + 1].kind == .identifier {
                bind(at: k + 1)
            } else if Self.reflection.contains(text), k > 0, t[k - 1].is(".") || t[k - 1].is("::") {
                if mentionsRoute(before: k) {
                    notFollowed.append(Located("reflection (`\(text)`): routes it creates are not followed", at: location(token)))
                }
            } else if let shape = routes[text], !isQualifiedOrDeclared(k) {
                if !shape.isObject, k + 1 < t.count, t[k + 1].is("("), !t[k + 1].newlineBefore {
                    construction(of: shape, at: k)
                } else if shape.isObject, let via = routeTakingCall(forArgumentAt: k) {
                    record(PushSite(route: shape.name, location: location(token), via: via,
                                           title: shape.title == .none ? .noSlot : .computed,
                                           subtitle: shape.subtitle == .none ? .noSlot : .computed))
                }
            }
            k += 1
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
    private func routeTakingCall(forArgumentAt k: Int) -> String? {
        guard let open = stack.last, let callee = open.callee, t[open.index].is("("), routeTakingCalls.contains(callee) else {
            return nil
        }
        let previous = t[k - 1]
        let startsArgument = k - 1 == open.index || previous.is(",")
            || (previous.is("=") && k >= 3 && t[k - 2].kind == .identifier && (t[k - 3].is(",") || k - 3 == open.index))
        guard startsArgument, k + 1 < t.count, t[k + 1].is(",") || t[k + 1].is(")") else { return nil }
        return receiverAndName(callee: open.index - 1)
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
        if j < t.count, t[j].is(":") {
            j += 1
            while j < t.count, !t[j].is("="), !t[j].newlineBefore, !t[j].isWord("by") { j += 1 }
        }
        var key: String?
        if j + 1 < t.count, t[j].is("=") {
            key = Self.resourceKey(in: t, from: j + 1, to: min(t.count, j + 9))
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
        while j < t.count, j < open + 24 {
            if t[j].is("->") {
                for name in names { addBinding(name, key: nil) }
                return
            }
            if t[j].kind == .identifier, j + 1 < t.count, t[j + 1].is(",") || t[j + 1].is("->") || t[j + 1].is(":") || t[j + 1].is(")") {
                names.append(t[j].text)
            } else if !(t[j].is(",") || t[j].is("(") || t[j].is(")") || t[j].is(":") || t[j].kind == .identifier
                || t[j].is("<") || t[j].is(">") || t[j].is("?") || t[j].is("."))
            {
                return
            }
            j += 1
        }
    }

    /// `stringResource(Res.string.KEY)` at `start` (or `Res.string.KEY` wrapped in any one call).
    static func resourceKey(in t: KotlinTokens, from start: Int, to end: Int) -> String? {
        var j = start
        guard j + 1 < end, t[j].kind == .identifier, t[j + 1].is("(") else { return nil }
        j += 2
        guard j + 5 < t.count + 1, j + 4 < end, t[j].isWord("Res") || t[j].isWord("R"), t[j + 1].is("."),
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
        let close = match[open]
        guard close > open else { return }
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
            if match[j] > j { j = match[j] } else { j += 1 }
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
        let via = enclosingRouteTakingCall(of: k)
        func pushed(_ slot: KotlinTitleSlot) -> PushedTitle {
            switch slot {
            case .none: return .noSlot
            case .computed: return .computed
            case .parameter(let index):
                guard let argument = byParameter[index] else { return .defaulted(shape.parameters[index].defaultValue) }
                return classify(from: argument.start, to: argument.end)
            }
        }
        record(PushSite(route: shape.name, location: location(t[k]), via: via,
                               title: pushed(shape.title), subtitle: pushed(shape.subtitle)))
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

    private func enclosingRouteTakingCall(of k: Int) -> String? {
        guard let open = stack.last, let callee = open.callee, routeTakingCalls.contains(callee), t[open.index].is("(") else {
            return nil
        }
        return receiverAndName(callee: open.index - 1)
    }

    private static let expressionWords: Set<String> = ["if", "else", "when", "is", "in", "true", "false", "this", "it"]

    /// What an argument expression gives as a title.
    private func classify(from start: Int, to end: Int) -> PushedTitle {
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
        if let key = Self.resourceKey(in: t, from: start, to: end), t[start].isWord("stringResource"), match[start + 1] == end - 1 {
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
        return .value(KotlinDeclarationScanner.render(Array(t[start..<min(end, start + 12)])), location(first))
    }

    /// Every push site in the files, for the routes of an imported hierarchy, and what was not followed.
    /// Packed file by file: a file's pushes are values only while it is scanned.
    /// `reading` gives a file's bytes: the ones it keeps, or read again.
    static func pushSites(in files: [KotlinSourceFile], routes hierarchy: KotlinRouteHierarchy,
                          reading: (KotlinSourceFile) -> [UInt8] = \.bytes) -> (PushSites, [Located<String>]) {
        let shapes = KotlinRouteShapes(hierarchy, files: files)
        let calls = routeTakingCalls(in: files, routes: shapes)
        var pushes = PushSites(routeNames: hierarchy.routeNames)
        var notFollowed: [Located<String>] = []
        for file in files {
            // Only the scanner holds the pushes while it appends: no copy.
            let scanner = ReferenceKotlinPushSiteScanner(file: file, bytes: reading(file), routes: shapes, routeTakingCalls: calls,
                                                after: consume pushes)
            pushes = scanner.pushes
            notFollowed += scanner.notFollowed
        }
        return (pushes, notFollowed)
    }

    // MARK: - Calls that take routes

    /// Names that take a route, learnt from declarations in every file: functions and classes
    /// with a parameter of a route type (`fun add(route: AppRoute)`, `class NavRequest(val
    /// targetRoute: AppRoute)`), and values of a function type over routes (`onNavigate:
    /// (AppRoute) -> Unit`).
    static func routeTakingCalls(in files: [KotlinSourceFile], routes: KotlinRouteShapes) -> Set<String> {
        var result: Set<String> = []
        for file in files {
            for use in file.typeUses where !result.contains(use.name) && use.types.contains(where: routes.isRouteType) {
                result.insert(use.name)
            }
        }
        return result
    }

    /// Every `name: Type` of a file that could make a call take routes, reduced to the name it
    /// would make a route-taking call and the type names that decide it: read before the route
    /// types are known, so the file's tokens need not stay alive until they are.
    static func typeUses(in t: KotlinTokens, _ found: (KotlinTypeUse) -> Void) {
        var opens: [Int] = []
        var k = 0
        while k < t.count {
            let token = t[k]
            if token.is("(") || token.is("[") || token.is("{") {
                opens.append(k)
            } else if token.is(")") || token.is("]") || token.is("}") {
                _ = opens.popLast()
            } else if token.kind == .identifier, k + 1 < t.count, t[k + 1].is(":"), k == 0 || !t[k - 1].is("::") {
                // `name: Type` — read the type to its end at depth 0.
                var j = k + 2
                var depth = 0
                var functionType = false
                // Names in a function type's parameters (before its `->`): a route among them makes `name` take routes.
                var parameterTypes: [String] = []
                while j < t.count {
                    let part = t[j]
                    if part.is("(") || part.is("<") || part.is("[") {
                        depth += 1
                    } else if part.is(")") || part.is(">") || part.is("]") {
                        if depth == 0 { break }
                        depth -= 1
                    } else if depth == 0, part.is(",") || part.is("=") || part.is("{") || part.is(";") || part.is(":") || part.isWord("by") {
                        // The one change from git c64437a (time: `a: b: c: …` on one line was quadratic).
                        break
                    } else if part.is("->") {
                        functionType = true
                    } else if part.kind == .identifier, depth > 0, !functionType {
                        parameterTypes.append(part.text)
                    }
                    if j > k + 2, part.newlineBefore, depth == 0 { break }
                    j += 1
                }
                if functionType {
                    if !parameterTypes.isEmpty { found(KotlinTypeUse(name: token.text, types: parameterTypes)) }
                } else if k + 2 < t.count, t[k + 2].kind == .identifier, !t[k + 2].isWord("by"),
                    let open = opens.last, t[open].is("("), open > 0, t[open - 1].kind == .identifier
                {
                    // A parameter whose type is a route: the called function or class takes routes.
                    found(KotlinTypeUse(name: t[open - 1].text, types: [t[k + 2].text]))
                }
            }
            k += 1
        }
    }
}


/// For each `(`, `[` and `{` of a file's tokens, the index of its match (-1: none), and the
/// reverse: 32 bits each, read as `Int`.
struct KotlinBracketMatch: Sendable {
    var indices: [Int32]

    subscript(index: Int) -> Int { Int(indices[index]) }
}


extension ReferenceKotlinDeclarationScanner {
    /// A file read the old way: its declarations, type uses, skipped declarations, anonymous
    /// objects and tokenizer problems from the array scanners.
    static func sourceFile(display: String, bytes: [UInt8]) -> KotlinSourceFile {
        var file = KotlinSourceFile(display: display, bytes: bytes)
        let tokenizer = KotlinTokenizer(bytes: bytes)
        var scanner = ReferenceKotlinDeclarationScanner(tokens: tokenizer.tokens, file: display)
        var declarations = scanner.takeDeclarations()
        ReferenceKotlinPushSiteScanner.typeUses(in: scanner.t) { declarations.append($0) }
        file.problems = tokenizer.problems
        file.skipped = scanner.skipped
        file.anonymousObjects = scanner.anonymousObjects
        file.declarations = declarations
        return file
    }
}
