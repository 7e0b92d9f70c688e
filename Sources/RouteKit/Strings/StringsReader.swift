import CYAML

/// Reads a strings file straight from libyaml events into `StringsFileData`, without a tree and
/// without a `String` per value. It reports what `YAMLReader` reports (syntax, limits, tags) with
/// the same messages; for the rare file it does not handle itself — a duplicate key, a key that is
/// not a scalar, an alias, a `<<` key — it returns nil and the caller reads the file as a tree instead, so
/// findings are exactly those of the tree reader.
enum StringsReader {
    struct Result {
        var file: YAMLFile
        var data: StringsFileData
    }

    static func read(bytes: [UInt8], path: String, limits: InputLimits) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            var file = YAMLFile(path: path, root: nil, diagnostics: [], suppressions: Suppressions(), byteCount: buffer.count)
            let (prepared, problem) = YAMLReader.prepare(buffer, path: path, limits: limits)
            guard let body = prepared else {
                file.diagnostics.append(problem!)
                return Result(file: file, data: StringsFileData(path: path))
            }
            var streamer = StringRecordBuilder(path: path, body: body, limits: limits)
            if streamer.run() {
                file.suppressions = Suppressions.scan(body)
                file.diagnostics = streamer.readerDiagnostics
                if !streamer.nodeSyntax.isEmpty { file.nodeFindings = [streamer.nodeSyntax] }
                var data = streamer.data
                data.arenaInRecordOrder = true
                // The arena was reserved at the file's size, and lives until the merge keeps its
                // texts. Capacity never touched costs no memory, while a copy would add to the peak
                // of reading: trimmed only when most of it is unused (a file of comments).
                if data.arena.capacity > 2 * data.arena.count + 4096 { data.arena = data.arena.withUnsafeBufferPointer { Array($0) } }
                return Result(file: file, data: data)
            }
            var tree = YAMLReader.read(buffer: buffer, path: path, limits: limits, compactNodeFindings: true)
            let data = StringsFileData(tree: tree)
            // The records are what is read; the tree (some 150 bytes a value) is not kept.
            tree.root = nil
            return Result(file: tree, data: data)
        }
    }
}

private struct StringRecordBuilder: BlockMappingSink {
    struct Frame {
        /// 0: the root mapping (keys are locales); 1: a locale's mapping; 2+: nested.
        var level: Int
        /// The group record of this mapping (level 2+), or -1.
        var group: Int
        var expectingKey = true
        var key: (start: Int32, length: Int32, line: Int32, column: Int32) = (0, 0, 0, 0)
        var allScalar = true
        var allCategories = true
        var children: Int32 = 0
        /// Which mapping of the file this is: its keys are told apart from other mappings' keys by it.
        var serial: UInt64
    }

    let path: String
    let body: UnsafeBufferPointer<UInt8>
    let limits: InputLimits
    var data: StringsFileData
    var readerDiagnostics: [Finding] = []
    /// Tags, one finding a value at most: stored compactly (`NodeFindings`).
    let nodeSyntax: NodeFindings
    var frames: [Frame] = []
    /// Hashes of (mapping, key) seen so far: any repeat hands the file to the tree reader.
    var seenKeys: KeyHashSet
    var mappingsOpened: UInt64 = 0
    /// Open nodes inside a value being skipped (a list).
    var skipDepth = 0
    var nodeCount = 0
    var documents = 0
    var localeName = ""
    var localeIndex = -1
    /// True once the root node is complete.
    var rootDone = false
    /// Set when the file needs the tree reader.
    var bail = false
    /// True while events come from `BlockMappingScanner`: a limit then hands the file to libyaml.
    var scanning = false

    /// `lines`: the body's, counted once (a restart with libyaml reuses it).
    init(path: String, body: UnsafeBufferPointer<UInt8>, limits: InputLimits,
         lines: Int? = nil) {
        self.path = path
        self.body = body
        self.limits = limits
        nodeSyntax = YAMLReader.nodeSyntaxFindings(path: path, limit: limits.findings)
        data = StringsFileData(path: path)
        data.arena.reserveCapacity(body.count)
        // A record takes four bytes of the file at least (`a: b`): reserved so, the records never
        // grow by copying, and the pages never touched cost no memory.
        data.items.reserveCapacity(body.count / 4 + 1)
        self.lines = lines ?? UTF8Text.count(of: UInt8(ascii: "\n"), in: body) + 1
        // A block mapping has a key a line at most.
        seenKeys = KeyHashSet(expected: self.lines)
    }

    let lines: Int

    /// False: read this file as a tree instead.
    mutating func run() -> Bool {
        // Most string files are in the subset the block-mapping scanner reads without libyaml;
        // for any other, or when a limit is reached (libyaml words the finding), start over.
        scanning = true
        if BlockMappingScanner.scan(body, into: &self) { return !bail }
        if bail { return false }
        self = StringRecordBuilder(path: path, body: body, limits: limits, lines: lines)
        return runLibYAML()
    }

    private mutating func runLibYAML() -> Bool {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return false }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        let empty: [UInt8] = [0]
        return empty.withUnsafeBufferPointer { fallback in
            yaml_parser_set_input_string(&parser, body.baseAddress ?? fallback.baseAddress!, body.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    readerDiagnostics.append(YAMLReader.parserError(parser, body: body, path: path))
                    discard()
                    return true
                }
                let keepGoing = handle(&event)
                let type = event.type
                yaml_event_delete(&event)
                if bail { return false }
                if !keepGoing {
                    if !rootDone { discard() }
                    return true
                }
                if type == YAML_STREAM_END_EVENT { return true }
            }
        }
    }

    /// The tree reader keeps no root after an error: nothing of the file is used.
    mutating func discard() {
        data = StringsFileData(path: path)
    }

    private mutating func stop(_ message: String, _ mark: yaml_mark_t) -> Bool {
        if scanning { return false }
        readerDiagnostics.append(YAMLReader.syntax(message, path, Int(mark.line) + 1, Int(mark.column) + 1))
        return false
    }

    private mutating func count(_ mark: yaml_mark_t) -> Bool {
        nodeCount += 1
        return nodeCount <= limits.nodeCount
    }

    private mutating func tag(_ tag: UnsafeMutablePointer<yaml_char_t>?, _ mark: yaml_mark_t) {
        guard tag != nil else { return }
        if let shown = YAMLReader.unsupportedTag(tag) {
            nodeSyntax.add(YAMLReader.NodeProblem.tag.rawValue, shown,
                           at: SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
        }
    }

    private func shape(_ message: String, _ mark: yaml_mark_t, key: String? = nil, locale: String? = nil) -> Finding {
        Finding(rule: "invalid-field", severity: .error, message: message,
                   location: SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1),
                   key: key, locale: locale)
    }

    private mutating func handle(_ event: inout yaml_event_t) -> Bool {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return onDocumentStart(event.start_mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE
            return onScalar(UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), plain: isPlain,
                            tag: scalar.tag, event.start_mark)
        case YAML_MAPPING_START_EVENT:
            return onCollectionStart(isMapping: true, tag: event.data.mapping_start.tag, event.start_mark)
        case YAML_SEQUENCE_START_EVENT:
            return onCollectionStart(isMapping: false, tag: event.data.sequence_start.tag, event.start_mark)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            return onMappingEnd()
        case YAML_ALIAS_EVENT:
            bail = true
            return true
        default:
            return true
        }
    }

    mutating func onDocumentStart(_ mark: yaml_mark_t) -> Bool {
        documents += 1
        if documents > 1 {
            return stop("a second YAML document starts here; routekit reads one document per file", mark)
        }
        return true
    }

    mutating func onScalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, _ mark: yaml_mark_t) -> Bool {
        onScalar(bytes, plain: plain, tag: nil, mark)
    }

    mutating func onMappingStart(_ mark: yaml_mark_t) -> Bool {
        onCollectionStart(isMapping: true, tag: nil, mark)
    }

    private mutating func onScalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool,
                                   tag scalarTag: UnsafeMutablePointer<yaml_char_t>?, _ mark: yaml_mark_t) -> Bool {
        guard count(mark) else { return stop("more than \(limits.nodeCount) values in one file (limits.node-count)", mark) }
        guard bytes.count <= limits.scalarLength else {
            return stop("a value of \(bytes.count) bytes is over the limit of \(limits.scalarLength) (limits.scalar-length)", mark)
        }
        tag(scalarTag, mark)
        if skipDepth > 0 { return true }
        let isNull = plain && scalarTag == nil && Self.isNullText(bytes)
        scalarNode(bytes, isNull: isNull, mark)
        return !bail
    }

    private mutating func onCollectionStart(isMapping: Bool, tag collectionTag: UnsafeMutablePointer<yaml_char_t>?,
                                            _ mark: yaml_mark_t) -> Bool {
        guard count(mark) else { return stop("more than \(limits.nodeCount) values in one file (limits.node-count)", mark) }
        // The depth the tree reader counts: every open mapping and list.
        if frames.count + skipDepth >= limits.depth {
            return stop("nesting deeper than \(limits.depth) levels (limits.depth)", mark)
        }
        tag(collectionTag, mark)
        if skipDepth > 0 {
            // A mapping inside a skipped list may hold what the tree reader reports (a key that is
            // not plain, a duplicate key): such a file is read as a tree, so findings match.
            if isMapping {
                bail = true
                return false
            }
            skipDepth += 1
            return true
        }
        if isMapping { mappingStart(mark) } else { sequenceStart(mark) }
        return !bail
    }

    /// The end of a mapping or a list.
    mutating func onMappingEnd() -> Bool {
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 { valueDone(scalar: false) }
            return true
        }
        mappingEnd()
        return true
    }

    private static func isNullText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4: return bytes.elementsEqual("null".utf8) || bytes.elementsEqual("Null".utf8) || bytes.elementsEqual("NULL".utf8)
        default: return false
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// Records a key of the top mapping; a repeated key hands the file to the tree reader.
    private mutating func noteKey(_ bytes: UnsafeBufferPointer<UInt8>) {
        // `<<` may be a merge key: the tree reader decides and reports it.
        if bytes.count == 2, bytes[0] == UInt8(ascii: "<"), bytes[1] == UInt8(ascii: "<") {
            bail = true
            return
        }
        var h = Self.hash(bytes) ^ (frames[frames.count - 1].serial &* 0x9E37_79B9_7F4A_7C15)
        h ^= h >> 29
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        if !seenKeys.insert(h) { bail = true }
    }

    /// The full dotted key of the pending key of the top mapping (for messages).
    private func pendingKeyName() -> String {
        var segments: [String] = []
        for frame in frames where frame.level >= 1 {
            let key = frame.key
            segments.append(String(decoding: data.arena[Int(key.start) ..< Int(key.start + key.length)], as: UTF8.self))
        }
        var name = ""
        for segment in segments { name = name.isEmpty ? segment : name + "." + segment }
        return name
    }

    private mutating func scalarNode(_ bytes: UnsafeBufferPointer<UInt8>, isNull: Bool, _ mark: yaml_mark_t) {
        let top = frames.count - 1
        guard top >= 0 else {
            // A scalar as the whole document.
            if documents <= 1 {
                data.diagnostics.append(shape("a strings file must map locales to their strings (`en:`), found \(isNull ? "an empty value" : "a text value")", mark))
                rootDone = true
            }
            return
        }
        let line = Int32(mark.line) + 1, column = Int32(mark.column) + 1
        if frames[top].expectingKey {
            noteKey(bytes)
            let (start, length) = data.store(bytes)
            frames[top].key = (start, length, line, column)
            frames[top].expectingKey = false
            return
        }
        let key = frames[top].key
        switch frames[top].level {
        case 0:
            let name = String(decoding: data.arena[Int(key.start) ..< Int(key.start + key.length)], as: UTF8.self)
            data.locales.append(RawLocale(name: name, line: key.line, column: key.column, items: nil))
            if !isNull {
                data.diagnostics.append(shape("locale '\(name)' must map keys to strings, found a text value", mark, locale: name))
            }
        default:
            // A plain `~`, `null` or empty value is absent (DESIGN): no entry, so the key falls
            // back along the locale chain like a missing one. A quoted `""` is an empty string.
            if isNull { break }
            let (start, length) = data.store(bytes)
            data.items.append(RawItem(keyStart: key.start, keyLength: key.length,
                                      value: TextRef(start: start, length: length, line: line, column: column),
                                      keyLine: key.line, keyColumn: key.column, flags: 0))
            noteChild(scalar: true)
        }
        frames[top].expectingKey = true
    }

    private mutating func noteChild(scalar: Bool) {
        let top = frames.count - 1
        let key = frames[top].key
        frames[top].children += 1
        if !scalar { frames[top].allScalar = false }
        if frames[top].allCategories {
            let isCategory = data.arena.withUnsafeBufferPointer {
                UTF8Text.pluralCategory(UnsafeBufferPointer(rebasing: $0[Int(key.start) ..< Int(key.start + key.length)])) != nil
            }
            if !isCategory { frames[top].allCategories = false }
        }
    }

    private mutating func nextSerial() -> UInt64 {
        mappingsOpened += 1
        return mappingsOpened
    }

    private mutating func mappingStart(_ mark: yaml_mark_t) {
        let top = frames.count - 1
        guard top >= 0 else {
            if documents <= 1 { frames.append(Frame(level: 0, group: -1, serial: nextSerial())) }
            return
        }
        if frames[top].expectingKey {
            bail = true
            return
        }
        let key = frames[top].key
        let level = frames[top].level
        if level == 0 {
            localeName = String(decoding: data.arena[Int(key.start) ..< Int(key.start + key.length)], as: UTF8.self)
            data.locales.append(RawLocale(name: localeName, line: key.line, column: key.column, items: data.items.count ..< data.items.count))
            localeIndex = data.locales.count - 1
            frames.append(Frame(level: 1, group: -1, serial: nextSerial()))
            return
        }
        noteChild(scalar: false)
        data.items.append(RawItem(keyStart: key.start, keyLength: key.length,
                                  value: TextRef(start: 0, length: 0, line: Int32(mark.line) + 1, column: Int32(mark.column) + 1),
                                  keyLine: key.line, keyColumn: key.column, flags: RawItem.group))
        frames.append(Frame(level: level + 1, group: data.items.count - 1, serial: nextSerial()))
    }

    private mutating func sequenceStart(_ mark: yaml_mark_t) {
        skipDepth = 1
        let top = frames.count - 1
        guard top >= 0 else {
            if documents <= 1 {
                data.diagnostics.append(shape("a strings file must map locales to their strings (`en:`), found a list", mark))
            }
            return
        }
        if frames[top].expectingKey {
            bail = true
            return
        }
        let key = frames[top].key
        if frames[top].level == 0 {
            let name = String(decoding: data.arena[Int(key.start) ..< Int(key.start + key.length)], as: UTF8.self)
            data.locales.append(RawLocale(name: name, line: key.line, column: key.column, items: nil))
            data.diagnostics.append(shape("locale '\(name)' must map keys to strings, found a list", mark, locale: name))
            return
        }
        let name = pendingKeyName()
        data.diagnostics.append(shape("'\(name)' is a list; string values are text, plurals or nested keys", mark,
                                      key: name, locale: localeName))
        noteChild(scalar: false)
    }

    /// A skipped list ended: the mapping that holds it expects its next key.
    private mutating func valueDone(scalar: Bool) {
        if frames.isEmpty {
            rootDone = true
        } else {
            frames[frames.count - 1].expectingKey = true
        }
    }

    private mutating func mappingEnd() {
        let frame = frames.removeLast()
        if frame.level == 1 {
            data.locales[localeIndex].items = data.locales[localeIndex].items!.lowerBound ..< data.items.count
        } else if frame.level >= 2 {
            var group = data.items[frame.group]
            if frame.allScalar { group.flags |= RawItem.allScalar }
            if frame.allCategories { group.flags |= RawItem.allCategories }
            group.value.start = Int32(data.items.count)
            group.value.length = frame.children
            data.items[frame.group] = group
        }
        if frames.isEmpty {
            rootDone = true
        } else {
            frames[frames.count - 1].expectingKey = true
        }
    }
}

/// A set of 64-bit hashes (open addressing; 0 marks a free slot, so 0 is stored as 1). Made at
/// once for the keys expected (a file's lines) at most three quarters full, so it rarely grows:
/// growing by doubling held the old table beside the new one, and left it a quarter to half full.
struct KeyHashSet {
    private var slots: [UInt64]
    private var count = 0

    init(expected: Int) {
        slots = [UInt64](repeating: 0, count: Swift.max(256, expected + expected / 3 + 1))
    }

    /// False when `hash` was already in the set.
    mutating func insert(_ hash: UInt64) -> Bool {
        let value = hash == 0 ? 1 : hash
        if (count + 1) * 4 > slots.count * 3 { grow() }
        var slot = Self.home(value, slots.count)
        while true {
            let stored = slots[slot]
            if stored == value { return false }
            if stored == 0 {
                slots[slot] = value
                count += 1
                return true
            }
            slot += 1
            if slot == slots.count { slot = 0 }
        }
    }

    /// The first slot to probe: the low half of the hash scaled to the table's size (any size).
    @inline(__always)
    private static func home(_ value: UInt64, _ size: Int) -> Int {
        Int(truncatingIfNeeded: ((value & 0xFFFF_FFFF) &* UInt64(size)) >> 32)
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for value in old where value != 0 {
            var slot = Self.home(value, slots.count)
            while slots[slot] != 0 {
                slot += 1
                if slot == slots.count { slot = 0 }
            }
            slots[slot] = value
        }
    }
}
