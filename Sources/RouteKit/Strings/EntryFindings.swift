/// Findings at entries of one locale whose message is `prefix(form category) + key + suffix`. A
/// rule that can fire at every entry (a translation whose hundred thousand keys are all extra, or
/// all empty) keeps eight bytes a finding here instead of a box of strings: fields and messages
/// are made when asked for.
final class EntryFindings: FindingGroup, @unchecked Sendable {
    /// Where a finding points: the entry's key, or its text (a form's text for a form).
    enum Place: Sendable {
        case key
        case text
    }

    /// An entry of the locale, and a plural form of it (or -1 for the entry as a whole).
    struct Item: Sendable {
        var entry: Int32
        var form: Int32
    }

    /// Collects items and their severities, then makes the findings (the group is immutable once made).
    struct Builder {
        var items: [Item] = []
        var severities: [Severity] = []

        mutating func add(entry: Int, form: Int? = nil, severity: Severity = .error) {
            items.append(Item(entry: Int32(entry), form: Int32(form ?? -1)))
            severities.append(severity)
        }

        var isEmpty: Bool { items.isEmpty }
    }

    private let table: LocaleStrings
    private let place: Place
    private let prefix: @Sendable (_ formCategory: String?) -> String
    private let suffix: String
    private let items: [Item]

    private init(rule: String, table: LocaleStrings, place: Place, items: [Item],
                 prefix: @escaping @Sendable (String?) -> String, suffix: String) {
        self.table = table
        self.place = place
        self.items = items
        self.prefix = prefix
        self.suffix = suffix
        super.init(rule: rule)
    }

    /// The findings of `builder`'s items, in its order.
    static func findings(rule: String, table: LocaleStrings, place: Place, _ builder: Builder,
                         prefix: @escaping @Sendable (String?) -> String, suffix: String) -> [Finding] {
        guard !builder.isEmpty else { return [] }
        let group = EntryFindings(rule: rule, table: table, place: place, items: builder.items, prefix: prefix, suffix: suffix)
        return builder.severities.enumerated().map { Finding(group, item: $0.offset, severity: $0.element) }
    }

    private func entry(_ item: Int) -> CompactEntry { table.entries[Int(items[item].entry)] }

    override func location(_ item: Int) -> SourceLocation? {
        let entry = entry(item)
        switch place {
        case .key:
            return table.keyLocation(entry)
        case .text:
            let form = Int(items[item].form)
            let text = form >= 0 ? table.forms[form].text : entry.text
            return table.storage.location(entry.file, text.line, text.column)
        }
    }

    override func key(_ item: Int) -> String? { table.storage.name(entry(item).key) }
    override func locale(_ item: Int) -> String? { table.locale }

    override func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) {
        let entry = entry(item)
        let form = Int(items[item].form)
        body(prefix(form >= 0 ? table.storage.string(entry.file, table.forms[form].category) : nil))
        body(table.storage.name(entry.key))
        body(suffix)
    }
}
