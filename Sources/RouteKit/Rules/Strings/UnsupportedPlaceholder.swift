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
                let tail = storage.withBytes(entry.file, ref) { text in
                    PlaceholderParser.placeholder(at: offset ?? 0, in: text).flatMap { Self.messageTail($0.range, $0.name, $0.spec, in: text) }
                }
                return "'\(storage.name(entry.key))' in locale '\(locale)' has \(tail ?? "")"
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
    static func unsupported(in text: UnsafeBufferPointer<UInt8>) -> [(offset: Int, tail: String)] {
        // A date format's `%-d` is strftime's, which the app does not give to printf.
        guard PlaceholderParser.mayHavePlaceholders(text), !PlaceholderParser.looksLikeStrftime(text) else { return [] }
        // What follows the key and locale in the message: equal tails are the same finding.
        var found: [(offset: Int, tail: String)] = []
        var seen: Set<String> = []
        PlaceholderParser.scan(text) { range, name, _, spec in
            guard let tail = messageTail(range, name, spec, in: text), seen.insert(tail).inserted else { return }
            found.append((range.lowerBound, tail))
        }
        // The messages differ only in their tails, after the same words: their order is this order.
        return found.count < 2 ? found : found.sorted { $0.tail < $1.tail }
    }

    /// "%g, which routekit does not render: <why>": the message's end for an unsupported
    /// placeholder as written; nil when routekit renders it.
    private static func messageTail(_ range: Range<Int>, _ name: Range<Int>?, _ spec: PrintfSpec,
                                    in text: UnsafeBufferPointer<UInt8>) -> String? {
        guard spec.conversion != 0, let reason = spec.unsupportedReason(ruby: name != nil) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self) + ", which routekit does not render: " + reason
    }
}
