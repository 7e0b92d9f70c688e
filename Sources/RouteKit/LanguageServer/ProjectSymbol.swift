/// What a position in a document names, in routekit's model of the project.
enum ProjectSymbol: Equatable {
    /// A string key of the app's resources (any resource set).
    case key(String)
    /// A key of the iOS String Catalog the Swift code reads (`String(localized:)`).
    case catalogKey(String)
    case route(String)
    /// A `Tab` of the Swift `TabView` (its index in `AppCode.tabs`).
    case tab(Int)
}

/// Finds the symbol at a position: first what the readers placed on that line of that file (a
/// string's key, a route, a push, a tab), then the word under the cursor read in its context
/// (`Res.string.KEY`, a quoted key, a route's name).
struct SymbolLocator {
    let project: Project
    let path: String
    let text: DocumentText

    /// The symbol at routekit's 1-based `line` and scalar `column`, with the byte range of the
    /// word it was found from.
    func symbol(line: Int, column: Int) -> (symbol: ProjectSymbol, word: Range<Int>)? {
        let lineRange = text.lineRange(line - 1)
        let lineBytes = Array(text.bytes[lineRange])
        let cursor = Self.byteOffset(ofColumn: column, in: lineBytes)
        let words = Self.words(in: lineBytes, at: cursor)
        func absolute(_ range: Range<Int>) -> Range<Int> { lineRange.lowerBound + range.lowerBound ..< lineRange.lowerBound + range.upperBound }

        // A tab of the Swift TabView: on its `Tab` or its label.
        for (index, tab) in project.appCode.tabs.enumerated() where tab.location.file == path {
            let lines = [tab.location.line, tab.label?.location.line].compactMap { $0 }
            if lines.contains(line), let word = words.identifier, ["Tab", tab.label?.value].contains(word.text) || words.quoted?.text == tab.label?.value {
                return (.tab(index), absolute(word.range))
            }
        }
        // A string declared on this line (keys of nested YAML are only their last segment there).
        if let key = declaredKey(line: line), let word = words.quoted ?? words.dotted ?? words.identifier {
            return (.key(key), absolute(word.range))
        }
        if let identifier = words.identifier {
            let before = String(decoding: lineBytes[..<identifier.range.lowerBound], as: UTF8.self)
            if before.hasSuffix("Res.string."), hasKey(identifier.text) { return (.key(identifier.text), absolute(identifier.range)) }
            if project.catalog.route(named: identifier.text) != nil || project.appCode.kotlinRoute(named: identifier.text) != nil {
                return (.route(identifier.text), absolute(identifier.range))
            }
        }
        for word in [words.quoted, words.dotted, words.identifier].compactMap({ $0 }) {
            if hasKey(word.text) { return (.key(word.text), absolute(word.range)) }
        }
        if let quoted = words.quoted, path.hasSuffix(".swift"),
           project.appCode.stringCatalog.values.contains(where: { $0[quoted.text] != nil }) {
            return (.catalogKey(quoted.text), absolute(quoted.range))
        }
        return nil
    }

    func hasKey(_ key: String) -> Bool {
        project.stringSets.contains { set in set.strings.locales.contains { set.strings[$0]?[key] != nil } }
    }

    /// The key of the string whose key is written on `line` of this file, in any locale.
    func declaredKey(line: Int) -> String? {
        for set in project.stringSets {
            for locale in set.strings.locales {
                if let key = set.strings[locale]?.key(declaredAt: path, line: line) { return key }
            }
        }
        return nil
    }

    struct Word {
        var text: String
        var range: Range<Int>
    }

    /// The words around `cursor`: the identifier (letters, digits, `_`), the same with dots and
    /// dashes (a dotted key), and the text between the quotes it is in.
    static func words(in line: [UInt8], at cursor: Int) -> (identifier: Word?, dotted: Word?, quoted: Word?) {
        let isIdentifier = SymbolPlaces.isNameByte
        func run(_ accept: (UInt8) -> Bool) -> Word? {
            var start = min(cursor, line.count)
            var end = start
            while start > 0 && accept(line[start - 1]) { start -= 1 }
            while end < line.count && accept(line[end]) { end += 1 }
            guard start < end else { return nil }
            return Word(text: String(decoding: line[start ..< end], as: UTF8.self), range: start ..< end)
        }
        let identifier = run(isIdentifier)
        let dotted = run { isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        var quoted: Word?
        let quotes = line.indices.filter { line[$0] == UInt8(ascii: "\"") && ($0 == 0 || line[$0 - 1] != UInt8(ascii: "\\")) }
        var index = 0
        while index + 1 < quotes.count {
            let (open, close) = (quotes[index], quotes[index + 1])
            if open < cursor && cursor <= close {
                quoted = Word(text: String(decoding: line[open + 1 ..< close], as: UTF8.self), range: open + 1 ..< close)
                break
            }
            index += 2
        }
        return (identifier, dotted, quoted)
    }

    static func byteOffset(ofColumn column: Int, in line: [UInt8]) -> Int {
        var offset = 0
        var scalars = 1
        while offset < line.count && scalars < column {
            offset += 1
            while offset < line.count && line[offset] & 0xC0 == 0x80 { offset += 1 }
            scalars += 1
        }
        return offset
    }
}

extension LocaleStrings {
    /// The key of the entry whose key is written on `line` of `path`: lines compared first, on the
    /// packed entries, so a hover does not build an entry per string of a large project.
    func key(declaredAt path: String, line: Int) -> String? {
        for compact in entries where Int(compact.keyLine) == line {
            if storage.location(compact.file, compact.keyLine, compact.keyColumn).file == path { return storage.name(compact.key) }
        }
        return nil
    }
}
