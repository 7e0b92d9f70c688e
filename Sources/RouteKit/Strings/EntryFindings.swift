/// Findings at entries of one locale, nothing or eight bytes a finding beside its `Finding`
/// instead of a box of strings: a rule that can fire at every entry (a translation whose hundred
/// thousand keys are all extra, empty, or with the wrong placeholders) keeps its findings here;
/// fields and messages are made when asked for.
final class EntryFindings: FindingGroup, @unchecked Sendable {
    /// Where a finding points: the entry's key, or its text (a form's text for a form), or a
    /// form's category.
    enum Place: Sendable {
        case key
        case text
        case category
    }

    /// How a finding's message is made, when asked for.
    enum Message: Sendable {
        /// `prefix(the form's category, if the finding is at a form) + key + suffix`.
        case aroundKey(prefix: @Sendable (_ formCategory: String?) -> String, suffix: String)
        /// By the rule, from the index of the entry in the locale, the index of the form in the
        /// locale's forms (nil for the entry as a whole) and the detail `add` was given (such as
        /// where in the text; nil without): the same words it found it with.
        case made(@Sendable (_ entry: Int, _ form: Int?, _ detail: Int?) -> String)
        /// As `made`, handed to `piece` in pieces: a message of many parts is not joined into one
        /// String for a report, which gathers the pieces' bytes.
        case inPieces(@Sendable (_ entry: Int, _ form: Int?, _ detail: Int?, _ piece: (String) -> Void) -> Void)
    }

    /// An entry of the locale, and a plural form of it (or -1 for the entry as a whole).
    private struct Item: Sendable {
        var entry: Int32
        var form: Int32
    }

    private let table: LocaleStrings
    private let place: Place
    /// `message` as one closure, kept in a constant: a closure taken out of an enum's case per
    /// finding was a retain of its context, which both cores' reports share.
    private let makeMessage: @Sendable (_ entry: Int, _ form: Int?, _ detail: Int?, _ piece: (String) -> Void) -> Void
    /// A finding without a detail is its entry's index as its item number, or at a form the
    /// entries' count + the form's index, stored nowhere else; any other is `Int32.min + n` for
    /// `items[n]` (increasing with `n`, as `itemsInMessageOrder` needs). Filled by `add` while
    /// the rule runs, then never changed. Unchecked: the runtime's exclusivity check, at every
    /// read of a finding's item by the sort and both cores' reports, cost more than the read (a
    /// fifth of the sort of a Compose lint's 35,000 findings); `add` is the only writer, before
    /// any reader.
    @exclusivity(unchecked) private var items: [Item] = []
    /// One per item of `items` when the rule gives details, else empty.
    @exclusivity(unchecked) private var details: [Int32] = []
    /// The rule's count of listed findings (`limits.findings`), shared by its groups; nil: all listed.
    private let listing: FindingListing?

    /// A group of findings at `table`'s entries; `add` makes them. The first one stored reserves an
    /// item for every entry and form (untouched capacity of a large array costs no memory), so items grow
    /// by copying only past one finding per text. `itemsInMessageOrder`: the rule adds the
    /// findings at one place in the order of their messages (see `FindingGroup`), so the linter
    /// orders them without making their messages. `listing`: past its limit, `add` only counts.
    init(rule: String, table: LocaleStrings, place: Place, message: Message, itemsInMessageOrder: Bool = false,
         listing: FindingListing? = nil) {
        self.table = table
        self.place = place
        switch message {
        case .aroundKey(let prefix, let suffix):
            makeMessage = { entryIndex, form, _, piece in
                let entry = table.entries[entryIndex]
                piece(prefix(form.map { table.storage.string(entry.file, table.forms[$0].category) }))
                piece(table.storage.name(entry.key))
                piece(suffix)
            }
        case .made(let make):
            makeMessage = { entryIndex, form, detail, piece in piece(make(entryIndex, form, detail)) }
        case .inPieces(let make):
            makeMessage = make
        }
        self.listing = listing
        super.init(rule: rule, itemsInMessageOrder: itemsInMessageOrder)
    }

    /// Appends the finding at entry `entry` (its plural form `form`) to `findings`. A group's
    /// findings all have a `detail`, or none. Past the listing's limit, the finding is only counted.
    func add(entry: Int, form: Int? = nil, detail: Int? = nil, severity: Severity = .error, to findings: inout [Finding]) {
        if let listing, !listing.admits() { return }
        // Item numbers are in message order only when they are all positions in `items`.
        if detail == nil, !itemsInMessageOrder {
            findings.append(Finding(self, item: form.map { table.entries.count + $0 } ?? entry, severity: severity))
            return
        }
        if items.isEmpty { items.reserveCapacity(table.entries.count + table.forms.count) }
        if let detail {
            precondition(details.count == items.count, "a group's findings all have a detail, or none")
            details.append(Int32(detail))
        }
        items.append(Item(entry: Int32(entry), form: Int32(form ?? -1)))
        findings.append(Finding(self, item: Self.storedBase + items.count - 1, severity: severity))
    }

    private static let storedBase = Int(Int32.min)

    /// The entry, form (-1 for the whole entry) and detail of item number `item`.
    private func item(_ item: Int) -> (entry: Int, form: Int, detail: Int?) {
        if item >= table.entries.count {
            let form = item - table.entries.count
            return (table.entryIndex(ofForm: form), form, nil)
        }
        guard item < 0 else { return (item, -1, nil) }
        let stored = item - Self.storedBase
        return (Int(items[stored].entry), Int(items[stored].form), details.isEmpty ? nil : Int(details[stored]))
    }

    private func entry(_ item: Int) -> CompactEntry { table.entries[self.item(item).entry] }

    /// The file, line and column a finding points at.
    private func point(_ item: Int) -> (file: Int32, line: Int32, column: Int32) {
        // The item once: a form's entry is a search of the plurals, and the sort asks for every
        // finding's place many times.
        let (entryIndex, form, _) = self.item(item)
        let entry = table.entries[entryIndex]
        switch place {
        case .key:
            return (entry.file, entry.keyLine, entry.keyColumn)
        case .text:
            let text = form >= 0 ? table.forms[form].text : entry.text
            return (entry.file, text.line, text.column)
        case .category:
            let category = table.forms[form].category
            return (entry.file, category.line, category.column)
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

    /// The file alone (the sort asks for it of every finding): its entry's run, the entry not read.
    override func file(_ item: Int) -> String? { table.storage.paths[Int(table.entries.file(at: self.item(item).entry))] }

    override func sharesFile(_ item: Int, with other: Int) -> Bool {
        table.entries.isOneFile || table.entries.file(at: self.item(item).entry) == table.entries.file(at: self.item(other).entry)
    }

    override func indexedPlace(_ item: Int) -> (file: PlacedFileKey, line: Int32, column: Int32)? {
        let point = point(item)
        return (PlacedFileKey(places: ObjectIdentifier(table.storage), file: point.file), point.line, point.column)
    }

    override func key(_ item: Int) -> String? { table.storage.name(entry(item).key) }
    override func locale(_ item: Int) -> String? { table.locale }

    override func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) {
        let (entryIndex, formIndex, detail) = self.item(item)
        makeMessage(entryIndex, formIndex >= 0 ? formIndex : nil, detail, body)
    }
}
