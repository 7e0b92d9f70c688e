/// A placeholder in a title or subtitle string that no arg or param fills: it would be shown
/// literally (or the app's formatter would throw) at push time.
struct UnboundPlaceholder: LintRule {
    static let id = "unbound-placeholder"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        // Every title and subtitle that reads a key some locale defines.
        struct Field {
            var route: Route
            var name: String
            var key: Located<String>
            var args: TitleArgs
            var id: Int32
        }
        var fields: [Field] = []
        for route in context.project.catalog.routes {
            for name in ["title", "subtitle"] {
                guard let spec = name == "title" ? route.title : route.subtitle else { continue }
                let key: Located<String>, args: TitleArgs
                switch spec {
                case .key(let k, let a): (key, args) = (k, a)
                case .param(_, let fallback?): (key, args) = (fallback, .none)
                default: continue
                }
                guard let id = strings.keyID(key.value) else { continue }
                fields.append(Field(route: route, name: name, key: key, args: args, id: id))
            }
        }
        // A placeholder past the base's highest argument is a crash (`format-crash`), not a missing arg.
        let arguments = context.stringCache.keyArguments()
        let fillers = fields.map { field in ArgFiller(field.args, highest: arguments.highestPosition(field.id)) }
        // Per field: the placeholders already reported, so each is named for one locale only.
        var reported: [Int: Set<String>] = [:]
        var findings: [Finding] = []
        // The base locale first, then the translations, so the base is named when both have it.
        // Locale by locale: each locale's tables are then read in order, not one entry per locale
        // in turn (the engine sorts the findings).
        for locale in [strings.baseLocale] + strings.locales.filter({ $0 != strings.baseLocale }) {
            guard let table = strings[locale] else { continue }
            for fieldIndex in fields.indices {
                guard let index = table.index(of: fields[fieldIndex].id) else { continue }
                let entry = table.entries[index]
                table.forEachText(of: entry) { ref in
                    // Most texts have no placeholder, or args for all, which the bytes tell; the
                    // unbound ones are named with Strings.
                    let rules = storage.rules(entry.file)
                    guard !storage.withBytes(entry.file, ref, { text in
                        UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text) == nil || fillers[fieldIndex].fillsEveryPlaceholder(text, rules: rules)
                    }) else { return }
                    let field = fields[fieldIndex]
                    for placeholder in unbound(in: storage.string(entry.file, ref), filler: fillers[fieldIndex], rules: rules)
                    where reported[fieldIndex, default: []].insert(placeholder).inserted {
                        findings.append(finding(
                            "\(field.name) of '\(field.route.name)' uses '\(field.key.value)', whose \(placeholder) in locale '\(locale)' no arg fills",
                            at: field.key.location, route: field.route.name, key: field.key.value, locale: locale))
                    }
                }
            }
        }
        return findings
    }

    /// The placeholders of `text` (as its dialect fills them) that `args` leave empty.
    private func unbound(in text: String, filler: ArgFiller, rules: any DialectRules) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [String] = []
            rules.scan(bytes, formatted: true) { token in
                guard token.isArgument, !filler.fills(token, in: bytes) else { return }
                result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self))
            }
            return result
        }
    }
}

/// The args of a title, to tell on bytes whether they fill every placeholder of a text (what
/// `unbound(in:args:)` returns nothing for).
private struct ArgFiller {
    /// The names of named args, as UTF-8.
    var names: [[UInt8]] = []
    /// The number of positional args; nil when the args are not positional.
    var positionalCount: Int?
    /// The base text's highest position: a higher one is `format-crash`'s to report.
    var highest: Int?

    init(_ args: TitleArgs, highest: Int?) {
        self.highest = highest
        switch args {
        case .none: break
        case .named(let pairs): names = pairs.map { Array($0.name.value.utf8) }
        case .positional(let list): positionalCount = list.count
        }
    }

    func fillsEveryPlaceholder(_ text: UnsafeBufferPointer<UInt8>, rules: any DialectRules) -> Bool {
        var filled = true
        rules.scan(text, formatted: true) { token in
            if filled, token.isArgument, !fills(token, in: text) { filled = false }
        }
        return filled
    }

    /// Whether an arg fills the argument `token` of `text`: a named arg by its name, a positional
    /// one by its position.
    func fills(_ token: FormatToken, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let name = token.name {
            let placeholderName = UnsafeBufferPointer(rebasing: text[name])
            return names.contains { $0.withUnsafeBufferPointer { UTF8Text.canonicallyEqual($0, placeholderName) } }
        }
        guard let position = token.position else { return false }
        if let highest, position > highest { return true }
        guard let positionalCount else { return false }
        return position <= positionalCount
    }
}
