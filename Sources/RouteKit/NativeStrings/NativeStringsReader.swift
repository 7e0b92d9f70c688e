/// Reads `strings.xml` and `.xcstrings` files in place (from `strings:` globs beside YAML) into
/// the same records as YAML strings files, with every key and text at its line and column in the
/// native file. Decoding is the importers' own (`AndroidResources`, `XCStringsDecoder`).
enum NativeStringsReader {
    enum Format {
        case androidXML
        case stringCatalog
    }

    /// The native format of a strings input, by its name; nil for YAML.
    static func format(of path: String) -> Format? {
        let lower = path.lowercased()
        if lower.hasSuffix(".xml") { return .androidXML }
        if lower.hasSuffix(".xcstrings") { return .stringCatalog }
        return nil
    }

    static func read(bytes: [UInt8], path: String, format: Format, baseLocale: String, limits: InputLimits) -> StringsReader.Result {
        bytes.withUnsafeBufferPointer { read(buffer: $0, path: path, format: format, baseLocale: baseLocale, limits: limits) }
    }

    /// `mapped`: the buffer `buffer` was mapped at the start of, when the file may be kept there
    /// (`InputFile.withBytes(…, keepable:)`).
    static func read(buffer: UnsafeBufferPointer<UInt8>, path: String, format: Format, baseLocale: String,
                     limits: InputLimits, scratch: InputScratch? = nil, mapped: TextBuffer? = nil) -> StringsReader.Result {
        switch format {
        case .androidXML:
            return readAndroidXML(buffer: buffer, path: path, baseLocale: baseLocale, limits: limits, scratch: scratch, mapped: mapped)
        case .stringCatalog: return XCStringsReader.read(buffer: buffer, path: path, baseLocale: baseLocale, limits: limits)
        }
    }

    static func emptyFile(_ path: String, _ diagnostics: [Finding], byteCount: Int, suppressions: Suppressions = Suppressions()) -> YAMLFile {
        YAMLFile(path: path, root: nil, diagnostics: diagnostics, suppressions: suppressions, byteCount: byteCount)
    }

    static func notice(_ message: String, _ path: String, line: Int = 1, column: Int = 1, key: String? = nil, locale: String? = nil) -> Finding {
        Finding(rule: "resource-notice", severity: .info, message: message,
                   location: SourceLocation(file: path, line: line, column: column), key: key, locale: locale)
    }

    // MARK: - strings.xml

    /// The locale of a `strings.xml` from its folder: `values` is the base locale.
    enum LocaleOfFolder {
        case locale(String)
        case notALocale(Finding)
    }

    static func androidLocale(of path: String, baseLocale: String) -> LocaleOfFolder {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let folder = parts.count >= 2 ? String(parts[parts.count - 2]) : ""
        switch AndroidValuesQualifiers.parse(folder) {
        case .base: return .locale(baseLocale)
        case .locale(let tag): return .locale(tag)
        case .variant(let qualifiers):
            return .notALocale(notice("not read: folder '\(folder)' has qualifiers '\(qualifiers)', a configuration variant (night mode, API level, screen…), not a locale; such resources override others on some devices only", path))
        case nil:
            return .notALocale(notice("not read: a strings.xml takes its locale from its folder ('values', 'values-de', 'values-b+sr+Latn'), and '\(folder)' is not one", path))
        }
    }

    /// `plainStringsFromBytes`: a `<string>` (name and text only) becomes its record straight from the bytes
    /// (off only for `StringsRecordDump.androidXMLDifference`, which holds it to the converter).
    static func readAndroidXML(bytes: [UInt8], path: String, baseLocale: String, limits: InputLimits,
                               plainStringsFromBytes: Bool = true) -> StringsReader.Result {
        bytes.withUnsafeBufferPointer {
            readAndroidXML(buffer: $0, path: path, baseLocale: baseLocale, limits: limits, plainStringsFromBytes: plainStringsFromBytes)
        }
    }

    /// `scratch`: the name table an earlier file left, if any (and where this one's is left).
    /// `mapped`: the buffer whose first bytes are `buffer`, kept as the file's texts (names and
    /// texts with nothing to decode are then read where they lie, never copied).
    static func readAndroidXML(buffer: UnsafeBufferPointer<UInt8>, path: String, baseLocale: String, limits: InputLimits,
                               plainStringsFromBytes: Bool = true, scratch: InputScratch? = nil,
                               mapped: TextBuffer? = nil) -> StringsReader.Result {
        let locale = androidLocale(of: path, baseLocale: baseLocale)
        let parts = path.split(separator: "/").map(String.init)
        let flavor = AndroidResources.flavor(forValuesDirectory: parts.dropLast().joined(separator: "/"))
        // Each resource becomes records as the scanner closes it: neither the resources nor their
        // entries are kept as a list (some 150 bytes each, for elements of a dozen bytes).
        var data = StringsFileData(path: path)
        var converter = AndroidResources.Converter(display: path, flavor: flavor, keepUntranslatable: true, file: buffer,
                                                   reusing: scratch?.names.take())
        defer { scratch?.names.give(converter.takeNames()) }
        var diagnostics: [Finding] = []
        let scanned = Result { () throws(NativeSyntaxError) in
            guard case .locale(let tag) = locale else { return try AndroidResources.scan(buffer, limits: limits) { _ in } }
            // Names and texts are most of a file (57% of the bench's): room for all of it, never
            // grown by copying (capacity never written costs no memory), in the buffer the merge
            // then keeps as the file's texts. A mapped file's buffer holds the file itself too.
            let inPlace = mapped.flatMap { $0.start == buffer.baseAddress ? buffer : nil }
            let arena = inPlace != nil ? mapped! : TextBuffer(capacity: buffer.count)
            data.keptArena = arena
            data.mergesInPlace = true
            var pending = ReportBytes()
            var referenceScratch: [UInt8] = []
            defer { arena.absorb(&pending) }
            let header = try AndroidResources.scan(buffer, limits: limits, resource: { scanned in
                // The arena whole before anything else writes to it.
                arena.absorb(&pending)
                if plainStringsFromBytes, scanned.kind == .string, scanned.translatable == nil, scanned.product == nil,
                   scanned.markup.isEmpty, let name = scanned.plainName, !name.isEmpty {
                    if converter.acceptPlain(name: name, line: scanned.line, record: data.items.count) {
                        data.addString(name: name, text: scanned.text, flavor: flavor, line: scanned.line, column: scanned.column,
                                       arena: arena, pending: &pending, file: inPlace)
                    }
                } else if let entry = converter.convert(scanned.resource) {
                    data.add(entry, locale: tag, arena: arena)
                }
                reportSkipped(&converter, into: &diagnostics, path: path, locale: tag)
            }, plainString: { plain in
                // The common case, from the bytes: the record `data.add` makes of its entry.
                guard plainStringsFromBytes else { return false }
                if converter.acceptPlain(name: plain.name, line: plain.line, record: data.items.count) {
                    data.addString(name: plain.name, text: plain.text, flavor: flavor, line: plain.line, column: plain.column,
                                   arena: arena, pending: &pending, file: inPlace)
                }
                reportSkipped(&converter, into: &diagnostics, path: path, locale: tag)
                return true
            }, plainPlurals: { plurals in
                // What `convert` makes of such plurals: every item is a form (none is dropped).
                guard plainStringsFromBytes else { return false }
                if converter.acceptPlain(name: plurals.name, line: plurals.line, record: data.items.count) {
                    arena.absorb(&pending)
                    data.addPlurals(plurals, flavor: flavor, arena: arena, scratch: &referenceScratch)
                }
                reportSkipped(&converter, into: &diagnostics, path: path, locale: tag)
                return true
            })
            // The names taken on trust, checked; the records of those defined again, dropped.
            converter.checkDeferred()
            reportSkipped(&converter, into: &diagnostics, path: path, locale: tag)
            data.items.remove(recordsAt: converter.droppedRecords)
            return header
        }
        let header: AndroidResources.Header
        switch scanned {
        case .failure(let error):
            let diagnostic = Finding(rule: "xml-syntax", severity: .error, message: error.message,
                                        location: SourceLocation(file: path, line: error.line, column: error.column))
            return StringsReader.Result(file: emptyFile(path, [diagnostic], byteCount: buffer.count), data: StringsFileData(path: path))
        case .success(let value):
            header = value
        }
        guard header.rootName == "resources" else {
            let diagnostic = Finding(rule: "xml-syntax", severity: .error,
                                        message: "the root element is <\(header.rootName ?? "none")>, not <resources>: not a resource file",
                                        location: SourceLocation(file: path, line: header.rootLine, column: header.rootColumn))
            return StringsReader.Result(file: emptyFile(path, [diagnostic], byteCount: buffer.count), data: StringsFileData(path: path))
        }
        let tag: String
        switch locale {
        case .notALocale(let notice):
            return StringsReader.Result(file: emptyFile(path, [notice], byteCount: buffer.count, suppressions: header.suppressions),
                                        data: StringsFileData(path: path))
        case .locale(let name): tag = name
        }
        data.locales.append(RawLocale(name: tag, line: Int32(header.rootLine), column: Int32(header.rootColumn), items: 0 ..< data.items.count))
        return StringsReader.Result(file: emptyFile(path, diagnostics, byteCount: buffer.count, suppressions: header.suppressions),
                                    data: data)
    }
}

extension NativeStringsReader {
    /// What the importer says it skipped, routekit says too (decoding notes are for the import).
    /// Its state passed in, not captured: a local function both of the reader's handlers called
    /// made the variables it captured checked for exclusive access at run time.
    @inline(__always)
    static func reportSkipped(_ converter: inout AndroidResources.Converter, into diagnostics: inout [Finding], path: String,
                              locale: String) {
        // Asked after every string, of which few have notes: an empty array handed back was
        // still released each time.
        guard !converter.notes.isEmpty else { return }
        for note in converter.takeNotes() where note.kind == .skipped {
            diagnostics.append(notice("not read: " + note.message, path, line: note.line ?? 1, column: 1, key: note.key, locale: locale))
        }
    }
}

extension TextBuffer {
    /// Moves the bytes the Android reader's `addString` wrote ahead (`pending`) to the end.
    func absorb(_ pending: inout ReportBytes) {
        guard pending.count > 0 else { return }
        pending.withBytes { append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
        pending.removeAll()
    }
}

extension StringsFileData {
    // The Android reader's writers take its arena, `keptArena`, as a parameter: asked of the
    // file at each string, the reference was retained and released each time.

    /// One key: a leaf record, or a group record followed by one leaf per plural form.
    mutating func add(key: String, value: ImportedValue, keyLine: Int, keyColumn: Int,
                      valuePosition: (line: Int, column: Int),
                      formPositions: [ImportPluralCategory: (line: Int, column: Int)] = [:], arena: TextBuffer) {
        var arena = arena
        let place = Self.store(key, in: &arena)
        Self.appendRecords(key: place, value: value, keyLine: keyLine, keyColumn: keyColumn,
                           valuePosition: valuePosition, formPositions: formPositions, arena: &arena, items: &items)
    }

    /// `add`'s records for a key whose bytes `arena[key.start ..< key.start + key.length]` are
    /// stored already, at the arena's end when `value` is a text other than the key.
    static func appendRecords<Arena: ByteSink>(key: (start: Int32, length: Int32), value: ImportedValue, keyLine: Int, keyColumn: Int,
                                               valuePosition: (line: Int, column: Int),
                                               formPositions: [ImportPluralCategory: (line: Int, column: Int)] = [:],
                                               arena: inout Arena, items: inout RawItems) {
        switch value {
        case .text(let text):
            items.append(leaf(key: key, text: store(text, in: &arena), at: valuePosition, keyLine: keyLine, keyColumn: keyColumn))
        case .plural(let forms):
            let group = openGroup(key: key, forms: forms.count, at: valuePosition, keyLine: keyLine, keyColumn: keyColumn, items: &items)
            for (category, text) in forms.sorted(by: { $0.key < $1.key }) {
                appendForm(category, at: formPositions[category] ?? valuePosition, arena: &arena, items: &items) { arena in
                    _ = store(text, in: &arena)
                }
            }
            closeGroup(group, items: &items)
        }
    }

    /// Appends `text` to `arena`; where it is.
    static func store<Arena: ByteSink>(_ text: String, in arena: inout Arena) -> (start: Int32, length: Int32) {
        let start = Int32(arena.count)
        // From its buffer, one copy (the UTF-8 view was appended as a sequence: a catalog's key,
        // stored once per locale, took 170 instructions a time).
        arena.append(utf8: text)
        return (start, Int32(arena.count) - start)
    }

    /// A plural's group record, its `forms` leaves to follow (each at its own place, in category
    /// order) and `closeGroup` after them; the group's index.
    static func openGroup(key: (start: Int32, length: Int32), forms: Int, at position: (line: Int, column: Int),
                          keyLine: Int, keyColumn: Int, items: inout RawItems) -> Int {
        items.append(RawItem(keyStart: key.start, keyLength: key.length,
                             value: TextRef(start: 0, length: Int32(forms), line: Int32(position.line), column: Int32(position.column)),
                             keyLine: Int32(keyLine), keyColumn: Int32(keyColumn),
                             flags: RawItem.group | RawItem.allScalar | RawItem.allCategories))
        return items.count - 1
    }

    /// One form's leaf of a group: its category as the key, its text as `appendText` writes it into
    /// the arena, both at `place` (the category's JSON key or XML element).
    @inline(__always)
    static func appendForm<Arena: ByteSink>(_ category: ImportPluralCategory, at place: (line: Int, column: Int), arena: inout Arena,
                                            items: inout RawItems, _ appendText: (inout Arena) -> Void) {
        let name = store(category.rawValue, in: &arena)
        let start = Int32(arena.count)
        appendText(&arena)
        items.append(leaf(key: name, text: (start, Int32(arena.count) - start), at: place, keyLine: place.line, keyColumn: place.column))
    }

    /// Ends the group `openGroup` made: its leaves are the records after it.
    static func closeGroup(_ group: Int, items: inout RawItems) {
        items[group].value.start = Int32(items.count)
    }

    /// The record of a `<string>` (`Converter.acceptPlain`), its text decoded straight into
    /// the arena: what `add(_:locale:)` makes of its entry.
    ///
    /// When `file`, the arena's first bytes, holds the name and the text a few bytes on (as
    /// `name="NAME">TEXT`), with nothing to decode, the record names them there. Otherwise the
    /// name and a text with nothing to decode go to `pending`, the arena's bytes to come
    /// (`absorb` moves them into it): an array's `append(contentsOf:)` cost some 90 instructions
    /// a call, most of a short name's copy.
    mutating func addString(name: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, flavor: ResourceTextFlavor,
                            line: Int, column: Int, arena: TextBuffer, pending: inout ReportBytes,
                            file: UnsafeBufferPointer<UInt8>? = nil) {
        if let file, let keyStart = file.offset(of: name), let textStart = file.offset(of: text),
           case let gap = textStart - keyStart - name.count, (0 ... 3).contains(gap),
           AndroidResourceText.decodesUnchanged(text, flavor: flavor) {
            items.append(Self.leaf(key: (Int32(keyStart), Int32(name.count)), text: (Int32(textStart), Int32(text.count)),
                                   at: (line, column), keyLine: line, keyColumn: column))
            return
        }
        let keyStart = Int32(arena.count + pending.count)
        pending.write(name)
        let start = keyStart + Int32(name.count)
        if AndroidResourceText.decodesUnchanged(text, flavor: flavor) {
            pending.write(text)
        } else {
            arena.absorb(&pending)
            var sink = arena
            AndroidResourceText.appendDecoding(text, flavor: flavor, to: &sink)
        }
        let end = Int32(arena.count + pending.count)
        items.append(Self.leaf(key: (keyStart, Int32(name.count)), text: (start, end - start), at: (line, column), keyLine: line, keyColumn: column))
        // Handed over a block at a time, while the block is in the cache.
        if pending.count >= 1 << 16 { arena.absorb(&pending) }
    }

    /// The records of a `<plurals>` read at once (`AndroidResources.PlainPlurals`), each form's
    /// text decoded of references (into `scratch`) and then as a resource text, straight into
    /// the arena: what `add(_:locale:)` makes of its entry. `pending` must be absorbed first.
    mutating func addPlurals(_ plurals: AndroidResources.PlainPlurals, flavor: ResourceTextFlavor, arena: TextBuffer,
                             scratch: inout [UInt8]) {
        var arena = arena
        let key = (start: Int32(arena.count), length: Int32(plurals.name.count))
        arena.append(contentsOf: plurals.name)
        let group = Self.openGroup(key: key, forms: plurals.items.count, at: (plurals.line, plurals.column),
                                   keyLine: plurals.line, keyColumn: plurals.column, items: &items)
        // In category order, as `appendRecords` sorts a plural's forms.
        for category in ImportPluralCategory.inOrder {
            guard let item = plurals.items.first(where: { $0.category == category }) else { continue }
            Self.appendForm(category, at: (item.line, item.column), arena: &arena, items: &items) { arena in
                guard item.hasReference else { return AndroidResourceText.appendDecoded(item.text, flavor: flavor, to: &arena) }
                scratch.removeAll(keepingCapacity: true)
                XMLScanner.appendText(0 ..< item.text.count, of: item.text, into: &scratch)
                scratch.withUnsafeBufferPointer { AndroidResourceText.appendDecoded($0, flavor: flavor, to: &arena) }
            }
        }
        Self.closeGroup(group, items: &items)
    }

    /// A text's record: its key and text in the arena, the text at `position`.
    static func leaf(key: (start: Int32, length: Int32), text: (start: Int32, length: Int32), at position: (line: Int, column: Int),
                     keyLine: Int, keyColumn: Int) -> RawItem {
        RawItem(keyStart: key.start, keyLength: key.length,
                value: TextRef(start: text.start, length: text.length, line: Int32(position.line), column: Int32(position.column)),
                keyLine: Int32(keyLine), keyColumn: Int32(keyColumn), flags: 0)
    }

    mutating func add(_ entry: AndroidResources.ParsedFile.Entry, locale: String, arena: TextBuffer) {
        add(key: entry.key, value: entry.value, keyLine: entry.line, keyColumn: entry.column,
            valuePosition: (entry.line, entry.column),
            formPositions: entry.formPositions.mapValues { ($0.line, $0.column) }, arena: arena)
        if !entry.translatable { untranslatable.append(entry.key) }
    }
}
