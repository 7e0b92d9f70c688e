import Foundation

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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError("cannot read \(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ImportError("\(path) is a directory, not an .xcstrings file") }
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? NSNumber, size.intValue > maxFileSize {
                throw ImportError("\(path): file is larger than \(maxFileSize) bytes")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read \(path): \(error.localizedDescription)")
        }
        return try importData(data, display: path)
    }

    public func importData(_ data: Data, display: String) throws(ImportError) -> ImportedStrings {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw ImportError("\(display): not valid JSON: \(error.localizedDescription)")
        }
        guard let root = json as? [String: Any] else {
            throw ImportError("\(display): expected a JSON object at the top level")
        }
        guard let strings = root["strings"] as? [String: Any] else {
            throw ImportError("\(display): no \"strings\" object: not a String Catalog")
        }
        var notes: [ImportNote] = []
        var source = "en"
        if let language = root["sourceLanguage"] as? String, ImportLocaleTag.isValid(language) {
            source = language
        } else {
            notes.append(ImportNote(.note, file: display, "no valid \"sourceLanguage\": assuming en"))
        }
        var result = ImportedStrings(source: display, baseLocale: source)
        result.filesRead = [display]
        result.touch(source)
        var invalidLocales: Set<String> = []

        for key in strings.keys.sorted(by: ImportedStrings.scalarOrder) {
            func note(_ kind: ImportNote.Kind, locale: String? = nil, _ message: String) {
                notes.append(ImportNote(kind, file: display, locale: locale, key: key, message))
            }
            guard !key.isEmpty else {
                note(.skipped, "empty key")
                continue
            }
            guard let entry = strings[key] as? [String: Any] else {
                note(.skipped, "entry is not a JSON object")
                continue
            }
            if Self.bool(entry["shouldTranslate"]) == false {
                note(.skipped, "shouldTranslate: false")
                continue
            }
            if key.contains(".") { note(.note, "key contains '.', which nests keys in routekit") }
            var sourceComments: [String] = []
            if let comment = entry["comment"] as? String, !comment.isEmpty {
                sourceComments.append("comment: " + ImportCommentText.inert(comment))
            }
            if let state = entry["extractionState"] as? String, state == "stale" {
                sourceComments.append("xcstrings: extractionState stale (no longer found in the code)")
                note(.note, "extractionState stale")
            }
            let localizations = entry["localizations"] as? [String: Any] ?? [:]
            if entry["localizations"] != nil && !(entry["localizations"] is [String: Any]) {
                note(.skipped, "\"localizations\" is not a JSON object")
            }
            if localizations[source] == nil {
                result.set(ImportedEntry(key: key, value: .text(key), comments: sourceComments), locale: source)
            }
            for locale in localizations.keys.sorted(by: ImportedStrings.scalarOrder) {
                guard ImportLocaleTag.isValid(locale) else {
                    if invalidLocales.insert(locale).inserted {
                        notes.append(ImportNote(.skipped, file: display, locale: locale,
                            "not a valid locale tag: its localizations are not imported"))
                    }
                    continue
                }
                guard let localization = localizations[locale] as? [String: Any] else {
                    note(.skipped, locale: locale, "localization is not a JSON object")
                    continue
                }
                var messages: [String] = []
                var states: Set<String> = []
                guard let value = Self.convert(localization, depth: 0, states: &states, messages: &messages) else {
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
                result.set(ImportedEntry(key: key, value: value, comments: comments), locale: locale)
            }
        }
        result.notes = notes
        return result
    }

    static func bool(_ value: Any?) -> Bool? {
        if let flag = value as? Bool { return flag }
        if let number = value as? NSNumber { return number.boolValue }
        return nil
    }

    static func int(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? NSNumber { return number.intValue }
        return nil
    }

    /// The value of one localization (or one variation of it); nil when it has none.
    static func convert(
        _ unit: [String: Any], depth: Int, states: inout Set<String>, messages: inout [String]
    ) -> ImportedValue? {
        guard depth < 6 else {
            messages.append("variations nested too deeply")
            return nil
        }
        let substitutions = unit["substitutions"] as? [String: Any] ?? [:]
        if let variations = unit["variations"] as? [String: Any] {
            if let plural = variations["plural"] as? [String: Any] {
                var forms: [ImportPluralCategory: String] = [:]
                for name in plural.keys.sorted() {
                    guard let category = ImportPluralCategory(rawValue: name) else {
                        messages.append("plural form '\(name)' is not a CLDR category: skipped")
                        continue
                    }
                    guard let form = plural[name] as? [String: Any],
                        let stringUnit = form["stringUnit"] as? [String: Any],
                        let text = stringUnit["value"] as? String
                    else {
                        messages.append("plural form '\(name)' has no stringUnit value: skipped")
                        continue
                    }
                    if let state = stringUnit["state"] as? String { states.insert(state) }
                    forms[category] = text
                }
                guard !forms.isEmpty else { return nil }
                if forms[.other] == nil { messages.append("plural has no 'other' form") }
                if !substitutions.isEmpty {
                    messages.append("substitutions inside a plural kept as written (%#@…@)")
                }
                return .plural(forms)
            }
            if let device = variations["device"] as? [String: Any], !device.isEmpty {
                let chosen = device["other"] != nil ? "other" : device.keys.sorted()[0]
                if device.count > 1 {
                    messages.append("device variations: imported the '\(chosen)' variant only")
                }
                guard var inner = device[chosen] as? [String: Any] else { return nil }
                if inner["substitutions"] == nil, !substitutions.isEmpty { inner["substitutions"] = substitutions }
                return convert(inner, depth: depth + 1, states: &states, messages: &messages)
            }
            let kinds = variations.keys.sorted().joined(separator: ", ")
            if unit["stringUnit"] == nil {
                messages.append("variations of kind \(kinds) are not supported")
                return nil
            }
            messages.append("variations of kind \(kinds) ignored: imported the plain stringUnit")
        }
        guard let stringUnit = unit["stringUnit"] as? [String: Any], let text = stringUnit["value"] as? String else {
            return nil
        }
        if let state = stringUnit["state"] as? String { states.insert(state) }
        guard !substitutions.isEmpty || text.contains("%#@") else { return .text(text) }
        return expandSubstitution(text, substitutions, states: &states, messages: &messages)
    }

    /// `%#@name@` tokens (optionally positional: `%1$#@name@`) in `text`, with their ranges.
    static func substitutionTokens(in text: String) -> [(range: Range<String.Index>, name: String)] {
        var tokens: [(Range<String.Index>, String)] = []
        var index = text.startIndex
        while let percent = text[index...].firstIndex(of: "%") {
            var cursor = text.index(after: percent)
            while cursor < text.endIndex, text[cursor].isASCII, text[cursor].isNumber { cursor = text.index(after: cursor) }
            if cursor < text.endIndex, text[cursor] == "$", cursor > text.index(after: percent) {
                cursor = text.index(after: cursor)
            } else {
                cursor = text.index(after: percent)
            }
            if text[cursor...].hasPrefix("#@") {
                let nameStart = text.index(cursor, offsetBy: 2)
                if let end = text[nameStart...].firstIndex(of: "@"), end > nameStart {
                    let name = String(text[nameStart..<end])
                    if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        let after = text.index(after: end)
                        tokens.append((percent..<after, name))
                        index = after
                        continue
                    }
                }
            }
            index = text.index(after: percent)
            if index >= text.endIndex { break }
        }
        return tokens
    }

    private static func expandSubstitution(
        _ text: String, _ substitutions: [String: Any], states: inout Set<String>, messages: inout [String]
    ) -> ImportedValue {
        let tokens = substitutionTokens(in: text)
        let names = Set(tokens.map(\.name))
        guard names.count == 1, tokens.count == 1, let token = tokens.first else {
            if !names.isEmpty {
                messages.append("\(names.count) substitution(s) kept as written: "
                    + names.sorted().map { "%#@\($0)@" }.joined(separator: ", "))
            }
            return .text(text)
        }
        guard let substitution = substitutions[token.name] as? [String: Any],
            let plural = (substitution["variations"] as? [String: Any])?["plural"] as? [String: Any]
        else {
            messages.append("substitution %#@\(token.name)@ kept as written: it has no plural variations")
            return .text(text)
        }
        let specifier = (substitution["formatSpecifier"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "@"
        let argument = int(substitution["argNum"]).map { "%\($0)$\(specifier)" } ?? "%\(specifier)"
        var forms: [ImportPluralCategory: String] = [:]
        for name in plural.keys.sorted() {
            guard let category = ImportPluralCategory(rawValue: name),
                let stringUnit = (plural[name] as? [String: Any])?["stringUnit"] as? [String: Any],
                let formText = stringUnit["value"] as? String
            else {
                messages.append("substitution %#@\(token.name)@: form '\(name)' skipped")
                continue
            }
            if let state = stringUnit["state"] as? String { states.insert(state) }
            let filled = formText.replacingOccurrences(of: "%arg", with: argument)
            forms[category] = text.replacingCharacters(in: token.range, with: filled)
        }
        guard !forms.isEmpty else { return .text(text) }
        messages.append("substitution %#@\(token.name)@ expanded into a plural map")
        if forms[.other] == nil { messages.append("plural has no 'other' form") }
        return .plural(forms)
    }
}
