#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads an Apple String Catalog (`.xcstrings`) in place: every localization of every entry,
/// each at the line and column of its JSON key (the entry's key, the localization's locale, a
/// plural variation's category).
///
/// - A key with no localization in the source language has the key text as its source value
///   (what Xcode shows), placed at the entry's key.
/// - `shouldTranslate: false`: kept in the source language, not expected in other locales.
/// - States: a `stringUnit` in state `new` outside the source language is not translated yet and
///   is read as absent (it counts as missing); `needs_review` and `extractionState: stale` are
///   read as written and reported (`string-state`, info).
/// - A member given twice (at any level) is read last-wins, as Xcode and `JSONSerialization` read
///   it, and reported where it is repeated; a lone surrogate escape is read as U+FFFD, and reported.
///
/// The entries of `strings` are streamed: each becomes records as soon as it is read, and its
/// JSON nodes are dropped (a catalog of tiny entries held 48 bytes of nodes for each 7-byte
/// `"a":{},`). Records go into one list per locale, joined at the end. The file is read a second
/// time, entry by entry again, only when the first reading cannot be kept: an entry given again
/// after others (the earlier one must not count, and it may have declared a locale), or a
/// `sourceLanguage` after `strings` that differs from the one assumed. `XCStringsDocumentReader`,
/// which holds the whole document, is the oracle it is held to.
enum XCStringsReader {
    static func read(bytes: [UInt8], path: String, baseLocale: String, limits: InputLimits,
                     besideFrom: Int = JSONDocument.besideFrom) -> StringsReader.Result {
        bytes.withUnsafeBufferPointer { read(buffer: $0, path: path, baseLocale: baseLocale, limits: limits, besideFrom: besideFrom) }
    }

    static func read(buffer: UnsafeBufferPointer<UInt8>, path: String, baseLocale: String, limits: InputLimits,
                     besideFrom: Int = JSONDocument.besideFrom) -> StringsReader.Result {
        let repeated = CatalogEntries.repeatedMembers(path, limits)
        let lone = CatalogEntries.loneSurrogates(path, limits)
        func done(_ data: StringsFileData, _ diagnostics: [Finding], parsed: Bool = true) -> StringsReader.Result {
            var file = NativeStringsReader.emptyFile(path, diagnostics, byteCount: buffer.count)
            file.nodeFindings = parsed ? [repeated, lone].filter { !$0.isEmpty } : []
            return StringsReader.Result(file: file, data: data)
        }
        var plan: CatalogEntries.Replay?
        while true {
            var entries = CatalogEntries(path: path, baseLocale: baseLocale, replay: plan, repeated: repeated, arenaCapacity: buffer.count)
            let parsed = Result { () throws(NativeSyntaxError) in
                try JSONDocument.parse(buffer, maxDepth: limits.depth, maxNodes: limits.nodeCount * 4, outline: .stringCatalog,
                                       streaming: "strings", into: &entries, besideFrom: besideFrom)
            }
            let doc: JSONDocument
            switch parsed {
            case .failure(let error):
                // Nothing read counts (the entries' repeats found so far neither), as in a file that is not JSON.
                return done(StringsFileData(path: path), [CatalogEntries.syntax(error.message, (error.line, error.column), path)], parsed: false)
            case .success(let value): doc = value
            }
            if plan == nil { CatalogEntries.report(doc, repeated: repeated, lone: lone, path) }
            switch entries.finish(doc) {
            case .read(let data, let diagnostics): return done(data, diagnostics)
            case .again(let replay): plan = replay
            }
        }
    }
}

/// Reads the entries of a String Catalog's `strings` as the parser hands them over, into records
/// by locale, and the catalog's top level once the parse is done (`finish`).
struct CatalogEntries: JSONMemberSink {
    /// What a second reading knows from the first: which entries are given again later (and so
    /// do not count), in which `strings` member (the last one counts), and the source language.
    struct Replay {
        var occurrence: Int
        var dropped: EntrySet
        var source: String
    }

    /// Entries by ordinal, one bit each.
    struct EntrySet {
        private var words: [UInt64] = []

        mutating func insert(_ ordinal: Int) {
            while words.count <= ordinal >> 6 { words.append(0) }
            words[ordinal >> 6] |= 1 << UInt64(ordinal & 63)
        }

        func contains(_ ordinal: Int) -> Bool {
            ordinal >> 6 < words.count && words[ordinal >> 6] & (1 << UInt64(ordinal & 63)) != 0
        }
    }

    /// One locale's records, in entry order, and where the locale was first met.
    struct LocaleRecords {
        var name: String
        var declaration: (line: Int, column: Int)?
        var items = RawItems()
        /// The ordinal of the last entry that added to it (`touched` holds it then).
        var touchedBy = -1
    }

    /// What an entry added, to drop it when the next entry gives its name again (the lists it
    /// added to, with their counts before, are `touched`).
    struct Checkpoint {
        var ordinal: Int
        /// The entry's name in the arena, which its successor of the same name keeps.
        var nameEnd: Int
        var locales: Int
        var diagnostics: Int
        var untranslatable: Int
        var invalidLocales: [String] = []
    }

    enum Outcome {
        case read(StringsFileData, [Finding])
        case again(Replay)
    }

    let path: String
    let baseLocale: String
    let replay: Replay?
    let repeated: NodeFindings

    /// Which `strings` member is being read (a later one replaces an earlier one).
    private var occurrence = -1
    /// The source language this reading assumes: the last valid `sourceLanguage` before `strings`.
    private var source: String
    private var ordinal = 0
    /// The entries' names (first reading): each name's latest entry.
    private var names = KeyTable()
    /// Entries given again later (first reading).
    private var dropped = EntrySet()
    /// False once an entry is given again after others: from then on only names are kept, for a
    /// second reading.
    private var recording = true
    private var checkpoint: Checkpoint?
    /// The lists the last entry read added to, with their counts before (one buffer, reused).
    private var touched: [(list: Int, count: Int)] = []

    /// The names, keys and texts, kept by the merge as the file's texts (`StringsFileData.keep`).
    private var arena = TextBuffer(capacity: 0)
    private let arenaCapacity: Int
    private var lists: [LocaleRecords] = []
    private var listIndex: [String: Int] = [:]
    private var diagnostics: [Finding] = []
    private var untranslatable: [String] = []
    private var invalidLocales: Set<String> = []
    /// The locale of each localization slot (first, second, …) of the last entry that had it,
    /// by its bytes in the file, with its list: entries name their locales in the same order, so
    /// a localization's locale is found without a String. Emptied when lists are dropped.
    private var slots: [LocaleSlot] = []
    /// The forms of the plural being read (one buffer, reused).
    private var forms: [PluralForm] = []
    /// The localizations of the entry being read (one buffer, reused).
    private var localizationsBuffer: [(key: Int, value: Int)] = []

    struct LocaleSlot {
        /// The locale's key node's bytes in the file (without escapes).
        var start: Int32
        var length: Int32
        var list: Int32
        var isSource: Bool
    }

    /// False: every localization goes through `XCStringsDecoder`, none is read from the bytes
    /// (`plainLocalization`): the oracle's way (`XCStringsDocumentReader`).
    private let localizationsFromBytes: Bool

    init(path: String, baseLocale: String, replay: Replay?, repeated: NodeFindings, arenaCapacity: Int,
         localizationsFromBytes: Bool = true) {
        self.localizationsFromBytes = localizationsFromBytes
        self.path = path
        self.baseLocale = baseLocale
        self.replay = replay
        self.repeated = repeated
        self.arenaCapacity = arenaCapacity
        source = replay?.source ?? baseLocale
    }

    /// A member repeated and a lone surrogate can be every few bytes: stored compactly.
    static func repeatedMembers(_ path: String, _ limits: InputLimits) -> NodeFindings {
        NodeFindings(rule: "duplicate-key", path: path, templates: [
            .init(prefix: "'", suffix: "' is given twice in one JSON object: the last one is read, as Xcode reads it"),
        ], limit: limits.findings)
    }

    static func loneSurrogates(_ path: String, _ limits: InputLimits) -> NodeFindings {
        NodeFindings(rule: "json-syntax", path: path, templates: [
            .init(prefix: "", suffix: " is a lone UTF-16 surrogate, not a character: it is read as U+FFFD"),
        ], limit: limits.findings)
    }

    /// The repeats among `doc`'s own nodes (the top level, or the whole file), and its lone surrogates.
    static func report(_ doc: JSONDocument, repeated: NodeFindings, lone: NodeFindings?, _ path: String) {
        doc.forEachRepeatedMember { keyNode, name in
            let position = doc.position(keyNode)
            repeated.add(0, name, at: SourceLocation(file: path, line: position.line, column: position.column))
        }
        guard let lone else { return }
        for surrogate in doc.loneSurrogates() {
            lone.add(0, surrogate.text, at: SourceLocation(file: path, line: surrogate.line, column: surrogate.column))
        }
    }

    static func syntax(_ message: String, _ position: (line: Int, column: Int), _ path: String, key: String? = nil) -> Finding {
        Finding(rule: "json-syntax", severity: .error, message: message,
                location: SourceLocation(file: path, line: position.line, column: position.column), key: key)
    }

    private func syntax(_ message: String, _ position: (line: Int, column: Int), key: String? = nil) -> Finding {
        Self.syntax(message, position, path, key: key)
    }

    private func state(_ message: String, _ position: (line: Int, column: Int), key: String, locale: String? = nil) -> Finding {
        Finding(rule: "string-state", severity: .info, message: message,
                location: SourceLocation(file: path, line: position.line, column: position.column), key: key, locale: locale)
    }

    private func stateNew(_ key: String, _ locale: String, _ position: (line: Int, column: Int)) -> Finding {
        state("'\(key)' in '\(locale)' is in state new: not translated yet, so it counts as missing", position, key: key, locale: locale)
    }

    private func needsReview(_ key: String, _ locale: String, _ position: (line: Int, column: Int)) -> Finding {
        state("'\(key)' in '\(locale)' needs review (state needs_review): it is used as written", position, key: key, locale: locale)
    }

    /// The source language a document's root declares, valid or not, with where.
    static func sourceLanguage(_ doc: JSONDocument, members: [(key: Int, value: Int)]) -> (key: Int, value: String?)? {
        guard let member = members.last(where: { doc.string($0.key) == "sourceLanguage" }) else { return nil }
        return (member.key, doc.string(member.value).flatMap { ImportLocaleTag.isValid($0) ? $0 : nil })
    }

    // MARK: - The parser's calls

    mutating func streamStarts(_ document: JSONDocument, key: Int) {
        occurrence += 1
        ordinal = 0
        names = KeyTable()
        dropped = EntrySet()
        recording = true
        arena = TextBuffer(capacity: arenaCapacity)
        dropOutput()
        if replay == nil {
            // The root's members before this one (each is whole: its value's `end` is known).
            var members: [(key: Int, value: Int)] = []
            var index = document.root + 1
            while index < key {
                members.append((index, index + 1))
                index = Int(document[index + 1].end)
            }
            source = Self.sourceLanguage(document, members: members)?.value ?? baseLocale
        }
        _ = list(source, declaredAt: nil)
    }

    mutating func member(_ doc: JSONDocument, key keyNode: Int, value entry: Int) {
        defer { ordinal += 1 }
        let name = doc.string(keyNode)!
        if let replay {
            guard occurrence == replay.occurrence, !replay.dropped.contains(ordinal) else { return }
            read(doc, keyNode, entry, name: name, nameAt: store(name))
            return
        }
        Self.report(doc, repeated: repeated, lone: nil, path)
        let place = store(name)
        let hash = arena.withBytes { KeyHash.of(UnsafeBufferPointer(rebasing: $0[Int(place.start)...])) }
        let earlier = arena.withBytes {
            names.update(start: place.start, length: place.length, hash: hash, payload: UInt32(ordinal), in: $0)
        }
        var nameAt = place
        if let earlier {
            let position = doc.position(keyNode)
            repeated.add(0, name, at: SourceLocation(file: path, line: position.line, column: position.column))
            dropped.insert(Int(earlier))
            if recording, let previous = checkpoint, previous.ordinal == Int(earlier), previous.ordinal == ordinal - 1 {
                // The entry just read is given again: what it added goes, its name stays for this one.
                restore(previous)
                nameAt = (Int32(previous.nameEnd) - place.length, place.length)
            } else {
                // An earlier entry is given again: a second reading leaves it out.
                if recording {
                    recording = false
                    dropOutput()
                }
                arena.removeLast(from: Int(place.start))
                return
            }
        }
        guard recording else { return }
        read(doc, keyNode, entry, name: name, nameAt: nameAt)
    }

    /// Stores `name` at the arena's end.
    private mutating func store(_ name: String) -> (start: Int32, length: Int32) {
        StringsFileData.store(name, in: &arena)
    }

    /// Drops the records and findings read so far (the names stay in the arena).
    private mutating func dropOutput() {
        checkpoint = nil
        lists = []
        listIndex = [:]
        diagnostics = []
        untranslatable = []
        invalidLocales = []
        slots.removeAll(keepingCapacity: true)
    }

    /// Drops what the entry of `previous` added.
    private mutating func restore(_ previous: Checkpoint) {
        arena.removeLast(from: previous.nameEnd)
        for (list, count) in touched where list < previous.locales { lists[list].items.truncate(to: count) }
        for dropped in lists[previous.locales...] { listIndex[dropped.name] = nil }
        lists.removeSubrange(previous.locales...)
        diagnostics.removeSubrange(previous.diagnostics...)
        untranslatable.removeSubrange(previous.untranslatable...)
        invalidLocales.subtract(previous.invalidLocales)
        slots.removeAll(keepingCapacity: true)
    }

    /// The list of `locale`'s records, made (and the locale declared) on first use.
    private mutating func list(_ locale: String, declaredAt position: (line: Int, column: Int)?) -> Int {
        if let index = listIndex[locale] { return index }
        lists.append(LocaleRecords(name: locale, declaration: position))
        listIndex[locale] = lists.count - 1
        return lists.count - 1
    }

    /// `list(locale, …)` for the locale written at `localeNode`, remembered for the localization
    /// slot `slot` (when written without escapes: a byte comparison then finds it).
    private mutating func list(_ locale: String, declaredAt position: (line: Int, column: Int), node localeNode: Int,
                               slot: Int, _ doc: JSONDocument) -> Int {
        let index = list(locale, declaredAt: position)
        let node = doc[localeNode]
        if !node.flag, slot <= slots.count {
            let remembered = LocaleSlot(start: node.start, length: node.length, list: Int32(index), isSource: locale == source)
            if slot == slots.count { slots.append(remembered) } else { slots[slot] = remembered }
        }
        return index
    }

    /// The list remembered for slot `slot` if its locale is written as `localeNode` is. Inlined:
    /// called (with `lastMembers`), the catalog's reading took 30M more instructions, 8M `memcpy`.
    @inline(__always)
    private func rememberedList(_ doc: JSONDocument, _ localeNode: Int, slot: Int) -> LocaleSlot? {
        guard slot < slots.count else { return nil }
        let remembered = slots[slot], node = doc[localeNode]
        guard !node.flag, node.length == remembered.length,
              ByteWord.equal(doc.bytes.baseAddress! + Int(node.start), doc.bytes.baseAddress! + Int(remembered.start), count: Int(node.length))
        else { return nil }
        return remembered
    }

    /// A `stringUnit`: its value node, and its state node (nil when absent or not a string).
    struct StringUnit {
        var value: Int
        var state: Int?
    }

    /// A plural form's category, its key node and its `stringUnit`.
    struct PluralForm {
        var category: ImportPluralCategory
        var key: Int
        var unit: StringUnit
    }

    /// What most localizations are, as Xcode writes them, read from the bytes: a plain
    /// `{"stringUnit": {"state": …, "value": …}}` (the unit), or `{"variations": {"plural": …}}`
    /// whose forms each hold a stringUnit (put in `forms`, in category order; the result is nil
    /// then). A text is read as written: `%#@name@` is expanded only with a `substitutions`
    /// member. `.none` for anything else, which `XCStringsDecoder` reads: substitutions, other
    /// variations, a member name with escapes, a form that is not a CLDR category or is given
    /// twice, a value that is not a string. Where a name is given twice the last wins, as there.
    private static func plainLocalization(_ doc: JSONDocument, _ localization: Int, forms: inout [PluralForm]) -> StringUnit?? {
        // Xcode's unit alone, as seven nodes: the object, `"stringUnit"`, the unit, its two members.
        let end = Int32(localization + 7)
        if doc.kind(localization) == .object, doc[localization].end == end, doc.kind(localization + 2) == .object,
           doc[localization + 2].end == end, doc.isPlain(localization + 1, "stringUnit") {
            return stringUnit(doc, localization + 2).map { .some($0) }
        }
        guard doc.kind(localization) == .object,
              let (unit, variations, substitutions) = lastMembers(doc, localization, "stringUnit", "variations", "substitutions"),
              substitutions == nil else { return .none }
        guard let variations else { return unit.flatMap { stringUnit(doc, $0) }.map { .some($0) } }
        guard doc.kind(variations) == .object, let plural = lastMembers(doc, variations, "plural")?.0,
              doc.kind(plural) == .object else { return .none }
        forms.removeAll(keepingCapacity: true)
        var seen = 0
        guard eachMember(doc, plural, { key, form in
            guard let category = pluralCategory(doc, key),
                  seen & (1 << category.order) == 0, doc.kind(form) == .object else { return false }
            seen |= 1 << category.order
            guard let unit = lastMembers(doc, form, "stringUnit")?.0, let read = stringUnit(doc, unit) else { return false }
            forms.append(PluralForm(category: category, key: key, unit: read))
            return true
        }), !forms.isEmpty else { return .none }
        forms.sort { $0.category.order < $1.category.order }
        return .some(nil)
    }

    /// The CLDR category a plural form's key names, written without escapes.
    private static func pluralCategory(_ doc: JSONDocument, _ key: Int) -> ImportPluralCategory? {
        if doc.isPlain(key, "one") { return .one }
        if doc.isPlain(key, "other") { return .other }
        if doc.isPlain(key, "few") { return .few }
        if doc.isPlain(key, "many") { return .many }
        if doc.isPlain(key, "two") { return .two }
        if doc.isPlain(key, "zero") { return .zero }
        return nil
    }

    /// A `stringUnit` object's value and state, or nil (see `plainLocalization`).
    private static func stringUnit(_ doc: JSONDocument, _ unit: Int) -> StringUnit? {
        guard doc.kind(unit) == .object, let (value, state, _) = lastMembers(doc, unit, "value", "state"),
              let value, doc.kind(value) == .string else { return nil }
        if let node = state {
            guard doc.kind(node) == .string else { return StringUnit(value: value, state: nil) }
            if doc[node].flag { return nil }
        }
        return StringUnit(value: value, state: state)
    }

    /// The value nodes of the last members of `object` named `a`, `b` and `c` (nil for a name not
    /// given; an empty name is none); nil when a member's name has escapes. Inlined: called, its
    /// names' comparisons were no longer folded into each caller (see `rememberedList`).
    @inline(__always)
    private static func lastMembers(_ doc: JSONDocument, _ object: Int, _ a: StaticString, _ b: StaticString = "",
                                    _ c: StaticString = "") -> (Int?, Int?, Int?)? {
        var found: (Int?, Int?, Int?) = (nil, nil, nil)
        guard eachMember(doc, object, { key, value in
            if doc.isPlain(key, a) {
                found.0 = value
            } else if b.utf8CodeUnitCount > 0, doc.isPlain(key, b) {
                found.1 = value
            } else if c.utf8CodeUnitCount > 0, doc.isPlain(key, c) {
                found.2 = value
            }
            return true
        }) else { return nil }
        return found
    }

    /// Calls `body` with each member's key and value node until it returns false; false then, or
    /// when a member's name has escapes (a reader of bytes leaves those to the slow way).
    private static func eachMember(_ doc: JSONDocument, _ object: Int, _ body: (_ key: Int, _ value: Int) -> Bool) -> Bool {
        var index = object + 1
        let end = Int(doc[object].end)
        while index < end {
            guard !doc[index].flag, body(index, index + 1) else { return false }
            index = Int(doc[index + 1].end)
        }
        return true
    }

    /// True when the state of a plain localization's unit (or of one of its plural `forms`) is `state`.
    private static func anyState(_ doc: JSONDocument, _ plain: StringUnit?, _ forms: [PluralForm], _ state: StaticString) -> Bool {
        if let unit = plain { return unit.state.map { doc.isPlain($0, state) } ?? false }
        return forms.contains { $0.unit.state.map { doc.isPlain($0, state) } ?? false }
    }

    // MARK: - One entry

    private mutating func read(_ doc: JSONDocument, _ keyNode: Int, _ entry: Int, name key: String, nameAt: (start: Int32, length: Int32)) {
        var added = Checkpoint(ordinal: ordinal, nameEnd: Int(nameAt.start + nameAt.length), locales: lists.count,
                               diagnostics: diagnostics.count, untranslatable: untranslatable.count)
        defer { checkpoint = added }
        touched.removeAll(keepingCapacity: true)
        // The name's bytes serve the first record's key while nothing follows them in the arena,
        // and are copied for the others.
        var nameFree = true
        func keyPlace(_ arena: inout TextBuffer) -> (Int32, Int32) {
            if nameFree, arena.count == Int(nameAt.start + nameAt.length) {
                nameFree = false
                return nameAt
            }
            let start = Int32(arena.count)
            arena.appendCopy(ofBytesAt: Int(nameAt.start), length: Int(nameAt.length))
            return (start, nameAt.length)
        }
        let ordinal = self.ordinal
        func noteList(_ list: Int) {
            guard lists[list].touchedBy != ordinal else { return }
            lists[list].touchedBy = ordinal
            touched.append((list, lists[list].items.count))
        }
        guard doc.kind(entry) == .object else {
            diagnostics.append(syntax("the entry '\(key)' must be an object, found \(JSONDocument.kindName(doc.kind(entry)))",
                                      doc.position(entry), key: key))
            return
        }
        // The three members an entry may have, in one pass over them (a name with escapes: a
        // look-up each, which compares names as Strings).
        let (shouldTranslate, extractionState, localizationsNode) = Self.lastMembers(doc, entry, "shouldTranslate", "extractionState", "localizations")
            ?? (doc.member(entry, "shouldTranslate"), doc.member(entry, "extractionState"), doc.member(entry, "localizations"))
        if let flag = shouldTranslate, doc.bool(flag) == false {
            untranslatable.append(key)
        }
        if extractionState.flatMap(doc.string) == "stale" {
            diagnostics.append(state("'\(key)' is stale: Xcode no longer finds it in the code (extractionState stale); delete it or use it again",
                                     doc.position(keyNode), key: key))
        }
        // The buffer, moved out and back (one array for every entry, not one each).
        var localizations: [(key: Int, value: Int)] = []
        swap(&localizations, &localizationsBuffer)
        defer {
            localizations.removeAll(keepingCapacity: true)
            swap(&localizations, &localizationsBuffer)
        }
        var hasSource = false
        if let node = localizationsNode {
            if doc.kind(node) == .object {
                doc.members(node, into: &localizations)
                hasSource = doc.member(node, source) != nil
            } else {
                diagnostics.append(syntax("\"localizations\" of '\(key)' must be an object, found \(JSONDocument.kindName(doc.kind(node)))",
                                          doc.position(node), key: key))
            }
        }
        if !hasSource {
            // The key reads as itself, at its own place: its bytes serve as key and text.
            let (line, column) = doc.position(keyNode)
            // The source language's list is the first (`streamStarts`).
            let sourceList = 0
            noteList(sourceList)
            let place = keyPlace(&arena)
            lists[sourceList].items.append(RawItem(keyStart: place.0, keyLength: place.1,
                                                   value: TextRef(start: place.0, length: place.1, line: Int32(line), column: Int32(column)),
                                                   keyLine: Int32(line), keyColumn: Int32(column), flags: 0))
        }
        for (slot, (localeNode, localization)) in localizations.enumerated() {
            // Most localizations: a plain stringUnit or plural, in the locale the entry before had in this slot.
            if localizationsFromBytes, let remembered = rememberedList(doc, localeNode, slot: slot),
               let plain = Self.plainLocalization(doc, localization, forms: &forms) {
                let position = doc.position(localeNode), list = Int(remembered.list)
                if !remembered.isSource, Self.anyState(doc, plain, forms, "new") {
                    diagnostics.append(stateNew(key, lists[list].name, position))
                    continue
                }
                if Self.anyState(doc, plain, forms, "needs_review") { diagnostics.append(needsReview(key, lists[list].name, position)) }
                noteList(list)
                let place = keyPlace(&arena)
                if let unit = plain {
                    let start = Int32(arena.count)
                    doc.appendString(unit.value, to: &arena)
                    lists[list].items.append(StringsFileData.leaf(key: place, text: (start, Int32(arena.count) - start), at: position,
                                                                  keyLine: position.line, keyColumn: position.column))
                    continue
                }
                let group = StringsFileData.openGroup(key: place, forms: forms.count, at: position, keyLine: position.line,
                                                      keyColumn: position.column, items: &lists[list].items)
                for form in forms {
                    StringsFileData.appendForm(form.category, at: doc.position(form.key), arena: &arena, items: &lists[list].items) {
                        doc.appendString(form.unit.value, to: &$0)
                    }
                }
                StringsFileData.closeGroup(group, items: &lists[list].items)
                continue
            }
            let locale = doc.string(localeNode)!
            guard ImportLocaleTag.isValid(locale) else {
                if invalidLocales.insert(locale).inserted {
                    added.invalidLocales.append(locale)
                    let position = doc.position(localeNode)
                    diagnostics.append(NativeStringsReader.notice("not read: '\(locale)' is not a locale tag", path,
                                                                  line: position.line, column: position.column, key: key))
                }
                continue
            }
            guard doc.kind(localization) == .object else {
                diagnostics.append(syntax("the localization '\(locale)' of '\(key)' must be an object, found \(JSONDocument.kindName(doc.kind(localization)))",
                                          doc.position(localization), key: key))
                continue
            }
            var states: Set<String> = []
            var messages: [String] = []
            let position = doc.position(localeNode)
            guard let decoded = XCStringsDecoder.decode(doc, localization, states: &states, messages: &messages) else {
                let why = messages.isEmpty ? "it has no stringUnit value" : messages.joined(separator: "; ")
                diagnostics.append(NativeStringsReader.notice("not read: the localization '\(locale)' of '\(key)': \(why)", path,
                                                              line: position.line, column: position.column, key: key, locale: locale))
                continue
            }
            if locale != source, states.contains("new") {
                diagnostics.append(stateNew(key, locale, position))
                _ = list(locale, declaredAt: position, node: localeNode, slot: slot, doc)
                continue
            }
            if states.contains("needs_review") { diagnostics.append(needsReview(key, locale, position)) }
            let index = list(locale, declaredAt: position, node: localeNode, slot: slot, doc)
            noteList(index)
            let place = keyPlace(&arena)
            StringsFileData.appendRecords(key: place, value: decoded.value, keyLine: position.line, keyColumn: position.column,
                                          valuePosition: position, formPositions: decoded.formNodes.mapValues { doc.position($0) },
                                          arena: &arena, items: &lists[index].items)
        }
    }

    // MARK: - The top level

    /// The file's records and findings once the parse is done, or what a second reading needs.
    mutating func finish(_ doc: JSONDocument) -> Outcome {
        var found: [Finding] = []
        let root = doc.root
        guard doc.kind(root) == .object else {
            found.append(syntax("a String Catalog is a JSON object, found \(JSONDocument.kindName(doc.kind(root)))", doc.position(root)))
            return .read(StringsFileData(path: path), found)
        }
        guard let strings = doc.member(root, "strings") else {
            found.append(syntax("no \"strings\" member: not a String Catalog", doc.position(root)))
            return .read(StringsFileData(path: path), found)
        }
        guard doc.kind(strings) == .object else {
            found.append(syntax("\"strings\" must be an object, found \(JSONDocument.kindName(doc.kind(strings)))", doc.position(strings)))
            return .read(StringsFileData(path: path), found)
        }
        var finalSource = baseLocale
        var sourcePosition = doc.position(root)
        if let (languageKey, language) = Self.sourceLanguage(doc, members: doc.members(root)) {
            sourcePosition = doc.position(languageKey)
            if let language {
                finalSource = language
                if language != baseLocale {
                    found.append(NativeStringsReader.notice(
                        "sourceLanguage '\(language)' differs from base-locale '\(baseLocale)': this catalog's source strings are read as locale '\(language)'; set base-locale to '\(language)' or change the catalog's source language",
                        path, line: sourcePosition.line, column: sourcePosition.column, locale: language).rated(.warning))
                }
            } else {
                found.append(syntax("\"sourceLanguage\" must be a locale tag such as \"en\"; read as '\(baseLocale)'", doc.position(languageKey + 1)))
            }
        } else {
            found.append(NativeStringsReader.notice("no \"sourceLanguage\": read as base-locale '\(baseLocale)'", path,
                                                    line: sourcePosition.line, column: sourcePosition.column))
        }
        if replay == nil, !recording || finalSource != source {
            return .again(Replay(occurrence: occurrence, dropped: dropped, source: finalSource))
        }
        var data = StringsFileData(path: path)
        data.untranslatable = untranslatable
        guard !lists.isEmpty else { return .read(data, found) }
        lists[0].declaration = sourcePosition
        for index in lists.indices {
            let start = data.items.count
            if index == 0 {
                swap(&data.items, &lists[0].items)
            } else {
                data.items.append(moving: &lists[index].items)
            }
            let declaration = lists[index].declaration!
            data.locales.append(RawLocale(name: lists[index].name, line: Int32(declaration.line), column: Int32(declaration.column),
                                          items: start ..< data.items.count))
        }
        data.keep(arena)
        return .read(data, found + diagnostics)
    }
}

extension Finding {
    /// The same finding at another severity.
    func rated(_ severity: Severity) -> Finding {
        var copy = self
        copy.severity = severity
        return copy
    }
}
