/// A placeholder whose rendering routekit cannot vouch for: C's printf (iOS) and
/// java.util.Formatter (Android) write it differently, or one of them rejects it (`%-s` without a
/// width, `%.2d`, `%g`). `routekit title` fails on the same placeholders with the same reason
/// (`PrintfSpec.unsupportedReason`), rather than print what an app would not. Texts with a
/// strftime directive (`%Y`, `%b`: Rails `date.formats`) are date formats, not printf, and skipped.
struct UnsupportedPlaceholder: LintRule {
    static let id = "unsupported-placeholder"

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        var findings: [Finding] = []
        for locale in strings.locales {
            guard let table = strings[locale] else { continue }
            for entry in table.entries {
                table.forEachText(of: entry) { ref in
                    // On bytes: a String is made only for the rare finding.
                    var found: [(text: String, reason: String)] = []
                    storage.withBytes(entry.file, ref) { text in
                        // A date format's `%-d` is strftime's, which the app does not give to printf.
                        guard PlaceholderParser.mayHavePlaceholders(text), !PlaceholderParser.looksLikeStrftime(text) else { return }
                        PlaceholderParser.scan(text) { range, name, _, spec in
                            guard spec.conversion != 0, let reason = spec.unsupportedReason(ruby: name != nil) else { return }
                            found.append((String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self), reason))
                        }
                    }
                    for (placeholder, reason) in found {
                        let key = storage.name(entry.key)
                        findings.append(finding("'\(key)' in locale '\(locale)' has \(placeholder), which routekit does not render: \(reason)",
                                                at: storage.location(entry.file, ref.line, ref.column), key: key, locale: locale))
                    }
                }
            }
        }
        return findings
    }
}
