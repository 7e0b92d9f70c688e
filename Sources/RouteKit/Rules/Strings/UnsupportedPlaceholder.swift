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
            // A text may hold thousands of placeholders: a finding is an item (its detail is where
            // the placeholder starts in the text), made into words only when asked for, from that
            // placeholder alone. A text's findings are added in the order of their messages.
            let unsupported = EntryFindings(rule: Self.id, table: table, place: .text, message: .made { index, form, offset in
                let entry = table.entries[index]
                let ref = form.map { table.forms[$0].text } ?? entry.text
                let found = storage.withBytes(entry.file, ref) { text in
                    PlaceholderParser.placeholder(at: offset ?? 0, in: text).flatMap { Self.describe($0.range, $0.name, $0.spec, in: text) }
                }
                return "'\(storage.name(entry.key))' in locale '\(locale)' has \(found?.placeholder ?? "")\(Self.tail)\(found?.reason ?? "")"
            }, itemsInMessageOrder: true)
            // No array per entry: most texts have no placeholder at all.
            func check(_ index: Int, _ entry: CompactEntry, form: Int?, _ ref: TextRef) {
                for found in storage.withBytes(entry.file, ref, { Self.unsupported(in: $0) }) {
                    unsupported.add(entry: index, form: form, detail: found.offset, to: &findings)
                }
            }
            for (index, entry) in table.entries.enumerated() {
                if entry.isPlural {
                    for form in table.pluralForms(entry).indices { check(index, entry, form: form, table.forms[form].text) }
                } else {
                    check(index, entry, form: nil, entry.text)
                }
            }
        }
        return findings
    }

    /// The placeholders of `text` that routekit does not render, each placeholder and reason
    /// once (a repeat would be the same finding), in the order of their messages. On bytes: a
    /// String is made only for a finding.
    static func unsupported(in text: UnsafeBufferPointer<UInt8>) -> [(offset: Int, placeholder: String, reason: String)] {
        // A date format's `%-d` is strftime's, which the app does not give to printf.
        guard PlaceholderParser.mayHavePlaceholders(text), !PlaceholderParser.looksLikeStrftime(text) else { return [] }
        var found: [(offset: Int, placeholder: String, reason: String)] = []
        var seen: Set<String> = []
        PlaceholderParser.scan(text) { range, name, _, spec in
            guard let (placeholder, reason) = describe(range, name, spec, in: text) else { return }
            if seen.insert(placeholder + "\u{0}" + reason).inserted { found.append((range.lowerBound, placeholder, reason)) }
        }
        // The messages differ only here, after the same words: their order is this order.
        return found.count < 2 ? found : found.sorted { ($0.placeholder + tail + $0.reason) < ($1.placeholder + tail + $1.reason) }
    }

    /// The words between a placeholder and the reason in a message.
    private static let tail = ", which routekit does not render: "

    /// The placeholder as written and why routekit does not render it; nil when it does.
    private static func describe(_ range: Range<Int>, _ name: Range<Int>?, _ spec: PrintfSpec,
                                 in text: UnsafeBufferPointer<UInt8>) -> (placeholder: String, reason: String)? {
        guard spec.conversion != 0, let reason = spec.unsupportedReason(ruby: name != nil) else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self), reason)
    }
}
