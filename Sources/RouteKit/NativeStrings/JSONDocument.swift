#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A JSON document parsed into a flat array of nodes that keep their line and column — what a
/// String Catalog finding points at, and what Foundation's parser does not give. routekit's one
/// JSON reader: String Catalogs read its nodes, batch lines and baselines its `JSONValue`s. Strings stay
/// as byte ranges of the input until asked for. The parser is iterative (an explicit stack bounded
/// by the depth limit), checks the whole grammar (RFC 8259) and stops at the first error with its
/// position.
struct JSONDocument {
    enum Kind: UInt8 {
        case object, array, string, number, bool, null
    }

    struct Node {
        var kind: Kind
        /// String: true if it has escapes; bool: its value.
        var flag: Bool
        /// String: the bytes between the quotes; number: its text; containers: unused.
        var start: Int32
        var length: Int32
        /// The index after this node's subtree (objects: key and value nodes alternate inside).
        var end: Int32
        var line: Int32
        /// Its column, counted when asked (`position`), which is for a few of the nodes a file has:
        /// from this offset, its line's first byte; or when negative, the column itself, negated
        /// (counted as the parse went, far into a long line: a line of a minified file would
        /// otherwise be counted again from its start for each node asked).
        var columnFrom: Int32
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var nodes: [Node] = []
    /// Byte offsets of `\u` escapes that are lone UTF-16 surrogates (read as U+FFFD).
    private(set) var loneSurrogateOffsets: [Int] = []
    /// The objects that name a member twice (found once, at parse time): only their members are
    /// compared by name when asked for.
    private(set) var objectsWithRepeats: Set<Int> = []

    /// Which containers a reader looks into, by member name: the contents of any other container
    /// are checked against the grammar but get no nodes (the container keeps its own, empty).
    /// No array is looked into.
    struct Outline: Sendable {
        /// Objects under these member names are read member by member.
        let read: Set<String>
        /// Of those, the objects whose members are named by the file (keys, locales, plural
        /// categories): every member of theirs is read.
        let named: Set<String>

        /// What the String Catalog reader, its decoder and its importer read. Members Xcode does
        /// not write, or routekit ignores, cost no memory: a 7.9 M-element array in one took 222 MB.
        static let stringCatalog = Outline(
            read: ["strings", "localizations", "stringUnit", "substitutions", "variations", "plural", "device"],
            named: ["strings", "localizations", "substitutions", "plural", "device"])

        /// `read` and `named` by their UTF-8, for the parser to classify a member name without
        /// making a String: each name once, with its word (`nameWord`).
        private let names: [(word: UInt64, bytes: [UInt8], isRead: Bool, isNamed: Bool)]
        /// Bit `n` is set when some name has `n` bytes (`n` < 64): most member names a catalog
        /// gives (`state`, `value`, `comment`) are none of these, and are told so by their length.
        private let lengths: UInt64

        init(read: Set<String>, named: Set<String>) {
            self.read = read
            self.named = named
            names = read.union(named).sorted().map { name in
                let bytes = Array(name.utf8)
                return (bytes.withUnsafeBufferPointer { JSONDocument.nameWord($0, readable: $0.count) }, bytes, read.contains(name),
                        named.contains(name))
            }
            lengths = names.reduce(0) { $1.bytes.count < 64 ? $0 | 1 << UInt64($1.bytes.count) : $0 }
            // Only three characters other than ASCII are canonically equivalent to ASCII ones (each
            // a singleton decomposition: U+037E to ';', U+1FEF to '`', U+212A to 'K'), so a name
            // that is not ASCII equals none of these ASCII names without them: bytes decide.
            bytesDecide = names.allSatisfy { entry in entry.bytes.allSatisfy { $0 < 0x80 && !";`K".utf8.contains($0) } }
        }

        /// True when a member name equals one of these exactly when its bytes do, whatever its
        /// characters (see `init`).
        private let bytesDecide: Bool

        /// Whether the member name `name` (its bytes as written, without escapes) is one `read`
        /// looks into, and one of `named`. An ASCII name is equal as a String exactly when its
        /// bytes are; any other is compared as a String (canonical equivalence). `readable`: the
        /// bytes the buffer holds from the name's start (its own, unless said).
        func classify(_ name: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> (isRead: Bool, isNamed: Bool) {
            guard bytesDecide || ColumnCounter.firstNonASCII(name, from: 0) == name.count else {
                let text = String(decoding: name, as: UTF8.self)
                return (read.contains(text), named.contains(text))
            }
            guard name.count >= 64 || lengths & (1 << UInt64(name.count)) != 0 else { return (false, false) }
            let word = JSONDocument.nameWord(name, readable: readable ?? name.count)
            for index in names.indices where names[index].word == word && names[index].bytes.count == name.count {
                // A word holds only the length's low byte; a name of up to seven bytes is all in it.
                if name.count <= 7 || names[index].bytes.withUnsafeBufferPointer({ ByteWord.equal($0.baseAddress!, name.baseAddress!, count: name.count) }) {
                    return (names[index].isRead, names[index].isNamed)
                }
            }
            return (false, false)
        }
    }

    /// Parses `bytes`, which must outlive the document; with an `outline`, only what it reads has nodes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 200, maxNodes: Int = 8_000_000,
                      outline: Outline? = nil, readsUnitsDirectly: Bool = true) throws(NativeSyntaxError) -> JSONDocument {
        var none = NoMemberSink()
        return try parse(bytes, maxDepth: maxDepth, maxNodes: maxNodes, outline: outline, streaming: nil, into: &none,
                         readsUnitsDirectly: readsUnitsDirectly)
    }

    /// Parses `bytes`, handing each member of the root's object member `streaming` (a String
    /// Catalog's `strings`) to `sink` as soon as it is read; its nodes are dropped after, so a
    /// large object costs the nodes of one member at a time. In the document returned, that
    /// object has no members. `maxNodes` counts every node made, dropped or not.
    ///
    /// A file of `besideFrom` bytes or more is read with a second core: the streamed members are
    /// handed to the sink, beside the parse, in batches of a few thousand nodes
    /// (`MemberPipeline`); the sink sees the same calls in the same order either way (each call's
    /// document may hold other members' nodes beside its own).
    ///
    /// `readsUnitsDirectly`: a String Catalog's localizations and plural forms, each
    /// `{ "stringUnit" : { "state" : "…", "value" : "…" } }`, are read by a path of their own
    /// (`Parser.unitObject`) that makes the same nodes as the general one; false for the general
    /// one alone, which tests hold it to.
    static func parse<Sink: JSONMemberSink>(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 200, maxNodes: Int = 8_000_000,
                                            outline: Outline? = nil, streaming member: String?, into sink: inout Sink,
                                            besideFrom: Int = JSONDocument.besideFrom,
                                            readsUnitsDirectly: Bool = true) throws(NativeSyntaxError) -> JSONDocument {
        var parser = Parser(bytes: bytes, maxDepth: maxDepth, maxNodes: maxNodes, outline: outline,
                            streamed: member.map { Array($0.utf8) }, sink: sink, besideFrom: besideFrom)
        if readsUnitsDirectly, let outline { parser.readsUnitsDirectly = Parser<Sink>.readsUnits(under: outline) }
        defer { sink = parser.sink }
        try parser.run()
        var document = JSONDocument(bytes: bytes, nodes: parser.nodes)
        document.loneSurrogateOffsets = parser.loneSurrogates
        document.objectsWithRepeats = document.findObjectsWithRepeats(in: document.nodes.indices, scratch: &parser.scratch)
        return document
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, nodes: [Node]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// Line and column of each lone surrogate escape, with its text (`\ud800`).
    func loneSurrogates() -> [(text: String, line: Int, column: Int)] {
        // In file order, each placed from the one before (one `locate` each read the file again:
        // quadratic in a file of lone surrogates). Lines end at LF, as the parser counts them.
        var lines = LineTracker()
        return loneSurrogateOffsets.map { offset in
            let (line, column) = lines.position(of: offset, in: bytes)
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[offset ..< offset + 6]), as: UTF8.self), line, column)
        }
    }

    /// The objects among nodes `range` with a member name given twice: one pass over the key bytes, no String and no
    /// table per object. A small object (most of a catalog's: a `stringUnit`, a key's
    /// localizations) compares its names pairwise by their first bytes and length, the bytes
    /// themselves only when those agree; a larger one sorts a hash per key in one reused buffer to
    /// find equal neighbours. Names with escapes are compared decoded, as `"\u0041"` is `"A"`.
    private func findObjectsWithRepeats(in range: Range<Int>, scratch: inout RepeatScratch) -> Set<Int> {
        var result: Set<Int> = []
        for index in range where nodes[index].kind == .object && nodes[index].end > Int32(index + 3) {
            var key = index + 1
            let end = Int(nodes[index].end)
            // One member (a localization's `stringUnit`): no repeat. Two (a `stringUnit`'s `state`
            // and `value`): compared directly.
            let second = Int(nodes[key + 1].end)
            if second >= end { continue }
            if Int(nodes[second + 1].end) == end {
                if sameName(key, second) { result.insert(index) }
                continue
            }
            var count = 0
            if scratch.keys.isEmpty {
                scratch.keys = [Int](repeating: 0, count: Self.pairwiseMembers)
                scratch.prefixes = [UInt64](repeating: 0, count: Self.pairwiseMembers)
            }
            var anyEscapes = false
            while key < end, count < Self.pairwiseMembers {
                scratch.keys[count] = key
                scratch.prefixes[count] = Self.nameWord(raw(key), readable: bytes.count - Int(nodes[key].start))
                anyEscapes = anyEscapes || nodes[key].flag
                count += 1
                key = Int(nodes[key + 1].end)
            }
            if key >= end {
                // Names as written with equal words, or any pair where one has escapes.
                search: for later in 1 ..< count {
                    let prefix = scratch.prefixes[later]
                    for earlier in 0 ..< later where scratch.prefixes[earlier] == prefix
                        || anyEscapes && (nodes[scratch.keys[earlier]].flag || nodes[scratch.keys[later]].flag) {
                        if sameName(scratch.keys[earlier], scratch.keys[later]) {
                            result.insert(index)
                            break search
                        }
                    }
                }
                continue
            }
            scratch.hashes.removeAll(keepingCapacity: true)
            key = index + 1
            while key < end {
                var hash = StableHash.Stream()
                if nodes[key].flag { hash.add(string(key) ?? "") } else { hash.add(raw(key)) }
                scratch.hashes.append((hash.hash, Int32(key)))
                key = Int(nodes[key + 1].end)
            }
            scratch.hashes.sort { $0.hash < $1.hash }
            let hashes = scratch.hashes
            for position in hashes.indices.dropFirst() where hashes[position].hash == hashes[position - 1].hash {
                // Equal hashes: the names are compared (a collision is no repeat).
                if string(Int(hashes[position].key)) == string(Int(hashes[position - 1].key)) {
                    result.insert(index)
                    break
                }
            }
        }
        return result
    }

    /// `findObjectsWithRepeats`' buffers, made once per parse (it runs once per streamed member).
    struct RepeatScratch {
        /// A small object's key nodes and their names' words (`nameWord`), overwritten per object.
        var keys: [Int] = []
        var prefixes: [UInt64] = []
        var hashes: [(hash: UInt64, key: Int32)] = []
    }

    /// Members an object may have for its names to be compared pairwise rather than hashed.
    private static let pairwiseMembers = 12

    /// A member name's first seven bytes as written (in memory order) and its length's low byte
    /// above them, in one word: names that differ in it differ, and names of one length up to
    /// seven bytes are equal exactly when their words are. In one load where eight bytes can be
    /// read from the name's start (`readable`: the bytes its buffer holds from there; a name's
    /// closing quote and what follows are in the file), else byte by byte.
    static func nameWord(_ name: UnsafeBufferPointer<UInt8>, readable: Int) -> UInt64 {
        let kept = Swift.min(name.count, 7)
        var word: UInt64 = 0
        if readable >= 8, let base = name.baseAddress {
            word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)) & (1 << UInt64(kept * 8) - 1)
        } else {
            for (offset, byte) in name.prefix(kept).enumerated() { word |= UInt64(byte) << UInt64(offset * 8) }
        }
        return word | UInt64(truncatingIfNeeded: name.count) << 56
    }

    /// Whether two member names (key nodes) are the same: their bytes as written, or decoded when
    /// either has escapes.
    private func sameName(_ a: Int, _ b: Int) -> Bool {
        if nodes[a].flag || nodes[b].flag { return string(a) == string(b) }
        return nodes[a].length == nodes[b].length
            && ByteWord.equal(bytes.baseAddress! + Int(nodes[a].start), bytes.baseAddress! + Int(nodes[b].start), count: Int(nodes[a].length))
    }

    /// A string node's bytes between the quotes, as written.
    func raw(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(nodes[node].start) ..< Int(nodes[node].start + nodes[node].length)])
    }

    /// Every member name given twice in one object, anywhere in the document: the key node of
    /// each repetition (the one that wins, as later members win) and its decoded name.
    func repeatedMembers() -> [(key: Int, name: String)] {
        var result: [(key: Int, name: String)] = []
        forEachRepeatedMember { result.append(($0, $1)) }
        return result
    }

    /// `repeatedMembers`, one at a time (a catalog can repeat a member every few bytes).
    func forEachRepeatedMember(_ body: (_ key: Int, _ name: String) -> Void) {
        var seen: [String: Int] = [:]
        for index in objectsWithRepeats.sorted() {
            seen.removeAll(keepingCapacity: true)
            for (key, _) in allMembers(index) {
                let name = string(key) ?? ""
                if seen.updateValue(key, forKey: name) != nil { body(key, name) }
            }
        }
    }

    /// How far into a line a node's column is counted only when asked (`Node.columnFrom`).
    static let columnsCountedWhenAsked = 256

    /// Files from this size are read with a second core when an object is streamed (`parse(_:…into:besideFrom:)`).
    static let besideFrom = 1 << 20

    var root: Int { 0 }

    subscript(_ index: Int) -> Node { nodes[index] }

    func kind(_ index: Int) -> Kind { nodes[index].kind }

    /// `(key node, value node)` of each member, in file order; of members with the same name
    /// only the last, as Xcode and `JSONSerialization` read them (`repeatedMembers` reports them).
    func members(_ object: Int) -> [(key: Int, value: Int)] {
        let all = allMembers(object)
        guard all.count > 1, objectsWithRepeats.contains(object) else { return all }
        var last: [String: Int] = [:]
        for (position, member) in all.enumerated() { last[string(member.key) ?? ""] = position }
        guard last.count < all.count else { return all }
        return all.enumerated().filter { last[string($0.element.key) ?? ""] == $0.offset }.map(\.element)
    }

    /// `members(object)`, appended to `buffer`: a reader that keeps one buffer makes no array per
    /// object (four, as it grew, for a catalog entry's eight localizations).
    func members(_ object: Int, into buffer: inout [(key: Int, value: Int)]) {
        guard objectsWithRepeats.isEmpty || !objectsWithRepeats.contains(object) else { return buffer.append(contentsOf: members(object)) }
        appendAllMembers(object, to: &buffer)
    }

    /// Every member, repeated names included, in file order.
    private func allMembers(_ object: Int) -> [(key: Int, value: Int)] {
        // Labelled as returned: an array of unlabelled pairs is converted element by element (a
        // dynamic cast each), 3% of a catalog reading's second core.
        var result: [(key: Int, value: Int)] = []
        appendAllMembers(object, to: &result)
        return result
    }

    private func appendAllMembers(_ object: Int, to buffer: inout [(key: Int, value: Int)]) {
        guard nodes[object].kind == .object else { return }
        var index = object + 1
        let end = Int(nodes[object].end)
        while index < end {
            let value = index + 1
            buffer.append((key: index, value: value))
            index = Int(nodes[value].end)
        }
    }

    /// The elements of an array, in order.
    func elements(_ array: Int) -> [Int] {
        guard nodes[array].kind == .array else { return [] }
        var result: [Int] = []
        var index = array + 1
        while index < Int(nodes[array].end) {
            result.append(index)
            index = Int(nodes[index].end)
        }
        return result
    }

    /// The value of the last member named `key` (later members win, as in Xcode); nil if there is
    /// none or `object` is not an object.
    func member(_ object: Int, _ key: String) -> Int? {
        guard nodes[object].kind == .object else { return nil }
        var index = object + 1
        let end = Int(nodes[object].end)
        var found: Int?
        while index < end {
            if keyEquals(index, key) { found = index + 1 }
            index = Int(nodes[index + 1].end)
        }
        return found
    }

    /// The key node of the member `member(object, key)` returns.
    func memberKey(_ object: Int, _ key: String) -> Int? { member(object, key).map { $0 - 1 } }

    private func keyEquals(_ node: Int, _ key: String) -> Bool {
        let item = nodes[node]
        if item.flag { return string(node) == key }
        var key = key
        return key.withUTF8 { utf8 in
            utf8.count == Int(item.length) && (utf8.count == 0 || ByteWord.equal(bytes.baseAddress! + Int(item.start), utf8.baseAddress!, count: utf8.count))
        }
    }

    /// A string node's text (escapes decoded); nil for other kinds.
    func string(_ node: Int) -> String? {
        let item = nodes[node]
        guard item.kind == .string else { return nil }
        guard item.flag else { return String(decoding: raw(node), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(Int(item.length))
        appendString(node, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a string node's text, escapes decoded, to `out`: the bytes of `string(node)`
    /// without making a String (the parser checked the file is UTF-8 and every escape well formed).
    func appendString<Sink: ByteSink>(_ node: Int, to out: inout Sink) {
        let raw = raw(node)
        out.append(contentsOf: raw)
        guard nodes[node].flag else { return }
        // No escape decodes to more bytes than it takes (2 or 6 for 1 to 3, a pair's 12 for 4): the
        // text is copied as written, once, and decoded in place from the front (an append per run
        // between escapes was a third of a catalog's reading of values, `"…\"de\""`).
        out.removeLast(from: out.withMutableBytes { Self.decodeEscapes(in: $0, from: $0.count - raw.count) })
    }

    /// Decodes the escapes of the well-formed JSON string body `buffer[start...]` in place; returns
    /// where the decoded text ends. A lone surrogate becomes U+FFFD, as Foundation decodes it.
    private static func decodeEscapes(in buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
        let base = buffer.baseAddress!, count = buffer.count
        var read = start, write = start
        var pendingHigh: UInt32?
        func put(_ scalar: Unicode.Scalar) {
            for byte in UTF8.encode(scalar)! {
                base[write] = byte
                write += 1
            }
        }
        func flushHigh() {
            if pendingHigh != nil { put("\u{FFFD}") }
            pendingHigh = nil
        }
        while read < count {
            // The bytes up to the next escape, moved in one copy (the two ranges may overlap).
            let escape = UTF8Text.firstIndex(of: UInt8(ascii: "\\"), in: UnsafeBufferPointer(buffer), from: read) ?? count
            guard escape == read else {
                flushHigh()
                if write != read { memmove(base + write, base + read, escape - read) }
                write += escape - read
                read = escape
                continue
            }
            let escaped = base[read + 1]
            read += 2
            if escaped == UInt8(ascii: "u") {
                var value: UInt32 = 0
                for offset in read ..< read + 4 { value = value * 16 + UInt32(JSONDocument.hexValue(base[offset])!) }
                read += 4
                if (0xD800 ... 0xDBFF).contains(value) {
                    flushHigh()
                    pendingHigh = value
                    continue
                }
                if (0xDC00 ... 0xDFFF).contains(value), let high = pendingHigh {
                    pendingHigh = nil
                    put(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))!)
                    continue
                }
                flushHigh()
                put(Unicode.Scalar(value) ?? "\u{FFFD}")
                continue
            }
            flushHigh()
            let byte: UInt8
            switch escaped {
            case UInt8(ascii: "n"): byte = 0x0A
            case UInt8(ascii: "t"): byte = 0x09
            case UInt8(ascii: "r"): byte = 0x0D
            case UInt8(ascii: "b"): byte = 0x08
            case UInt8(ascii: "f"): byte = 0x0C
            default: byte = escaped  // \" \\ \/
            }
            base[write] = byte
            write += 1
        }
        flushHigh()
        return write
    }

    /// True when the string node `node` (a member name or a value) is `name`, written without
    /// escapes: a byte comparison, for readers that take an escaped string the slow way.
    func isPlain(_ node: Int, _ name: StaticString) -> Bool {
        let item = nodes[node]
        return !item.flag && Int(item.length) == name.utf8CodeUnitCount
            && ByteWord.equal(bytes.baseAddress! + Int(item.start), name.utf8Start, count: name.utf8CodeUnitCount)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return byte - 0x30
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): return byte - 0x61 + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): return byte - 0x41 + 10
        default: return nil
        }
    }

    func bool(_ node: Int) -> Bool? {
        switch nodes[node].kind {
        case .bool: return nodes[node].flag
        case .number: return int(node).map { $0 != 0 }
        default: return nil
        }
    }

    func int(_ node: Int) -> Int? {
        let item = nodes[node]
        guard item.kind == .number else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(item.start) ..< Int(item.start + item.length)]), as: UTF8.self)
        return Int(text) ?? Double(text).flatMap { $0.rounded() == $0 && abs($0) < 1e15 ? Int($0) : nil }
    }

    /// The line and column (one per scalar) where `node` starts: a string's opening quote.
    func position(_ node: Int) -> (line: Int, column: Int) {
        let item = nodes[node]
        guard item.columnFrom >= 0 else { return (Int(item.line), -Int(item.columnFrom)) }
        let offset = Int(item.start) - (item.kind == .string ? 1 : 0)
        return (Int(item.line), ColumnCounter.scalarCount(bytes, Int(item.columnFrom) ..< offset) + 1)
    }

    static func kindName(_ kind: Kind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    private struct Parser<Sink: JSONMemberSink> {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        let maxNodes: Int
        let outline: Outline?
        /// The name of the root's member whose object is streamed to `sink`.
        let streamed: [UInt8]?
        var sink: Sink
        /// Set while the streamed members go to the sink on another core.
        var pipeline: MemberPipeline<Sink>?
        /// The nodes before the streamed object's first member (the root's so far, up to the
        /// object's own), which every batch of its members starts with.
        var streamPrefix = 0
        let besideFrom: Int
        var nodes: [Node] = []
        /// Nodes made, with those of streamed members dropped since.
        var made = 0
        /// Whether an object in a named object is first tried as a string unit's holder (`unitObject`).
        var readsUnitsDirectly = false
        var scratch = RepeatScratch()
        var index = 0
        var line: Int32 = 1
        /// Counts the columns of nodes far into a line (`Node.columnFrom`).
        var columns = ColumnCounter()
        /// Offsets of `\u` escapes that are lone surrogates.
        var loneSurrogates: [Int] = []

        /// An open container: its node (-1 when it has none), whether its values get nodes, and
        /// whether its members are named by the file (`Outline.named`).
        struct Open {
            var node: Int
            var isObject: Bool
            var keepsValues: Bool
            var isNamed: Bool
            var line: Int32
            var isEmpty = true
            /// Its members go to the sink one by one.
            var streams = false
        }

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxNodes: Int, outline: Outline?, streamed: [UInt8]?, sink: Sink,
             besideFrom: Int) {
            self.besideFrom = besideFrom
            self.bytes = bytes
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
            self.outline = outline
            self.streamed = streamed
            self.sink = sink
            nodes.reserveCapacity(streamed == nil ? min(bytes.count / 16, maxNodes) : 1024)
        }

        /// The document of the nodes so far, lent to the sink (the array moves, it is not copied),
        /// or with a pipeline, the call queued to read them where they are (`MemberPipeline.send`).
        mutating func lend(_ call: SinkCall, repeatsFrom first: Int) {
            if let pipeline { return pipeline.send(call, repeatsFrom: first, nodes: &nodes, prefix: streamPrefix) }
            var document = JSONDocument(bytes: bytes, nodes: [])
            swap(&document.nodes, &nodes)
            call.deliver(to: &sink, &document, repeats: first ..< document.nodes.count, scratch: &scratch)
            swap(&document.nodes, &nodes)
        }

        /// Hands the streamed object's member that ends with node `value` to the sink, then drops
        /// it (with a pipeline, when its batch is handed over).
        mutating func streamMember(value: Int) {
            let key = value - 1
            lend(.member(key: key, value: value), repeatsFrom: value)
            if pipeline == nil { nodes.removeSubrange(key...) }
        }

        func error(_ message: String, at offset: Int) -> NativeSyntaxError {
            let (line, column) = TextPosition.locate(offset: offset, in: bytes)
            return NativeSyntaxError(message, line: line, column: column)
        }

        /// Skips white space; most runs a file has are none, or the one space after a member's
        /// colon: those are told here, inline, the rest counted by `skipSpaces`.
        @inline(__always) mutating func skipSpace() {
            let base = bytes.baseAddress!, count = bytes.count
            if index < count, base[index] > 0x20 { return }
            if index + 1 < count, base[index] == 0x20, base[index + 1] > 0x20 {
                index += 1
                return
            }
            skipSpaces()
        }

        mutating func skipSpaces() {
            let base = bytes.baseAddress!, count = bytes.count
            // Tests in the order a pretty-printed file needs them, not a jump table: the byte
            // after a line's indentation ends the loop with one comparison.
            while index < count {
                let byte = base[index]
                if byte > 0x20 { return }
                if byte == 0x0A {
                    index += 1
                    line += 1
                    columns.startLine(at: index)
                    // The next line's indentation, at once.
                    index = ByteWord.endOfSpaces(in: bytes, from: index)
                } else if byte == 0x20 {
                    // A run of spaces: eight at a time.
                    index = ByteWord.endOfSpaces(in: bytes, from: index)
                } else if byte == 0x09 || byte == 0x0D {
                    index += 1
                } else {
                    return
                }
            }
        }

        mutating func append(_ kind: Kind, flag: Bool = false, start: Int, length: Int, at offset: Int) throws(NativeSyntaxError) -> Int {
            guard made < maxNodes else { throw error("more than \(maxNodes) JSON values (limits.node-count)", at: offset) }
            made += 1
            nodes.append(node(kind, flag: flag, start: start, length: length, at: offset, as: nodes.count))
            return nodes.count - 1
        }

        /// The node `append` makes at `offset`, to be node `number` (its column asked in turn:
        /// `unitObject` makes a unit's this way, to append them together).
        @inline(__always)
        mutating func node(_ kind: Kind, flag: Bool = false, start: Int, length: Int, at offset: Int, as number: Int) -> Node {
            Node(kind: kind, flag: flag, start: Int32(start), length: Int32(length), end: Int32(number + 1), line: line,
                 columnFrom: columnFrom(offset))
        }

        /// The `:` after a member's name and the white space around it; false when there is none.
        /// `"name" : value`, as Xcode writes a catalog: the separator in one look.
        @inline(__always)
        mutating func nameSeparator() -> Bool {
            let base = bytes.baseAddress!, count = bytes.count
            if index + 3 <= count, base[index] == 0x20, base[index + 1] == UInt8(ascii: ":"), base[index + 2] == 0x20 {
                index += 3
            } else {
                skipSpace()
                guard index < count, base[index] == UInt8(ascii: ":") else { return false }
                index += 1
            }
            skipSpace()
            return true
        }

        /// `Node.columnFrom` of a node at `offset`: its line's start, but past the first
        /// `JSONDocument.columnsCountedWhenAsked` bytes of a line, its column (negated).
        @inline(__always)
        mutating func columnFrom(_ offset: Int) -> Int32 {
            let lineStart = columns.lineStart
            guard offset - lineStart > JSONDocument.columnsCountedWhenAsked else { return Int32(lineStart) }
            return -Int32(clamping: columns.column(of: offset, in: bytes))
        }

        func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the file" }
            let byte = bytes[offset]
            return byte >= 0x21 && byte < 0x7F ? "'\(UnicodeScalar(byte))'" : "byte 0x\(String(byte, radix: 16))"
        }

        mutating func run() throws(NativeSyntaxError) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                throw error("a byte order mark: JSON text must not start with one", at: 0)
            }
            func invalid(_ problem: (offset: Int, message: String)) -> NativeSyntaxError {
                error("\(problem.message) is not allowed here: JSON text is UTF-8", at: problem.offset)
            }
            // The parse checks the UTF-8 of every string as it scans it, and reads no byte outside
            // one that is not ASCII, nor a control character but white space: a file it reads
            // whole is valid text. Where it stops, a problem in the bytes is what is reported,
            // before the parse's (what the sink read is dropped then): the file is checked then.
            let bytes = self.bytes
            func checked(_ parsed: Result<Void, NativeSyntaxError>) throws(NativeSyntaxError) {
                guard case .failure(let failure) = parsed else { return }
                if let problem = TextValidity.firstProblem(in: bytes) { throw invalid(problem) }
                throw failure
            }
            guard bytes.count >= besideFrom, streamed != nil else {
                return try checked(Result { () throws(NativeSyntaxError) in try parse() })
            }
            // A large file's streamed members go to the sink on another core while it is parsed.
            let pipeline = MemberPipeline(sink: sink, bytes: bytes)
            self.pipeline = pipeline
            let (parsed, _) = Concurrent.pair({
                let parsed = Result { () throws(NativeSyntaxError) in try parse() }
                pipeline.finish(&nodes, prefix: streamPrefix)
                return parsed
            }, {
                pipeline.deliverAll()
            })
            self.pipeline = nil
            sink = pipeline.takeSink()
            try checked(parsed)
        }

        private mutating func parse() throws(NativeSyntaxError) {
            skipSpace()
            // The innermost open container is `top`; `stack` holds those around it (kept apart so
            // the loop's writes to it are a local's, not an array element's).
            guard var top = try value(depth: 0, keep: true, keepsValues: true, isNamed: false) else { return try end() }
            var stack: [Open] = []
            stack.reserveCapacity(Swift.min(maxDepth, 64))
            while true {
                skipSpace()
                guard index < bytes.count else {
                    throw error("the file ends inside \(top.isObject ? "an object" : "an array") opened at line \(top.line)", at: index)
                }
                let closer = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[index] == closer {
                    index += 1
                    // The streamed object's last members go to the sink: it ends with none.
                    if top.streams, let pipeline { pipeline.cut(&nodes, prefix: streamPrefix) }
                    if top.node >= 0 { nodes[top.node].end = Int32(nodes.count) }
                    guard let parent = stack.popLast() else { break }
                    let closed = top.node
                    top = parent
                    if top.streams { streamMember(value: closed) }
                    continue
                }
                if top.isEmpty {
                    top.isEmpty = false
                } else {
                    guard bytes[index] == UInt8(ascii: ",") else {
                        throw error("expected ',' or '\(UnicodeScalar(closer))', found \(describe(index))", at: index)
                    }
                    index += 1
                    skipSpace()
                }
                // Whether the value's own values get nodes: always without an outline; else in an
                // object the outline reads (by the member's name), never in an array.
                var keepsValues = outline == nil
                var isNamed = false
                var streams = false
                if top.isObject {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error("expected a member name in double quotes, found \(describe(index))", at: index)
                    }
                    let name = try string(keep: top.keepsValues)
                    if stack.isEmpty, top.keepsValues, let streamed {
                        streams = name.escapes ? lastNameDecoded() == streamed
                            : streamed.withUnsafeBufferPointer { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[name.start ..< name.end])) }
                    }
                    if top.keepsValues, let outline {
                        // A name with escapes is looked into, as it may spell one that is read, and
                        // its members are named by the file when it spells such an object's name
                        // (`"localiz\u0061tions"`: its locales' units were dropped).
                        if top.isNamed {
                            keepsValues = true
                        } else if name.escapes {
                            keepsValues = true
                            isNamed = lastNameDecoded().withUnsafeBufferPointer { outline.classify($0).isNamed }
                        } else {
                            (keepsValues, isNamed) = outline.classify(UnsafeBufferPointer(rebasing: bytes[name.start ..< name.end]),
                                                                      readable: bytes.count - name.start)
                        }
                    }
                    guard nameSeparator() else {
                        throw error("expected ':' after the member name, found \(describe(index))", at: index)
                    }
                }
                // A localization or plural form (the values of a named object), read directly
                // when it is a string unit alone.
                if readsUnitsDirectly, top.isNamed, top.keepsValues, stack.count + 2 < maxDepth, index < bytes.count,
                   bytes[index] == UInt8(ascii: "{"), let object = unitObject() {
                    if top.streams { streamMember(value: object) }
                    continue
                }
                guard var opened = try value(depth: stack.count + 1, keep: top.keepsValues, keepsValues: top.keepsValues && keepsValues,
                                             isNamed: isNamed) else {
                    // A scalar: a streamed object's member is whole.
                    if top.streams { streamMember(value: nodes.count - 1) }
                    continue
                }
                if streams, opened.isObject {
                    opened.streams = true
                    streamPrefix = nodes.count
                    lend(.starts(key: nodes.count - 2), repeatsFrom: nodes.count)
                }
                stack.append(top)
                top = opened
            }
            try end()
        }

        /// Whether `outline` reads a `stringUnit` object, and no more under it than its scalars
        /// (as the String Catalog's does): what `unitObject` reads as the general path would.
        static func readsUnits(under outline: Outline) -> Bool {
            Array("stringUnit".utf8).withUnsafeBufferPointer { outline.classify($0) == (isRead: true, isNamed: false) }
        }

        /// Reads the object at `index` when it is `{ "stringUnit" : { … } }` with only strings in
        /// the unit (every localization and plural form Xcode writes), in a named object whose
        /// values are kept: the nodes the general loop makes, without its steps per member (the
        /// outline's look-up of each name, an open container each). Returns the object's node; at
        /// anything else (another member, a value not a string, a syntax error), nil with
        /// nothing read, for the general loop to read it (and report what it finds).
        mutating func unitObject() -> Int? {
            let start = index, startLine = line, startColumns = columns, startLone = loneSurrogates.count
            let base = bytes.baseAddress!, count = bytes.count
            @inline(__always) func quoted(_ name: StaticString) -> Bool {
                let length = name.utf8CodeUnitCount
                return index + length + 2 <= count && base[index] == UInt8(ascii: "\"") && base[index + length + 1] == UInt8(ascii: "\"")
                    && ByteWord.equal(base + index + 1, name.utf8Start, count: length)
            }
            let first = nodes.count
            func read() throws(NativeSyntaxError) -> Int? {
                // The nodes made here, seven at most (a unit of two members; with more, the general
                // loop reads it), appended together when all is read: an append each checked the
                // array's uniqueness and room. (Not captured by a function: a captured variable's
                // every access was checked for exclusivity at run time.)
                var built = UnitNodes()
                built.add(node(.object, start: start, length: 0, at: start, as: first))
                index += 1
                skipSpace()
                guard quoted("stringUnit") else { return nil }
                built.add(node(.string, start: index + 1, length: 10, at: index, as: first + built.count))
                index += 12
                guard nameSeparator(), index < count, base[index] == UInt8(ascii: "{") else { return nil }
                built.add(node(.object, start: index, length: 0, at: index, as: first + built.count))
                index += 1
                skipSpace()
                if index < count, base[index] != UInt8(ascii: "}") {
                    while true {
                        guard built.hasRoom(for: 2) else { return nil }
                        // The unit's two names, as Xcode writes them, told without a scan.
                        if quoted("state") || quoted("value") {
                            built.add(node(.string, start: index + 1, length: 5, at: index, as: first + built.count))
                            index += 7
                        } else {
                            guard index < count, base[index] == UInt8(ascii: "\"") else { return nil }
                            let open = index, name = try string(keep: false)
                            built.add(node(.string, flag: name.escapes, start: name.start, length: name.end - name.start, at: open,
                                           as: first + built.count))
                        }
                        guard nameSeparator(), index < count, base[index] == UInt8(ascii: "\"") else { return nil }
                        let open = index, value = try string(keep: false)
                        built.add(node(.string, flag: value.escapes, start: value.start, length: value.end - value.start, at: open,
                                       as: first + built.count))
                        skipSpace()
                        guard index < count, base[index] == UInt8(ascii: ",") else { break }
                        index += 1
                        skipSpace()
                    }
                }
                guard index < count, base[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                skipSpace()
                guard index < count, base[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                // Past the node limit, the general loop stops where it is passed.
                guard made + built.count <= maxNodes else { return nil }
                made += built.count
                // The object and the unit end where the nodes do.
                built.nodes[0].end = Int32(first + built.count)
                built.nodes[2].end = Int32(first + built.count)
                built.append(to: &nodes)
                return first
            }
            if let object = try? read() { return object }
            index = start
            line = startLine
            columns = startColumns
            if loneSurrogates.count > startLone { loneSurrogates.removeLast(loneSurrogates.count - startLone) }
            return nil
        }

        /// The nodes of a string unit's object (`unitObject`): seven at most.
        struct UnitNodes {
            var nodes = InlineArray<7, Node>(repeating: Node(kind: .null, flag: false, start: 0, length: 0, end: 0, line: 0, columnFrom: 0))
            private(set) var count = 0

            func hasRoom(for more: Int) -> Bool { count + more <= nodes.count }

            mutating func add(_ node: Node) {
                nodes[count] = node
                count += 1
            }

            func append(to array: inout [Node]) {
                nodes.span.withUnsafeBufferPointer { array.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
            }
        }

        /// The text of the last node, a member name written with escapes, decoded (what it spells).
        func lastNameDecoded() -> [UInt8] {
            var decoded: [UInt8] = []
            JSONDocument(bytes: bytes, nodes: [nodes[nodes.count - 1]]).appendString(0, to: &decoded)
            return decoded
        }

        /// After the root value: nothing but white space.
        private mutating func end() throws(NativeSyntaxError) {
            skipSpace()
            if index < bytes.count { throw error("text after the JSON value: \(describe(index))", at: index) }
        }

        /// One value, with a node if `keep`, inside `depth` open containers: a container opened
        /// is returned for `parse` to fill (nil for any other value).
        @inline(__always)
        mutating func value(depth: Int, keep: Bool, keepsValues: Bool, isNamed: Bool) throws(NativeSyntaxError) -> Open? {
            guard index < bytes.count else { throw error("expected a value, found the end of the file", at: index) }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard depth < maxDepth else { throw error("values nested deeper than \(maxDepth) (limits.depth)", at: start) }
                let node = keep ? try append(isObject ? .object : .array, start: start, length: 0, at: start) : -1
                index += 1
                // No array is looked into under an outline.
                return Open(node: node, isObject: isObject, keepsValues: keepsValues && (isObject || outline == nil), isNamed: isNamed,
                            line: line)
            case UInt8(ascii: "\""):
                _ = try string(keep: keep)
            case UInt8(ascii: "t"):
                try literal("true", .bool, flag: true, keep: keep)
            case UInt8(ascii: "f"):
                try literal("false", .bool, flag: false, keep: keep)
            case UInt8(ascii: "n"):
                try literal("null", .null, flag: false, keep: keep)
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                try number(keep: keep)
            default:
                throw error("unexpected \(describe(start)): expected a value", at: start)
            }
            return nil
        }

        /// `true`, `false` or `null` (`word`), whose first byte is at `index`.
        private mutating func literal(_ word: StaticString, _ kind: Kind, flag: Bool, keep: Bool) throws(NativeSyntaxError) {
            let start = index, count = word.utf8CodeUnitCount
            guard count <= bytes.count - index, ByteWord.equal(bytes.baseAddress! + index, word.utf8Start, count: count) else {
                throw error("unexpected \(describe(start)): expected a value", at: start)
            }
            if keep { _ = try append(kind, flag: flag, start: start, length: count, at: start) }
            index += count
        }

        /// The bytes of `word` that may stop a string's scan: a zero-byte test for a quote, a
        /// backslash and a control byte, and every byte that is not ASCII, whose UTF-8 the scan
        /// checks (the lowest byte flagged is always a true one).
        @inline(__always)
        static func stops(_ word: UInt64) -> UInt64 {
            let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let ones: UInt64 = 0x0101_0101_0101_0101
            return (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- 0x2020_2020_2020_2020) & ~word) | word) & 0x8080_8080_8080_8080
        }

        /// Reads a string, with a node if `keep`; returns its bytes between the quotes.
        ///
        /// Most strings of a file are short and plain (member names, locales, a unit's state): when
        /// the first byte of the next sixteen that stops the scan is the closing quote, the string
        /// is read here, inline; the rest by `scanString`, whose setup cost more than such a
        /// string's whole reading.
        @inline(__always)
        mutating func string(keep: Bool) throws(NativeSyntaxError) -> (start: Int, end: Int, escapes: Bool) {
            let start = index + 1
            guard start + 16 <= bytes.count else { return try scanString(keep: keep, from: start) }
            let base = UnsafeRawPointer(bytes.baseAddress! + start)
            let first = Self.stops(base.loadUnaligned(as: UInt64.self))
            let second = Self.stops(base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            guard first | second != 0 else { return try scanString(keep: keep, from: start + 16) }
            let end = start + (first != 0 ? first.trailingZeroBitCount >> 3 : 8 + second.trailingZeroBitCount >> 3)
            guard bytes[end] == UInt8(ascii: "\"") else { return try scanString(keep: keep, from: end) }
            if keep { _ = try append(.string, start: start, length: end - start, at: index) }
            index = end + 1
            return (start, end, false)
        }

        /// `string` for any string: to its closing quote through escapes and UTF-8 sequences, from
        /// `first` on (the bytes before it, plain ASCII, were read by `string`).
        @inline(never)
        mutating func scanString(keep: Bool, from first: Int) throws(NativeSyntaxError) -> (start: Int, end: Int, escapes: Bool) {
            let open = index
            let start = index + 1
            var offset = first
            var escapes = false
            let base = bytes.baseAddress!
            let count = bytes.count
            // A high surrogate escape waiting for its low half: where it is, and where the low
            // half must start.
            var pendingHigh: (at: Int, end: Int)?
            while true {
                // To the next quote, backslash, control byte or byte other than ASCII: sixteen bytes
                // a step (two words side by side), then eight, byte by byte in the file's last few.
                if offset + 16 <= count {
                    let first = Self.stops(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    let second = Self.stops(UnsafeRawPointer(base + offset + 8).loadUnaligned(as: UInt64.self))
                    guard first | second != 0 else {
                        offset += 16
                        continue
                    }
                    offset += first != 0 ? first.trailingZeroBitCount >> 3 : 8 + second.trailingZeroBitCount >> 3
                } else if offset + 8 <= count {
                    let found = Self.stops(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    guard found != 0 else {
                        offset += 8
                        continue
                    }
                    offset += found.trailingZeroBitCount >> 3
                } else {
                    guard offset < count else { throw error("the string is never closed", at: open) }
                }
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    if let high = pendingHigh { loneSurrogates.append(high.at) }
                    if keep { _ = try append(.string, flag: escapes, start: start, length: offset - start, at: open) }
                    index = offset + 1
                    return (start, offset, escapes)
                }
                if byte < 0x20 { throw badByte("a control character in a string (write it as an escape such as \\n)", at: offset, open) }
                if byte >= 0x80 {
                    // A character other than ASCII: one well-formed UTF-8 sequence, or the parse
                    // stops (and `run` reports the file's first problem in its bytes).
                    guard let length = TextValidity.sequenceLength(bytes, at: offset) else { throw error("invalid UTF-8", at: offset) }
                    offset += length
                    continue
                }
                guard byte == UInt8(ascii: "\\") else {
                    offset += 1
                    continue
                }
                escapes = true
                guard offset + 1 < count else { throw error("the string is never closed", at: open) }
                switch bytes[offset + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    if let high = pendingHigh { loneSurrogates.append(high.at); pendingHigh = nil }
                    offset += 2
                case UInt8(ascii: "u"):
                    guard offset + 6 <= count, (2 ..< 6).allSatisfy({ JSONDocument.hexValue(bytes[offset + $0]) != nil }) else {
                        throw badByte("\\u must be followed by four hex digits", at: offset, open)
                    }
                    let value = (2 ..< 6).reduce(0) { $0 * 16 + Int(JSONDocument.hexValue(bytes[offset + $1])!) }
                    let follows = pendingHigh?.end == offset
                    if let high = pendingHigh, !(follows && (0xDC00 ... 0xDFFF).contains(value)) { loneSurrogates.append(high.at) }
                    if (0xD800 ... 0xDBFF).contains(value) {
                        pendingHigh = (offset, offset + 6)
                    } else {
                        if (0xDC00 ... 0xDFFF).contains(value), !follows { loneSurrogates.append(offset) }
                        pendingHigh = nil
                    }
                    offset += 6
                default:
                    throw badByte("unknown escape \\\(describe(offset + 1).trimmingQuotes)", at: offset, open)
                }
            }
        }

        /// The error for a bad byte or escape at `offset` in the string opened at `open`; but where
        /// no quote follows, the string is never closed: that is what is reported then.
        func badByte(_ message: String, at offset: Int, _ open: Int) -> NativeSyntaxError {
            guard memchr(bytes.baseAddress! + offset, Int32(UInt8(ascii: "\"")), bytes.count - offset) != nil else {
                return error("the string is never closed", at: open)
            }
            return error(message, at: offset)
        }

        mutating func number(keep: Bool) throws(NativeSyntaxError) {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let leading = index
            guard digits() > 0 else { throw error("a number needs digits", at: start) }
            if bytes[leading] == UInt8(ascii: "0"), index - leading > 1 { throw error("a number must not start with 0", at: start) }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("a number needs digits after '.'", at: start) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent", at: start) }
            }
            if keep { _ = try append(.number, start: start, length: index - start, at: start) }
        }
    }
}

extension JSONDocument {
    /// A call the parser makes of its sink.
    enum SinkCall {
        case starts(key: Int)
        case member(key: Int, value: Int)

        /// Makes the call of `document`, with the repeats among its objects in `repeats` found first.
        func deliver<Sink: JSONMemberSink>(to sink: inout Sink, _ document: inout JSONDocument, repeats: Range<Int>,
                                           scratch: inout RepeatScratch) {
            document.objectsWithRepeats = document.findObjectsWithRepeats(in: repeats, scratch: &scratch)
            switch self {
            case .starts(let key): sink.streamStarts(document, key: key)
            case .member(let key, let value): sink.member(document, key: key, value: value)
            }
        }
    }

    /// The streamed members of a large file handed to their sink on another core while the parse
    /// reads on: the parser's own node array is a batch's buffer: it fills with members (after
    /// the nodes before the stream, which every batch starts with, so no node is renumbered),
    /// and once full moves to the queue whole, the parser going on in an emptied one; whoever
    /// delivers hands the calls to the sink in order. That is the other core (`deliverAll`),
    /// or the parser itself while too many batches wait — so memory stays bounded, and the parse
    /// never waits for a core that may not come: with no core free, the parse runs first, then
    /// the rest is delivered.
    final class MemberPipeline<Sink: JSONMemberSink>: @unchecked Sendable {
        /// Calls and the nodes they read, one buffer for all (a batch of tiny members is one
        /// allocation, not one each).
        struct Batch {
            var nodes: [Node] = []
            var deliveries: [Delivery] = []

            /// An empty batch with room for `batchNodes`.
            static func empty() -> Batch {
                var batch = Batch()
                batch.nodes.reserveCapacity(MemberPipeline.batchNodes)
                return batch
            }

            /// Emptied for another use, keeping its room (unless a large member made it larger
            /// than a batch: that room goes).
            mutating func clear() {
                if nodes.capacity > 2 * MemberPipeline.batchNodes {
                    self = .empty()
                } else {
                    nodes.removeAll(keepingCapacity: true)
                    deliveries.removeAll(keepingCapacity: true)
                }
            }

        }

        /// A call, numbered in its batch's nodes, and where the repeats among its objects are looked for.
        struct Delivery {
            var call: SinkCall
            var repeats: Range<Int>
        }

        /// The nodes a batch fills before it is queued, and the batches that may wait before the
        /// parser delivers them itself. A member larger than a batch is a batch of its own.
        static var batchNodes: Int { 4096 }
        static var waitingBatches: Int { 4 }

        private let bytes: UnsafeBufferPointer<UInt8>
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        // Under `lock`:
        private var waiting: [Batch] = []
        /// Batches delivered, emptied for the parser to fill again: a fresh batch each time was
        /// fresh pages to fault in, and freeing them on the other core shrank the heap, whose TLB
        /// flushes interrupted the parser (4 ms of `brk` in a 20 MB catalog).
        private var spare: [Batch] = []
        private var delivering = false
        private var finished = false
        // The parser's own:
        private var batch = Batch.empty()
        // Only whoever is delivering touches these:
        private var sink: Sink
        private var scratch = RepeatScratch()

        init(sink: Sink, bytes: UnsafeBufferPointer<UInt8>) {
            self.sink = sink
            self.bytes = bytes
            pthread_mutex_init(lock, nil)
            pthread_cond_init(changed, nil)
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(lock)
            lock.deallocate()
            changed.deallocate()
        }

        /// Queues a call of the parser's `nodes` (the parser's side), read where they are: the
        /// first `prefix` nodes are those before the stream's members. Once the members fill a
        /// batch, the nodes go with it (`cut`).
        func send(_ call: SinkCall, repeatsFrom: Int, nodes: inout [Node], prefix: Int) {
            batch.deliveries.append(Delivery(call: call, repeats: repeatsFrom ..< nodes.count))
            if nodes.count - prefix >= Self.batchNodes { cut(&nodes, prefix: prefix) }
        }

        /// Queues the batch of the calls sent so far with the parser's `nodes`, which start again
        /// from their first `prefix` (the parser's side).
        func cut(_ nodes: inout [Node], prefix: Int) {
            guard !batch.deliveries.isEmpty else { return }
            // The batch takes the full buffer; the parser goes on in the batch's emptied one,
            // from a copy of the nodes before the stream.
            swap(&nodes, &batch.nodes)
            batch.nodes.withUnsafeBufferPointer { nodes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<prefix])) }
            queue()
        }

        /// Queues the batch being filled, and starts the next.
        private func queue() {
            pthread_mutex_lock(lock)
            waiting.append(batch)
            batch = spare.popLast() ?? Batch.empty()
            pthread_cond_broadcast(changed)
            if waiting.count > Self.waitingBatches { deliverWaiting() }
            pthread_mutex_unlock(lock)
        }

        /// The parse is over (done or failed): the last batch is queued.
        func finish(_ nodes: inout [Node], prefix: Int) {
            cut(&nodes, prefix: prefix)
            pthread_mutex_lock(lock)
            batch = Batch()
            finished = true
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
        }

        /// Delivers batches as they come until the parse is over and none is left (the other side).
        /// With nothing to do, it looks again for a while before it sleeps (`Concurrent.IdleSpin`):
        /// a batch comes every tenth of a millisecond while the parse goes on.
        func deliverAll() {
            var idle = Concurrent.IdleSpin()
            pthread_mutex_lock(lock)
            while true {
                if !waiting.isEmpty, !delivering {
                    deliverWaiting()
                    idle.reset()
                } else if finished, waiting.isEmpty, !delivering {
                    break
                } else if idle.looksAgain(releasing: lock) {
                    continue
                } else {
                    pthread_cond_wait(changed, lock)
                    idle.reset()
                }
            }
            pthread_mutex_unlock(lock)
        }

        /// The sink, every call delivered (after `finish` and `deliverAll` have returned).
        func takeSink() -> Sink { sink }

        /// Delivers what waits, in order, the lock released meanwhile (called with it held; waits
        /// while the other side delivers).
        private func deliverWaiting() {
            while delivering { pthread_cond_wait(changed, lock) }
            delivering = true
            var batches = waiting
            waiting = []
            pthread_mutex_unlock(lock)
            for index in batches.indices {
                // The document shares the batch's nodes only while it is delivered.
                do {
                    var document = JSONDocument(bytes: bytes, nodes: batches[index].nodes)
                    for delivery in batches[index].deliveries {
                        delivery.call.deliver(to: &sink, &document, repeats: delivery.repeats, scratch: &scratch)
                    }
                }
                batches[index].clear()
            }
            pthread_mutex_lock(lock)
            // As many as may wait, and the one being filled, are all that are ever in use.
            spare += batches.prefix(max(0, Self.waitingBatches + 1 - spare.count))
            delivering = false
            pthread_cond_broadcast(changed)
        }
    }
}

/// What reads a streamed object's members one at a time (`JSONDocument.parse(_:…streaming:into:)`).
protocol JSONMemberSink {
    /// The streamed object opens: `document` holds the nodes read before it (the root's earlier
    /// members; the root's own `end` is not known yet); `key` is the node of its name.
    mutating func streamStarts(_ document: JSONDocument, key: Int)
    /// One member is read: `document` holds its key and value nodes only for this call, with the
    /// repeats among its own objects found (`forEachRepeatedMember`).
    mutating func member(_ document: JSONDocument, key: Int, value: Int)
}

/// No object streamed.
private struct NoMemberSink: JSONMemberSink {
    func streamStarts(_ document: JSONDocument, key: Int) {}
    func member(_ document: JSONDocument, key: Int, value: Int) {}
}

private extension String {
    var trimmingQuotes: String { hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self }
}

extension JSONDocument {
    /// `node` and everything under it as a value: numbers as `int` when whole, else `double`.
    func value(_ node: Int) -> JSONValue {
        switch nodes[node].kind {
        case .object: return .object(Dictionary(members(node).map { (string($0.key) ?? "", value($0.value)) }) { _, last in last })
        case .array: return .array(elements(node).map(value))
        case .string: return .string(string(node) ?? "")
        case .bool: return .bool(nodes[node].flag)
        case .null: return .null
        case .number:
            let item = nodes[node]
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(item.start) ..< Int(item.start + item.length)]), as: UTF8.self)
            return Int(text).map(JSONValue.int) ?? .double(Double(text) ?? .nan)
        }
    }

    /// Parses `text` as one JSON value, strictly: a member named twice in an object is an error
    /// (at the repetition), as is a lone surrogate escape. Errors carry the line and column.
    static func value(of text: String, maxDepth: Int = 64) throws(NativeSyntaxError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, NativeSyntaxError> = text.withUTF8 { bytes in
            do throws(NativeSyntaxError) {
                let document = try JSONDocument.parse(bytes, maxDepth: maxDepth)
                if let repeated = document.repeatedMembers().min(by: { $0.key < $1.key }) {
                    let (line, column) = document.position(repeated.key)
                    return .failure(NativeSyntaxError("member \"\(repeated.name)\" given twice", line: line, column: column))
                }
                if let lone = document.loneSurrogates().first {
                    return .failure(NativeSyntaxError("\(lone.text) is half of a UTF-16 pair, alone", line: lone.line, column: lone.column))
                }
                return .success(document.value(document.root))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension JSONDocument {
    /// What a String Catalog's parse gives, as text two parses of one file must agree on (the
    /// direct reading of string units and the general loop, in tests and the fuzz harness): every
    /// node's fields and position, the lone surrogates and the objects with repeats; or the error
    /// and its place.
    static func catalogParseSummary(_ bytes: UnsafeBufferPointer<UInt8>, readsUnitsDirectly: Bool, maxDepth: Int = 200,
                                    maxNodes: Int = 8_000_000) -> String {
        do throws(NativeSyntaxError) {
            let document = try parse(bytes, maxDepth: maxDepth, maxNodes: maxNodes, outline: .stringCatalog,
                                     readsUnitsDirectly: readsUnitsDirectly)
            return document.nodes.indices.map { index in
                let node = document.nodes[index], position = document.position(index)
                return "\(node.kind) \(node.flag) \(node.start) \(node.length) \(node.end) \(position.line):\(position.column)"
            }.joined(separator: "\n") + "\nlone \(document.loneSurrogateOffsets) repeats \(document.objectsWithRepeats.sorted())"
        } catch {
            return "error \(error.line):\(error.column) \(error.message)"
        }
    }
}
