/// An edit of one file: bytes `range` of its current text become `newText`.
struct FileEdit: Equatable {
    var file: String
    var range: Range<Int>
    var newText: String
}

/// A code action whose fix is certain, for one finding.
struct QuickFix {
    var title: String
    var finding: Finding
    var edits: [FileEdit]
    var isPreferred = false
}

/// The fixes routekit is sure of: a mistyped key for the key it is closest to, a data object
/// made a class, a key added to the base locale (with a placeholder text that says so), a route
/// marked `entry: true`. Each edit touches only the text it changes, so comments and formatting stay.
struct QuickFixes {
    let project: Project
    let textOf: (String) -> DocumentText?

    /// The text a new string is given until someone writes it.
    static func placeholder(for key: String) -> String { "TODO: \(key)" }

    func fixes(for finding: Finding) -> [QuickFix] {
        guard let location = finding.location else { return [] }
        switch finding.rule {
        case "unknown-string-key":
            guard let key = finding.key else { return [] }
            var fixes: [QuickFix] = []
            let baseKeys = project.strings.base?.keys ?? []
            if let suggestion = closestMatch(to: key, among: baseKeys),
               let range = word(key, at: location) {
                fixes.append(QuickFix(title: "Change '\(key)' to '\(suggestion)'", finding: finding,
                                      edits: [FileEdit(file: location.file, range: range, newText: suggestion)], isPreferred: true))
            }
            if let edit = additionToBase(key) {
                fixes.append(QuickFix(title: "Add '\(key)' to base locale '\(project.config.baseLocale.value)' (placeholder text)",
                                      finding: finding, edits: [edit]))
            }
            return fixes
        case "data-object-needs-instance-title":
            guard let route = finding.route, let range = word("object", at: location) else { return [] }
            return [QuickFix(title: "Declare '\(route)' as a class (declaration: class)", finding: finding,
                             edits: [FileEdit(file: location.file, range: range, newText: "class")], isPreferred: true)]
        case "unreachable-route":
            guard let name = finding.route, let route = project.catalog.route(named: name), let edit = entryTrue(route) else { return [] }
            return [QuickFix(title: "Mark '\(name)' as an entry route (entry: true)", finding: finding, edits: [edit])]
        default:
            return []
        }
    }

    /// The bytes of `word` written at or after `location` on its line.
    func word(_ word: String, at location: SourceLocation) -> Range<Int>? {
        guard let text = textOf(location.file) else { return nil }
        let line = text.lineRange(location.line - 1)
        let bytes = Array(text.bytes[line])
        let from = SymbolLocator.byteOffset(ofColumn: location.column, in: bytes)
        let pattern = Array(word.utf8)
        var index = from
        while index + pattern.count <= bytes.count {
            if bytes[index ..< index + pattern.count].elementsEqual(pattern),
               index + pattern.count == bytes.count || !SymbolPlaces.isNameByte(bytes[index + pattern.count]) {
                return line.lowerBound + index ..< line.lowerBound + index + pattern.count
            }
            index += 1
        }
        return nil
    }

    /// `entry: true` as the route's first field, indented as its fields are.
    func entryTrue(_ route: Route) -> FileEdit? {
        guard let text = textOf(route.location.file) else { return nil }
        let keyLine = route.location.line - 1
        let indent = route.location.column - 1
        var next = keyLine + 1
        while next < text.lineCount {
            let line = text.line(next)
            let trimmed = line.drop { $0 == " " }
            if !trimmed.isEmpty && !trimmed.hasPrefix("#") { break }
            next += 1
        }
        guard next < text.lineCount else { return nil }
        let fieldIndent = text.line(next).prefix { $0 == " " }.count
        guard fieldIndent > indent else { return nil }
        let start = text.lineRange(keyLine + 1).lowerBound
        return FileEdit(file: route.location.file, range: start ..< start, newText: String(repeating: " ", count: fieldIndent) + "entry: true\n")
    }

    /// The key added to the base locale's file, in that file's format.
    func additionToBase(_ key: String) -> FileEdit? {
        guard let base = project.strings.base else { return nil }
        let entries = base.allEntries
        guard let file = entries.first?.keyLocation.file ?? base.declarations.first?.file, let text = textOf(file) else { return nil }
        let placeholder = Self.placeholder(for: key)
        if file.hasSuffix(".xml") {
            guard let close = lastRange(of: "</resources>", in: text.bytes) else { return nil }
            let lineStart = text.lineRange(text.position(ofOffset: close.lowerBound, encoding: .utf32).line).lowerBound
            let indent = entries.last { $0.keyLocation.file == file }
                .map { text.line($0.keyLocation.line - 1).prefix { $0 == " " || $0 == "\t" } }.map(String.init) ?? "    "
            let element = "\(indent)<string name=\"\(XMLText.escaped(key, quotes: true, breaks: true))\">\(XMLText.escaped(placeholder, quotes: false, breaks: true))</string>\n"
            if lineStart == close.lowerBound || text.bytes[lineStart ..< close.lowerBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                return FileEdit(file: file, range: lineStart ..< lineStart, newText: element)
            }
            return FileEdit(file: file, range: close.lowerBound ..< close.lowerBound, newText: "\n" + element)
        }
        if file.hasSuffix(".xcstrings") {
            guard let open = stringsObjectStart(text.bytes) else { return nil }
            var after = open + 1
            while after < text.bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(text.bytes[after]) { after += 1 }
            let empty = after < text.bytes.count && text.bytes[after] == UInt8(ascii: "}")
            var member = "\n    "
            JSONValue.writeString(key, into: &member)
            member += " : {\n      \"localizations\" : {\n        "
            JSONValue.writeString(project.config.baseLocale.value, into: &member)
            member += " : {\n          \"stringUnit\" : {\n            \"state\" : \"needs_review\",\n            \"value\" : "
            JSONValue.writeString(placeholder, into: &member)
            member += "\n          }\n        }\n      }\n    }" + (empty ? "\n  " : ",")
            return FileEdit(file: file, range: open + 1 ..< open + 1, newText: member)
        }
        // YAML: after the last string with the same parent, at its indentation.
        let parent = key.lastIndex(of: ".").map { String(key[..<$0]) } ?? ""
        let leaf = key.lastIndex(of: ".").map { String(key[key.index(after: $0)...]) } ?? key
        let siblings = entries.filter { entry in
            entry.keyLocation.file == file && (entry.key.lastIndex(of: ".").map { String(entry.key[..<$0]) } ?? "") == parent
        }
        guard let last = siblings.max(by: { lastLine(of: $0) < lastLine(of: $1) }) else { return nil }
        let indent = String(repeating: " ", count: last.keyLocation.column - 1)
        var quoted = ""
        JSONValue.writeString(placeholder, into: &quoted)
        let line = lastLine(of: last)
        if line >= text.lineCount - 1 && !text.bytes.isEmpty && text.bytes.last != 0x0A {
            return FileEdit(file: file, range: text.bytes.count ..< text.bytes.count, newText: "\n\(indent)\(leaf): \(quoted)")
        }
        let start = text.lineRange(min(line + 1, text.lineCount - 1)).lowerBound
        return FileEdit(file: file, range: start ..< start, newText: "\(indent)\(leaf): \(quoted)\n")
    }

    /// The 0-based last line of an entry's text (a block scalar or plural spans several).
    private func lastLine(of entry: StringEntry) -> Int {
        entry.texts.map { ($0.location.endLine ?? $0.location.line) - 1 }.max() ?? entry.keyLocation.line - 1
    }

    private func lastRange(of needle: String, in bytes: [UInt8]) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        var index = bytes.count - pattern.count
        while index >= 0 {
            if bytes[index ..< index + pattern.count].elementsEqual(pattern) { return index ..< index + pattern.count }
            index -= 1
        }
        return nil
    }

    /// The `{` opening the catalog's top-level `"strings"` object.
    private func stringsObjectStart(_ bytes: [UInt8]) -> Int? {
        let pattern = Array("\"strings\"".utf8)
        var index = 0
        while index + pattern.count <= bytes.count {
            if bytes[index ..< index + pattern.count].elementsEqual(pattern) {
                var cursor = index + pattern.count
                while cursor < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { index += 1; continue }
                cursor += 1
                while cursor < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") { return cursor }
            }
            index += 1
        }
        return nil
    }
}
