/// A placeholder whose rendering routekit cannot vouch for: C's printf (iOS) and
/// java.util.Formatter (Android) write it differently, or one of them rejects it (`%-s` without a
/// width, `%.2d`, `%g`). `routekit title` fails on the same placeholders with the same reason
/// (`PrintfSpec.unsupportedReason`), rather than print what an app would not.
struct UnsupportedPlaceholder: LintRule {
    static let id = "unsupported-placeholder"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Diagnostic] = []
        for locale in strings.locales {
            guard let table = strings[locale] else { continue }
            for entry in table.entries {
                table.forEachText(of: entry) { ref in
                    guard storage.withBytes(entry.file, ref, { PlaceholderParser.mayHavePlaceholders($0) }) else { return }
                    for placeholder in PlaceholderParser.parse(storage.string(entry.file, ref)) {
                        guard let spec = placeholder.spec else { continue }
                        let ruby = if case .named = placeholder.kind { true } else { false }
                        guard let reason = spec.unsupportedReason(ruby: ruby) else { continue }
                        let key = storage.names[Int(entry.key)]
                        findings.append(finding("'\(key)' in locale '\(locale)' has \(placeholder.text), which routekit does not render: \(reason)",
                                                at: storage.location(entry.file, ref.line, ref.column), key: key, locale: locale))
                    }
                }
            }
        }
        return findings
    }
}
