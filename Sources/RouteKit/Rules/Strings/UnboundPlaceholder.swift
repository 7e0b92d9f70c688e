/// A placeholder in a title or subtitle string that no arg or param fills: it would be shown
/// literally (or the app's formatter would throw) at push time.
struct UnboundPlaceholder: LintRule {
    static let id = "unbound-placeholder"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        let storage = strings.storage
        // The base locale first, then the translations, so the base is named when both have it.
        let locales = ([strings.baseLocale] + strings.locales.filter { $0 != strings.baseLocale }).map { (name: $0, table: strings[$0]) }
        var findings: [Diagnostic] = []
        for route in context.project.catalog.routes {
            for (field, spec) in [("title", route.title), ("subtitle", route.subtitle)] {
                guard let spec else { continue }
                let key: Located<String>, args: TitleArgs
                switch spec {
                case .key(let k, let a): (key, args) = (k, a)
                case .param(_, let fallback?): (key, args) = (fallback, .none)
                default: continue
                }
                var reported: Set<String> = []
                guard let id = strings.keyID(key.value) else { continue }
                for (locale, table) in locales {
                    guard let table, let index = table.index(of: id) else { continue }
                    let entry = table.entries[index]
                    for ref in table.textRefs(entry) {
                        // No `%`, no placeholder.
                        guard storage.withBytes(entry.file, ref, { UTF8Text.contains($0, UInt8(ascii: "%")) }) else { continue }
                        for placeholder in unbound(in: storage.string(entry.file, ref), args: args) where reported.insert(placeholder).inserted {
                            findings.append(finding(
                                "\(field) of '\(route.name)' uses '\(key.value)', whose \(placeholder) in locale '\(locale)' no arg fills",
                                at: key.location, route: route.name, key: key.value, locale: locale))
                        }
                    }
                }
            }
        }
        return findings
    }

    private func unbound(in text: String, args: TitleArgs) -> [String] {
        var sequential = 0
        return PlaceholderParser.parse(text).compactMap { placeholder in
            switch (placeholder.kind, args) {
            case (.named(let name), .named(let pairs)):
                return pairs.contains { $0.name.value == name } ? nil : placeholder.text
            case (.printf(let position, _), .positional(let list)):
                sequential += 1
                return (position ?? sequential) <= list.count ? nil : placeholder.text
            default:
                return placeholder.text
            }
        }
    }
}
