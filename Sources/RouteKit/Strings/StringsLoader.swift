import FoundationEssentials

/// Reads Rails-i18n YAML: the top-level key is the locale, nested keys are joined with `.`.
///
/// A mapping whose keys are all plural categories (`one`, `other`, …) with text values is a plural,
/// unless the base locale has a plain namespace at that key: the base locale's shape decides, so a
/// translation cannot turn a namespace into a plural.
///
/// Two steps: each file becomes a `StringsFileData` (compact records in file order: streamed from
/// libyaml events by `StringsReader`, in parallel, or converted from a tree), then `merge` builds
/// the table — base-locale files first, since their shape decides what is a plural elsewhere.
public enum StringsLoader {
    /// `root` is the directory a duplicate key's message names the first file relative to
    /// (the config's directory), so the message is the same on every checkout.
    public static func load(_ files: [YAMLFile], baseLocale: String, root: String = ".",
                            limits: InputLimits = .default) -> (StringTable, [Finding]) {
        var data = files.map { StringsFileData(tree: $0) }
        return merge(&data, baseLocale: baseLocale, root: root, limits: limits)
    }

    /// Frees each file's records once merged (the text arenas move into the table).
    static func merge(_ files: inout [StringsFileData], baseLocale: String, root: String = ".",
                      limits: InputLimits = .default) -> (StringTable, [Finding]) {
        var merger = Merger(baseLocale: baseLocale, maxLocales: limits.locales, maxKeyLength: limits.keyLength,
                            duplicates: FindingListing(rule: DuplicateKey.id, limit: limits.findings))
        merger.run(&files)
        return merger.finish(files, root: root)
    }
}

/// One parse record: a text (leaf) or a mapping (group), in depth-first file order. Stored
/// packed in `RawItems`; this is the record as read from there.
struct RawItem: Sendable {
    /// The key as written (it may contain dots), in the file's arena.
    var keyStart: Int32
    var keyLength: Int32
    /// Leaf: the text. Group: `start` = the index after its last descendant (0 until known),
    /// `length` = children; a group's line and column are not kept.
    var value: TextRef
    var keyLine: Int32
    var keyColumn: Int32
    var flags: UInt8

    static let group: UInt8 = 1
    static let allScalar: UInt8 = 2
    static let allCategories: UInt8 = 4

    var isGroup: Bool { flags & Self.group != 0 }
}

/// A file's records, 16 bytes each where a `RawItem` takes 36: on a file of short lines they
/// outweighed the file itself three times. A leaf's text follows its key in the arena (every
/// reader stores them so), right after it or up to three bytes on (an Android `name="KEY">TEXT`
/// read where it lies in the file), so one start serves both; a text on its key's line keeps its
/// column as its distance from the key's, a text on the next line (`key:` then the value, or a
/// block scalar) its own column. A record that does not fit (a text further down, a key of 16 KiB)
/// is kept whole on the side.
struct RawItems: RandomAccessCollection, Sendable {
    private struct Packed {
        /// The key's start in the arena; for a record kept on the side, its index there.
        var keyStart: UInt32
        var keyLine: UInt32
        /// `kind` (3 bits: the flags, `nextLineKind` or `sideKind`) | key column (13) | a leaf's bytes
        /// between its key and its text (2) | key length (14).
        var key: UInt32
        /// Leaf: text length (20 bits) | the text's column − the key's (12); with `nextLineKind`,
        /// the text's column itself.
        /// Group: its end − its index (20 bits; 0 while unknown) | children (12).
        var value: UInt32
    }

    /// Never a record's flags (a group's are odd, a leaf's 0).
    private static let sideKind: UInt32 = 2
    /// A leaf whose text is on the line after its key's: never a record's flags either.
    private static let nextLineKind: UInt32 = 4
    /// A leaf whose text is its key, at the key's place (a String Catalog key with no source
    /// text reads as itself): its bytes are stored once, and `value` holds the key's column
    /// whole (a catalog written on one line has columns past 13 bits).
    private static let keyTextKind: UInt32 = 6

    /// Records in chunks of 256 KiB (pages of their own, given back when freed: see
    /// `SystemAllocator`): past the first (reserved for the records a file likely holds, grown by
    /// doubling up to a chunk), they never grow by copying, and the merge frees each chunk once
    /// past it (`release`) instead of a whole file's records at its end.
    private var chunks: [[Packed]] = []
    private(set) var count = 0
    private var side: [RawItem] = []
    private static let chunkShift = 14
    static let chunkSize = 1 << chunkShift

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Room for `count` records in the first chunk (later chunks are made whole).
    mutating func reserveCapacity(_ count: Int) {
        if chunks.isEmpty { chunks.append([]) }
        chunks[0].reserveCapacity(Swift.min(count, Self.chunkSize))
    }

    @inline(__always)
    mutating func append(_ item: RawItem) {
        append(packed: pack(item, at: count, side: nil))
    }

    @inline(__always)
    private mutating func append(packed record: Packed) {
        startChunkWhenFull()
        chunks[count >> Self.chunkShift].append(record)
        count += 1
    }

    /// Makes the chunk record `count` goes in, whole, when there is none yet.
    @inline(__always)
    private mutating func startChunkWhenFull() {
        if count >> Self.chunkShift == chunks.count {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
    }

    /// Drops the records from `count` on (a side record's slot stays, unused). The chunk that
    /// holds record `count` keeps its room: a reader that drops and adds a record at each entry
    /// allocates nothing.
    mutating func truncate(to count: Int) {
        guard count < self.count else { return }
        let chunk = count >> Self.chunkShift
        chunks.removeLast(chunks.count - chunk - 1)
        chunks[chunk].removeLast(chunks[chunk].count - (count & (Self.chunkSize - 1)))
        self.count = count
    }

    /// Drops the records at `starts` (ascending) with their descendants, moving those after
    /// them down; a group keeps its end relative to itself.
    mutating func remove(recordsAt starts: [Int]) {
        let ranges = starts.map { start in
            let record = self[start]
            return start ..< (record.isGroup ? Int(record.value.start) : start + 1)
        }
        guard let first = ranges.first else { return }
        var write = first.lowerBound, read = first.lowerBound
        func move(upTo end: Int) {
            while read < end {
                let record = chunks[read >> Self.chunkShift][read & (Self.chunkSize - 1)]
                if record.key >> 29 == Self.sideKind, side[Int(record.keyStart)].isGroup, side[Int(record.keyStart)].value.start != 0 {
                    // Kept whole, its end is an index.
                    side[Int(record.keyStart)].value.start -= Int32(read - write)
                }
                chunks[write >> Self.chunkShift][write & (Self.chunkSize - 1)] = record
                read += 1
                write += 1
            }
        }
        for range in ranges {
            move(upTo: range.lowerBound)
            read = range.upperBound
        }
        move(upTo: count)
        truncate(to: write)
    }

    /// Moves `other`'s records to the end of these, taking its chunks as it goes. Records move
    /// packed (a group keeps its end relative to itself), but for those on the side, which move
    /// to this side: unpacking and packing each again was most of joining a catalog's locales.
    /// A chunk's records fill the room of the last chunk here in one run (a record at a time was
    /// most of the join's time), and the rest stay in their own chunk, moved to its front: that
    /// chunk becomes the next one here (a fresh chunk for them was nearly every page fault of a
    /// catalog's join, 470 in a 20 MB one on one core, and freeing theirs as many pages unmapped).
    mutating func append(moving other: inout RawItems) {
        for chunk in other.chunks.indices {
            var records: [Packed] = []
            swap(&records, &other.chunks[chunk])
            if !other.side.isEmpty {
                for index in records.indices where records[index].key >> 29 == Self.sideKind {
                    side.append(other.side[Int(records[index].keyStart)])
                    records[index].keyStart = UInt32(side.count - 1)
                }
            }
            if count >> Self.chunkShift < chunks.count {
                // Room in the last chunk: filled from the first records.
                let taken = Swift.min(Self.chunkSize - count & (Self.chunkSize - 1), records.count)
                chunks[chunks.count - 1].append(contentsOf: records[..<taken])
                count += taken
                records.removeFirst(taken)
            }
            guard !records.isEmpty else { continue }
            // The rest, in place, start the next chunk, made whole for what may follow.
            records.reserveCapacity(Self.chunkSize)
            count += records.count
            chunks.append(records)
        }
        other = RawItems()
    }

    /// Records kept whole on the side (for tests of what packs).
    var sideCount: Int { side.count }

    /// Frees the chunks wholly below `index`; those records must not be read again.
    mutating func release(below index: Int) {
        for chunk in 0 ..< Swift.min(index >> Self.chunkShift, chunks.count) where chunks[chunk].capacity > 0 {
            chunks[chunk] = []
        }
    }

    @inline(__always)
    subscript(index: Int) -> RawItem {
        get {
            let record = chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)]
            let kind = record.key >> 29
            if kind == Self.sideKind { return side[Int(record.keyStart)] }
            let keyStart = Int32(bitPattern: record.keyStart), keyLength = Int32(record.key & 0x3FFF)
            let textStart = keyStart + keyLength + Int32((record.key >> 14) & 3)
            let keyLine = Int32(bitPattern: record.keyLine)
            let keyColumn = kind == Self.keyTextKind ? Int32(bitPattern: record.value) : Int32((record.key >> 16) & 0x1FFF)
            let value: TextRef
            if kind & UInt32(RawItem.group) != 0 {
                let end = record.value >> 12
                value = TextRef(start: end == 0 ? 0 : Int32(index) + Int32(end), length: Int32(record.value & 0xFFF), line: 0, column: 0)
            } else if kind == Self.keyTextKind {
                value = TextRef(start: keyStart, length: keyLength, line: keyLine, column: keyColumn)
            } else if kind == Self.nextLineKind {
                value = TextRef(start: textStart, length: Int32(record.value >> 12), line: keyLine + 1,
                                column: Int32(record.value & 0xFFF))
            } else {
                value = TextRef(start: textStart, length: Int32(record.value >> 12), line: keyLine,
                                column: keyColumn + Int32(record.value & 0xFFF))
            }
            return RawItem(keyStart: keyStart, keyLength: keyLength, value: value, keyLine: keyLine, keyColumn: keyColumn,
                           flags: kind == Self.nextLineKind || kind == Self.keyTextKind ? 0 : UInt8(kind))
        }
        set {
            let old = chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)]
            let record = pack(newValue, at: index, side: old.key >> 29 == Self.sideKind ? Int(old.keyStart) : nil)
            chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] = record
        }
    }

    /// The packed form of `item`, or a reference to it on the side (in slot `sideSlot` if given).
    @inline(__always)
    private mutating func pack(_ item: RawItem, at index: Int, side sideSlot: Int?) -> Packed {
        if _slowPath(item.value.start == item.keyStart), item.flags == 0, item.value.length == item.keyLength, item.keyStart >= 0,
           item.keyLine >= 0, item.keyColumn >= 0, (0 ..< 0x4000).contains(item.keyLength),
           item.value.line == item.keyLine, item.value.column == item.keyColumn {
            return Packed(keyStart: UInt32(item.keyStart), keyLine: UInt32(item.keyLine),
                          key: Self.keyTextKind << 29 | UInt32(item.keyLength), value: UInt32(item.keyColumn))
        }
        var kind = UInt32(item.flags)
        let fitsKey = item.keyStart >= 0 && item.keyLine >= 0 && (item.isGroup ? kind < 8 : kind == 0)
            && (0 ..< 0x2000).contains(item.keyColumn) && (0 ..< 0x4000).contains(item.keyLength)
        var value: UInt32?
        var gap: Int32 = 0
        if !fitsKey {
            value = nil
        } else if item.isGroup {
            let end = item.value.start == 0 ? 0 : Int(item.value.start) - index
            if (0 ..< 0x10_0000).contains(end), (0 ..< 0x1000).contains(item.value.length) {
                value = UInt32(end) << 12 | UInt32(item.value.length)
            }
        } else if case let textGap = item.value.start - (item.keyStart + item.keyLength), (0 ... 3).contains(textGap),
                  (0 ..< 0x10_0000).contains(item.value.length) {
            gap = textGap
            let delta = item.value.column - item.keyColumn
            if item.value.line == item.keyLine, (0 ..< 0x1000).contains(delta) {
                value = UInt32(item.value.length) << 12 | UInt32(delta)
            } else if item.value.line == item.keyLine + 1, (0 ..< 0x1000).contains(item.value.column) {
                kind = Self.nextLineKind
                value = UInt32(item.value.length) << 12 | UInt32(item.value.column)
            }
        }
        if let value {
            return Packed(keyStart: UInt32(item.keyStart), keyLine: UInt32(item.keyLine),
                          key: kind << 29 | UInt32(item.keyColumn) << 16 | UInt32(gap) << 14 | UInt32(item.keyLength), value: value)
        }
        let slot: Int
        if let sideSlot {
            side[sideSlot] = item
            slot = sideSlot
        } else {
            slot = side.count
            side.append(item)
        }
        return Packed(keyStart: UInt32(slot), keyLine: 0, key: Self.sideKind << 29, value: 0)
    }
}

/// A top-level key of a strings file: a locale, and its records (none when its value is not a mapping).
struct RawLocale: Sendable {
    var name: String
    var line: Int32
    var column: Int32
    var items: Range<Int>?
}

/// One strings file before merging.
struct StringsFileData: Sendable {
    var path: String
    /// The platform whose rules read, render and check this file's strings.
    var dialect: StringDialect = .rails
    /// The records' keys and texts (when `keptArena` is nil).
    var arena: [UInt8] = []
    /// The records' keys and texts written straight into the buffer the merge keeps as the file's
    /// texts, `arena` left empty (the Android and the streaming YAML readers'): the file is kept
    /// as it is, its texts where the reader wrote them, where a copy of them was the merge's
    /// largest cost in fresh pages (a fifth of Compose's page faults).
    var keptArena: TextBuffer?
    var locales: [RawLocale] = []
    var items = RawItems()
    /// Shape findings (`invalid-field`); the reader's own findings stay with the `YAMLFile`.
    var diagnostics: [Finding] = []
    /// Keys a native file marks as not to be translated.
    var untranslatable: [String] = []

    init(path: String) { self.path = path }

    /// The bytes the records' keys and texts lie in: `keptArena`'s when there is one, else `arena`'s.
    func withArena<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let keptArena { return try keptArena.withBytes(body) }
        return try arena.withUnsafeBufferPointer(body)
    }

    var arenaCount: Int { keptArena?.count ?? arena.count }

    /// Whether the merge keeps `keptArena` as the file's texts, every text kept where the reader
    /// wrote it, for all of the file's locales (a text dropped, as a duplicate, and the keys stay in
    /// the buffer unread). Set by the reader: one whose keys are most of the buffer (`k123: v`)
    /// has its texts copied out instead, and the buffer freed after the file's last pass (kept, its
    /// keys raised the peak of the rules by half the input).
    var mergesInPlace = false

    /// Takes `buffer`, where the reader wrote the records' keys and texts, as the file's kept
    /// arena: merged in place when the texts are at least half of it. `textBytes`: their count,
    /// when the reader kept it (else they are counted, 40 instructions a record, until they are
    /// half: a String Catalog's join, on one core, waited for the count of every record).
    mutating func keep(_ buffer: TextBuffer, textBytes: Int? = nil) {
        keptArena = buffer
        if let textBytes {
            mergesInPlace = 2 * textBytes >= buffer.count
            return
        }
        var texts = 0
        mergesInPlace = buffer.count == 0
        for item in items where !item.isGroup {
            texts += Int(item.value.length)
            if 2 * texts >= buffer.count {
                mergesInPlace = true
                break
            }
        }
    }

    /// The buffer the merge keeps this file's texts in: `keptArena` when `mergesInPlace`, else a
    /// new one the texts are copied to (sized for the whole arena: pages never written cost nothing).
    func mergedTexts() -> TextBuffer {
        if mergesInPlace, let keptArena { return keptArena }
        return TextBuffer(capacity: arenaCount)
    }

    mutating func store(_ text: String) -> (Int32, Int32) {
        let place = Self.store(text, in: &arena)
        return (place.start, place.length)
    }

    /// The same records from a tree: the oracle the streaming reader is held to
    /// (`StringsRecordDump`, the differential tests and the `strings` fuzz target).
    init(tree file: YAMLFile) {
        path = file.path
        guard let root = file.root else { return }
        guard let mapping = root.mapping else {
            diagnostics.append(Finding(rule: "invalid-field", severity: .error,
                                          message: "a strings file must map locales to their strings (`en:`), found \(root.kindName)",
                                          location: root.location))
            return
        }
        for entry in mapping.entries {
            let locale = entry.key.value
            var raw = RawLocale(name: locale, line: Int32(entry.key.location.line), column: Int32(entry.key.location.column), items: nil)
            defer { locales.append(raw) }
            if entry.value.isNull { continue }
            guard let tree = entry.value.mapping else {
                diagnostics.append(Finding(rule: "invalid-field", severity: .error,
                                              message: "locale '\(locale)' must map keys to strings, found \(entry.value.kindName)",
                                              location: entry.value.location, locale: locale))
                continue
            }
            let start = items.count
            append(tree, prefix: "", locale: locale)
            raw.items = start ..< items.count
        }
    }

    /// Depth-first; depth was bounded by the reader.
    private mutating func append(_ mapping: YAMLMapping, prefix: String, locale: String) {
        for entry in mapping.entries {
            let key = prefix.isEmpty ? entry.key.value : prefix + "." + entry.key.value
            let (keyStart, keyLength) = store(entry.key.value)
            let keyLine = Int32(entry.key.location.line), keyColumn = Int32(entry.key.location.column)
            switch entry.value {
            case .scalar(let scalar):
                // Absent, as in the streaming reader.
                if scalar.isNull { continue }
                let (start, length) = store(scalar.value)
                items.append(RawItem(keyStart: keyStart, keyLength: keyLength,
                                     value: TextRef(start: start, length: length, line: Int32(scalar.location.line),
                                                    column: Int32(scalar.location.column)),
                                     keyLine: keyLine, keyColumn: keyColumn, flags: 0))
            case .sequence(let sequence):
                diagnostics.append(Finding(rule: "invalid-field", severity: .error,
                                              message: "'\(key)' is a list; string values are text, plurals or nested keys",
                                              location: sequence.location, key: key, locale: locale))
            case .mapping(let child):
                var flags = RawItem.group
                // Absent (null) entries count for neither flag, as in the streaming reader.
                let present = child.entries.filter { !$0.value.isNull }
                if present.allSatisfy({ $0.value.scalar != nil }) { flags |= RawItem.allScalar }
                if present.allSatisfy({ pluralCategoryNames.contains($0.key.value) }) { flags |= RawItem.allCategories }
                let index = items.count
                items.append(RawItem(keyStart: keyStart, keyLength: keyLength,
                                     value: TextRef(start: 0, length: Int32(child.entries.count { !$0.value.isNull }),
                                                    line: Int32(child.location.line), column: Int32(child.location.column)),
                                     keyLine: keyLine, keyColumn: keyColumn, flags: flags))
                append(child, prefix: key, locale: locale)
                items[index].value.start = Int32(items.count)
            }
        }
    }
}

/// Builds the table from the files' records.
private struct Merger {
    let baseLocale: String
    var interner = KeyInterner()
    /// Per key id: 1 = a plural in the base locale, 2 = a namespace there.
    var shape: [UInt8] = []
    var locales: [String] = []
    var byLocale: [String: Int] = [:]
    var strings: [LocaleStrings] = []
    var diagnostics: [Finding] = []
    /// The id of the key `""` at the top level: its children are top-level keys.
    var emptyKey: Int32 = -1

    /// `limits.locales`: a locale past it is reported once and not read.
    let maxLocales: Int
    /// Per file: its resource tree (`ResourceSets.tree`). Within one set, a key defined again in
    /// another tree is an override (an Android app over its library), not a duplicate.
    var treeOfFile: [Int] = []
    var nonBaseLocales = 0

    /// `limits.key-length`: a key longer in full (its dotted prefix included) is reported once
    /// and not read, nor is what is nested under it.
    let maxKeyLength: Int

    /// `limits.findings`: the duplicate keys listed; the others are counted.
    let duplicates: FindingListing

    init(baseLocale: String, maxLocales: Int, maxKeyLength: Int, duplicates: FindingListing) {
        self.baseLocale = baseLocale
        self.maxLocales = maxLocales
        self.maxKeyLength = maxKeyLength
        self.duplicates = duplicates
    }

    mutating func localeIndex(_ name: String) -> Int {
        if let index = byLocale[name] { return index }
        if name != baseLocale { nonBaseLocales += 1 }
        byLocale[name] = strings.count
        locales.append(name)
        strings.append(LocaleStrings(locale: name))
        return strings.count - 1
    }

    /// Locales written with a deprecated tag (`iw:`), read under their modern tag (`he`).
    var aliases: [StringTable.LocaleAlias] = []
    var untranslatable: Set<String> = []

    /// A deprecated tag's modern form (`iw` → `he`, `in` → `id`, `mo` → `ro`); nil for any other.
    static func modernTag(_ name: String) -> String? {
        guard case .failure(let problem) = LocaleTag.parse(name), case .deprecated = problem,
              let modern = problem.suggestion, case .success = LocaleTag.parse(modern) else { return nil }
        return modern
    }

    /// Reads a deprecated locale tag as its modern tag, so its strings count for that locale
    /// (`invalid-locale` still reports the tag as written). The base locale keeps its name: it
    /// must match the config's `base-locale`.
    mutating func renameAliases(_ files: inout [StringsFileData]) {
        var modern: [String: String?] = [:]
        for fileIndex in files.indices {
            for index in files[fileIndex].locales.indices {
                let name = files[fileIndex].locales[index].name
                guard name != baseLocale else { continue }
                if modern[name] == nil { modern[name] = .some(Self.modernTag(name)) }
                guard let replacement = modern[name]! else { continue }
                let locale = files[fileIndex].locales[index]
                aliases.append(StringTable.LocaleAlias(
                    written: name, modern: replacement,
                    location: SourceLocation(file: files[fileIndex].path, line: Int(locale.line), column: Int(locale.column))))
                files[fileIndex].locales[index].name = replacement
            }
        }
    }

    mutating func run(_ files: inout [StringsFileData]) {
        renameAliases(&files)
        var trees: [String: Int] = [:]
        treeOfFile = files.map { file in
            let key = ResourceSets.tree(of: file.path).key
            if let tree = trees[key] { return tree }
            trees[key] = trees.count
            return trees.count - 1
        }
        var itemCounts: [Int] = []
        var overLimit = false
        for fileIndex in files.indices {
            let file = files[fileIndex]
            diagnostics += file.diagnostics
            untranslatable.formUnion(file.untranslatable)
            for (position, locale) in file.locales.enumerated() {
                // The base locale is always read (it counts, wherever it comes): the others are
                // checked against it.
                if byLocale[locale.name] == nil, locale.name != baseLocale,
                   nonBaseLocales >= maxLocales - 1 {
                    if !overLimit {
                        overLimit = true
                        diagnostics.append(YAMLReader.syntax("more than \(maxLocales) locales in the strings files (limits.locales)",
                                                             file.path, Int(locale.line), Int(locale.column)))
                    }
                    files[fileIndex].locales[position].items = nil
                    continue
                }
                let index = localeIndex(locale.name)
                strings[index].declarations.append(SourceLocation(file: file.path, line: Int(locale.line), column: Int(locale.column)))
                if index >= itemCounts.count { itemCounts.append(contentsOf: repeatElement(0, count: index + 1 - itemCounts.count)) }
                itemCounts[index] += locale.items?.count ?? 0
            }
        }
        // Records are an upper bound on entries and plural forms: reserving avoids growing (and
        // copying) big arrays, and capacity never written costs no memory.
        for (index, count) in itemCounts.enumerated() {
            strings[index].entries.reserveCapacity(count)
            strings[index].forms.reserveCapacity(count)
        }
        interner.reserve(keys: itemCounts.reduce(0, +), bytes: files.reduce(0) { $0 + $1.arenaCount })
        emptyKey = [UInt8]().withUnsafeBufferPointer { interner.intern(0, $0) }
        let needsSecondPass = files.map { file in file.locales.contains { $0.name != baseLocale && $0.items != nil } }
        var found = mergeBase(&files, needsSecondPass)
        var lookedUp = lookUpKnownKeys(files, needsSecondPass)
        internNewKeys(files, &lookedUp)
        mergeTranslations(&files, lookedUp.map(\.ids), &found)
        diagnostics += found.diagnostics
        pendingDuplicates = found.duplicates
        overrideHashes = found.overrideHashes
        duplicates.count(unlisted: found.unlisted)
    }

    /// The base locale first, in file order: its keys are interned as met, and its shape decides
    /// what is a plural in the other locales.
    private mutating func mergeBase(_ files: inout [StringsFileData], _ needsSecondPass: [Bool]) -> MergeFindings {
        var merge = LocaleMerge(keys: InterningKeys(interner: interner), treeOfFile: treeOfFile, limit: duplicates.limit, before: 0)
        interner = KeyInterner(tableCapacity: 1)
        var freedRecords = 0
        texts = Array(repeating: nil, count: files.count)
        for fileIndex in files.indices {
            for locale in files[fileIndex].locales where locale.name == baseLocale {
                guard let range = locale.items else { continue }
                let fileTexts = texts[fileIndex] ?? files[fileIndex].mergedTexts()
                texts[fileIndex] = fileTexts
                let index = byLocale[locale.name]!
                merge.start(file: fileIndex, path: files[fileIndex].path, texts: fileTexts,
                            inPlace: fileTexts === files[fileIndex].keptArena, locale: index)
                swap(&merge.strings, &strings[index])
                RecordWalk.merge(&files[fileIndex], range, isBase: true, lastPass: !needsSecondPass[fileIndex],
                                 emptyKey: emptyKey, maxKeyLength: maxKeyLength, &merge)
                texts[fileIndex]!.written(upTo: merge.textEnd)
                swap(&merge.strings, &strings[index])
            }
            // After its last pass a file's records are freed and its arena keeps only the texts.
            // Freed memory goes back to the system after a large file, and now and then after small
            // ones: the entries growing meanwhile then reuse pages instead of raising the peak.
            if !needsSecondPass[fileIndex] {
                freedRecords += files[fileIndex].items.count
                files[fileIndex].free()
                texts[fileIndex]?.shrinkToFit()
            }
            if freedRecords >= 32_768 || fileIndex % 32 == 31 {
                SystemAllocator.trim()
                freedRecords = 0
            }
        }
        interner = merge.keys.interner
        shape = merge.keys.shape
        return merge.found
    }

    /// Translations mostly repeat the base locale's keys, already interned: their ids are looked
    /// up on all cores first (the interner is only read), so the ordered pass interns just the keys
    /// new to the project. Per file, aligned with its records.
    private func lookUpKnownKeys(_ files: [StringsFileData], _ needed: [Bool]) -> [KnownKeyLookup] {
        let interner = self.interner, shape = self.shape, emptyKey = self.emptyKey, baseLocale = self.baseLocale
        let maxKeyLength = self.maxKeyLength
        // One task per locale of a file (a String Catalog holds every locale in one file, which
        // was one task on one core), each with the ids of its own records.
        let tasks = files.indices.filter { needed[$0] }.flatMap { fileIndex in
            files[fileIndex].locales.compactMap { locale in locale.name == baseLocale ? nil : locale.items.map { (file: fileIndex, records: $0) } }
        }
        let parts = Concurrent.map(count: tasks.count) { taskIndex -> KnownKeyLookup in
            let (fileIndex, range) = tasks[taskIndex]
            var lookup = KnownKeyLookup(interner: interner, shape: shape, records: range.count, from: range.lowerBound)
            var file = files[fileIndex]
            RecordWalk.merge(&file, range, isBase: false, lastPass: false, emptyKey: emptyKey, maxKeyLength: maxKeyLength, &lookup)
            return lookup
        }
        // Per file, its locales' look-ups in one, in record order. A task that read all of its
        // file's records (a Rails or Android file holds one locale) is the file's look-up as it
        // is: copied into an array of its own, its ids were a fresh array's pages again.
        var lookups = files.indices.map { _ in KnownKeyLookup(interner: interner, shape: shape, records: 0) }
        for (task, part) in zip(tasks, parts) {
            let records = files[task.file].items.count
            if task.records == 0 ..< records {
                lookups[task.file] = part
                continue
            }
            if lookups[task.file].ids.count != records { lookups[task.file].ids = [Int32](repeating: -1, count: records) }
            lookups[task.file].ids.replaceSubrange(task.records, with: part.ids)
            lookups[task.file].new += part.new
        }
        return lookups
    }

    /// The keys new to the project, interned in file order (as a serial merge would meet them),
    /// so every id is the same however the translations are then spread over the cores.
    private mutating func internNewKeys(_ files: [StringsFileData], _ lookedUp: inout [KnownKeyLookup]) {
        for fileIndex in files.indices where !lookedUp[fileIndex].new.isEmpty {
            let items = files[fileIndex].items
            files[fileIndex].withArena { arena in
                for (record, parentRecord) in lookedUp[fileIndex].new {
                    var parent = parentRecord < 0 ? 0 : lookedUp[fileIndex].ids[Int(parentRecord)]
                    if parent == emptyKey { parent = 0 }
                    let item = items[Int(record)]
                    lookedUp[fileIndex].ids[Int(record)] =
                        interner.intern(parent, UnsafeBufferPointer(rebasing: arena[Int(item.keyStart) ..< Int(item.keyStart + item.keyLength)]))
                }
            }
            lookedUp[fileIndex].new = []
        }
    }

    /// The translations, on all cores: files that share no locale merge side by side (in a Rails
    /// or Android app, a file holds one locale: each locale is a task); a locale's files in file
    /// order. What they find is put back in file order, as a serial merge would list it.
    private mutating func mergeTranslations(_ files: inout [StringsFileData], _ ids: [[Int32]], _ found: inout MergeFindings) {
        // Locales written in one file are merged by one task (union-find over the locales).
        var root = Array(strings.indices)
        func find(_ locale: Int) -> Int {
            var locale = locale
            while root[locale] != locale {
                root[locale] = root[root[locale]]
                locale = root[locale]
            }
            return locale
        }
        let fileLocales = files.map { file in
            file.locales.compactMap { $0.name != baseLocale && $0.items != nil ? byLocale[$0.name] : nil }
        }
        for locales in fileLocales {
            for locale in locales.dropFirst() { root[find(locale)] = find(locales[0]) }
        }
        var taskOfRoot: [Int: Int] = [:]
        var work: [TranslationMerge] = []
        for (fileIndex, locales) in fileLocales.enumerated() where !locales.isEmpty {
            let task = find(locales[0])
            if taskOfRoot[task] == nil {
                taskOfRoot[task] = work.count
                work.append(TranslationMerge())
            }
            var file = StringsFileData(path: "")
            swap(&file, &files[fileIndex])
            work[taskOfRoot[task]!].add(file: file, index: fileIndex, ids: ids[fileIndex], texts: texts[fileIndex])
        }
        for locale in strings.indices where locale != byLocale[baseLocale] {
            guard let task = taskOfRoot[find(locale)] else { continue }
            var table = LocaleStrings(locale: "")
            swap(&table, &strings[locale])
            work[task].tables[locale] = table
        }
        let context = TranslationMerge.Context(baseLocale: baseLocale, byLocale: byLocale, shape: shape, treeOfFile: treeOfFile,
                                               emptyKey: emptyKey, maxKeyLength: maxKeyLength, limit: found.limit,
                                               before: found.duplicates.count)
        // One task would leave the other cores idle (a String Catalog's locales are one file's):
        // its locales are split among the cores, and the parts joined again after.
        if work.count == 1, let parts = work[0].split(into: Concurrent.threadLimit, context: context) {
            work = parts
            Concurrent.forEach(&work) { _, task in task.run(context) }
            work = [TranslationMerge.joinParts(work)]
        } else {
            Concurrent.forEach(&work) { _, task in task.run(context) }
        }
        var byFile: [(Int, MergeFindings)] = []
        for var task in work {
            for (position, fileIndex) in task.indices.enumerated() {
                swap(&files[fileIndex], &task.files[position])
                texts[fileIndex] = task.texts[position]
            }
            for (locale, table) in task.tables { strings[locale] = table }
            byFile += zip(task.indices, task.found)
        }
        byFile.sort { $0.0 < $1.0 }
        for (_, fileFound) in byFile { found.append(fileFound) }
    }

    /// Per file, the texts (and plural categories) of its entries: what the table keeps of it,
    /// without the keys (the interner holds them) or the texts of duplicates. Nil for a file
    /// whose records were not merged (none, or its locales past `limits.locales`).
    var texts: [TextBuffer?] = []

    /// Duplicates are reported once every path is known (an earlier file may hold the first one).
    var pendingDuplicates: [DuplicateKeyFindings.Record] = []
    /// Index in `pendingDuplicates` → the hash of an override's text (few: only across trees).
    var overrideHashes: [Int: UInt64] = [:]

    func finish(_ files: [StringsFileData], root: String) -> (StringTable, [Finding]) {
        let storage = StringStorage(paths: files.map(\.path), texts: texts.map { $0 ?? TextBuffer(capacity: 0) }, keys: interner,
                                    dialects: files.map(\.dialect))
        var table = StringTable(baseLocale: baseLocale)
        table.locales = locales
        table.aliases = aliases
        table.untranslatable = untranslatable
        table.storage = storage
        let tables = strings.map { locale in
            var locale = locale
            locale.storage = storage
            return locale
        }
        for locale in tables { table.byLocale[locale.locale] = locale }
        var diagnostics = self.diagnostics
        // An override with the same text changes nothing: not reported; with another, an info.
        var listed = pendingDuplicates
        var overrides: Set<Int> = []
        if !overrideHashes.isEmpty {
            listed = []
            for (index, record) in pendingDuplicates.enumerated() {
                if let hash = overrideHashes[index], let first = tables[Int(record.locale)].index(of: record.key) {
                    let table = tables[Int(record.locale)]
                    if OverrideHash.of(table.entries[first], in: table, storage: storage) == hash { continue }
                    overrides.insert(listed.count)
                }
                listed.append(record)
            }
        }
        // The first `limits.findings` are listed, in the order read; the rest counted.
        if listed.count > duplicates.limit {
            duplicates.count(unlisted: listed.count - duplicates.limit)
            listed.removeLast(listed.count - duplicates.limit)
            overrides = overrides.filter { $0 < listed.count }
        }
        if !listed.isEmpty {
            let found = DuplicateKeyFindings(listed, storage: storage, locales: locales, tables: tables, root: root)
            found.overrides = overrides
            diagnostics += found.findings
        }
        duplicates.appendUnlisted(to: &diagnostics, file: nil)
        return (table, diagnostics)
    }
}
