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
    private struct Item: Sendable {
        var entry: Int32
        var form: Int32
    }

    private let table: LocaleStrings
    private let place: Place
    private let prefix: @Sendable (_ formCategory: String?) -> String
    private let suffix: String
    /// Filled by `add` while the rule runs, then never changed.
    private var items: [Item] = []

    /// A group of findings at `table`'s entries; `add` makes them. Items are reserved for every
    /// entry (untouched capacity of a large array costs no memory), so they never grow by copying.
    init(rule: String, table: LocaleStrings, place: Place,
         prefix: @escaping @Sendable (String?) -> String, suffix: String) {
        self.table = table
        self.place = place
        self.prefix = prefix
        self.suffix = suffix
        items.reserveCapacity(table.entries.count)
        super.init(rule: rule)
    }

    /// Appends the finding at entry `entry` (its plural form `form`) to `findings`.
    func add(entry: Int, form: Int? = nil, severity: Severity = .error, to findings: inout [Finding]) {
        items.append(Item(entry: Int32(entry), form: Int32(form ?? -1)))
        findings.append(Finding(self, item: items.count - 1, severity: severity))
    }

    private func entry(_ item: Int) -> CompactEntry { table.entries[Int(items[item].entry)] }

    /// The file, line and column a finding points at.
    private func point(_ item: Int) -> (file: Int32, line: Int32, column: Int32) {
        let entry = entry(item)
        switch place {
        case .key:
            return (entry.file, entry.keyLine, entry.keyColumn)
        case .text:
            let form = Int(items[item].form)
            let text = form >= 0 ? table.forms[form].text : entry.text
            return (entry.file, text.line, text.column)
        }
    }

    override func location(_ item: Int) -> SourceLocation? {
        let point = point(item)
        return table.storage.location(point.file, point.line, point.column)
    }

    override func position(_ item: Int) -> (line: Int, column: Int) {
        let point = point(item)
        return (Int(point.line), Int(point.column))
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
