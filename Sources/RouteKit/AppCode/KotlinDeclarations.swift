import FoundationEssentials

/// Where a route's `title` or `subtitle` comes from in Kotlin.
enum KotlinPropertySource: Sendable, Equatable {
    /// A primary-constructor parameter of that name (`override val title: String?`).
    case constructorParameter(String)
    /// An override in the body: `override val title get() = name` or `override val title = …`.
    /// Its own copy of the expression's tokens and bytes: a declaration outlives its file's tokens.
    case expression(KotlinTokens)
}

struct KotlinParameter: Sendable, Equatable {
    var name: String
    var type: String
    var defaultValue: String?
    var isProperty: Bool
    /// Where the parameter's name is written.
    var line: Int = 0
    var column: Int = 0
}

/// A class, interface or object declaration, as far as the scanner understood it.
struct KotlinDeclaration: Sendable, Equatable {
    enum Kind: String, Sendable {
        case `class`, interface, object
    }

    var kind: Kind
    var typeParameters: Bool
    var name: String
    var modifiers: KotlinModifiers
    /// Simple names of the supertypes (`com.x.AppRoute<T>` → `AppRoute`).
    var supertypes: [String]
    var parameters: [KotlinParameter]
    var title: KotlinPropertySource?
    var subtitle: KotlinPropertySource?
    var file: String
    // Positions in 32 bits (-1: none): a file of routes holds a declaration per few dozen bytes,
    // all alive until the routes are read.
    private var positions: Positions

    private struct Positions: Sendable, Equatable {
        var line, nameLine, nameColumn, titleLine, titleColumn, subtitleLine, subtitleColumn: Int32
    }

    var line: Int { Int(positions.line) }
    /// Where the name is written.
    var nameLine: Int { Int(positions.nameLine) }
    var nameColumn: Int { Int(positions.nameColumn) }
    /// Where the `title` / `subtitle` property is declared (a constructor parameter or a body property).
    var titleLine: Int? { positions.titleLine < 0 ? nil : Int(positions.titleLine) }
    var titleColumn: Int? { positions.titleColumn < 0 ? nil : Int(positions.titleColumn) }
    var subtitleLine: Int? { positions.subtitleLine < 0 ? nil : Int(positions.subtitleLine) }
    var subtitleColumn: Int? { positions.subtitleColumn < 0 ? nil : Int(positions.subtitleColumn) }

    init(kind: Kind, name: String, modifiers: KotlinModifiers, supertypes: [String], parameters: [KotlinParameter],
         typeParameters: Bool, title: KotlinPropertySource?, subtitle: KotlinPropertySource?, file: String, line: Int,
         nameLine: Int, nameColumn: Int, titleLine: Int?, titleColumn: Int?, subtitleLine: Int?, subtitleColumn: Int?) {
        self.kind = kind
        self.typeParameters = typeParameters
        self.name = name
        self.modifiers = modifiers
        self.supertypes = supertypes
        self.parameters = parameters
        self.title = title
        self.subtitle = subtitle
        self.file = file
        func stored(_ value: Int?) -> Int32 { value.map { Int32(clamping: $0) } ?? -1 }
        positions = Positions(line: stored(line), nameLine: stored(nameLine), nameColumn: stored(nameColumn),
                              titleLine: stored(titleLine), titleColumn: stored(titleColumn),
                              subtitleLine: stored(subtitleLine), subtitleColumn: stored(subtitleColumn))
    }


    var isConcrete: Bool { Self.isConcrete(kind: kind, modifiers: modifiers) }

    static func isConcrete(kind: Kind, modifiers: KotlinModifiers) -> Bool {
        kind != .interface && !modifiers.contains("sealed") && !modifiers.contains("abstract") && !modifiers.contains("enum")
            && !modifiers.contains("annotation")
    }

    var describedKind: String {
        let order = ["sealed", "abstract", "open", "enum", "annotation", "data", "value", "inner", "fun", "companion"]
        let words = order.filter(modifiers.contains) + [kind.rawValue]
        return words.joined(separator: " ")
    }
}

/// Finds declarations in one Kotlin file, in one pass over its tokens (`KotlinTokenWindow`), and
/// the type uses that decide which calls take routes. A declaration's header is read as soon as
/// its keyword is; its body's `title` and `subtitle` properties as the pass goes through the
/// body (the declaration is stored at its keyword, its properties when its body closes). Every
/// loop moves forward and is bounded, so any input ends; what cannot be read is reported, not
/// guessed.
struct KotlinDeclarationScanner {
    struct Skipped: Sendable, Equatable {
        var name: String?
        var line: Int
        var reason: String
    }

    private(set) var declarations: PackedKotlinDeclarations
    private(set) var skipped: [Skipped] = []
    /// `object : AppRoute { … }` expressions: supertypes and line.
    private(set) var anonymousObjects: [(supertypes: [String], line: Int)] = []
    /// What the tokenizer could not read.
    private(set) var problems: [TokenizerProblem] = []

    private var t: KotlinTokenWindow
    private let file: String

    /// A declaration whose body is being read: its `title` and `subtitle` so far.
    private struct Body {
        /// The index of the body's `{`, and of the declaration among the file's.
        var open: Int
        var declaration: Int
        var title: (source: KotlinPropertySource, line: Int, column: Int)?
        var subtitle: (source: KotlinPropertySource, line: Int, column: Int)?
        /// A `title` / `subtitle` constructor parameter: the value when the body has no such property.
        var titleParameter: (line: Int, column: Int)?
        var subtitleParameter: (line: Int, column: Int)?
        /// Tokens before this index belong to a property value already read.
        var readUpTo = 0
    }

    /// The open `{`s, innermost last, and the bodies among them.
    private var braces: [Int] = []
    private var bodies: [Body] = []
    /// The open brackets of every kind, innermost last, for type uses: `(` after a name keeps it.
    private var brackets: [(parenthesis: Bool, callee: KotlinTokenRecord?)] = []

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

    init(bytes: [UInt8], file: String) {
        t = KotlinTokenWindow(bytes: bytes)
        self.file = file
        declarations = PackedKotlinDeclarations(file: file)
        scan()
        problems = t.problems
    }

    init(_ source: String, file: String) {
        self.init(bytes: Array(source.utf8), file: file)
    }

    private func isOpener(_ token: KotlinToken) -> Bool {
        token.is("(") || token.is("[") || token.is("{")
    }

    // MARK: - The pass

    private mutating func scan() {
        var k = 0
        while t.has(k) {
            t.release(before: k)
            let byte = t.punctuationByte(k)
            if byte != 0 {
                guard !t.isUnmatchedByDepth(k) else {
                    k += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    if byte == UInt8(ascii: "{") { braces.append(k) }
                    brackets.append((byte == UInt8(ascii: "("), k > 0 && t[k - 1].kind == .identifier ? t[k - 1].record : nil))
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if byte == UInt8(ascii: "}"), let open = braces.popLast() {
                        // Two headers can end at one body: `by d` read on into the next declaration (an
                        // annotation before it hides its line break). Both read it, as before.
                        while let body = bodies.lastIndex(where: { $0.open == open }) { finish(bodies.remove(at: body)) }
                    }
                    _ = brackets.popLast()
                default: break
                }
                k += 1
                continue
            }
            let token = t[k]
            if token.kind == .identifier {
                if token.isWord("class") || token.isWord("interface") || token.isWord("object"),
                    !(k > 0 && (t[k - 1].is("::") || t[k - 1].is(".") || t[k - 1].is("?.")))
                {
                    declaration(at: k)
                } else if token.isWord("val") || token.isWord("var"), let open = braces.last,
                    let body = bodies.lastIndex(where: { $0.open == open }), k >= bodies[body].readUpTo
                {
                    bodyProperty(at: k, of: body)
                    for other in bodies.indices where other != body && bodies[other].open == open {
                        (bodies[other].title, bodies[other].subtitle, bodies[other].readUpTo) =
                            (bodies[body].title, bodies[body].subtitle, bodies[body].readUpTo)
                    }
                }
                typeUse(at: k)
            }
            k += 1
        }
        if let token = t.tooDeep {
            skipped.append(Skipped(name: nil, line: token.line,
                                   reason: "brackets nested more than \(KotlinTokenWindow.depthLimit) deep: what they enclose is not read"))
        }
        // Bodies the file ends in.
        while let body = bodies.popLast() { finish(body) }
    }

    // MARK: - Declarations

    private mutating func declaration(at k: Int) {
        let kind = KotlinDeclaration.Kind(rawValue: t[k].text)!
        var modifiers = KotlinModifiers()
        var m = k - 1
        while m >= max(0, k - KotlinTokenWindow.lookback), t[m].kind == .identifier, Self.modifierWords.contains(t[m].text) {
            modifiers.insert(t[m].text)
            m -= 1
        }
        let line = t[k].line
        var j = k + 1
        guard t.has(j), t[j].kind == .identifier else {
            if kind == .object {
                if modifiers.contains("companion") { return }
                // An object expression: `object : AppRoute { … }`.
                if t.has(j), t[j].is(":") {
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
        if t.has(j), t[j].is("<") {
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
            while t.has(q), t[q].kind == .identifier, Self.parameterModifiers.contains(t[q].text) { q += 1 }
            if t.has(q), t[q].isWord("constructor") { j = q + 1 }
            if t.has(j), t[j].is("(") {
                t.lookaheadRefused = false
                let close = t.close(of: j)
                guard close > j else {
                    skipped.append(Skipped(name: name, line: line, reason: t.lookaheadRefused
                        ? "constructor parameter list longer than \(KotlinTokenWindow.lookaheadLimit) tokens: not read"
                        : "unterminated constructor parameter list"))
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
        if t.has(j), t[j].is(":") {
            (supertypes, j) = readSupertypes(from: j + 1)
        }
        if t.has(j), t[j].isWord("where") {
            j += 1
            while t.has(j), !t[j].is("{"), !(t[j].newlineBefore && j > 0 && !t[j - 1].is(",")) { j += 1 }
        }
        let titleParameter = parameters.first(where: { $0.name == "title" }).map { (line: $0.line, column: $0.column) }
        let subtitleParameter = parameters.first(where: { $0.name == "subtitle" }).map { (line: $0.line, column: $0.column) }
        let hasBody = t.has(j) && t[j].is("{")
        declarations.append(KotlinDeclaration(
            kind: kind, name: name, modifiers: modifiers, supertypes: supertypes, parameters: parameters,
            typeParameters: typeParameters, title: hasBody ? nil : titleParameter.map { _ in .constructorParameter("title") },
            subtitle: hasBody ? nil : subtitleParameter.map { _ in .constructorParameter("subtitle") }, file: file, line: line,
            nameLine: nameToken.line, nameColumn: nameToken.column,
            titleLine: hasBody ? nil : titleParameter?.line, titleColumn: hasBody ? nil : titleParameter?.column,
            subtitleLine: hasBody ? nil : subtitleParameter?.line, subtitleColumn: hasBody ? nil : subtitleParameter?.column))
        if hasBody {
            bodies.append(Body(open: j, declaration: declarations.count - 1,
                               titleParameter: titleParameter, subtitleParameter: subtitleParameter))
        }
    }

    /// A body has closed (or the file ended in it): its declaration's `title` and `subtitle` are
    /// its properties', or else its constructor parameters'.
    private mutating func finish(_ body: Body) {
        let title = body.title ?? body.titleParameter.map { (KotlinPropertySource.constructorParameter("title"), $0.line, $0.column) }
        let subtitle = body.subtitle
            ?? body.subtitleParameter.map { (KotlinPropertySource.constructorParameter("subtitle"), $0.line, $0.column) }
        declarations.setProperties(of: body.declaration, title: title, subtitle: subtitle)
    }

    /// `val` or `var` at `k`, directly in a body: a `title` or `subtitle` property is read.
    private mutating func bodyProperty(at k: Int, of body: Int) {
        guard t.has(k + 1), t[k + 1].isWord("title") || t[k + 1].isWord("subtitle") else { return }
        let nameToken = t[k + 1]
        // The body's close bounds the value, as far as the look-ahead reaches.
        var end = t.close(of: bodies[body].open)
        if end < 0 { end = t.reachedEnd ? t.endOfRead - 1 : Int.max }
        guard k + 1 < end else { return }
        let (source, next) = readPropertyValue(from: k + 2, to: end)
        if let source {
            if nameToken.textIs("title") {
                bodies[body].title = (source, nameToken.line, nameToken.column)
            } else {
                bodies[body].subtitle = (source, nameToken.line, nameToken.column)
            }
        }
        bodies[body].readUpTo = max(next, k + 1)
    }

    /// From `<`, the index after the matching `>`; nil when something that cannot be inside type
    /// parameters comes first.
    private mutating func skipTypeParameters(from start: Int) -> Int? {
        var depth = 0
        var j = start
        while t.has(j) {
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
    private mutating func readParameters(from start: Int, to end: Int) -> Result<[KotlinParameter], Problem> {
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
            let type = Self.render(t.tokens(typeStart ..< p))
            var defaultValue: String?
            if p < end, t[p].is("=") {
                p += 1
                let valueStart = p
                p = scanDefault(from: p, to: end)
                defaultValue = Self.render(t.tokens(valueStart ..< min(p, valueStart + 40)))
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
    private mutating func scanType(from start: Int, to end: Int) -> Int {
        var depth = 0
        var p = start
        while p < end, t.has(p) {
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
    private mutating func scanDefault(from start: Int, to end: Int) -> Int {
        var angles = 0
        var p = start
        while p < end {
            let token = t[p]
            if isOpener(token) {
                p = min(t.after(p), end)
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
    private mutating func readSupertypes(from start: Int) -> ([String], Int) {
        var names: [String] = []
        var j = start
        while t.has(j) {
            guard t[j].kind == .identifier, !t[j].isWord("where") else { break }
            var simple = t[j].text
            j += 1
            while t.has(j + 1), t[j].is("."), t[j + 1].kind == .identifier {
                simple = t[j + 1].text
                j += 2
            }
            if t.has(j), t[j].is("<") {
                guard let end = skipTypeParameters(from: j) else { break }
                j = end
            }
            if t.has(j), t[j].is("?") { j += 1 }
            names.append(simple)
            if t.has(j), t[j].is("("), !t[j].newlineBefore {
                j = t.after(j)
            }
            if t.has(j), t[j].isWord("by") {
                j += 1
                var depth = 0
                while t.has(j) {
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
            guard t.has(j), t[j].is(",") else { break }
            j += 1
        }
        return (names, j)
    }

    /// After `val title`: an optional type, then `= expr`, `get() = expr` or `get() { return expr }`.
    private mutating func readPropertyValue(from start: Int, to end: Int) -> (KotlinPropertySource?, Int) {
        var p = start
        if p < end, t.has(p), t[p].is(":") {
            p += 1
            var depth = 0
            while p < end, t.has(p) {
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
        guard p < end, t.has(p) else { return (nil, p) }
        if t[p].is("=") {
            let (expression, next) = readExpression(from: p + 1, to: end)
            return (.expression(expression), next)
        }
        if t[p].isWord("get"), p + 2 < end, t.has(p + 2), t[p + 1].is("("), t[p + 2].is(")") {
            p += 3
            if p < end, t.has(p), t[p].is(":") {
                p += 1
                p = scanType(from: p, to: end)
                while p < end, t.has(p), !t[p].is("="), !t[p].is("{"), !t[p].newlineBefore { p += 1 }
            }
            if p < end, t.has(p), t[p].is("=") {
                let (expression, next) = readExpression(from: p + 1, to: end)
                return (.expression(expression), next)
            }
            if p < end, t.has(p), t[p].is("{") {
                let close = min(t.after(p), end)
                var r = p + 1
                while r < close, t.has(r), !t[r].isWord("return") { r += 1 }
                if r < close, t.has(r) {
                    let (expression, _) = readExpression(from: r + 1, to: max(close - 1, r + 1))
                    return (.expression(expression), close)
                }
                return (.expression(t.copy((p + 1) ..< max(p + 1, min(close - 1, t.endOfRead)))), close)
            }
        }
        return (nil, p)
    }

    private static let continuationTokens: Set<String> = [".", "?.", "?:", "&&", "||", "+", "-", "*", "/", "::", "!!"]

    /// An expression from `start`: to a `;`, to the end of its line (unless the next line
    /// continues it), or to a closing brace, at bracket depth 0.
    private mutating func readExpression(from start: Int, to end: Int) -> (KotlinTokens, Int) {
        var depth = 0
        var p = start
        while p < end, p - start < 400, t.has(p) {
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
        return (t.copy(start ..< p), p)
    }

    // MARK: - Type uses

    /// `name: Type` at `k`: the type read to its end at depth 0; a name whose type (or whose
    /// function type's parameters) could be a route's is kept with those type names, to decide
    /// once the route types are known whether `name` takes routes.
    private mutating func typeUse(at k: Int) {
        guard t.has(k + 1), t.punctuationByte(k + 1) == UInt8(ascii: ":"), k == 0 || !t[k - 1].is("::") else { return }
        let token = t[k]
        var j = k + 2
        var depth = 0
        var functionType = false
        // Names in a function type's parameters (before its `->`): a route among them makes `name`
        // take routes. Kept as records: most type uses are not function types, and need no text.
        var parameterTypes: [KotlinTokenRecord] = []
        reading: while t.has(j) {
            let record = t.record(j)
            switch t.punctuationByte(j) {
            case UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "]"):
                if depth == 0 { break reading }
                depth -= 1
            case UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: ":"):
                // No type holds a `:` outside brackets: `a: b: c: …` on one line read each type to the line's end.
                if depth == 0 { break reading }
            default:
                if record.kind == .identifier {
                    if depth == 0, t[j].isWord("by") { break reading }
                    if depth > 0, !functionType { parameterTypes.append(record) }
                } else if record.kind == .punctuation, record.length == 2, t[j].is("->") {
                    functionType = true
                }
            }
            if j > k + 2, record.flags & KotlinTokenRecord.newlineBefore != 0, depth == 0 { break }
            j += 1
        }
        if functionType {
            if !parameterTypes.isEmpty {
                let types = parameterTypes.map { KotlinToken(bytes: t.bytes, record: $0).text }
                declarations.append(KotlinTypeUse(name: token.text, types: types))
            }
        } else if t.has(k + 2), t[k + 2].kind == .identifier, !t[k + 2].isWord("by"),
            let open = brackets.last, open.parenthesis, let callee = open.callee
        {
            // A parameter whose type is a route: the called function or class takes routes.
            declarations.append(KotlinTypeUse(name: KotlinToken(bytes: t.bytes, record: callee).text, types: [t[k + 2].text]))
        }
    }

    // MARK: - Rendering

    static func quoted(_ text: String) -> String {
        // One pass over the bytes (three `replacing` calls were half the cost of rendering a title).
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "\n"):
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "n"))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    private static let spacedOperators: Set<String> = ["=", "?:", "+", "-", "*", "/", "&&", "||", "==", "!="]

    /// Tokens back to text, spaced the way Kotlin is usually written.
    static func render(_ tokens: [KotlinToken]) -> String {
        var out = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 {
                let previous = tokens[index - 1]
                let words = previous.kind != .punctuation && token.kind != .punctuation
                let space = token.is("->") || previous.is("->") || previous.is(",") || previous.is(":") || words
                    || (previous.isWord("suspend") && token.is("("))
                    || (token.spaceBefore && token.kind == .punctuation && spacedOperators.contains(token.text))
                    || (previous.spaceBefore && previous.kind == .punctuation && spacedOperators.contains(previous.text))
                if space { out += " " }
            }
            switch token.kind {
            case .string:
                out += token.stringValue.map(Self.quoted) ?? "\"…\""
            case .identifier:
                let text = token.text
                let plain = text.unicodeScalars.first.map(KotlinTokenizer.isIdentifierStart) ?? false
                    && text.unicodeScalars.allSatisfy(KotlinTokenizer.isIdentifierPart)
                out += plain ? text : "`" + text + "`"
            default:
                out += token.text
            }
        }
        return out
    }
}

/// The modifier words of a declaration, a bit each: a `Set<String>` was a heap allocation per
/// declaration.
struct KotlinModifiers: Sendable, Equatable {
    static let words = [
        "sealed", "data", "abstract", "open", "final", "enum", "annotation", "value", "inner", "private", "public",
        "internal", "protected", "expect", "actual", "companion", "fun", "external",
    ]
    private var bits: UInt32 = 0

    func contains(_ word: String) -> Bool {
        guard let index = Self.words.firstIndex(of: word) else { return false }
        return bits & (1 << index) != 0
    }

    mutating func insert(_ word: String) {
        if let index = Self.words.firstIndex(of: word) { bits |= 1 << index }
    }
}
