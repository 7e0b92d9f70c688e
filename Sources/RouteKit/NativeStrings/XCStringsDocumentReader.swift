/// The String Catalog reader over a whole document's nodes, as `XCStringsReader` was before it
/// streamed the entries: the oracle that reader is held to (`XCStringsReaderDifferentialTests`, the
/// `xcstrings` fuzz target). It reads the same, holding every node of the file at once.
enum XCStringsDocumentReader {
    private struct Pending {
        var key: String
        var value: ImportedValue
        var keyNode: Int
        var formNodes: [ImportPluralCategory: Int]
    }

    static func read(bytes: [UInt8], path: String, baseLocale: String, limits: InputLimits) -> StringsReader.Result {
        var data = StringsFileData(path: path)
        var diagnostics: [Finding] = []
        func syntax(_ message: String, _ position: (line: Int, column: Int), key: String? = nil) -> Finding {
            Finding(rule: "json-syntax", severity: .error, message: message,
                       location: SourceLocation(file: path, line: position.line, column: position.column), key: key)
        }
        func state(_ message: String, _ position: (line: Int, column: Int), key: String, locale: String? = nil) -> Finding {
            Finding(rule: "string-state", severity: .info, message: message,
                       location: SourceLocation(file: path, line: position.line, column: position.column), key: key, locale: locale)
        }
        // A member repeated and a lone surrogate can be every few bytes: stored compactly.
        let repeated = NodeFindings(rule: "duplicate-key", path: path, templates: [
            .init(prefix: "'", suffix: "' is given twice in one JSON object: the last one is read, as Xcode reads it"),
        ], limit: limits.findings)
        let lone = NodeFindings(rule: "json-syntax", path: path, templates: [
            .init(prefix: "", suffix: " is a lone UTF-16 surrogate, not a character: it is read as U+FFFD"),
        ], limit: limits.findings)
        let done: (StringsFileData) -> StringsReader.Result = { data in
            var file = NativeStringsReader.emptyFile(path, diagnostics, byteCount: bytes.count)
            file.nodeFindings = [repeated, lone].filter { !$0.isEmpty }
            return StringsReader.Result(file: file, data: data)
        }
        return bytes.withUnsafeBufferPointer { buffer -> StringsReader.Result in
            let parsed = Result { () throws(NativeSyntaxError) in
                try JSONDocument.parse(buffer, maxDepth: limits.depth, maxNodes: limits.nodeCount * 4, outline: .stringCatalog)
            }
            let doc: JSONDocument
            switch parsed {
            case .failure(let error):
                diagnostics.append(syntax(error.message, (error.line, error.column)))
                return done(data)
            case .success(let value): doc = value
            }
            // A member given twice (at any level) is read last-wins, as Xcode and
            // JSONSerialization read it, and reported where it is repeated; a lone surrogate
            // escape is read as U+FFFD, and reported.
            doc.forEachRepeatedMember { keyNode, name in
                let position = doc.position(keyNode)
                repeated.add(0, name, at: SourceLocation(file: path, line: position.line, column: position.column))
            }
            for surrogate in doc.loneSurrogates() {
                lone.add(0, surrogate.text, at: SourceLocation(file: path, line: surrogate.line, column: surrogate.column))
            }
            let root = doc.root
            guard doc.kind(root) == .object else {
                diagnostics.append(syntax("a String Catalog is a JSON object, found \(JSONDocument.kindName(doc.kind(root)))", doc.position(root)))
                return done(data)
            }
            guard let strings = doc.member(root, "strings") else {
                diagnostics.append(syntax("no \"strings\" member: not a String Catalog", doc.position(root)))
                return done(data)
            }
            guard doc.kind(strings) == .object else {
                diagnostics.append(syntax("\"strings\" must be an object, found \(JSONDocument.kindName(doc.kind(strings)))", doc.position(strings)))
                return done(data)
            }
            var source = baseLocale
            var sourcePosition = doc.position(root)
            if let languageKey = doc.memberKey(root, "sourceLanguage") {
                sourcePosition = doc.position(languageKey)
                if let language = doc.string(languageKey + 1), ImportLocaleTag.isValid(language) {
                    source = language
                    if language != baseLocale {
                        diagnostics.append(NativeStringsReader.notice(
                            "sourceLanguage '\(language)' differs from base-locale '\(baseLocale)': this catalog's source strings are read as locale '\(language)'; set base-locale to '\(language)' or change the catalog's source language",
                            path, line: sourcePosition.line, column: sourcePosition.column, locale: language).rated(.warning))
                    }
                } else {
                    diagnostics.append(syntax("\"sourceLanguage\" must be a locale tag such as \"en\"; read as '\(baseLocale)'", doc.position(languageKey + 1)))
                }
            } else {
                diagnostics.append(NativeStringsReader.notice("no \"sourceLanguage\": read as base-locale '\(baseLocale)'", path,
                                                              line: sourcePosition.line, column: sourcePosition.column))
            }
            var byLocale: [String: [Pending]] = [:]
            var localeOrder: [String] = [source]
            var declarations: [String: (line: Int, column: Int)] = [source: sourcePosition]
            var invalidLocales: Set<String> = []
            func add(_ pending: Pending, _ locale: String, at position: (line: Int, column: Int)) {
                if byLocale[locale] == nil, declarations[locale] == nil {
                    localeOrder.append(locale)
                    declarations[locale] = position
                }
                byLocale[locale, default: []].append(pending)
            }
            for (keyNode, entry) in doc.members(strings) {
                let key = doc.string(keyNode)!
                guard doc.kind(entry) == .object else {
                    diagnostics.append(syntax("the entry '\(key)' must be an object, found \(JSONDocument.kindName(doc.kind(entry)))",
                                              doc.position(entry), key: key))
                    continue
                }
                if let flag = doc.member(entry, "shouldTranslate"), doc.bool(flag) == false {
                    data.untranslatable.append(key)
                }
                if doc.member(entry, "extractionState").flatMap(doc.string) == "stale" {
                    diagnostics.append(state("'\(key)' is stale: Xcode no longer finds it in the code (extractionState stale); delete it or use it again",
                                             doc.position(keyNode), key: key))
                }
                var localizations: [(key: Int, value: Int)] = []
                var hasSource = false
                if let node = doc.member(entry, "localizations") {
                    if doc.kind(node) == .object {
                        localizations = doc.members(node)
                        hasSource = doc.member(node, source) != nil
                    } else {
                        diagnostics.append(syntax("\"localizations\" of '\(key)' must be an object, found \(JSONDocument.kindName(doc.kind(node)))",
                                                  doc.position(node), key: key))
                    }
                }
                if !hasSource {
                    add(Pending(key: key, value: .text(key), keyNode: keyNode, formNodes: [:]), source, at: sourcePosition)
                }
                for (localeNode, localization) in localizations {
                    let locale = doc.string(localeNode)!
                    guard ImportLocaleTag.isValid(locale) else {
                        if invalidLocales.insert(locale).inserted {
                            let position = doc.position(localeNode)
                            diagnostics.append(NativeStringsReader.notice("not read: '\(locale)' is not a locale tag", path,
                                                                          line: position.line, column: position.column, key: key))
                        }
                        continue
                    }
                    guard doc.kind(localization) == .object else {
                        diagnostics.append(syntax("the localization '\(locale)' of '\(key)' must be an object, found \(JSONDocument.kindName(doc.kind(localization)))",
                                                  doc.position(localization), key: key))
                        continue
                    }
                    var states: Set<String> = []
                    var messages: [String] = []
                    let position = doc.position(localeNode)
                    guard let decoded = XCStringsDecoder.decode(doc, localization, states: &states, messages: &messages) else {
                        let why = messages.isEmpty ? "it has no stringUnit value" : messages.joined(separator: "; ")
                        diagnostics.append(NativeStringsReader.notice("not read: the localization '\(locale)' of '\(key)': \(why)", path,
                                                                      line: position.line, column: position.column, key: key, locale: locale))
                        continue
                    }
                    if locale != source, states.contains("new") {
                        diagnostics.append(state("'\(key)' in '\(locale)' is in state new: not translated yet, so it counts as missing",
                                                 position, key: key, locale: locale))
                        if declarations[locale] == nil {
                            localeOrder.append(locale)
                            declarations[locale] = position
                        }
                        continue
                    }
                    if states.contains("needs_review") {
                        diagnostics.append(state("'\(key)' in '\(locale)' needs review (state needs_review): it is used as written",
                                                 position, key: key, locale: locale))
                    }
                    add(Pending(key: key, value: decoded.value, keyNode: localeNode, formNodes: decoded.formNodes), locale, at: position)
                }
            }
            data.arena.reserveCapacity(bytes.count / 4)
            for locale in localeOrder {
                let start = data.items.count
                for pending in byLocale[locale] ?? [] {
                    let (line, column) = doc.position(pending.keyNode)
                    data.add(key: pending.key, value: pending.value, keyLine: line, keyColumn: column, valuePosition: (line, column),
                             formPositions: pending.formNodes.mapValues { doc.position($0) })
                }
                let declaration = declarations[locale]!
                data.locales.append(RawLocale(name: locale, line: Int32(declaration.line), column: Int32(declaration.column),
                                              items: start ..< data.items.count))
            }
            return done(data)
        }
    }
}
