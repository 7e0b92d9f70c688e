import FoundationEssentials

/// The value of one String Catalog localization: the one decoder behind `routekit import
/// xcstrings` and reading `.xcstrings` files in place.
///
/// - `stringUnit` values become texts; `variations.plural` becomes a plural map; for
///   `variations.device` the `other` device (else the first by name) is read, with a message.
/// - Substitutions: a string made of text around exactly one `%#@name@` whose substitution has
///   plural variations becomes a plural map, each form being the string with the token replaced by
///   that form, and `%arg` replaced by the argument's specifier (`%1$lld` when `argNum` is given,
///   else `%lld`). Anything else keeps its `%#@name@` tokens as written, with a message.
enum XCStringsDecoder {
    struct Decoded {
        var value: ImportedValue
        /// Where each plural form is: the JSON key of its variation (`"one"`).
        var formNodes: [ImportPluralCategory: Int] = [:]
    }

    /// The value of one localization (or one variation of it); nil when it has none.
    /// `states` collects every `stringUnit.state`; `messages`, what is worth telling.
    static func decode(_ doc: JSONDocument, _ unit: Int, depth: Int = 0, states: inout Set<String>, messages: inout [String]) -> Decoded? {
        guard depth < 6 else {
            messages.append("variations nested too deeply")
            return nil
        }
        let substitutions = doc.member(unit, "substitutions").flatMap { doc.kind($0) == .object ? $0 : nil }
        if let variations = doc.member(unit, "variations"), doc.kind(variations) == .object {
            if let plural = doc.member(variations, "plural"), doc.kind(plural) == .object {
                var forms: [ImportPluralCategory: String] = [:]
                var formNodes: [ImportPluralCategory: Int] = [:]
                for (keyNode, form) in sortedMembers(doc, plural) {
                    let name = doc.string(keyNode)!
                    guard let category = ImportPluralCategory(rawValue: name) else {
                        messages.append("plural form '\(name)' is not a CLDR category: skipped")
                        continue
                    }
                    guard let stringUnit = doc.member(form, "stringUnit"), let valueNode = doc.member(stringUnit, "value"),
                          let text = doc.string(valueNode) else {
                        messages.append("plural form '\(name)' has no stringUnit value: skipped")
                        continue
                    }
                    if let state = doc.member(stringUnit, "state").flatMap(doc.string) { states.insert(state) }
                    forms[category] = text
                    formNodes[category] = keyNode
                }
                guard !forms.isEmpty else { return nil }
                if forms[.other] == nil { messages.append("plural has no 'other' form") }
                if let substitutions, !doc.members(substitutions).isEmpty {
                    messages.append("substitutions inside a plural kept as written (%#@…@)")
                }
                return Decoded(value: .plural(forms), formNodes: formNodes)
            }
            if let device = doc.member(variations, "device"), doc.kind(device) == .object, !doc.members(device).isEmpty {
                let names = doc.members(device).map { doc.string($0.key)! }
                let chosen = names.contains("other") ? "other" : names.sorted()[0]
                if names.count > 1 {
                    messages.append("device variations: imported the '\(chosen)' variant only")
                }
                guard let inner = doc.member(device, chosen), doc.kind(inner) == .object else { return nil }
                // The device variant inherits the localization's substitutions unless it has its own.
                return decode(doc, inner, depth: depth + 1, states: &states, messages: &messages, inherited: substitutions)
            }
            let kinds = doc.members(variations).map { doc.string($0.key)! }.sorted().joined(separator: ", ")
            if doc.member(unit, "stringUnit") == nil {
                messages.append("variations of kind \(kinds) are not supported")
                return nil
            }
            messages.append("variations of kind \(kinds) ignored: imported the plain stringUnit")
        }
        return plainUnit(doc, unit, substitutions: substitutions, states: &states, messages: &messages)
    }

    private static func decode(_ doc: JSONDocument, _ unit: Int, depth: Int, states: inout Set<String>, messages: inout [String],
                               inherited: Int?) -> Decoded? {
        if doc.member(unit, "substitutions") == nil, let inherited, doc.member(unit, "variations") == nil {
            return plainUnit(doc, unit, substitutions: inherited, states: &states, messages: &messages)
        }
        return decode(doc, unit, depth: depth, states: &states, messages: &messages)
    }

    private static func plainUnit(_ doc: JSONDocument, _ unit: Int, substitutions: Int?, states: inout Set<String>,
                                  messages: inout [String]) -> Decoded? {
        guard let stringUnit = doc.member(unit, "stringUnit"), let valueNode = doc.member(stringUnit, "value"),
              let text = doc.string(valueNode) else { return nil }
        if let state = doc.member(stringUnit, "state").flatMap(doc.string) { states.insert(state) }
        let hasSubstitutions = substitutions.map { !doc.members($0).isEmpty } ?? false
        guard hasSubstitutions || containsSubstitution(text) else { return Decoded(value: .text(text)) }
        return expandSubstitution(doc, text, substitutions, states: &states, messages: &messages)
    }

    /// True if `text` has `%#@` (a byte search: Foundation's `contains` is slow per string).
    static func containsSubstitution(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "@"), previous == (UInt8(ascii: "%"), UInt8(ascii: "#")) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Members sorted by name (by Unicode scalars), as the importer writes them.
    static func sortedMembers(_ doc: JSONDocument, _ object: Int) -> [(key: Int, value: Int)] {
        doc.members(object).map { (name: doc.string($0.key)!, member: $0) }
            .sorted { ImportedStrings.scalarOrder($0.name, $1.name) }.map(\.member)
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
                    let name = String(text[nameStart ..< end])
                    if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        let after = text.index(after: end)
                        tokens.append((percent ..< after, name))
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

    private static func expandSubstitution(_ doc: JSONDocument, _ text: String, _ substitutions: Int?,
                                           states: inout Set<String>, messages: inout [String]) -> Decoded {
        let tokens = substitutionTokens(in: text)
        let names = Set(tokens.map(\.name))
        guard names.count == 1, tokens.count == 1, let token = tokens.first else {
            if !names.isEmpty {
                messages.append("\(names.count) substitution(s) kept as written: "
                    + names.sorted().map { "%#@\($0)@" }.joined(separator: ", "))
            }
            return Decoded(value: .text(text))
        }
        guard let substitutions, let substitution = doc.member(substitutions, token.name),
              let variations = doc.member(substitution, "variations"), let plural = doc.member(variations, "plural"),
              doc.kind(plural) == .object
        else {
            messages.append("substitution %#@\(token.name)@ kept as written: it has no plural variations")
            return Decoded(value: .text(text))
        }
        let specifier = doc.member(substitution, "formatSpecifier").flatMap(doc.string).flatMap { $0.isEmpty ? nil : $0 } ?? "@"
        let argument = doc.member(substitution, "argNum").flatMap(doc.int).map { "%\($0)$\(specifier)" } ?? "%\(specifier)"
        var forms: [ImportPluralCategory: String] = [:]
        var formNodes: [ImportPluralCategory: Int] = [:]
        for (keyNode, form) in sortedMembers(doc, plural) {
            let name = doc.string(keyNode)!
            guard let category = ImportPluralCategory(rawValue: name),
                  let stringUnit = doc.member(form, "stringUnit"), let formText = doc.member(stringUnit, "value").flatMap(doc.string)
            else {
                messages.append("substitution %#@\(token.name)@: form '\(name)' skipped")
                continue
            }
            if let state = doc.member(stringUnit, "state").flatMap(doc.string) { states.insert(state) }
            let filled = formText.replacing("%arg", with: argument)
            var form = text
            form.replaceSubrange(token.range, with: filled)
            forms[category] = form
            formNodes[category] = keyNode
        }
        guard !forms.isEmpty else { return Decoded(value: .text(text)) }
        messages.append("substitution %#@\(token.name)@ expanded into a plural map")
        if forms[.other] == nil { messages.append("plural has no 'other' form") }
        return Decoded(value: .plural(forms), formNodes: formNodes)
    }
}
