import Synchronization

/// What a walk of one locale's records does at each record the merge reads (`RecordWalk`).
protocol RecordVisitor {
    /// The id of `key` under `parent` (0: the top level; -1: a group not known yet);
    /// `parentRecord` is the parent's record (-1 at the top level).
    mutating func id(of key: UnsafeBufferPointer<UInt8>, parent: Int32, record: Int, parentRecord: Int) -> Int32
    /// 1 = a plural in the base locale, 2 = a namespace there, 0 = neither (or not known).
    func shape(of id: Int32) -> UInt8
    /// A key longer in full than `limits.key-length`: neither it nor what is under it is read.
    mutating func tooLong(_ item: RawItem, keyLength: Int, limit: Int)
    mutating func text(_ id: Int32, _ item: RawItem, arena: UnsafeBufferPointer<UInt8>)
    /// A plural: `group` and its forms, the records `forms`.
    mutating func plural(_ id: Int32, _ group: RawItem, forms: Slice<RawItems>, arena: UnsafeBufferPointer<UInt8>)
    /// A group read as a namespace: its records are walked next.
    mutating func namespace(_ id: Int32)
}

/// The one walk of a locale's records that every step of the merge shares (the base pass, the
/// look-up of known keys, the translations), so each decides alike what is a text, a plural, a
/// namespace or a key too long.
enum RecordWalk {
    /// Walks `file`'s records in `range`. In the file's last pass the records are freed as they
    /// are passed (locales come in file order): a large file's records no longer stay whole
    /// beside the interned keys and entries they became (the peak of a million-key base file).
    @inline(__always)
    static func merge<Visitor: RecordVisitor>(_ file: inout StringsFileData, _ range: Range<Int>, isBase: Bool, lastPass: Bool,
                                              emptyKey: Int32, maxKeyLength: Int, _ visitor: inout Visitor) {
        // Each open group: its key id, the index after its records, its key's full length, its record.
        var parents: [(id: Int32, end: Int, keyLength: Int, record: Int)] = [(0, range.upperBound, 0, -1)]
        var items = file.items
        file.items = RawItems()
        defer { file.items = items }
        file.withArena { arena in
            var index = range.lowerBound
            var nextRelease = (index | (RawItems.chunkSize - 1)) + 1
            while index < range.upperBound {
                if lastPass && index >= nextRelease {
                    items.release(below: index)
                    nextRelease = (index | (RawItems.chunkSize - 1)) + 1
                }
                while index >= parents[parents.count - 1].end { parents.removeLast() }
                let item = items[index]
                let open = parents[parents.count - 1]
                let parent = open.id == emptyKey ? 0 : open.id
                let keyLength = open.keyLength + (parent == 0 ? 0 : 1) + Int(item.keyLength)
                if keyLength > maxKeyLength {
                    visitor.tooLong(item, keyLength: keyLength, limit: maxKeyLength)
                    index = item.isGroup ? Int(item.value.start) : index + 1
                    continue
                }
                let id = visitor.id(of: UnsafeBufferPointer(rebasing: arena[Int(item.keyStart) ..< Int(item.keyStart + item.keyLength)]),
                                    parent: parent, record: index, parentRecord: open.record)
                guard item.isGroup else {
                    visitor.text(id, item, arena: arena)
                    index += 1
                    continue
                }
                let end = Int(item.value.start)
                let allScalar = item.flags & RawItem.allScalar != 0
                let plural: Bool
                switch isBase ? 0 : visitor.shape(of: id) {
                case 1: plural = allScalar
                case 2: plural = false
                default: plural = item.value.length > 0 && allScalar && item.flags & RawItem.allCategories != 0
                }
                if plural && end == index + 1 {
                    // Every form was absent (`~`): so is the plural.
                    index = end
                } else if plural {
                    visitor.plural(id, item, forms: items[(index + 1) ..< end], arena: arena)
                    index = end
                } else {
                    visitor.namespace(id)
                    parents.append((id, end, keyLength, index))
                    index += 1
                }
            }
        }
    }
}

/// How the merge names keys: interned as met (the base locale), or looked up before.
protocol MergeKeys {
    mutating func id(of key: UnsafeBufferPointer<UInt8>, parent: Int32, record: Int) -> Int32
    func shape(of id: Int32) -> UInt8
    /// What the base locale makes of a key: 1 = a plural, 2 = a namespace.
    mutating func setShape(_ id: Int32, _ value: UInt8)
}

/// The base locale's keys, interned in file order; their shapes noted.
struct InterningKeys: MergeKeys {
    var interner: KeyInterner
    /// Per key id: 1 = a plural in the base locale, 2 = a namespace there.
    var shape: [UInt8] = []

    @inline(__always)
    mutating func id(of key: UnsafeBufferPointer<UInt8>, parent: Int32, record: Int) -> Int32 {
        interner.intern(parent, key)
    }

    func shape(of id: Int32) -> UInt8 { 0 }

    mutating func setShape(_ id: Int32, _ value: UInt8) {
        if Int(id) >= shape.count { shape.append(contentsOf: repeatElement(0, count: Int(id) + 1 - shape.count + 1024)) }
        shape[Int(id)] = value
    }
}

/// A translation file's key ids, every one looked up or interned before (`KnownKeyLookup`).
struct KnownKeys: MergeKeys {
    var ids: [Int32] = []
    let shape: [UInt8]

    @inline(__always)
    func id(of key: UnsafeBufferPointer<UInt8>, parent: Int32, record: Int) -> Int32 { ids[record] }

    @inline(__always)
    func shape(of id: Int32) -> UInt8 { Int(id) < shape.count ? shape[Int(id)] : 0 }

    func setShape(_ id: Int32, _ value: UInt8) {}
}

/// Looks up the ids of a translation file's keys, on any core (the interner is only read); a
/// key new to the project (or under a new group) is noted, for the ordered pass to intern.
struct KnownKeyLookup: RecordVisitor, Sendable {
    let interner: KeyInterner
    let shape: [UInt8]
    /// Per record from `firstRecord` on: its key's id; -1 where not known yet, or not read.
    var ids: [Int32]
    /// The record `ids` starts at (a look-up of one locale's records has only theirs).
    let firstRecord: Int
    /// The records whose key is new, in file order, with their parent's record (-1: the top level).
    var new: [(record: Int32, parentRecord: Int32)] = []

    init(interner: KeyInterner, shape: [UInt8], records: Int, from firstRecord: Int = 0) {
        self.interner = interner
        self.shape = shape
        self.firstRecord = firstRecord
        ids = [Int32](repeating: -1, count: records)
    }

    /// The id after the last one found: a translation lists its keys in the base's order, mostly.
    private var guess: Int32 = 1

    mutating func id(of key: UnsafeBufferPointer<UInt8>, parent: Int32, record: Int, parentRecord: Int) -> Int32 {
        if parent >= 0, let id = interner.isID(guess, of: key, under: parent) ? guess : interner.lookup(parent, key) {
            ids[record - firstRecord] = id
            guess = id &+ 1
            return id
        }
        new.append((Int32(record), Int32(parentRecord)))
        return -1
    }

    func shape(of id: Int32) -> UInt8 { id >= 0 && Int(id) < shape.count ? shape[Int(id)] : 0 }
    func tooLong(_ item: RawItem, keyLength: Int, limit: Int) {}
    func text(_ id: Int32, _ item: RawItem, arena: UnsafeBufferPointer<UInt8>) {}
    func plural(_ id: Int32, _ group: RawItem, forms: Slice<RawItems>, arena: UnsafeBufferPointer<UInt8>) {}
    func namespace(_ id: Int32) {}
}

/// What merging finds besides entries, in the order met: keys too long, duplicates (an
/// override's text hash beside it), and the duplicates only counted.
struct MergeFindings: Sendable {
    var diagnostics: [Finding] = []
    var duplicates: [DuplicateKeyFindings.Record] = []
    /// Index in `duplicates` → the hash of an override's text (few: only across trees).
    var overrideHashes: [Int: UInt64] = [:]
    /// Duplicates past `limits.findings`, only counted.
    var unlisted = 0
    /// `limits.findings`.
    let limit: Int
    /// Duplicates recorded before these (in earlier files).
    let before: Int

    init(limit: Int, before: Int = 0) {
        self.limit = limit
        self.before = before
    }

    /// Whether a duplicate is only counted: past `limits.findings` in all. Overrides are still
    /// recorded: one with the same text is no finding, so only the end of the merge knows which are.
    var isFull: Bool { before + duplicates.count >= limit }

    /// `other`'s findings after these, the later file's. A duplicate `other` kept may be past the
    /// limit here (more were recorded before it than `other` knew of): it is then counted.
    mutating func append(_ other: MergeFindings) {
        diagnostics += other.diagnostics
        unlisted += other.unlisted
        for (index, record) in other.duplicates.enumerated() {
            let hash = other.overrideHashes[index]
            if hash == nil, isFull {
                unlisted += 1
                continue
            }
            if let hash { overrideHashes[duplicates.count] = hash }
            duplicates.append(record)
        }
    }
}

/// Merges a file's records of one locale into that locale's table: the texts are kept in the
/// file's buffer, a key met again is recorded as a duplicate, a key too long is reported.
struct LocaleMerge<Keys: MergeKeys>: RecordVisitor {
    var keys: Keys
    var strings = LocaleStrings(locale: "")
    var found: MergeFindings
    /// Per file: its resource tree. Within one set, a key defined again in another tree is an
    /// override (an Android app over its library), not a duplicate.
    let treeOfFile: [Int]
    private var texts = TextBuffer(capacity: 0)
    /// Where the next text kept goes in `texts`.
    private(set) var textEnd = 0
    /// `texts` is the file's arena (`StringsFileData.mergesInPlace`): a text kept stays where it is.
    private var inPlace = false
    private var file: Int32 = 0
    private var locale: Int32 = 0
    private var path = ""
    private var forms: [CompactForm] = []

    init(keys: Keys, treeOfFile: [Int], limit: Int, before: Int) {
        self.keys = keys
        self.treeOfFile = treeOfFile
        found = MergeFindings(limit: limit, before: before)
    }

    /// Before the walk of `file`'s records of `locale` (whose table then goes in `strings`); the
    /// texts kept go to `texts` from `offset` on (its end, unless the walk has a region of its
    /// own), and end at `textEnd`, which `texts` is then told of (`TextBuffer.written`). `inPlace`:
    /// `texts` is the file's arena, where the texts kept already are.
    mutating func start(file: Int, path: String, texts: TextBuffer, inPlace: Bool = false, at offset: Int? = nil, locale: Int) {
        self.file = Int32(file)
        self.path = path
        self.texts = texts
        self.inPlace = inPlace
        textEnd = offset ?? texts.count
        self.locale = Int32(locale)
    }

    @inline(__always)
    mutating func id(of key: UnsafeBufferPointer<UInt8>, parent: Int32, record: Int, parentRecord: Int) -> Int32 {
        keys.id(of: key, parent: parent, record: record)
    }

    @inline(__always)
    func shape(of id: Int32) -> UInt8 { keys.shape(of: id) }

    mutating func tooLong(_ item: RawItem, keyLength: Int, limit: Int) {
        found.diagnostics.append(YAMLReader.syntax("a key of \(keyLength) bytes is over the limit of \(limit) (limits.key-length)",
                                                   path, Int(item.keyLine), Int(item.keyColumn)))
    }

    @inline(__always)
    mutating func text(_ id: Int32, _ item: RawItem, arena: UnsafeBufferPointer<UInt8>) {
        add(CompactEntry(key: id, file: file, keyLine: item.keyLine, keyColumn: item.keyColumn, text: item.value, isPlural: false),
            arena: arena)
    }

    mutating func plural(_ id: Int32, _ group: RawItem, forms records: Slice<RawItems>, arena: UnsafeBufferPointer<UInt8>) {
        keys.setShape(id, 1)
        forms.removeAll(keepingCapacity: true)
        for child in records {
            forms.append(CompactForm(category: TextRef(start: child.keyStart, length: child.keyLength,
                                                       line: child.keyLine, column: child.keyColumn),
                                     text: child.value))
        }
        add(CompactEntry(key: id, file: file, keyLine: group.keyLine, keyColumn: group.keyColumn,
                         text: TextRef(start: 0, length: 0, line: 0, column: 0), isPlural: true),
            arena: arena)
    }

    mutating func namespace(_ id: Int32) { keys.setShape(id, 2) }

    /// Copies `ref`'s bytes to the file's texts (unless they are there: `inPlace`); returns where
    /// they are now.
    @inline(__always)
    private mutating func keep(_ ref: TextRef, _ arena: UnsafeBufferPointer<UInt8>) -> TextRef {
        if inPlace { return ref }
        var kept = ref
        kept.start = Int32(textEnd)
        texts.write(UnsafeBufferPointer(rebasing: arena[Int(ref.start) ..< Int(ref.start) + Int(ref.length)]), at: textEnd)
        textEnd += Int(ref.length)
        return kept
    }

    /// Adds an entry whose texts are in `arena` (a plural's forms in `forms`), keeping them; a
    /// duplicate is noted (its texts are not kept).
    private mutating func add(_ entry: CompactEntry, arena: UnsafeBufferPointer<UInt8>) {
        if let first = strings.index(of: entry.key) {
            let firstFile = strings.entries[first].file
            let hash: UInt64?
            if treeOfFile.indices.contains(Int(firstFile)), treeOfFile[Int(firstFile)] != treeOfFile[Int(entry.file)] {
                // Another tree of the set: an override, compared with the first once every text is kept.
                hash = OverrideHash.of(entry, forms: entry.isPlural ? forms[...] : [], arena: arena)
            } else if found.isFull {
                // Past `limits.findings`, a duplicate is only counted (a record is 20 bytes, for an
                // input line of a dozen).
                found.unlisted += 1
                return
            } else {
                hash = nil
            }
            if let hash { found.overrideHashes[found.duplicates.count] = hash }
            found.duplicates.append(DuplicateKeyFindings.Record(key: entry.key, locale: locale, file: entry.file,
                                                                line: entry.keyLine, column: entry.keyColumn))
            return
        }
        var entry = entry
        guard entry.isPlural else {
            entry.text = keep(entry.text, arena)
            return strings.add(entry)
        }
        // The forms' buffer, moved out and back: a copy of the forms to change was an allocation
        // per plural, and changing them in place beside `keep` (which reads `self`) copied `self`.
        var kept: [CompactForm] = []
        swap(&kept, &forms)
        for index in kept.indices {
            kept[index].category = keep(kept[index].category, arena)
            kept[index].text = keep(kept[index].text, arena)
        }
        strings.add(entry, forms: kept[...])
        swap(&kept, &forms)
    }
}

/// One task of the translations' merge: files that share no locale with another task's, in file
/// order, with their locales' tables.
struct TranslationMerge {
    /// What every task reads.
    struct Context: Sendable {
        let baseLocale: String
        let byLocale: [String: Int]
        let shape: [UInt8]
        let treeOfFile: [Int]
        let emptyKey: Int32
        let maxKeyLength: Int
        let limit: Int
        /// Duplicates the base locale recorded.
        let before: Int
    }

    /// The files' indices in the project, and the files (moved in, given back merged).
    var indices: [Int] = []
    var files: [StringsFileData] = []
    private var ids: [[Int32]] = []
    /// Per file, its texts as merged (given back).
    private(set) var texts: [TextBuffer?] = []
    /// The tables of the task's locales, by locale index (moved in, given back).
    var tables: [Int: LocaleStrings] = [:]
    /// Per file, what its merge found.
    private(set) var found: [MergeFindings] = []
    /// A part of one file's locales (`split`): the locales merged, and the region of the file's
    /// texts its own (from `start`); where its texts ended, once run.
    private var part: (locales: Set<String>, start: Int)?
    private(set) var partEnd = 0

    mutating func add(file: StringsFileData, index: Int, ids: [Int32], texts: TextBuffer?) {
        indices.append(index)
        files.append(file)
        self.ids.append(ids)
        self.texts.append(texts)
    }

    /// The locales of `file` this merge reads: every one but the base, unless past `limits.locales`.
    static func translations(of file: StringsFileData, _ context: Context) -> [RawLocale] {
        file.locales.filter { $0.name != context.baseLocale && $0.items != nil }
    }

    mutating func run(_ context: Context) {
        var merge = LocaleMerge(keys: KnownKeys(shape: context.shape), treeOfFile: context.treeOfFile,
                                limit: context.limit, before: context.before)
        var freedRecords = 0
        for position in files.indices {
            let fileIndex = indices[position]
            let texts = self.texts[position] ?? files[position].mergedTexts()
            self.texts[position] = texts
            let inPlace = texts === files[position].keptArena
            merge.keys.ids = ids[position]
            ids[position] = []
            let kept = merge.found.before + merge.found.duplicates.count
            merge.found = MergeFindings(limit: context.limit, before: kept)
            let locales = Self.translations(of: files[position], context).filter { part?.locales.contains($0.name) ?? true }
            var end = part?.start ?? texts.count
            for (number, locale) in locales.enumerated() {
                let index = context.byLocale[locale.name]!
                merge.start(file: fileIndex, path: files[position].path, texts: texts, inPlace: inPlace, at: end, locale: index)
                swap(&merge.strings, &tables[index]!)
                // A part's records stay whole: another part reads the file's too.
                RecordWalk.merge(&files[position], locale.items!, isBase: false, lastPass: part == nil && number == locales.count - 1,
                                 emptyKey: context.emptyKey, maxKeyLength: context.maxKeyLength, &merge)
                swap(&merge.strings, &tables[index]!)
                end = merge.textEnd
                if part == nil { texts.written(upTo: end) }
            }
            found.append(merge.found)
            // A part's file is freed by `joinParts`, once every part is done.
            if part != nil {
                partEnd = end
                return
            }
            freedRecords += files[position].items.count
            files[position].free()
            texts.shrinkToFit()
            if freedRecords >= 32_768 || position % 32 == 31 {
                SystemAllocator.trim()
                freedRecords = 0
            }
        }
    }
}

extension TranslationMerge {
    /// Records below which one file's locales are merged by one task (a split costs a pass over
    /// the records, and memory set aside per part). Tests lower it, to hold a split merge to one
    /// task's (whichever a test sees, the result is the same).
    static let splitMinimumRecords = Atomic<Int>(16_384)

    /// A single file of many locales (a String Catalog's) is split into `parts` tasks of its
    /// locales instead (records about evenly), each writing its texts to a region of the file's
    /// buffer set aside for it (what its locales' records may keep). Nil when it is not worth it.
    func split(into parts: Int, context: Context) -> [TranslationMerge]? {
        guard parts > 1, files.count == 1, tables.count >= 2 else { return nil }
        let file = files[0]
        // The task's tables are these locales' (the locales of one file are one task's).
        let locales = Self.translations(of: file, context)
        guard locales.count >= 2 else { return nil }
        let records = locales.reduce(0) { $0 + $1.items!.count }
        guard records >= Self.splitMinimumRecords.load(ordering: .relaxed) else { return nil }
        let texts = self.texts[0] ?? file.mergedTexts()
        // What each locale may keep: its leaves' key and text bytes (a form's category is its
        // key), counted on all cores, by index (a slice of the records was a generic walk); none
        // when the texts stay where the reader wrote them.
        let items = file.items
        let inPlace = texts === file.keptArena
        let bounds = inPlace ? Array(repeating: 0, count: locales.count) : Concurrent.map(count: locales.count) { index in
            var bytes = 0
            for record in locales[index].items! {
                let item = items[record]
                if !item.isGroup { bytes += Int(item.keyLength) + Int(item.value.length) }
            }
            return bytes
        }
        if !inPlace { texts.reserve(bounds.reduce(0, +)) }
        // Locales in file order, each in the part its first record falls in.
        var before = 0
        let partOf = locales.map { locale in
            defer { before += locale.items!.count }
            return Swift.min(parts - 1, before * parts / records)
        }
        var tasks: [TranslationMerge] = []
        var start = texts.count
        for partIndex in 0 ..< parts {
            let members = locales.indices.filter { partOf[$0] == partIndex }
            guard !members.isEmpty else { continue }
            let names = Set(members.map { locales[$0].name })
            var task = TranslationMerge()
            task.add(file: file, index: indices[0], ids: ids[0], texts: texts)
            for (locale, table) in tables where names.contains(table.locale) { task.tables[locale] = table }
            task.part = (names, start)
            start += members.reduce(0) { $0 + bounds[$1] }
            tasks.append(task)
        }
        return tasks.count > 1 ? tasks : nil
    }

    /// The parts `split` made, run, as the one task they came from: tables and findings in
    /// locale order, the file's texts counted to the last part's end, the file freed.
    static func joinParts(_ parts: [TranslationMerge]) -> TranslationMerge {
        var joined = TranslationMerge()
        let texts = parts[0].texts[0]!
        for part in parts {
            texts.written(upTo: part.partEnd)
            joined.tables.merge(part.tables) { first, _ in first }
        }
        var found = parts[0].found[0]
        for part in parts.dropFirst() { found.append(part.found[0]) }
        var file = parts[0].files[0]
        file.free()
        joined.add(file: file, index: parts[0].indices[0], ids: [], texts: texts)
        joined.found = [found]
        texts.shrinkToFit()
        return joined
    }
}

extension StringsFileData {
    /// After its last pass: the records and the arena go (the texts merged are in a `TextBuffer`).
    mutating func free() {
        items = RawItems()
        arena = []
        keptArena = nil
    }
}

/// A value's text (or each plural form's category and text), hashed: what an override is
/// compared with the first definition by.
enum OverrideHash {
    static func of(_ entry: CompactEntry, forms: ArraySlice<CompactForm>, arena: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var stream = StableHash.Stream()
        func add(_ ref: TextRef) {
            stream.add(UnsafeBufferPointer(rebasing: arena[Int(ref.start) ..< Int(ref.start) + Int(ref.length)]))
            stream.add(0)
        }
        if entry.isPlural { for form in forms { add(form.category); add(form.text) } } else { add(entry.text) }
        return stream.hash
    }

    /// The same hash of a kept entry.
    static func of(_ entry: CompactEntry, in table: LocaleStrings, storage: StringStorage) -> UInt64 {
        var stream = StableHash.Stream()
        func add(_ ref: TextRef) {
            storage.withBytes(entry.file, ref) { stream.add($0) }
            stream.add(0)
        }
        if entry.isPlural { for form in table.pluralForms(entry) { add(form.category); add(form.text) } } else { add(entry.text) }
        return stream.hash
    }
}
