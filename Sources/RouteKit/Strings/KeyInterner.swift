import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Interns dotted keys as a tree of segments: (parent id, segment bytes) → id. Id 0 is the root.
/// A key written with dots (`a.b: x`) and the same key nested (`a: {b: x}`) get the same id.
///
/// Nine bytes a key plus its segment's bytes, and a table of 8 to 16: a project of a million
/// keys keeps them in about 30 MB. Of each hash only a byte is kept: a probe compares it, the
/// parent and the length before the bytes, and growing the table hashes the segments again.
/// Names need only eight bytes a key: the table and the tags can go (`removeTable`) until a
/// lookup needs them.
struct KeyInterner {
    private(set) var parents: [Int32] = [-1]
    /// Segment `id` is `bytes[segmentEnds[id - 1] ..< segmentEnds[id]]` (the root's is empty).
    private var segmentEnds: [Int32] = [0]
    /// The top byte of each key's hash.
    private var tags: [UInt8] = [0]
    private var bytes: [UInt8] = []
    private var table: [Int32]

    /// `tableCapacity`, a power of two, is where the table starts: a file's few declaration names
    /// need a small one (the 16 KB of the default, filled per Kotlin file, was 4 % of reading
    /// the code), a project's keys the default.
    init(tableCapacity: Int = 4096) {
        precondition(tableCapacity > 0 && tableCapacity & (tableCapacity - 1) == 0)
        table = [Int32](repeating: -1, count: tableCapacity)
    }

    var count: Int { parents.count }

    /// Makes room for about `keys` more keys of `byteCount` bytes in all (upper bounds are fine:
    /// capacity never touched costs no memory), so the arrays do not grow by copying.
    mutating func reserve(keys: Int, bytes byteCount: Int) {
        parents.reserveCapacity(parents.count + keys)
        segmentEnds.reserveCapacity(segmentEnds.count + keys)
        tags.reserveCapacity(tags.count + keys)
        bytes.reserveCapacity(bytes.count + byteCount)
    }

    @inline(__always)
    private func segmentStart(_ id: Int) -> Int { id == 0 ? 0 : Int(segmentEnds[id - 1]) }

    @inline(__always)
    private func segmentLength(_ id: Int) -> Int { Int(segmentEnds[id]) - segmentStart(id) }

    /// Eight bytes a step (`KeyHash.mixed`; a byte a step was most of a look-up, and every key
    /// of every translation is looked up).
    private static func hash(_ parent: Int32, _ segment: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = KeyHash.mixed(segment, into: 0xCBF2_9CE4_8422_2325 ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15))
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return h
    }

    /// The id of `segment` under `parent`; dots inside `segment` descend further.
    mutating func intern(_ parent: Int32, _ key: UnsafeBufferPointer<UInt8>) -> Int32 {
        var current = parent
        var start = 0
        for index in 0 ..< key.count where key[index] == UInt8(ascii: ".") {
            current = child(current, UnsafeBufferPointer(rebasing: key[start ..< index]))
            start = index + 1
        }
        return child(current, UnsafeBufferPointer(rebasing: key[start...]))
    }

    /// The id of `key` under `parent` if it is already interned (dots descend); never adds.
    func lookup(_ parent: Int32, _ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        var current = parent
        var start = 0
        while let index = UTF8Text.firstIndex(of: UInt8(ascii: "."), in: key, from: start) {
            let segment = UnsafeBufferPointer(rebasing: key[start ..< index])
            guard case .found(let id) = find(current, segment, Self.hash(current, segment)) else { return nil }
            current = id
            start = index + 1
        }
        let segment = UnsafeBufferPointer(rebasing: key[start...])
        guard case .found(let id) = find(current, segment, Self.hash(current, segment)) else { return nil }
        return id
    }

    /// Whether `id` is the key `key` under `parent`, told without hashing: a translation's keys
    /// mostly come in the base's order, so the id after the last one found is asked first. A
    /// segment never holds a dot, so a dotted key is never one.
    func isID(_ id: Int32, of key: UnsafeBufferPointer<UInt8>, under parent: Int32) -> Bool {
        let index = Int(id)
        guard index > 0, index < parents.count, parents[index] == parent, segmentLength(index) == key.count else { return false }
        let start = segmentStart(index)
        return key.isEmpty || bytes.withUnsafeBufferPointer { ByteWord.equal($0.baseAddress! + start, key.baseAddress!, count: key.count) }
    }

    private enum Probe {
        case found(Int32)
        case empty(slot: Int)
    }

    private func find(_ parent: Int32, _ segment: UnsafeBufferPointer<UInt8>, _ h: UInt64) -> Probe {
        precondition(!table.isEmpty, "a key interner without its table (restoreTable)")
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = Int(table[slot])
            if id < 0 { return .empty(slot: slot) }
            if tags[id] == UInt8(truncatingIfNeeded: h >> 56) && parents[id] == parent && segmentLength(id) == segment.count {
                let start = segmentStart(id)
                let same = bytes.withUnsafeBufferPointer { stored in
                    segment.count == 0 || ByteWord.equal(stored.baseAddress! + start, segment.baseAddress!, count: segment.count)
                }
                if same { return .found(Int32(id)) }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func child(_ parent: Int32, _ segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        let h = Self.hash(parent, segment)
        let slot: Int
        switch find(parent, segment, h) {
        case .found(let id): return id
        case .empty(let empty): slot = empty
        }
        let id = Int32(parents.count)
        parents.append(parent)
        bytes.append(contentsOf: segment)
        segmentEnds.append(Int32(bytes.count))
        tags.append(UInt8(truncatingIfNeeded: h >> 56))
        table[slot] = id
        if parents.count * 2 > table.count { grow() }
        return id
    }

    /// Frees the table and the tags: names (`name`, `appendName`) still work, lookups (`intern`,
    /// `lookup`, `id(of:)`) need `restoreTable` first.
    mutating func removeTable() {
        table = []
        tags = []
    }

    /// Makes the table again (after `removeTable`), at the size growing would have given it.
    mutating func restoreTable() {
        guard table.isEmpty else { return }
        var capacity = 4096
        while parents.count * 2 > capacity { capacity *= 2 }
        fill(capacity: capacity)
    }

    private mutating func grow() { fill(capacity: table.count * 2) }

    private mutating func fill(capacity: Int) {
        // The old table is not needed to fill the new one: freed first, it does not add to the peak.
        table = []
        table = [Int32](repeating: -1, count: capacity)
        let mask = table.count - 1
        let restoringTags = tags.isEmpty
        if restoringTags { tags = [UInt8](repeating: 0, count: parents.count) }
        for id in 1 ..< parents.count {
            let h = bytes.withUnsafeBufferPointer { stored in
                Self.hash(parents[id], UnsafeBufferPointer(rebasing: stored[segmentStart(id) ..< segmentStart(id) + segmentLength(id)]))
            }
            if restoringTags { tags[id] = UInt8(truncatingIfNeeded: h >> 56) }
            var slot = Int(truncatingIfNeeded: h) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(id)
        }
    }

    /// The dotted name of `id` (the root's is empty), made from its segments when asked for:
    /// the table keeps no `String` per key.
    func name(_ id: Int32) -> String {
        let length = nameLength(id)
        guard length > 0 else { return "" }
        // One allocation (none for a short name), as findings name their keys one by one.
        return String(unsafeUninitializedCapacity: length) { name in
            writeName(id, endingAt: name.baseAddress! + length)
            return length
        }
    }

    /// `body` of the UTF-8 bytes of `name(id)`, written on the stack: no `String` made for a
    /// name read once.
    func withName<Result>(_ id: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let length = nameLength(id)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(length, 1)) { buffer in
            if length > 0 { writeName(id, endingAt: buffer.baseAddress! + length) }
            return body(UnsafeBufferPointer(start: buffer.baseAddress!, count: length))
        }
    }

    /// Appends the UTF-8 bytes of `name(id)` to `buffer`.
    func appendName(_ id: Int32, to buffer: inout [UInt8]) {
        let length = nameLength(id)
        guard length > 0 else { return }
        buffer.append(contentsOf: repeatElement(0, count: length))
        buffer.withUnsafeMutableBufferPointer { writeName(id, endingAt: $0.baseAddress! + $0.count) }
    }

    /// The bytes of `name(id)`: its segments and the dots between them.
    private func nameLength(_ id: Int32) -> Int {
        var length = -1
        var current = id
        while current > 0 {
            length += segmentLength(Int(current)) + 1
            current = parents[Int(current)]
        }
        return Swift.max(length, 0)
    }

    /// Writes `name(id)` so that it ends just before `end`: the segments from the last, walking up.
    private func writeName(_ id: Int32, endingAt end: UnsafeMutablePointer<UInt8>) {
        bytes.withUnsafeBufferPointer { stored in
            var end = end
            var current = id
            while current > 0 {
                let count = segmentLength(Int(current))
                end -= count
                if count > 0 { end.update(from: stored.baseAddress! + segmentStart(Int(current)), count: count) }
                current = parents[Int(current)]
                if current > 0 {
                    end -= 1
                    end.pointee = UInt8(ascii: ".")
                }
            }
        }
    }

    /// The id of a dotted name, interned if it was not: the one id whose `name` is `name`.
    mutating func intern(_ name: String) -> Int32 {
        var name = name
        return name.withUTF8 { intern(0, $0) }
    }

    /// The id of a dotted name, if interned: every dot descends, so this is the one id whose
    /// `name` is `name`.
    func id(of name: String) -> Int32? {
        var name = name
        return name.withUTF8 { lookup(0, $0) }
    }
}
