/// One place where Kotlin code puts a route on the stack: a construction of a route class
/// (`SessionScreen(id, null)`) or an object route passed to a call that takes routes
/// (`navigator.add(AppPrivacyNoticePrompt)`).
public struct PushSite: Sendable {
    /// The route's name.
    public var route: String
    /// Where the route's name is written at the push.
    public var location: SourceLocation
    /// The call the route is passed to when it is an argument of one (`navigator.add`, `onNavigate`).
    public var via: String?
    public var title: PushedTitle
    public var subtitle: PushedTitle
}

/// What a push gives for a title or subtitle slot.
public enum PushedTitle: Sendable, Equatable {
    /// The route declares no such property: the instance carries none.
    case noSlot
    /// The argument is left out: the declared default (`""` or `null`).
    case defaulted(String?)
    /// `null` passed explicitly.
    case null(SourceLocation)
    /// `""` passed explicitly.
    case empty(SourceLocation)
    /// `stringResource(Res.string.KEY)`, directly or through a value bound to it in scope.
    case key(String, SourceLocation)
    /// String literals: one, or one per branch of an `if` / `when`.
    case literals([Located<String>])
    /// A runtime value: a parameter, a property, a value of another route.
    case value(String, SourceLocation)
    /// Computed by the declaration itself (`override val title get() = roomName` gets its argument).
    case computed
    /// Something routekit does not follow (a function call); reported as `code-not-followed`.
    case notFollowed(String, SourceLocation)

    /// True when the instance ends up without a title: nothing, the default, `null` or `""`.
    public var isMissing: Bool {
        switch self {
        case .noSlot, .null, .empty: true
        case .defaulted(let value): value == nil || value == "null" || value == "\"\""
        default: false
        }
    }

    /// How the HTML report and messages describe it.
    public var summary: String {
        switch self {
        case .noSlot: "no title property"
        case .defaulted(let value): "the default" + (value.map { " (\($0))" } ?? "")
        case .null: "null"
        case .empty: "\"\""
        case .key(let key, _): key
        case .literals(let texts): texts.map { "\"\($0.value)\"" }.joined(separator: " / ")
        case .value(let text, _): "the value `\(text)`"
        case .computed: "its own computed title"
        case .notFollowed(let what, _): what
        }
    }
}

/// The push sites of the Kotlin code, in file order: a collection of `PushSite` values made when
/// read, over packed storage. A code base of nothing but pushes (`D(x)`, 4 bytes) keeps about 2
/// bytes a push: a byte of flags (how it gives a title and a subtitle, and which of its route,
/// call, file and line are the previous push's) and then only what differs, as variable-length
/// numbers (its route and call as interned names, its column as the distance from the previous
/// push's on the same line). Every 16th push has a checkpoint (where its bytes start and the
/// state before it), so a push is found by decoding at most 15 others; iterating decodes each once.
/// The rare values (a key, literals, a position of `null`) sit in a side table.
public struct PushSites: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// A push unpacked, but for its titles' payloads.
    fileprivate struct Record {
        var route: Int32 = 0
        /// -1 without a call.
        var via: Int32 = -1
        var file: UInt32 = 0
        var line: UInt32 = 0
        var column: UInt32 = 0
        var title = Slot.noSlot
        var subtitle = Slot.noSlot
    }

    /// A title or subtitle in two bits: the values without a payload, or where the payload is.
    fileprivate enum Slot: UInt8 {
        case noSlot, computed, defaultedToNothing, inTable
    }

    private static let sameRoute: UInt8 = 0x10, sameVia: UInt8 = 0x20, sameFile: UInt8 = 0x40, sameLine: UInt8 = 0x80
    private static let checkpointEvery = 16

    private struct Checkpoint {
        var offset: UInt32
        /// The push before this one (the previous push's fields the flags refer to).
        var before: Record
    }

    private var bytes: [UInt8] = []
    private var checkpoints: [Checkpoint] = []
    private var pushCount = 0
    private var last = Record()
    /// The routes' names, and the calls' apart: the routes' can be those of the routes read,
    /// shared rather than made again (a push names a route, and there may be a million).
    private var routeNames = KeyInterner()
    private var callNames = KeyInterner()
    private var files = PackedFiles()
    /// Titles and subtitles with a payload, by `2 × push + (0 title, 1 subtitle)`.
    private var payloads = PackedTitles()

    public init() {}

    /// Pushes of routes whose names `routeNames` holds already (those of the routes read).
    init(routeNames: KeyInterner) { self.routeNames = routeNames }

    public init(_ pushes: some Sequence<PushSite>) {
        for push in pushes { append(push) }
    }

    public init(arrayLiteral pushes: PushSite...) { self.init(pushes) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { pushCount }

    public subscript(index: Int) -> PushSite { site(record(at: index), index) }

    private func site(_ record: Record, _ index: Int) -> PushSite {
        PushSite(route: routeNames.name(record.route), location: files.location(record.file, record.line, record.column),
                 via: record.via < 0 ? nil : callNames.name(record.via),
                 title: title(record.title, 2 * index), subtitle: title(record.subtitle, 2 * index + 1))
    }

    /// Decodes pushes one after the other, each once.
    public struct Iterator: IteratorProtocol {
        fileprivate let pushes: PushSites
        fileprivate var index = 0
        fileprivate var offset = 0
        fileprivate var record = Record()

        public mutating func next() -> PushSite? {
            guard index < pushes.count else { return nil }
            pushes.decode(&record, at: &offset)
            defer { index += 1 }
            return pushes.site(record, index)
        }
    }

    public func makeIterator() -> Iterator { Iterator(pushes: self) }

    /// The bytes of the packed pushes and their checkpoints (for tests of the packing).
    var packedBytes: Int { bytes.count + checkpoints.count * MemoryLayout<Checkpoint>.stride }

    private func record(at index: Int) -> Record {
        precondition(index >= 0 && index < pushCount, "push index out of range")
        let checkpoint = checkpoints[index / Self.checkpointEvery]
        var record = checkpoint.before
        var offset = Int(checkpoint.offset)
        for _ in 0 ... index % Self.checkpointEvery { decode(&record, at: &offset) }
        return record
    }

    /// Reads the push at `offset` over `record` (the push before it), moving `offset` past it.
    private func decode(_ record: inout Record, at offset: inout Int) {
        let flags = bytes[offset]
        offset += 1
        record.title = Slot(rawValue: flags & 3)!
        record.subtitle = Slot(rawValue: flags >> 2 & 3)!
        if flags & Self.sameRoute == 0 { record.route = Int32(bitPattern: readNumber(&offset)) }
        if flags & Self.sameVia == 0 { record.via = Int32(bitPattern: readNumber(&offset)) - 1 }
        if flags & Self.sameFile == 0 { record.file = readNumber(&offset) }
        if flags & Self.sameLine == 0 {
            record.line = readNumber(&offset)
            record.column = readNumber(&offset)
        } else {
            let step = readNumber(&offset)
            // Zigzag: even steps forward, odd back.
            record.column = step & 1 == 0 ? record.column &+ step >> 1 : record.column &- (step >> 1 &+ 1)
        }
    }

    private func readNumber(_ offset: inout Int) -> UInt32 {
        var value: UInt32 = 0, shift: UInt32 = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= UInt32(byte & 0x7F) << shift
            if byte < 0x80 || shift >= 28 { return value }
            shift += 7
        }
    }

    private mutating func writeNumber(_ value: UInt32) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The route of push `index`, its titles left packed.
    public func route(at index: Int) -> String { routeNames.name(record(at: index).route) }

    /// Literal `literal` of push `index`'s title (or subtitle), the other literals left packed:
    /// a finding per literal made each from the whole push made a push of 8,000 literals take a
    /// minute. Nil when that slot holds no such literal.
    func literal(_ literal: Int, ofPush index: Int, subtitle: Bool) -> Located<String>? {
        payloads.literal(literal, key: 2 * index + (subtitle ? 1 : 0), files: files)
    }

    private func title(_ slot: Slot, _ key: Int) -> PushedTitle {
        switch slot {
        case .noSlot: .noSlot
        case .computed: .computed
        case .defaultedToNothing: .defaulted(nil)
        case .inTable: payloads.title(key, files: files)!
        }
    }

    public mutating func append(_ push: PushSite) {
        let index = pushCount
        func slot(_ title: PushedTitle, _ key: Int) -> Slot {
            switch title {
            case .noSlot: return .noSlot
            case .computed: return .computed
            case .defaulted(nil): return .defaultedToNothing
            default:
                payloads.append(title, at: key, files: &files)
                return .inTable
            }
        }
        let (file, line, column) = files.pack(push.location)
        let record = Record(route: routeNames.intern(push.route), via: push.via.map { callNames.intern($0) } ?? -1, file: file, line: line,
                            column: column, title: slot(push.title, 2 * index), subtitle: slot(push.subtitle, 2 * index + 1))
        if index % Self.checkpointEvery == 0 { checkpoints.append(Checkpoint(offset: UInt32(bytes.count), before: last)) }
        var flags = record.title.rawValue | record.subtitle.rawValue << 2
        if record.route == last.route { flags |= Self.sameRoute }
        if record.via == last.via { flags |= Self.sameVia }
        if record.file == last.file { flags |= Self.sameFile }
        // A step along the line fits 31 bits (a column is 24 bits from the tokenizer; any other is written whole).
        if record.file == last.file, record.line == last.line, Swift.max(record.column, last.column) - Swift.min(record.column, last.column) < 1 << 31 {
            flags |= Self.sameLine
        }
        bytes.append(flags)
        if record.route != last.route { writeNumber(UInt32(bitPattern: record.route)) }
        if record.via != last.via { writeNumber(UInt32(bitPattern: record.via + 1)) }
        if record.file != last.file { writeNumber(record.file) }
        if flags & Self.sameLine == 0 {
            writeNumber(record.line)
            writeNumber(record.column)
        } else {
            writeNumber(record.column >= last.column ? (record.column - last.column) << 1 : (last.column - record.column - 1) << 1 | 1)
        }
        last = record
        pushCount += 1
    }

    /// What the pushes of some routes give: how many, the first, and the first without a title.
    public struct RouteSummary: Sendable {
        public var count = 0
        public var first: SourceLocation?
        public var firstMissingTitle: SourceLocation?
    }

    /// The summary of each of `routes` that is pushed at all (one pass; other routes are skipped).
    public func summaries(of routes: Set<String>) -> [String: RouteSummary] {
        var result: [String: RouteSummary] = [:]
        guard !routes.isEmpty else { return result }
        for push in self where routes.contains(push.route) {
            var summary = result[push.route] ?? RouteSummary()
            summary.count += 1
            if summary.first == nil { summary.first = push.location }
            if summary.firstMissingTitle == nil, push.title.isMissing { summary.firstMissingTitle = push.location }
            result[push.route] = summary
        }
        return result
    }

    public static func += (pushes: inout PushSites, more: some Sequence<PushSite>) {
        for push in more { pushes.append(push) }
    }
}

/// The titles of pushes that carry a payload, packed: a kind and items of a text and a position
/// (a literal each for `.literals`, one for the others), the texts in one array of bytes. A
/// `PushedTitle` in a table was about 60 bytes, and `.literals` an array more, where a push
/// passing a literal may be 20 bytes of code.
struct PackedTitles: Sendable {
    private struct Entry {
        var key: UInt32
        /// `items[itemsEnd of the entry before ..< itemsEnd]` are its items.
        var itemsEnd: UInt32
        var kind: Kind
    }

    private enum Kind: UInt8 {
        case defaulted, null, empty, key, literals, value, notFollowed
    }

    private struct Item {
        /// `UInt32.max` for no text.
        var textStart: UInt32
        var textEnd: UInt32
        /// `UInt32.max` for no position.
        var file: UInt32
        var line: UInt32
        var column: UInt32
    }

    private var entries: [Entry] = []
    private var items: [Item] = []
    private var texts: [UInt8] = []

    /// Appends a title with a payload (not `.noSlot`, `.computed` or `.defaulted(nil)`); keys ascend.
    mutating func append(_ title: PushedTitle, at key: Int, files: inout PackedFiles) {
        precondition(entries.last.map { $0.key < UInt32(key) } ?? true, "titles come in key order")
        func item(_ text: String?, _ location: SourceLocation?) {
            var start = UInt32.max, end = UInt32.max
            if let text {
                start = UInt32(texts.count)
                texts += text.utf8
                end = UInt32(texts.count)
            }
            let (file, line, column) = location.map { files.pack($0) } ?? (.max, 0, 0)
            items.append(Item(textStart: start, textEnd: end, file: file, line: line, column: column))
        }
        let kind: Kind
        switch title {
        case .noSlot, .computed, .defaulted(nil):
            preconditionFailure("a title without a payload")
        case .defaulted(let value?):
            kind = .defaulted
            item(value, nil)
        case .null(let location):
            kind = .null
            item(nil, location)
        case .empty(let location):
            kind = .empty
            item(nil, location)
        case .key(let text, let location):
            kind = .key
            item(text, location)
        case .literals(let literals):
            kind = .literals
            for literal in literals { item(literal.value, literal.location) }
        case .value(let text, let location):
            kind = .value
            item(text, location)
        case .notFollowed(let text, let location):
            kind = .notFollowed
            item(text, location)
        }
        entries.append(Entry(key: UInt32(key), itemsEnd: UInt32(items.count), kind: kind))
    }

    /// The entry of `key` and the range of its items, if it has one.
    private func entry(_ key: Int) -> (entry: Entry, items: Range<Int>)? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < UInt32(key) { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].key == UInt32(key) else { return nil }
        return (entries[low], (low == 0 ? 0 : Int(entries[low - 1].itemsEnd)) ..< Int(entries[low].itemsEnd))
    }

    private func text(_ item: Item) -> String {
        item.textStart == .max ? "" : String(decoding: texts[Int(item.textStart) ..< Int(item.textEnd)], as: UTF8.self)
    }

    /// Literal `literal` of the `.literals` title of `key` alone.
    func literal(_ literal: Int, key: Int, files: PackedFiles) -> Located<String>? {
        guard let (entry, range) = entry(key), entry.kind == .literals, literal >= 0, literal < range.count else { return nil }
        let item = items[range.lowerBound + literal]
        return Located(text(item), at: files.location(item.file, item.line, item.column))
    }

    func title(_ key: Int, files: PackedFiles) -> PushedTitle? {
        guard let (entry, range) = entry(key) else { return nil }
        func location(_ item: Item) -> SourceLocation { files.location(item.file, item.line, item.column) }
        guard let first = range.first.map({ items[$0] }) else { return .literals([]) }
        switch entry.kind {
        case .defaulted: return .defaulted(text(first))
        case .null: return .null(location(first))
        case .empty: return .empty(location(first))
        case .key: return .key(text(first), location(first))
        case .literals: return .literals(range.map { Located(text(items[$0]), at: location(items[$0])) })
        case .value: return .value(text(first), location(first))
        case .notFollowed: return .notFollowed(text(first), location(first))
        }
    }
}
