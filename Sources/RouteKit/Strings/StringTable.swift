import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// CLDR plural categories, in CLDR's order.
public let pluralCategoryNames = ["zero", "one", "two", "few", "many", "other"]

/// One string resource in one locale.
public struct StringEntry: Sendable {
    public enum Value: Sendable {
        case text(Located<String>)
        /// Category → form, in file order.
        case plural([(category: Located<String>, text: Located<String>)])
    }

    public var key: String
    public var locale: String
    public var value: Value
    /// Where the (last segment of the) key is written.
    public var keyLocation: SourceLocation

    /// Every text of the entry: one, or one per plural form.
    public var texts: [Located<String>] {
        switch value {
        case .text(let text): [text]
        case .plural(let forms): forms.map(\.text)
        }
    }

    public var isPlural: Bool {
        if case .plural = value { return true }
        return false
    }
}

// MARK: - Compact storage
//
// A large project holds millions of strings. They are stored compactly: keys are interned once per
// project (a key id), texts stay UTF-8 bytes in one arena per file, and positions are a file index
// with a line and column. `StringEntry`, `Located<String>` and `SourceLocation` values are made only
// when asked for (lookups, findings), never for every string.

/// A text in a file's arena, and where it was written.
struct TextRef: Sendable {
    var start: Int32
    var length: Int32
    var line: Int32
    var column: Int32
}

/// One entry of a locale: a text, or a plural whose forms are `forms[formStart ..< formStart + formCount]`.
/// Stored packed in `PackedEntries`; this is the entry as read from there.
struct CompactEntry: Sendable {
    var key: Int32
    /// The file index, and in the high bit whether the entry is a plural: 32 bytes an entry, not 36.
    private var fileAndKind: UInt32
    var keyLine: Int32
    var keyColumn: Int32
    /// The text; for a plural, `start` is the first form's index and `length` the number of forms.
    var text: TextRef

    init(key: Int32, file: Int32, keyLine: Int32, keyColumn: Int32, text: TextRef, isPlural: Bool) {
        precondition(file >= 0)
        self.key = key
        fileAndKind = UInt32(file) | (isPlural ? 0x8000_0000 : 0)
        self.keyLine = keyLine
        self.keyColumn = keyColumn
        self.text = text
    }

    var file: Int32 { Int32(bitPattern: fileAndKind & 0x7FFF_FFFF) }
    var isPlural: Bool { fileAndKind & 0x8000_0000 != 0 }
}

/// A locale's entries, 16 bytes each where a `CompactEntry` takes 32: on a file of short lines
/// they outweighed the file itself. A text is on its key's line, a few columns after it (the
/// distance is kept), or on the next line (its column is kept); the file is kept once per run of
/// entries from one file (entries come file by file). An entry that does not fit (a text further
/// down, a key or text column past 255, a text of 16 KiB) is kept whole on the side.
struct PackedEntries: RandomAccessCollection, Sendable {
    private struct Packed {
        var key: Int32
        /// The text's start in the arena; a plural's first form; for an entry kept on the side, its index there.
        var start: UInt32
        var keyLine: UInt32
        /// Plural (1 bit) | key column (8) | text on the next line (1) | the text's column − the
        /// key's, or on the next line the text's column (8) | text length or forms (14; all ones: on the side).
        /// A key column of `wideColumn`: `keyLine` holds the line (8 bits) and the column (24).
        var word: UInt32
    }

    /// A key past column 254 on one of the first 255 lines: a String Catalog written on one line
    /// has nothing else (each of its entries went on the side, 32 bytes and the side's growth).
    private static let wideColumn: UInt32 = 0xFF

    private static let sideLength: UInt32 = 0x3FFF
    private static let nextLine: UInt32 = 0x0040_0000

    private var packed: [Packed] = []
    private var side: [CompactEntry] = []
    /// The first entry of each run of entries from one file, and that file.
    private var runs: [(start: Int32, file: Int32)] = []
    private var lastFile: Int32 = -1

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { packed.count }

    mutating func reserveCapacity(_ count: Int) { packed.reserveCapacity(count) }

    @inline(__always)
    subscript(index: Int) -> CompactEntry { entry(index, file: file(at: index)) }

    /// The key of entry `index`, without the rest of the entry.
    @inline(__always)
    func key(at index: Int) -> Int32 { packed[index].key }

    @inline(__always)
    private func entry(_ index: Int, file: Int32) -> CompactEntry {
        let record = packed[index]
        let length = record.word & 0x3FFF
        if length == Self.sideLength { return side[Int(record.start)] }
        var keyLine = Int32(bitPattern: record.keyLine), keyColumn = Int32((record.word >> 23) & 0xFF)
        if _slowPath(UInt32(keyColumn) == Self.wideColumn) {
            keyLine = Int32(record.keyLine >> 24)
            keyColumn = Int32(record.keyLine & 0xFF_FFFF)
        }
        let isPlural = record.word & 0x8000_0000 != 0
        let column = Int32((record.word >> 14) & 0xFF)
        let text = isPlural
            ? TextRef(start: Int32(bitPattern: record.start), length: Int32(length), line: 0, column: 0)
            : record.word & Self.nextLine != 0
            ? TextRef(start: Int32(bitPattern: record.start), length: Int32(length), line: keyLine + 1, column: column)
            : TextRef(start: Int32(bitPattern: record.start), length: Int32(length), line: keyLine, column: keyColumn + column)
        return CompactEntry(key: record.key, file: file, keyLine: keyLine, keyColumn: keyColumn, text: text, isPlural: isPlural)
    }

    /// True when every entry is of one file (or there is none).
    var isOneFile: Bool { runs.count <= 1 }

    /// The file of entry `index`: its run's (the entry itself not read).
    @inline(__always)
    func file(at index: Int) -> Int32 {
        if runs.count == 1 { return runs[0].file }
        // The last run starting at or before `index`.
        var low = 0, high = runs.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(runs[middle].start) <= index { low = middle } else { high = middle }
        }
        return runs[low].file
    }

    /// Walks the runs along with the entries: no search per entry.
    struct Iterator: IteratorProtocol {
        fileprivate let entries: PackedEntries
        fileprivate var index = 0
        fileprivate var run = -1
        fileprivate var file: Int32 = 0
        /// Where the run after `run` starts (past the end when there is none).
        fileprivate var nextRunStart = 0

        @inline(__always)
        mutating func next() -> CompactEntry? {
            guard index < entries.packed.count else { return nil }
            while index >= nextRunStart { nextRun() }
            defer { index += 1 }
            return entries.entry(index, file: file)
        }

        private mutating func nextRun() {
            run += 1
            file = entries.runs[run].file
            nextRunStart = run + 1 < entries.runs.count ? Int(entries.runs[run + 1].start) : Int.max
        }
    }

    func makeIterator() -> Iterator { Iterator(entries: self) }

    /// Every entry with its index, in order, the runs walked along: `self[index]` searches the
    /// runs for the entry's file, which a loop over every entry by index did once per entry (and
    /// `enumerated()` over the entries was a call per entry).
    var indexed: Indexed { Indexed(entries: self) }

    struct Indexed: Sequence {
        fileprivate let entries: PackedEntries

        struct Iterator: IteratorProtocol {
            fileprivate var base: PackedEntries.Iterator

            @inline(__always)
            mutating func next() -> (index: Int, entry: CompactEntry)? {
                let index = base.index
                guard let entry = base.next() else { return nil }
                return (index, entry)
            }
        }

        @inline(__always)
        func makeIterator() -> Iterator { Iterator(base: entries.makeIterator()) }
    }

    /// Entries kept whole on the side (for tests of what packs).
    var sideCount: Int { side.count }

    mutating func append(_ entry: CompactEntry) {
        if entry.file != lastFile {
            runs.append((Int32(packed.count), entry.file))
            lastFile = entry.file
        }
        let text = entry.text
        // The text's place: 0 for a plural, else its column after the key's, or on the next line its own.
        var place: UInt32?
        if entry.isPlural {
            if text.line == 0 && text.column == 0 { place = 0 }
        } else if text.line == entry.keyLine, (0 ..< 0x100).contains(text.column - entry.keyColumn) {
            place = UInt32(text.column - entry.keyColumn) << 14
        } else if text.line == entry.keyLine + 1, (0 ..< 0x100).contains(text.column) {
            place = Self.nextLine | UInt32(text.column) << 14
        }
        let fits = (0 ..< Int32(Self.wideColumn)).contains(entry.keyColumn)
        let wide = !fits && (0 ..< 0x100).contains(entry.keyLine) && (0 ..< 0x100_0000).contains(entry.keyColumn)
        guard let place, entry.keyLine >= 0, text.start >= 0, fits || wide, (0 ..< Int32(Self.sideLength)).contains(text.length) else {
            packed.append(Packed(key: entry.key, start: UInt32(side.count), keyLine: 0, word: Self.sideLength))
            side.append(entry)
            return
        }
        let column = wide ? Self.wideColumn : UInt32(entry.keyColumn)
        let line = wide ? UInt32(entry.keyLine) << 24 | UInt32(entry.keyColumn) : UInt32(entry.keyLine)
        let word = (entry.isPlural ? 0x8000_0000 : 0) | column << 23 | place | UInt32(text.length)
        packed.append(Packed(key: entry.key, start: UInt32(text.start), keyLine: line, word: word))
    }
}

/// One plural form: its category (as written) and its text, both in the entry's file's arena.
struct CompactForm: Sendable {
    var category: TextRef
    var text: TextRef
}

/// A locale's plural forms, 16 bytes each where a `CompactForm` takes 32: a form of a flow plural
/// (`one: '', `) is a few bytes of input. A form's text follows its category in the arena (the
/// readers store a key and its value so), on its line or the next; a form that does not fit (a
/// text further down, a column past 4095, a category of 256 bytes) is kept whole on the side.
struct PackedForms: RandomAccessCollection, Sendable {
    private struct Packed {
        /// The category's start, the text's being right after it; for a form on the side, its index there.
        var start: UInt32
        var line: UInt32
        /// Text length (20 bits) | text column (12).
        var text: UInt32
        /// On the side (1 bit) | text on the next line (1) | category length (8) | category column (12).
        var category: UInt32
    }

    private static let onSide: UInt32 = 0x8000_0000
    private static let nextLine: UInt32 = 0x4000_0000

    private var packed: [Packed] = []
    private var side: [CompactForm] = []

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { packed.count }

    mutating func reserveCapacity(_ count: Int) { packed.reserveCapacity(count) }

    /// Forms kept whole on the side (for tests of what packs).
    var sideCount: Int { side.count }

    @inline(__always)
    subscript(index: Int) -> CompactForm {
        let record = packed[index]
        if record.category & Self.onSide != 0 { return side[Int(record.start)] }
        let categoryLength = Int32((record.category >> 12) & 0xFF)
        let line = Int32(bitPattern: record.line)
        let category = TextRef(start: Int32(bitPattern: record.start), length: categoryLength, line: line,
                               column: Int32(record.category & 0xFFF))
        let text = TextRef(start: category.start + categoryLength, length: Int32(record.text >> 12),
                           line: record.category & Self.nextLine != 0 ? line + 1 : line, column: Int32(record.text & 0xFFF))
        return CompactForm(category: category, text: text)
    }

    mutating func append(_ form: CompactForm) {
        let category = form.category, text = form.text
        let fits = category.start >= 0 && category.line >= 0 && text.start == category.start + category.length
            && (0 ..< 0x100).contains(category.length) && (0 ..< 0x1000).contains(category.column)
            && (0 ..< 0x10_0000).contains(text.length) && (0 ..< 0x1000).contains(text.column)
            && (text.line == category.line || text.line == category.line + 1)
        guard fits else {
            packed.append(Packed(start: UInt32(side.count), line: 0, text: 0, category: Self.onSide))
            side.append(form)
            return
        }
        packed.append(Packed(start: UInt32(category.start), line: UInt32(category.line),
                             text: UInt32(text.length) << 12 | UInt32(text.column),
                             category: (text.line != category.line ? Self.nextLine : 0) | UInt32(category.length) << 12
                                 | UInt32(category.column)))
    }

    mutating func append<S: Sequence>(contentsOf forms: S) where S.Element == CompactForm {
        for form in forms { append(form) }
    }
}

/// The immutable, shared part of a string table: file paths, texts, and key names.
final class StringStorage: Sendable {
    let paths: [String]
    /// Per file, its texts (owned here: `starts` points into them).
    private let texts: [TextBuffer]
    /// Where each file's texts start: a read goes through a plain address, retaining nothing
    /// (rules read every text on both cores; a retain of its buffer cost more than most reads).
    private nonisolated(unsafe) let starts: UnsafeMutablePointer<UnsafePointer<UInt8>>
    /// Each file's dialect, and its rules (made once, not per text).
    let dialects: [StringDialect]
    private let dialectRules: [any DialectRules]
    /// Key ids and their segments: a name is made when asked for, never stored as a `String`.
    /// Without its table (a tenth of the strings' memory): `lookup` makes it when first asked.
    let keys: KeyInterner
    private let lookup: KeyLookup

    init(paths: [String], texts: [TextBuffer], keys: KeyInterner, dialects: [StringDialect]? = nil) {
        precondition(paths.count == texts.count)
        self.paths = paths
        self.texts = texts
        starts = .allocate(capacity: Swift.max(texts.count, 1))
        for (file, buffer) in texts.enumerated() { (starts + file).initialize(to: buffer.start) }
        self.dialects = dialects ?? paths.map { StringDialect.default(forPath: $0) }
        dialectRules = self.dialects.map(\.rules)
        var keys = keys
        keys.removeTable()
        self.keys = keys
        lookup = KeyLookup(keys)
    }

    /// Each file's texts copied from `arenas`.
    convenience init(paths: [String], arenas: [[UInt8]], keys: KeyInterner, dialects: [StringDialect]? = nil) {
        self.init(paths: paths, texts: arenas.map(TextBuffer.init(copying:)), keys: keys, dialects: dialects)
    }

    deinit { starts.deallocate() }

    static let empty = StringStorage(paths: [], arenas: [], keys: KeyInterner())

    /// Key id → dotted key name.
    func name(_ id: Int32) -> String { keys.name(id) }

    /// `body` of the UTF-8 bytes of key `id`'s dotted name, without a `String`.
    func withName<Result>(_ id: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result { keys.withName(id, body) }

    /// The rules of file `file`'s dialect.
    @inline(__always)
    func rules(_ file: Int32) -> any DialectRules { dialectRules[Int(file)] }

    /// Dotted key name → key id, if any locale defines it (or a namespace above one).
    func id(of name: String) -> Int32? { lookup.id(of: name) }

    /// Ids are `0 ..< keyCount` (0 is the root).
    var keyCount: Int { keys.count }

    @inline(__always)
    func withBytes<R>(_ file: Int32, _ ref: TextRef, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        assert(ref.start >= 0 && Int(ref.start) + Int(ref.length) <= texts[Int(file)].count, "a text outside its file's texts")
        return body(UnsafeBufferPointer(start: starts[Int(file)] + Int(ref.start), count: Int(ref.length)))
    }

    func string(_ file: Int32, _ ref: TextRef) -> String {
        withBytes(file, ref) { String(decoding: $0, as: UTF8.self) }
    }

    /// All of `file`'s texts, one after another.
    func texts(of file: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: starts[Int(file)], count: texts[Int(file)].count)
    }

    func location(_ file: Int32, _ line: Int32, _ column: Int32) -> SourceLocation {
        SourceLocation(file: paths[Int(file)], line: Int(line), column: Int(column))
    }

    func located(_ file: Int32, _ ref: TextRef) -> Located<String> {
        Located(string(file, ref), at: location(file, ref.line, ref.column))
    }
}

/// The key interner with its table, made on the first lookup by name: a project whose keys are
/// never looked up by name (strings without a catalog) does not hold the table while it is linted.
private final class KeyLookup: Sendable {
    /// The interner, and whether its table has been restored (`restoreTable` runs once).
    private let state: Mutex<(keys: KeyInterner, ready: Bool)>

    init(_ keys: KeyInterner) { state = Mutex((keys, false)) }

    func id(of name: String) -> Int32? {
        state.withLock { state in
            if !state.ready {
                state.keys.restoreTable()
                state.ready = true
            }
            return state.keys.id(of: name)
        }
    }
}

/// The strings of one locale, keys in file order.
public struct LocaleStrings: Sendable {
    public var locale: String
    /// Where each top-level locale key is written (a locale may span several files).
    public var declarations: [SourceLocation] = []
    var storage: StringStorage = .empty
    /// In file order (base-locale files first is not implied: the order strings were added).
    var entries = PackedEntries()
    var forms = PackedForms()
    /// Key id → index in `entries` + 1; 0 when the key is absent.
    var slots = KeyIndex()
    /// The indices in `entries` of the plurals, in order: the plural rules need not scan them all.
    var pluralEntries: [Int32] = []
    /// The index in `forms` of each plural's first form (same order): a report's sort finds a
    /// form's entry many times, and a search of these contiguous numbers misses the cache less.
    private var pluralFormStarts: [Int32] = []
    /// For each block of 64 forms (`1 << formBlockShift`), the index in `pluralEntries` of the
    /// plural holding the block's first form: a form's plural is searched for among at most 64
    /// neighbours (a search of all the plurals, at every finding's place, was 1.4% of a catalog
    /// lint's instructions).
    private var pluralOfFormBlock: [Int32] = []
    private static let formBlockShift = 6

    public init(locale: String) { self.locale = locale }

    public subscript(key: String) -> StringEntry? {
        guard let id = storage.id(of: key), let index = index(of: id) else { return nil }
        return entry(at: index)
    }

    public var keys: [String] { entries.map { storage.name($0.key) } }

    public var count: Int { entries.count }

    public var allEntries: [StringEntry] { entries.indices.map(entry(at:)) }

    /// The index in `entries` of key `id`, if this locale has it.
    @inline(__always)
    func index(of id: Int32) -> Int? {
        let value = slots[id]
        return value == 0 ? nil : Int(value) - 1
    }

    @inline(__always)
    func contains(_ id: Int32) -> Bool { index(of: id) != nil }

    func entry(at index: Int) -> StringEntry {
        let compact = entries[index]
        let value: StringEntry.Value
        if compact.isPlural {
            value = .plural(pluralForms(compact).map { form in
                (category: storage.located(compact.file, form.category), text: storage.located(compact.file, form.text))
            })
        } else {
            value = .text(storage.located(compact.file, compact.text))
        }
        return StringEntry(key: storage.name(compact.key), locale: locale, value: value,
                           keyLocation: storage.location(compact.file, compact.keyLine, compact.keyColumn))
    }

    /// The index in `entries` of the plural whose forms include `form` (plurals hold their forms
    /// in order, so a search of the plurals finds it).
    @inline(__always)
    func entryIndex(ofForm form: Int) -> Int {
        pluralFormStarts.withUnsafeBufferPointer { starts in
            // Every plural before the one holding the block's first form ends before the block;
            // every plural after the one holding the next block's first form starts after it.
            let block = form >> Self.formBlockShift
            var low = Int(pluralOfFormBlock[block])
            var high = block + 1 < pluralOfFormBlock.count ? Int(pluralOfFormBlock[block + 1]) + 1 : starts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(starts[middle]) <= form { low = middle } else { high = middle }
            }
            return Int(pluralEntries[low])
        }
    }

    @inline(__always)
    func pluralForms(_ entry: CompactEntry) -> Slice<PackedForms> {
        forms[pluralFormIndices(entry)]
    }

    /// The indices in `forms` of a plural's forms: a plain range (a slice's `indices` were not
    /// specialized, and looked up their generic metadata at every entry).
    @inline(__always)
    func pluralFormIndices(_ entry: CompactEntry) -> Range<Int> {
        Int(entry.text.start) ..< Int(entry.text.start) + Int(entry.text.length)
    }

    /// The texts of an entry (one, or one per form), as arena references.
    func textRefs(_ entry: CompactEntry) -> [TextRef] {
        entry.isPlural ? pluralForms(entry).map(\.text) : [entry.text]
    }

    /// Calls `body` with each text of an entry, like `textRefs` without making an array.
    @inline(__always)
    func forEachText(of entry: CompactEntry, _ body: (TextRef) throws -> Void) rethrows {
        guard entry.isPlural else { return try body(entry.text) }
        for index in Int(entry.text.start) ..< Int(entry.text.start) + Int(entry.text.length) { try body(forms[index].text) }
    }

    /// Calls `body` with each text of the entry at `index` and its form's index in `forms` (nil for
    /// a plain text): what a rule with a finding per text walks.
    @inline(__always)
    func forEachTextAndForm(of entry: CompactEntry, _ body: (_ ref: TextRef, _ form: Int?) -> Void) {
        guard entry.isPlural else { return body(entry.text, nil) }
        for form in Int(entry.text.start) ..< Int(entry.text.start) + Int(entry.text.length) { body(forms[form].text, form) }
    }

    /// The first text of the entry at `index` (a plural's first form) and its file; nil for a
    /// plural without forms.
    @inline(__always)
    func firstText(ofEntryAt index: Int) -> (file: Int32, ref: TextRef)? {
        let entry = entries[index]
        guard entry.isPlural else { return (entry.file, entry.text) }
        return entry.text.length > 0 ? (entry.file, forms[Int(entry.text.start)].text) : nil
    }

    func keyLocation(_ entry: CompactEntry) -> SourceLocation {
        storage.location(entry.file, entry.keyLine, entry.keyColumn)
    }

    /// Adds an entry for a key the locale does not have yet.
    mutating func add(_ entry: CompactEntry, forms newForms: ArraySlice<CompactForm> = []) {
        assert(!contains(entry.key))
        var entry = entry
        if entry.isPlural {
            entry.text = TextRef(start: Int32(forms.count), length: Int32(newForms.count), line: 0, column: 0)
            forms.append(contentsOf: newForms)
            pluralEntries.append(Int32(entries.count))
            pluralFormStarts.append(entry.text.start)
            while pluralOfFormBlock.count << Self.formBlockShift < forms.count {
                pluralOfFormBlock.append(Int32(pluralEntries.count - 1))
            }
        }
        entries.append(entry)
        slots.set(entry.key, Int32(entries.count), count: entries.count)
    }
}

/// All string resources of a project, by locale.
public struct StringTable: Sendable {
    public var baseLocale: String
    /// Locales in the order they were first found.
    public internal(set) var locales: [String] = []
    var byLocale: [String: LocaleStrings] = [:]
    var storage: StringStorage = .empty
    /// Locales written with a deprecated tag, whose strings were read under the modern tag.
    public internal(set) var aliases: [LocaleAlias] = []
    /// Keys marked as not to be translated in a native file (`translatable="false"`,
    /// `shouldTranslate: false`): no other locale is expected to have them.
    public internal(set) var untranslatable: Set<String> = []

    public struct LocaleAlias: Sendable, Hashable {
        /// As written in the file (`iw`).
        public var written: String
        /// The locale its strings belong to (`he`).
        public var modern: String
        public var location: SourceLocation
    }

    public init(baseLocale: String) { self.baseLocale = baseLocale }

    public subscript(locale: String) -> LocaleStrings? { byLocale[locale] }

    public var base: LocaleStrings? { byLocale[baseLocale] }

    /// The id of a dotted key, if any locale defines it (or a namespace above one).
    func keyID(_ key: String) -> Int32? { storage.id(of: key) }

    func keyName(_ id: Int32) -> String { storage.name(id) }
}

// MARK: - Byte helpers shared by the string rules

enum UTF8Text {
    /// Empty or only white space, as `String.isBlank` says, without making a String. `scalars`
    /// remembers the answers for non-ASCII scalars across calls.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ scalars: inout BlankScalars) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
                index += 1
                continue
            }
            // Only five lead bytes begin a blank scalar (U+0085 and U+00A0; U+1680; U+2000–U+205F;
            // U+3000; U+FEFF): any other ends the scan undecoded, as most texts in Cyrillic, CJK
            // or with a first letter such as "Ü" do.
            guard Self.mayBeginBlank(byte) else { return false }
            // Decoded one scalar at a time: most texts end the scan at their first letter.
            var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            switch parser.parseScalar(from: &rest) {
            case .valid(let encoded):
                if !scalars.isBlank(Unicode.UTF8.decode(encoded)) { return false }
                index += encoded.count
            case .error, .emptyInput:
                // Invalid UTF-8 reads as U+FFFD, which is not white space.
                return false
            }
        }
        return true
    }

    /// Whether a scalar that `String.isBlank` counts as blank may start with the non-ASCII byte
    /// `lead` (every other lead byte starts a scalar that is not, which `blankLeadBytesCoverEveryBlankScalar` checks).
    @inline(__always)
    static func mayBeginBlank(_ lead: UInt8) -> Bool {
        lead == 0xC2 || (0xE1 ... 0xE3).contains(lead) || lead == 0xEF
    }

    /// True when `bytes` are valid UTF-8 whose scalars are all below U+0300, or in the letters of
    /// scripts where every scalar is a starter that NFC keeps as it is and never composes with
    /// the one before (Greek, Cyrillic, Armenian, Hebrew and Arabic letters; kana, CJK ideographs
    /// and Hangul syllables): such text is in NFC, so two such texts make equal Strings exactly
    /// when their bytes are equal. Titles in those scripts were normalized through a `String`
    /// each. The ranges are held to Foundation's decompositions of every scalar in the tests.
    static func isNFCAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if byte >= 0xC2, byte < 0xE0, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                let scalar = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                guard scalar < 0x300 || isNFCLetter(scalar) else { return false }
                index += 2
            } else if byte >= 0xE0, byte < 0xF0, index + 2 < count, bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 {
                // Overlong forms and surrogates decode below or outside every range.
                let scalar = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                guard isNFCLetter(scalar) else { return false }
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    /// The scalars past U+02FF `isNFCAsWritten` takes as written.
    private static func isNFCLetter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0370 ... 0x0373, 0x0375 ... 0x037D, 0x037F ... 0x0386, 0x0388 ... 0x03FF, // Greek (not 0374, 037E, 0387: singletons)
             0x0400 ... 0x0482, 0x048A ... 0x052F, // Cyrillic (not the combining 0483–0489)
             0x0531 ... 0x0556, 0x0561 ... 0x0587, // Armenian
             0x05D0 ... 0x05EA, // Hebrew letters (not the points)
             0x0620 ... 0x064A, 0x0660 ... 0x0669, 0x0671 ... 0x06D5, // Arabic letters and digits (not the marks)
             0x3000 ... 0x3003, 0x3041 ... 0x3096, 0x30A1 ... 0x30FF, // ideographic space and stops, kana (not 3099–309C)
             0x4E00 ... 0x9FFF, // CJK ideographs (not the compatibility ones, singletons)
             0xAC00 ... 0xD7A3: // Hangul syllables (not the jamo they compose from)
            return true
        default:
            return false
        }
    }

    /// Equal as Swift Strings (canonical equivalence), without making Strings when both are NFC as written.
    static func canonicallyEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.elementsEqual(b) { return true }
        if isNFCAsWritten(a) && isNFCAsWritten(b) { return false }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }

    /// The index of the first `target` byte at or after `start`: eight bytes at a time, inline (a
    /// call per text would cost more than the scan of a short text).
    @inline(__always)
    static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        guard count - start >= 8 else {
            for index in start ..< count where base[index] == target { return index }
            return nil
        }
        func firstMatch(at offset: Int) -> Int? {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let matches = ByteWord.matches(word, target)
            return matches == 0 ? nil : offset + matches.trailingZeroBitCount / 8
        }
        var index = start
        while index + 8 <= count {
            if let found = firstMatch(at: index) { return found }
            index += 8
        }
        // The last eight bytes, overlapping some already seen (which held no match).
        return index < count ? firstMatch(at: count - 8) : nil
    }

    /// How many `target` bytes `bytes` holds, eight at a time.
    static func count(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern = UInt64(target) &* 0x0101_0101_0101_0101
        var count = 0
        var index = 0
        while index + 8 <= bytes.count {
            // Per byte lane, the matches of up to 255 words; then the lanes are summed.
            var lanes: UInt64 = 0
            let end = Swift.min(bytes.count - 7, index + 255 * 8)
            while index < end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ pattern
                // The high bit of each zero byte (a match) exactly: no carry crosses bytes.
                lanes &+= ~(((word & low) &+ low) | word | low) >> 7
                index += 8
            }
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ (lanes >> 8 & 0x00FF_00FF_00FF_00FF)
            count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while index < bytes.count {
            if base[index] == target { count += 1 }
            index += 1
        }
        return count
    }

    /// The plural category index of `bytes` (`zero` … `other`), or nil.
    static func pluralCategory(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if equals(bytes, "one") { return 1 }
        if equals(bytes, "other") { return 5 }
        if equals(bytes, "few") { return 3 }
        if equals(bytes, "many") { return 4 }
        if equals(bytes, "two") { return 2 }
        if equals(bytes, "zero") { return 0 }
        return nil
    }

    /// Whether `bytes` are `literal`'s: by length and `ByteWord.equal` (a comparison with a `String`'s
    /// UTF-8 view was a generic walk of 200 instructions, at every plural form of a Rails app).
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && (bytes.isEmpty || ByteWord.equal(bytes.baseAddress!, literal.utf8Start, count: bytes.count))
    }

    /// Whether two byte runs are equal: by length, then `ByteWord.equal`.
    @inline(__always)
    static func equals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let first = a.baseAddress, let second = b.baseAddress else { return true }
        return ByteWord.equal(first, second, count: a.count)
    }
}

/// `Unicode.Scalar.isBlank`, remembered per scalar below U+10000: the stdlib's property tables
/// are searched once per scalar a rule meets, not once per text.
struct BlankScalars {
    private var known = [UInt64](repeating: 0, count: 0x1_0000 / 64)
    private var blank = [UInt64](repeating: 0, count: 0x1_0000 / 64)

    mutating func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        let value = Int(scalar.value)
        guard value < 0x1_0000 else { return scalar.isBlank }
        let word = value >> 6, bit: UInt64 = 1 << (value & 63)
        if known[word] & bit == 0 {
            known[word] |= bit
            if scalar.isBlank { blank[word] |= bit }
        }
        return blank[word] & bit != 0
    }
}

/// Whether texts have a given byte (a `%`: without one a text has no placeholder in any dialect),
/// for texts asked in the order they are kept in their file's buffer (a table's entries, file by
/// file): the buffer is searched from one such byte to the next (`memchr`), not text by text, so
/// most texts are told by a comparison. Texts asked out of order are searched again; the answer
/// is always the byte search of the text's own bytes.
struct ByteSearch {
    private let target: UInt8
    private var file: Int32 = -1
    private var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// No `target` in `searchedFrom ..< next`; `next` is one, or the buffer's end.
    private var searchedFrom = 0
    private var next = -1

    init(_ target: UInt8) { self.target = target }

    @inline(__always)
    mutating func contains(_ file: Int32, _ ref: TextRef, in storage: StringStorage) -> Bool {
        let start = Int(ref.start), end = start + Int(ref.length)
        if file != self.file {
            self.file = file
            buffer = storage.texts(of: file)
            next = -1
        }
        if start < searchedFrom || start > next { search(from: start) }
        return next < end
    }

    private mutating func search(from start: Int) {
        searchedFrom = start
        guard let base = buffer.baseAddress, start < buffer.count,
              let found = memchr(base + start, Int32(target), buffer.count - start) else {
            next = buffer.count
            return
        }
        next = UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
