import FoundationEssentials

/// Imports an Apple String Catalog (`.xcstrings`, JSON).
///
/// - The source language (`sourceLanguage`) is the base locale. A key without a source-language
///   localization takes the key text as its value (that is what Xcode shows).
/// - `stringUnit` values become texts; `variations.plural` becomes a plural map; for
///   `variations.device` the `other` device (else the first by name) is imported, with a note.
/// - Substitutions: a string made of text around exactly one `%#@name@` whose substitution has
///   plural variations becomes a plural map, each form being the string with the token replaced by
///   that form, and `%arg` replaced by the argument's specifier (`%1$lld` when `argNum` is given,
///   else `%lld`). Anything else keeps its `%#@name@` tokens as written, with a note.
/// - Entries in state `new` or `needs_review` are imported with a comment above the key.
/// - `shouldTranslate: false` entries are skipped (noted). Format specifiers are kept as written.
public struct XCStringsImporter: Sendable {
    public var maxFileSize: Int

    public init(maxFileSize: Int = 64 << 20) {
        self.maxFileSize = maxFileSize
    }

    /// Several catalogs (`Localizable.xcstrings`, `InfoPlist.xcstrings`) merged into one set of
    /// locales: a key already imported from an earlier file keeps that value (noted). The first
    /// file's source language is the base locale.
    public func importFiles(_ paths: [String]) throws(ImportError) -> ImportedStrings {
        var merged: ImportedStrings?
        for path in paths {
            let next = try importFile(path)
            guard var result = merged else {
                merged = next
                continue
            }
            if next.baseLocale != result.baseLocale {
                result.notes.append(ImportNote(.note, file: path,
                    "source language '\(next.baseLocale)' differs from '\(result.baseLocale)' of the first catalog; its strings are merged by locale"))
            }
            result.source += ", " + next.source
            result.filesRead += next.filesRead
            result.info += next.info
            result.notes += next.notes
            for locale in next.locales {
                result.touch(locale)
                guard let table = next.table(locale) else { continue }
                for key in table.order {
                    guard let entry = table[key] else { continue }
                    if let existing = result.value(key, locale: locale) {
                        let same = existing == entry.value
                        result.notes.append(ImportNote(same ? .note : .skipped, file: path, locale: locale, key: key,
                            same ? "also defined in an earlier catalog (same value)"
                                : "also defined in an earlier catalog with a different value: kept that one"))
                        continue
                    }
                    result.set(entry, locale: locale)
                }
            }
            merged = result
        }
        guard let merged else { throw ImportError("missing the .xcstrings file") }
        return merged
    }

    public func importFile(_ path: String) throws(ImportError) -> ImportedStrings {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError("cannot read \(path): no such file")
        }
        guard !isDirectory else { throw ImportError("\(path) is a directory, not an .xcstrings file") }
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? UInt, size > maxFileSize {
                throw ImportError("\(path): file is larger than \(maxFileSize) bytes")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read \(path): \(error)")
        }
        return try importData(data, display: path)
    }

    public func importData(_ data: Data, display: String) throws(ImportError) -> ImportedStrings {
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in
            switch Result(catching: { () throws(NativeSyntaxError) in try JSONDocument.parse(buffer, outline: .stringCatalog) }) {
            case .success(let doc): return try importDocument(doc, display: display)
            case .failure(let error):
                throw ImportError("\(display):\(error.line):\(error.column): not valid JSON: \(error.message)")
            }
        }
    }

    private func importDocument(_ doc: JSONDocument, display: String) throws(ImportError) -> ImportedStrings {
        let root = doc.root
        guard doc.kind(root) == .object else {
            throw ImportError("\(display): expected a JSON object at the top level")
        }
        guard let strings = doc.member(root, "strings"), doc.kind(strings) == .object else {
            throw ImportError("\(display): no \"strings\" object: not a String Catalog")
        }
        var notes: [ImportNote] = []
        var source = "en"
        if let language = doc.member(root, "sourceLanguage").flatMap(doc.string), ImportLocaleTag.isValid(language) {
            source = language
        } else {
            notes.append(ImportNote(.note, file: display, "no valid \"sourceLanguage\": assuming en"))
        }
        var result = ImportedStrings(source: display, baseLocale: source)
        result.filesRead = [display]
        result.touch(source)
        var invalidLocales: Set<String> = []

        var seenKeys: Set<String> = []
        for (keyNode, entry) in XCStringsDecoder.sortedMembers(doc, strings) {
            let key = doc.string(keyNode)!
            // JSON allows a repeated member; Foundation kept one of them, routekit keeps the first.
            guard seenKeys.insert(key).inserted else { continue }
            func note(_ kind: ImportNote.Kind, locale: String? = nil, _ message: String) {
                notes.append(ImportNote(kind, file: display, locale: locale, key: key, message))
            }
            guard !key.isEmpty else {
                note(.skipped, "empty key")
                continue
            }
            guard doc.kind(entry) == .object else {
                note(.skipped, "entry is not a JSON object")
                continue
            }
            if doc.member(entry, "shouldTranslate").flatMap(doc.bool) == false {
                note(.skipped, "shouldTranslate: false")
                continue
            }
            if key.contains(".") { note(.note, "key contains '.', which nests keys in routekit") }
            var sourceComments: [String] = []
            if let comment = doc.member(entry, "comment").flatMap(doc.string), !comment.isEmpty {
                sourceComments.append("comment: " + ImportCommentText.inert(comment))
            }
            if doc.member(entry, "extractionState").flatMap(doc.string) == "stale" {
                sourceComments.append("xcstrings: extractionState stale (no longer found in the code)")
                note(.note, "extractionState stale")
            }
            let localizationsNode = doc.member(entry, "localizations")
            if let localizationsNode, doc.kind(localizationsNode) != .object {
                note(.skipped, "\"localizations\" is not a JSON object")
            }
            let localizations = localizationsNode.map { XCStringsDecoder.sortedMembers(doc, $0) } ?? []
            if !localizations.contains(where: { doc.string($0.key) == source }) {
                result.set(ImportedEntry(key: key, value: .text(key), comments: sourceComments), locale: source)
            }
            var seenLocales: Set<String> = []
            for (localeNode, localization) in localizations {
                let locale = doc.string(localeNode)!
                guard seenLocales.insert(locale).inserted else { continue }
                guard ImportLocaleTag.isValid(locale) else {
                    if invalidLocales.insert(locale).inserted {
                        notes.append(ImportNote(.skipped, file: display, locale: locale,
                            "not a valid locale tag: its localizations are not imported"))
                    }
                    continue
                }
                guard doc.kind(localization) == .object else {
                    note(.skipped, locale: locale, "localization is not a JSON object")
                    continue
                }
                var messages: [String] = []
                var states: Set<String> = []
                guard let decoded = XCStringsDecoder.decode(doc, localization, states: &states, messages: &messages) else {
                    for message in messages { note(.skipped, locale: locale, message) }
                    if messages.isEmpty { note(.skipped, locale: locale, "localization has no stringUnit value") }
                    continue
                }
                for message in messages { note(.note, locale: locale, message) }
                var comments = locale == source ? sourceComments : []
                let flagged = states.intersection(["new", "needs_review"]).sorted()
                if !flagged.isEmpty {
                    comments.append("xcstrings state: " + flagged.joined(separator: ", "))
                    note(.note, locale: locale, "state " + flagged.joined(separator: ", ") + " (marked with a comment)")
                }
                result.set(ImportedEntry(key: key, value: decoded.value, comments: comments), locale: locale)
            }
        }
        result.notes = notes
        return result
    }
}
