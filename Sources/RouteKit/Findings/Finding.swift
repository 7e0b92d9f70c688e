/// One finding: a rule, where it is, and what it is about.
///
/// A finding is small: its fields live in a shared, immutable box, or, for one of many findings
/// stored together (a `FindingGroup`: missing-translation's per-locale runs, the duplicate keys of
/// a strings load, findings at string entries, findings about Kotlin routes and push sites), in
/// the group, made when asked for. A project can have millions of findings;
/// moving, sorting and reporting them then moves 16 bytes each instead of a large value with
/// seven strings, and a group stores a few integers per finding.
public struct Finding: Hashable, Sendable {
    // In this order the two fit in 16 bytes.
    private var storage: Storage
    public var severity: Severity

    private enum Storage: Sendable {
        case single(Single)
        /// Item `item` of a group.
        case grouped(FindingGroup, item: Int32)
    }

    /// Every field but the severity.
    private struct Fields: Hashable, Sendable {
        var rule: String
        var message: String
        var location: SourceLocation?
        var file: String?
        var route: String?
        var key: String?
        var locale: String?
    }

    private final class Single: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    public init(
        rule: String, severity: Severity, message: String,
        location: SourceLocation? = nil, file: String? = nil,
        route: String? = nil, key: String? = nil, locale: String? = nil
    ) {
        self.severity = severity
        storage = .single(Single(Fields(rule: rule, message: message, location: location, file: file ?? location?.file,
                                        route: route, key: key, locale: locale)))
    }

    /// Item `item` of `group`.
    init(_ group: FindingGroup, item: Int, severity: Severity) {
        self.severity = severity
        storage = .grouped(group, item: Int32(item))
    }

    public var rule: String {
        get {
            switch storage {
            case .single(let single): single.fields.rule
            case .grouped(let group, _): group.rule
            }
        }
        set { fields.rule = newValue }
    }

    public var message: String {
        get {
            switch storage {
            case .single(let single): return single.fields.message
            case .grouped(let group, let item):
                var message = ""
                group.forEachMessagePiece(Int(item)) { message += $0 }
                return message
            }
        }
        set { fields.message = newValue }
    }

    /// `nil` for a finding about the project as a whole (a missing file has a file but no line).
    public var location: SourceLocation? {
        get {
            switch storage {
            case .single(let single): single.fields.location
            case .grouped(let group, let item): group.location(Int(item))
            }
        }
        set { fields.location = newValue }
    }

    /// A file without a position, for findings such as "file not found".
    public var file: String? {
        get {
            switch storage {
            case .single(let single): single.fields.file
            case .grouped(let group, let item): group.file(Int(item))
            }
        }
        set { fields.file = newValue }
    }

    public var route: String? {
        get {
            switch storage {
            case .single(let single): single.fields.route
            case .grouped(let group, let item): group.route(Int(item))
            }
        }
        set { fields.route = newValue }
    }

    public var key: String? {
        get {
            switch storage {
            case .single(let single): single.fields.key
            case .grouped(let group, let item): group.key(Int(item))
            }
        }
        set { fields.key = newValue }
    }

    public var locale: String? {
        get {
            switch storage {
            case .single(let single): single.fields.locale
            case .grouped(let group, let item): group.locale(Int(item))
            }
        }
        set { fields.locale = newValue }
    }

    /// All fields but the severity; a change makes a box of its own (boxes are never changed).
    private var fields: Fields {
        get {
            switch storage {
            case .single(let single): single.fields
            case .grouped: Fields(rule: rule, message: message, location: location, file: file, route: route, key: key, locale: locale)
            }
        }
        set { storage = .single(Single(newValue)) }
    }

    public static func == (lhs: Finding, rhs: Finding) -> Bool {
        guard lhs.severity == rhs.severity else { return false }
        switch (lhs.storage, rhs.storage) {
        case let (.single(left), .single(right)) where left === right:
            return true
        case let (.grouped(left, leftItem), .grouped(right, rightItem)) where left === right:
            if leftItem == rightItem { return true }
            if left.isKeyRun { return left.key(Int(leftItem)) == right.key(Int(rightItem)) }
            return lhs.fields == rhs.fields
        default:
            return lhs.fields == rhs.fields
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(fields)
    }
}

extension Finding {
    /// The message in pieces whose concatenation is `message`, so reporters can write it without
    /// making it.
    func forEachMessagePiece(_ body: (String) -> Void) {
        switch storage {
        case .single(let single): body(single.fields.message)
        case .grouped(let group, let item): group.forEachMessagePiece(Int(item), body)
        }
    }

    /// The line and column the linter sorts by (zero without a location), without making a
    /// `SourceLocation`.
    var sortPosition: (line: Int, column: Int) {
        switch storage {
        case .single(let single): (single.fields.location?.line ?? 0, single.fields.location?.column ?? 0)
        case .grouped(let group, let item): group.position(Int(item))
        }
    }

    /// A finding of a batch placed by key (`FindingGroup.placedByKey`): the batch and the item,
    /// for the linter and reporters to read its place without making its fields.
    var placedItem: (batch: FindingBatch, item: Int)? {
        if case .grouped(let group, let item) = storage, group.placedByKey { return (unsafeDowncast(group, to: FindingBatch.self), Int(item)) }
        return nil
    }

    /// True when the finding's fields live in a group (for tests of the compact paths).
    var isStoredInGroup: Bool {
        if case .grouped = storage { return true }
        return false
    }

    /// What this finding shares with the others of its run when they differ only in their key:
    /// the message around the key. Findings with equal templates have the same rule, route and
    /// locale, and the same place unless `placedByKey`, so a reporter writes all of that once per
    /// run. Nil for a finding written on its own.
    /// Nil too for a key cut in its message (`keyInMessage`): such a finding is written on its own.
    var keyTemplate: KeyTemplate? {
        if case .grouped(let group, let item) = storage, group.isKeyRun || group.placedByKey,
           group.keyByteCount(Int(item)) <= Self.keyBytesInMessage {
            return KeyTemplate(run: group)
        }
        return nil
    }

    /// `body` with the UTF-8 bytes of `key` (nil without a key): a batch's key is read where it is
    /// stored, with no `String` made (a reporter writes a run's keys one after another).
    func withKeyBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        switch storage {
        case .single(let single):
            guard var key = single.fields.key else { return nil }
            return key.withUTF8(body)
        case .grouped(let group, let item):
            return group.withKeyBytes(Int(item), body)
        }
    }

    /// The finding's run (`keyTemplate`) and its key's UTF-8 bytes where the run's batch stores
    /// them (valid while the finding is); nil when it belongs to no run (a reporter writes it
    /// whole then). No closure: a reporter's loop keeps its caches in place (captured by one,
    /// they were copied per finding).
    var keyRun: (template: KeyTemplate, key: UnsafeBufferPointer<UInt8>)? {
        // Only a batch makes runs (`isKeyRun` and `placedByKey` come from its keys).
        guard let template = keyTemplate, case .grouped(let group, let item) = storage else { return nil }
        assert(group is FindingBatch)
        return (template, unsafeDowncast(group, to: FindingBatch.self).keys.bytes(Int(item)))
    }

    /// For a finding placed by key (`FindingGroup.placedByKey`): its key's place, and the
    /// places it was read from (as an identity: with the place's file index, it names the file
    /// without making its path). Shared by every finding of the batches over the same keys, the
    /// path was a retain on both cores per finding. Read without a call to the group (a call
    /// retained it, on both cores).
    var keyPlace: (places: ObjectIdentifier, place: FindingBatch.KeyPlaces.Place)? {
        guard case .grouped(let group, let item) = storage, group.placedByKey,
              let places = unsafeDowncast(group, to: FindingBatch.self).keys.places else { return nil }
        return (ObjectIdentifier(places), places[Int(item)])
    }

    /// For a finding of a group that indexes its files (`FindingGroup.indexedPlace`; batches
    /// placed by key give theirs through `keyPlace`): its place with its file as an index.
    var indexedPlace: (file: PlacedFileKey, line: Int32, column: Int32)? {
        guard case .grouped(let group, let item) = storage else { return nil }
        return group.indexedPlace(Int(item))
    }

    /// A message names a key of at most this many bytes whole (the `key` field always has it whole).
    static let keyBytesInMessage = 120

    /// `key` as a message names it: whole, or over `keyBytesInMessage` its first characters and
    /// `…`, so a long key that many findings name (one per locale) is not repeated in full in each.
    static func keyInMessage(_ key: String) -> String {
        guard key.utf8.count > keyBytesInMessage else { return key }
        var shown = String.UnicodeScalarView()
        var bytes = 0
        for scalar in key.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > keyBytesInMessage - 3 { break }
            shown.append(scalar)
        }
        return String(shown) + "…"
    }

    /// See `keyTemplate`. Equal when they belong to the same run.
    struct KeyTemplate: Equatable {
        fileprivate let run: FindingGroup

        var messagePrefix: String { run.messageAroundKey.prefix }
        var messageSuffix: String { run.messageAroundKey.suffix }
        /// True when each finding of the run is at a place of its own (`FindingGroup.placedByKey`):
        /// a reporter then writes the place (and what depends on it) per finding, and keeps the
        /// rest for the run, whose findings interleave with other runs' (sorted by place).
        var placedByKey: Bool { run.placedByKey }
        /// Identifies the run, for a cache of its parts.
        var id: ObjectIdentifier { ObjectIdentifier(run) }

        static func == (lhs: KeyTemplate, rhs: KeyTemplate) -> Bool { lhs.run === rhs.run }
    }

    /// True when the two differ at most in their key and severity (one run; see `keyTemplate`).
    /// True when `other` is known to have this finding's rule and file without their paths being
    /// made: items of one group in one file. False when not known (they may still share both).
    func sharesRuleAndFile(with other: Finding) -> Bool {
        if case .grouped(let group, let item) = storage, case .grouped(let otherGroup, let otherItem) = other.storage {
            return group === otherGroup && group.sharesFile(Int(item), with: Int(otherItem))
        }
        return false
    }

    func sharesAllButKey(with other: Finding) -> Bool {
        if case .grouped(let group, _) = storage, case .grouped(let otherGroup, _) = other.storage {
            return group === otherGroup && group.isKeyRun
        }
        return false
    }

    /// How `lhs.message` compares to `rhs.message`, for two findings at one place: below, equal or
    /// above zero. Two findings of one group whose items are in message order are compared by
    /// position, without their messages.
    static func compareMessages(_ lhs: Finding, _ rhs: Finding) -> Int {
        if case let .grouped(left, leftItem) = lhs.storage, case let .grouped(right, rightItem) = rhs.storage {
            if left === right, left.itemsInMessageOrder { return Int(leftItem) - Int(rightItem) }
            // One key at its place in two batches over the same keys (missing-translation's
            // locales): the messages differ after the key, and only the suffixes are compared.
            if left.placedByKey, right.placedByKey, leftItem == rightItem,
               case let leftBatch = unsafeDowncast(left, to: FindingBatch.self), case let rightBatch = unsafeDowncast(right, to: FindingBatch.self),
               leftBatch.keys === rightBatch.keys, left.messageAroundKey.prefix == right.messageAroundKey.prefix {
                // Ranked by their maker: compared without their Strings.
                if let leftRank = leftBatch.suffixRank, let rightRank = rightBatch.suffixRank { return Int(leftRank) - Int(rightRank) }
                let leftSuffix = left.messageAroundKey.suffix, rightSuffix = right.messageAroundKey.suffix
                return leftSuffix == rightSuffix ? 0 : leftSuffix < rightSuffix ? -1 : 1
            }
        }
        let left = lhs.message, right = rhs.message
        return left == right ? 0 : left < right ? -1 : 1
    }
}

/// Many findings of one rule stored together, each an item whose fields the group makes when
/// asked for. Only `Finding` sees a group: the linter and the reporters see findings. Subclasses
/// hold only immutable data (hence `@unchecked Sendable`).
class FindingGroup: @unchecked Sendable {
    final let rule: String
    /// True when the items differ only in their key, their message being
    /// `messageAroundKey.prefix + key + messageAroundKey.suffix` (see `Finding.keyTemplate`).
    final let isKeyRun: Bool
    final let messageAroundKey: (prefix: String, suffix: String)
    /// Among the items at one place, item order is message order and different items have
    /// different messages (the linter compares the messages of findings at one place only).
    final let itemsInMessageOrder: Bool
    /// True when each item of a key run is at its key's own place (`FindingBatch.KeyPlaces`):
    /// the items then share rule, route, locale and the message around the key, not the place,
    /// so they are no run to the linter and the reporters (`keyTemplate` and `sharesAllButKey`
    /// are off), and sorted by place they interleave with the other batches over the same keys.
    final let placedByKey: Bool

    init(rule: String, messageAroundKey: (prefix: String, suffix: String)? = nil, itemsInMessageOrder: Bool = false,
         placedByKey: Bool = false) {
        self.rule = rule
        self.placedByKey = placedByKey
        isKeyRun = messageAroundKey != nil && !placedByKey
        self.messageAroundKey = messageAroundKey ?? ("", "")
        self.itemsInMessageOrder = itemsInMessageOrder
    }

    func location(_ item: Int) -> SourceLocation? { nil }
    /// `location(item)`'s line and column (zero without one); groups answer without the location.
    func position(_ item: Int) -> (line: Int, column: Int) {
        let location = location(item)
        return (location?.line ?? 0, location?.column ?? 0)
    }
    func file(_ item: Int) -> String? { location(item)?.file }
    /// True when items `item` and `other` are known to be in one file without their paths being
    /// made (the sort and the summary ask it of every finding and the one before); false when
    /// not known.
    func sharesFile(_ item: Int, with other: Int) -> Bool { false }
    /// Item `item`'s place with its file named by an index (`PlacedFileKey`), for groups whose
    /// items' files are indices into paths they share (batches placed by key say it through
    /// `Finding.keyPlace`); nil for others. A reporter names such a file once, not a path per
    /// finding (a retain of the one path on both cores, per finding).
    func indexedPlace(_ item: Int) -> (file: PlacedFileKey, line: Int32, column: Int32)? { nil }
    func route(_ item: Int) -> String? { nil }
    func key(_ item: Int) -> String? { nil }
    /// The UTF-8 length of `key(item)` (0 without one).
    func keyByteCount(_ item: Int) -> Int { key(item)?.utf8.count ?? 0 }
    /// `body` with the UTF-8 bytes of `key(item)`; nil without one.
    func withKeyBytes<R>(_ item: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard var key = key(item) else { return nil }
        return key.withUTF8(body)
    }
    func locale(_ item: Int) -> String? { nil }
    func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) {}
}

/// Findings of one rule at one place that differ only in their key: the message of each is
/// `messagePrefix + key + messageSuffix`, made only when asked for. missing-translation's 100k
/// findings in a hundred locales are a hundred batches over one list of keys.
final class FindingBatch: FindingGroup, @unchecked Sendable {
    /// Keys shared by batches; a finding is one of them, by position.
    final class Keys: Sendable {
        /// The names' UTF-8 bytes one after another, `ends[i]` where name `i` ends: 4 bytes a
        /// key beside its name (a `String` each took 16, for a million listed keys 16 MB).
        /// Owned here and read through their addresses: reporters read a key per finding on both
        /// cores, and a retain of a shared array per read cost more than the read.
        private nonisolated(unsafe) let bytes: UnsafeMutableBufferPointer<UInt8>
        private nonisolated(unsafe) let ends: UnsafeMutableBufferPointer<UInt32>
        /// `separator` when the keys are distinct, printable ASCII without it, and sorted by
        /// `name + separator` bytewise; else nil. Then, for any prefix and a suffix that starts
        /// with `separator`, position order is message order (where a key that begins another
        /// ends, the suffix's `separator` meets a different character of the other) and
        /// different positions mean different messages.
        let orderedBefore: Character?

        /// Where each key's findings are, when each has a place of its own (see `KeyPlaces`);
        /// nil when the findings are at their batch's one place.
        let places: KeyPlaces?

        convenience init(_ names: [String], sortedBefore separator: Character, places: KeyPlaces? = nil) {
            self.init(count: names.count, name: { names[$0] }, sortedBefore: separator, places: places)
        }

        /// `count` keys, the `i`th named `name(i)` (asked once each, in order).
        init(count: Int, name: (Int) -> String, sortedBefore separator: Character, places: KeyPlaces? = nil) {
            precondition(places.map { $0.count == count } ?? true)
            var bytes: [UInt8] = []
            var ends: [UInt32] = []
            ends.reserveCapacity(count)
            for index in 0 ..< count {
                bytes.append(contentsOf: name(index).utf8)
                ends.append(UInt32(bytes.count))
            }
            self.bytes = .allocate(capacity: bytes.count)
            _ = self.bytes.initialize(from: bytes)
            self.ends = .allocate(capacity: ends.count)
            _ = self.ends.initialize(from: ends)
            self.places = places
            let separatorByte = separator.asciiValue ?? 0
            let ascii = separator.isASCII && bytes.allSatisfy { (0x20..<0x7F).contains($0) && $0 != separatorByte }
            // Sorted by `name + separator`, strictly: where one name is a prefix of the other, the
            // separator meets the longer one's next byte. (A name holding the separator is never
            // ordered: `ascii` is false.)
            var sorted = true
            bytes.withUnsafeBufferPointer { all in
                for index in ends.indices.dropFirst() where sorted {
                    let previous = Self.range(index - 1, ends), next = Self.range(index, ends)
                    let common = min(previous.count, next.count)
                    var position = 0
                    while position < common, all[previous.lowerBound + position] == all[next.lowerBound + position] { position += 1 }
                    if position < common {
                        sorted = all[previous.lowerBound + position] < all[next.lowerBound + position]
                    } else if previous.count < next.count {
                        sorted = separatorByte < all[next.lowerBound + position]
                    } else if previous.count > next.count {
                        sorted = all[previous.lowerBound + position] < separatorByte
                    } else {
                        sorted = false
                    }
                }
            }
            orderedBefore = ascii && sorted ? separator : nil
        }

        deinit {
            bytes.deallocate()
            ends.deallocate()
        }

        /// Where name `index` is in the bytes, given where each ends (the init's array, or `ends`).
        @inline(__always)
        private static func range<Ends: RandomAccessCollection<UInt32>>(_ index: Int, _ ends: Ends) -> Range<Int> where Ends.Index == Int {
            (index == 0 ? 0 : Int(ends[index - 1])) ..< Int(ends[index])
        }

        @inline(__always)
        private func range(_ index: Int) -> Range<Int> { Self.range(index, ends) }

        var count: Int { ends.count }

        /// The name of the key at `index`.
        subscript(index: Int) -> String {
            withBytes(index) { String(decoding: $0, as: UTF8.self) }
        }

        /// The UTF-8 length of the name of the key at `index`.
        func byteCount(_ index: Int) -> Int { range(index).count }

        /// `body` with the UTF-8 bytes of the name of the key at `index`, where they are stored.
        func withBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            body(self.bytes(index))
        }

        /// The UTF-8 bytes of the name of the key at `index`, where they are stored (valid while
        /// these keys are).
        func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range(index)])
        }
    }

    /// Each key's place: its entry's file, line and column in the base locale, 12 bytes a listed
    /// key, read once from the entries (the linter and the reporters ask a finding's place several
    /// times, and an entry's file is a search), shared by every batch over the same keys:
    /// missing-translation places "key K lacks locale L" at K's entry in the base locale, so
    /// findings about different keys are at different places. A class: a struct of arrays was a
    /// retain of each whenever a finding's place was asked.
    final class KeyPlaces: Sendable {
        struct Place: Sendable {
            var file: Int32
            var line: Int32
            var column: Int32
        }

        /// Owned here and read through their address (see `Keys.bytes`).
        private nonisolated(unsafe) let places: UnsafeMutableBufferPointer<Place>
        /// The string table's files, by the entries' file index.
        let paths: [String]
        var count: Int { places.count }

        /// The places of `entries`, indices of entries of `base`.
        init(base: LocaleStrings, entries: [Int32]) {
            places = .allocate(capacity: entries.count)
            for (item, index) in entries.enumerated() {
                let entry = base.entries[Int(index)]
                (places.baseAddress! + item).initialize(to: Place(file: entry.file, line: entry.keyLine, column: entry.keyColumn))
            }
            paths = base.storage.paths
        }

        deinit { places.deallocate() }

        subscript(item: Int) -> Place { places[item] }

        func location(_ item: Int) -> SourceLocation {
            let place = self[item]
            return SourceLocation(file: paths[Int(place.file)], line: Int(place.line), column: Int(place.column))
        }
    }

    let location: SourceLocation?
    let file: String?
    let route: String?
    let locale: String?
    let keys: Keys
    /// The rank of `messageAroundKey.suffix` among the suffixes of the batches over the same
    /// `keys` with the same prefix (equal suffixes, equal ranks), when their maker gave it: the
    /// linter orders one key's findings in those batches by it, without comparing Strings.
    let suffixRank: Int32?

    init(rule: String, location: SourceLocation?, file: String? = nil, route: String? = nil, locale: String?,
         messagePrefix: String, keys: Keys, messageSuffix: String, suffixRank: Int32? = nil) {
        self.location = location
        self.file = file ?? location?.file
        self.route = route
        self.locale = locale
        self.keys = keys
        self.suffixRank = suffixRank
        super.init(rule: rule, messageAroundKey: (messagePrefix, messageSuffix),
                   itemsInMessageOrder: keys.orderedBefore != nil && messageSuffix.first == keys.orderedBefore,
                   placedByKey: keys.places != nil)
    }

    override func location(_ item: Int) -> SourceLocation? {
        if let places = keys.places { return places.location(item) }
        return location
    }
    override func position(_ item: Int) -> (line: Int, column: Int) {
        if let places = keys.places {
            let place = places[item]
            return (Int(place.line), Int(place.column))
        }
        return (location?.line ?? 0, location?.column ?? 0)
    }
    override func file(_ item: Int) -> String? {
        if let places = keys.places { return places.paths[Int(places[item].file)] }
        return file
    }
    override func sharesFile(_ item: Int, with other: Int) -> Bool {
        guard let places = keys.places else { return file != nil }
        return places[item].file == places[other].file
    }
    override func route(_ item: Int) -> String? { route }
    override func key(_ item: Int) -> String? { keys[item] }
    override func keyByteCount(_ item: Int) -> Int { keys.byteCount(item) }
    override func withKeyBytes<R>(_ item: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? { keys.withBytes(item, body) }
    override func locale(_ item: Int) -> String? { locale }
    override func forEachMessagePiece(_ item: Int, _ body: (String) -> Void) {
        body(messageAroundKey.prefix)
        body(Finding.keyInMessage(keys[item]))
        body(messageAroundKey.suffix)
    }
}

/// The type's name before it was `Finding`; kept so library users keep compiling.
@available(*, deprecated, renamed: "Finding") public typealias Diagnostic = Finding
