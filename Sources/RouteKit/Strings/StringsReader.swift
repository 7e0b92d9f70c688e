import CYAML
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads a strings file straight from libyaml events into `StringsFileData`, without a tree and
/// without a `String` per value. It reports what `YAMLReader` reports (syntax, limits, tags,
/// aliases, merge keys, keys given again, keys that are not scalars) with the same messages and
/// places, and records what `StringsFileData(tree:)` records from the tree: what the tree path
/// drops (a key given again with its value, a list's contents, a key that is not a scalar and
/// its value) is read for its findings only. `StringsReaderDifferentialTests` and the `strings`
/// fuzz target hold the two paths to the same output.
enum StringsReader {
    struct Result {
        var file: YAMLFile
        var data: StringsFileData
    }

    static func read(bytes: [UInt8], path: String, limits: InputLimits) -> Result {
        bytes.withUnsafeBufferPointer { read(buffer: $0, path: path, limits: limits) }
    }

    static func read(buffer: UnsafeBufferPointer<UInt8>, path: String, limits: InputLimits) -> Result {
        var file = YAMLFile(path: path, root: nil, diagnostics: [], suppressions: Suppressions(), byteCount: buffer.count)
        let (prepared, problem) = YAMLReader.prepare(buffer, path: path, limits: limits)
        guard let body = prepared else {
            file.diagnostics.append(problem!)
            return Result(file: file, data: StringsFileData(path: path))
        }
        var streamer = StringRecordBuilder(path: path, body: body, limits: limits)
        streamer.run()
        file.suppressions = Suppressions.scan(body)
        file.diagnostics = streamer.readerDiagnostics
        file.nodeFindings = [streamer.nodeSyntax, streamer.duplicates].filter { !$0.isEmpty }
        var data = streamer.data
        // The keys and texts were written in the buffer the merge keeps: a file whose texts are
        // most of it is merged in place, its texts never copied again (that copy was a sixth of
        // L's page faults). The buffer was made at the file's size; capacity never touched costs
        // no memory, and the rest is given back in place (`realloc`) when most of it is unused
        // (a file of comments).
        if !data.items.isEmpty || !data.locales.isEmpty {
            if streamer.arena.capacity > 2 * streamer.arena.count + 4096 { streamer.arena.shrinkToFit() }
            data.keep(streamer.arena, textBytes: streamer.textBytes)
        }
        return Result(file: file, data: data)
    }
}

private struct StringRecordBuilder: BlockMappingSink {
    /// One open mapping or list.
    struct Frame {
        var isMapping: Bool
        /// 0: the root mapping (keys are locales); 1: a locale's mapping; 2+: nested; -1 for a
        /// node whose content does not become records: a list, the value of a key given again, a
        /// key that is not a scalar (or the value after it). The tree path drops those, so they
        /// are read for their findings only.
        var level: Int
        /// The group record of this mapping (level 2+), or -1.
        var group: Int
        /// This node is a mapping's key: reported when it ends, and the value after it dropped.
        var isKey = false
        var start: (line: Int32, column: Int32)
        var expectingKey = true
        /// Whether the pending key's value is recorded.
        var recordsValue = false
        var key: (start: Int32, length: Int32, line: Int32, column: Int32) = (0, 0, 0, 0)
        var allScalar = true
        var allCategories = true
        var children: Int32 = 0
        /// A mapping's keys so far (a key given again is reported, and its value dropped).
        var keys = MappingKeys()

        /// Whether this node's content becomes records.
        var recording: Bool { level >= 0 }
    }

    let path: String
    let body: UnsafeBufferPointer<UInt8>
    let limits: InputLimits
    var data: StringsFileData
    /// The keys and texts, kept by the merge as the file's texts (`StringsFileData.keptArena`).
    var arena: TextBuffer
    /// The bytes of the texts in `arena` (the rest are keys).
    var textBytes = 0
    var readerDiagnostics: [Finding] = []
    /// Tags, aliases and merge keys, one finding a node at most: stored compactly (`NodeFindings`).
    let nodeSyntax: NodeFindings
    /// Keys given again in one mapping, as compactly.
    let duplicates: NodeFindings
    var frames: [Frame] = []
    /// Where each key stored in the arena ends (the mappings' key tables keep places only).
    var keyEnds: KeyEnds
    var nodeCount = 0
    var documents = 0
    var localeName = ""
    var localeIndex = -1
    /// True once the root node is complete.
    var rootDone = false
    /// True while events come from `BlockMappingScanner`: a limit, or a key given again (whose
    /// end only libyaml marks), hands the file to libyaml.
    var scanning = false

    init(path: String, body: UnsafeBufferPointer<UInt8>, limits: InputLimits) {
        self.path = path
        self.body = body
        self.limits = limits
        nodeSyntax = YAMLReader.nodeSyntaxFindings(path: path, limit: limits.findings)
        duplicates = YAMLReader.duplicateKeyFindings(path: path, limit: limits.findings)
        data = StringsFileData(path: path)
        arena = TextBuffer(capacity: body.count)
        keyEnds = KeyEnds(bodyCount: body.count)
        // Room for a record per 32 bytes of the file (a line of a strings file is 25–60 bytes):
        // most files' records then come from the heap, whose freed blocks the next file reuses.
        // Room for the most records a file can hold (one per 4 bytes, `a: b`) was a fresh mapping
        // per file, zeroed page by page as written and unmapped after the merge: on L, 400 of
        // them, each unmapping stopping the other core to flush its TLB.
        data.items.reserveCapacity(body.count / 32 + 16)
    }

    mutating func run() {
        // Most string files are in the subset the block-mapping scanner reads without libyaml;
        // for any other, or when the scanner's events are not enough, start over with libyaml.
        scanning = true
        if BlockMappingScanner.scan(body, into: &self) { return }
        self = StringRecordBuilder(path: path, body: body, limits: limits)
        runLibYAML()
    }

    private mutating func runLibYAML() {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            readerDiagnostics.append(YAMLReader.syntax("libyaml could not start (out of memory)", path, 1, 1))
            return discard()
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        let empty: [UInt8] = [0]
        empty.withUnsafeBufferPointer { fallback in
            yaml_parser_set_input_string(&parser, body.baseAddress ?? fallback.baseAddress!, body.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    readerDiagnostics.append(YAMLReader.parserError(parser, body: body, path: path))
                    return discard()
                }
                let keepGoing = handle(&event)
                let type = event.type
                yaml_event_delete(&event)
                if !keepGoing {
                    if !rootDone { discard() }
                    return
                }
                if type == YAML_STREAM_END_EVENT { return }
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

    private func place(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private mutating func tag(_ tag: UnsafeMutablePointer<yaml_char_t>?, _ mark: yaml_mark_t) {
        if let shown = YAMLReader.unsupportedTag(tag) { nodeSyntax.add(YAMLReader.NodeProblem.tag.rawValue, shown, at: place(mark)) }
    }

    private func shape(_ message: String, _ mark: yaml_mark_t, key: String? = nil, locale: String? = nil) -> Finding {
        Finding(rule: "invalid-field", severity: .error, message: message, location: place(mark), key: key, locale: locale)
    }

    private mutating func handle(_ event: inout yaml_event_t) -> Bool {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return onDocumentStart(event.start_mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE || scalar.style == YAML_ANY_SCALAR_STYLE
            return onScalar(UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), plain: isPlain,
                            tag: scalar.tag, event.start_mark, end: event.end_mark)
        case YAML_MAPPING_START_EVENT:
            return onCollectionStart(isMapping: true, tag: event.data.mapping_start.tag, event.start_mark)
        case YAML_SEQUENCE_START_EVENT:
            return onCollectionStart(isMapping: false, tag: event.data.sequence_start.tag, event.start_mark)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            return onMappingEnd()
        case YAML_ALIAS_EVENT:
            // Never expanded: reported, and read as an empty value (not counted, as the tree path does).
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            nodeSyntax.add(YAMLReader.NodeProblem.alias.rawValue, name, at: place(event.start_mark))
            return scalarNode(UnsafeBufferPointer(start: nil, count: 0), plain: false, isNull: true, event.start_mark, end: nil)
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
        onScalar(bytes, plain: plain, tag: nil, mark, end: nil)
    }

    mutating func onMappingStart(_ mark: yaml_mark_t) -> Bool {
        onCollectionStart(isMapping: true, tag: nil, mark)
    }

    /// `end`: the scalar's end, where libyaml gives it (a key given again is reported with its extent).
    private mutating func onScalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool,
                                   tag scalarTag: UnsafeMutablePointer<yaml_char_t>?, _ mark: yaml_mark_t,
                                   end: yaml_mark_t?) -> Bool {
        guard count(mark) else { return stop("more than \(limits.nodeCount) values in one file (limits.node-count)", mark) }
        guard bytes.count <= limits.scalarLength else {
            return stop("a value of \(bytes.count) bytes is over the limit of \(limits.scalarLength) (limits.scalar-length)", mark)
        }
        tag(scalarTag, mark)
        let isNull = plain && scalarTag == nil && Self.isNullText(bytes)
        return scalarNode(bytes, plain: plain, isNull: isNull, mark, end: end)
    }

    private mutating func onCollectionStart(isMapping: Bool, tag collectionTag: UnsafeMutablePointer<yaml_char_t>?,
                                            _ mark: yaml_mark_t) -> Bool {
        guard count(mark) else { return stop("more than \(limits.nodeCount) values in one file (limits.node-count)", mark) }
        // The depth the tree reader counts: every open mapping and list.
        if frames.count >= limits.depth {
            return stop("nesting deeper than \(limits.depth) levels (limits.depth)", mark)
        }
        tag(collectionTag, mark)
        if isMapping { mappingStart(mark) } else { sequenceStart(mark) }
        return true
    }

    /// The end of a mapping or a list.
    mutating func onMappingEnd() -> Bool {
        nodeEnd()
        return true
    }

    private static func isNullText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4: return UTF8Text.equals(bytes, "null") || UTF8Text.equals(bytes, "Null") || UTF8Text.equals(bytes, "NULL")
        default: return false
        }
    }

    /// A stored key's text.
    private func text(_ key: (start: Int32, length: Int32, line: Int32, column: Int32)) -> String {
        arena.withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(key.start) ..< Int(key.start + key.length)]), as: UTF8.self) }
    }

    /// The full dotted key of the pending key of the top mapping (for messages).
    private func pendingKeyName() -> String {
        var segments: [String] = []
        for frame in frames where frame.level >= 1 {
            let key = frame.key
            segments.append(text(key))
        }
        var name = ""
        for segment in segments { name = name.isEmpty ? segment : name + "." + segment }
        return name
    }

    /// A key of the top mapping: stored, unless the mapping has it already (reported, and its
    /// value dropped: the first one counts). False when the scanner must hand over to libyaml.
    private mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, _ mark: yaml_mark_t, end: yaml_mark_t?) -> Bool {
        let top = frames.count - 1
        if plain, bytes.count == 2, bytes[0] == UInt8(ascii: "<"), bytes[1] == UInt8(ascii: "<") {
            nodeSyntax.add(YAMLReader.NodeProblem.mergeKey.rawValue, "", at: place(mark))
        }
        let hash = KeyHash.of(bytes)
        let (start, length) = arena.store(bytes)
        keyEnds.mark(start: start, length: length)
        // The bytes as they are now (nothing is appended during the look-up), not in a closure
        // (see `KeyEnds.insert`).
        let isNew = keyEnds.insert(start: start, length: length, hash: hash, into: &frames[top].keys,
                                   arena: UnsafeBufferPointer(start: arena.start, count: arena.count))
        frames[top].expectingKey = false
        if isNew {
            frames[top].key = (start, length, Int32(mark.line) + 1, Int32(mark.column) + 1)
            frames[top].recordsValue = frames[top].recording
            return true
        }
        // The scanner does not mark where a key ends; libyaml does.
        if scanning { return false }
        keyEnds.unmark(start: start, length: length)
        arena.removeLast(from: Int(start))
        let endPlace = end.map(place)
        duplicates.add(0, String(decoding: bytes, as: UTF8.self),
                       at: SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1,
                                          endLine: endPlace?.line, endColumn: endPlace?.column))
        frames[top].recordsValue = false
        return true
    }

    private mutating func scalarNode(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, isNull: Bool,
                                     _ mark: yaml_mark_t, end: yaml_mark_t?) -> Bool {
        let top = frames.count - 1
        guard top >= 0 else {
            // A scalar as the whole document.
            if documents <= 1 {
                data.diagnostics.append(shape("a strings file must map locales to their strings (`en:`), found \(isNull ? "an empty value" : "a text value")", mark))
                rootDone = true
            }
            return true
        }
        guard frames[top].isMapping else { return true }
        if frames[top].expectingKey { return key(bytes, plain: plain, mark, end: end) }
        frames[top].expectingKey = true
        guard frames[top].recordsValue else { return true }
        let key = frames[top].key
        switch frames[top].level {
        case 0:
            let name = text(key)
            data.locales.append(RawLocale(name: name, line: key.line, column: key.column, items: nil))
            if !isNull {
                data.diagnostics.append(shape("locale '\(name)' must map keys to strings, found a text value", mark, locale: name))
            }
        default:
            // A plain `~`, `null` or empty value is absent (DESIGN): no entry, so the key falls
            // back along the locale chain like a missing one. A quoted `""` is an empty string.
            if isNull { break }
            let (start, length) = arena.store(bytes)
            textBytes += bytes.count
            data.items.append(RawItem(keyStart: key.start, keyLength: key.length,
                                      value: TextRef(start: start, length: length, line: Int32(mark.line) + 1, column: Int32(mark.column) + 1),
                                      keyLine: key.line, keyColumn: key.column, flags: 0))
            noteChild(scalar: true)
        }
        return true
    }

    private mutating func noteChild(scalar: Bool) {
        let top = frames.count - 1
        let key = frames[top].key
        frames[top].children += 1
        if !scalar { frames[top].allScalar = false }
        if frames[top].allCategories {
            let isCategory = arena.withBytes {
                UTF8Text.pluralCategory(UnsafeBufferPointer(rebasing: $0[Int(key.start) ..< Int(key.start + key.length)])) != nil
            }
            if !isCategory { frames[top].allCategories = false }
        }
    }

    /// A mapping or list read for its findings only, and whether it is a key.
    private mutating func unrecorded(isMapping: Bool, _ mark: yaml_mark_t) -> Frame {
        let parent = frames.last
        return Frame(isMapping: isMapping, level: -1, group: -1,
                     isKey: parent.map { $0.isMapping && $0.expectingKey } ?? false,
                     start: (Int32(mark.line) + 1, Int32(mark.column) + 1))
    }

    /// Whether the node starting now is a recorded value of the top mapping.
    private var startsRecordedValue: Bool {
        guard let parent = frames.last else { return false }
        return parent.isMapping && !parent.expectingKey && parent.recordsValue
    }

    private mutating func mappingStart(_ mark: yaml_mark_t) {
        let start = (Int32(mark.line) + 1, Int32(mark.column) + 1)
        guard let parent = frames.last else {
            frames.append(Frame(isMapping: true, level: 0, group: -1, start: start))
            return
        }
        guard startsRecordedValue else { return frames.append(unrecorded(isMapping: true, mark)) }
        let key = parent.key
        if parent.level == 0 {
            localeName = text(key)
            data.locales.append(RawLocale(name: localeName, line: key.line, column: key.column, items: data.items.count ..< data.items.count))
            localeIndex = data.locales.count - 1
            frames.append(Frame(isMapping: true, level: 1, group: -1, start: start))
            return
        }
        noteChild(scalar: false)
        data.items.append(RawItem(keyStart: key.start, keyLength: key.length,
                                  value: TextRef(start: 0, length: 0, line: start.0, column: start.1),
                                  keyLine: key.line, keyColumn: key.column, flags: RawItem.group))
        frames.append(Frame(isMapping: true, level: parent.level + 1, group: data.items.count - 1, start: start))
    }

    private mutating func sequenceStart(_ mark: yaml_mark_t) {
        if frames.isEmpty {
            data.diagnostics.append(shape("a strings file must map locales to their strings (`en:`), found a list", mark))
        } else if startsRecordedValue {
            let key = frames[frames.count - 1].key
            if frames[frames.count - 1].level == 0 {
                let name = text(key)
                data.locales.append(RawLocale(name: name, line: key.line, column: key.column, items: nil))
                data.diagnostics.append(shape("locale '\(name)' must map keys to strings, found a list", mark, locale: name))
            } else {
                let name = pendingKeyName()
                data.diagnostics.append(shape("'\(name)' is a list; string values are text, plurals or nested keys", mark,
                                              key: name, locale: localeName))
                noteChild(scalar: false)
            }
        }
        frames.append(unrecorded(isMapping: false, mark))
    }

    private mutating func nodeEnd() {
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
        guard !frames.isEmpty else {
            rootDone = true
            return
        }
        let top = frames.count - 1
        if frame.isKey {
            // As the tree path: reported where the key starts, and the value after it dropped.
            readerDiagnostics.append(YAMLReader.syntax("a key must be a plain value, not \(frame.isMapping ? "a mapping" : "a list")",
                                                       path, Int(frame.start.line), Int(frame.start.column)))
            frames[top].expectingKey = false
            frames[top].recordsValue = false
        } else {
            frames[top].expectingKey = true
        }
    }
}

