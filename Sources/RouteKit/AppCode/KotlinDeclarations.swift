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

/// Finds declarations in the tokens of one Kotlin file. Every loop moves forward and is bounded
/// by the token count, so any input ends; what cannot be read is reported, not guessed.
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
            let type = Self.render(Array(t[typeStart..<p]))
            var defaultValue: String?
            if p < end, t[p].is("=") {
                p += 1
                let valueStart = p
                p = scanDefault(from: p, to: end)
                defaultValue = Self.render(Array(t[valueStart..<min(p, valueStart + 40)]))
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

    // MARK: - Rendering

    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            .replacing("\n", with: "\\n") + "\""
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
                let plain = token.text.unicodeScalars.first.map(KotlinTokenizer.isIdentifierStart) ?? false
                    && token.text.unicodeScalars.allSatisfy(KotlinTokenizer.isIdentifierPart)
                out += plain ? token.text : "`" + token.text + "`"
            default:
                out += token.text
            }
        }
        return out
    }
}

/// For each `(`, `[` and `{` of a file's tokens, the index of its match (-1: none), and the
/// reverse: 32 bits each, read as `Int`.
struct KotlinBracketMatch: Sendable {
    var indices: [Int32]

    subscript(index: Int) -> Int { Int(indices[index]) }
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
