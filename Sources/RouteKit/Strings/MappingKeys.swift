#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Where the keys of a YAML file lie: its arena, and `KeyEnds`'s bits, so a key's place alone
/// gives its length back.
struct StoredKeys {
    var arena: UnsafeBufferPointer<UInt8>
    var ends: UnsafeBufferPointer<UInt64>
    /// Bits of a table slot that hold a place: enough for any arena of the file.
    var placeBits: UInt32

    /// The length of the (non-empty) key that starts at `start`: up to the first end bit.
    @inline(__always)
    func length(at start: Int) -> Int {
        var word = start >> 6
        var bits = ends[word] >> UInt64(start & 63)
        if bits != 0 { return bits.trailingZeroBitCount + 1 }
        while true {
            word += 1
            bits = ends[word]
            if bits != 0 { return word << 6 + bits.trailingZeroBitCount - start + 1 }
        }
    }
}

/// One bit per arena byte, set on the last byte of every key stored there (keys never overlap,
/// so the first bit at or after a key's start is its end). An eighth of the arena, where storing
/// each key's length beside its place took 4 bytes a key in every table slot.
struct KeyEnds {
    private var words: [UInt64] = []
    private let placeBits: UInt32

    /// For a file of `bodyCount` bytes: its arena holds its keys and texts, at most 1.5 times
    /// their bytes in the file (an escape such as `\L` decodes to 3 bytes). Room is reserved for
    /// that (capacity never written costs no memory).
    init(bodyCount: Int) {
        let bound = 2 * bodyCount + 64
        placeBits = UInt32(Swift.min(32, Int.bitWidth - bound.leadingZeroBitCount))
        words.reserveCapacity(bound / 64 + 1)
    }

    /// Marks `arena[start ..< start + length]` as a key (an empty key has no last byte: the
    /// table tells it apart on its own).
    mutating func mark(start: Int32, length: Int32) {
        guard length > 0 else { return }
        let bit = Int(start + length - 1)
        if bit >> 6 >= words.count { grow(toHold: bit >> 6) }
        words[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// Zero words up to `word`, a page of them at a time: a call per word cost 3 ms on 56 MB,
    /// and half as many again at a time wrote pages never needed (a file of short keys has a
    /// word for every 64 bytes of them: its peak grew by 1 MB). Never past the capacity
    /// reserved, so the words never move.
    @inline(never)
    private mutating func grow(toHold word: Int) {
        let target = Swift.max(word + 1, Swift.min(words.count + 512, words.capacity))
        words.append(contentsOf: repeatElement(0, count: target - words.count))
    }

    /// Forgets the key `arena[start ..< start + length]` (its bytes were given back).
    mutating func unmark(start: Int32, length: Int32) {
        guard length > 0 else { return }
        let bit = Int(start + length - 1)
        if bit >> 6 < words.count { words[bit >> 6] &= ~(1 << UInt64(bit & 63)) }
    }

    /// Adds the key stored at `arena[start ..< start + length]` (whose `hash` is `KeyHash.of`
    /// its bytes) to `keys`; false when they have it already. The keys are passed `inout`, not
    /// changed in a closure: a closure changing the reader that holds these bits made it retain
    /// them for every key (two atomic operations a key, 13 ms of 56 MB).
    func insert(start: Int32, length: Int32, hash: UInt32, into keys: inout MappingKeys, arena: UnsafeBufferPointer<UInt8>) -> Bool {
        words.withUnsafeBufferPointer { keys.insert(start: start, length: length, hash: hash, in: StoredKeys(arena: arena, ends: $0, placeBits: placeBits)) }
    }
}

/// The keys of one mapping, told apart exactly. The first eight are kept in place with their
/// hash and length and looked through one by one: most mappings (a plural's forms, a small group)
/// never need more, nor an allocation. Past them, a table of 4 bytes a slot: the key's place in
/// the arena, and in the bits the file's size leaves free, the low bits of its hash (a probe reads
/// the arena only when they match). Open addressing at most three quarters full, growing by
/// doubling, each key placed again from its bytes (`KeyEnds` gives their length). A mapping's
/// keys are what its frame holds, and cost nothing once it closes. (12-byte slots with the hash
/// and length took three times the memory: a million keys in one mapping peaked at 36 MB while
/// doubling, more than the file.)
struct MappingKeys {
    private struct FewKey {
        var hash: UInt32
        var start: Int32
        var length: Int32
    }

    private static var free: FewKey { FewKey(hash: 0, start: -1, length: 0) }
    /// The first keys, in order, while `slots` is empty.
    private var few: (FewKey, FewKey, FewKey, FewKey, FewKey, FewKey, FewKey, FewKey)
    private static var fewCapacity: Int { 8 }
    /// `(start + 1) | tag << placeBits`; 0 is a free slot.
    private var slots: [UInt32] = []
    private var count = 0
    /// In table mode, whether the mapping has the empty key (which has no end bit).
    private var hasEmptyKey = false

    init() {
        few = (Self.free, Self.free, Self.free, Self.free, Self.free, Self.free, Self.free, Self.free)
    }

    /// The table's bytes (0 while the keys are few), as the memory tests weigh it.
    var tableBytes: Int { slots.capacity * MemoryLayout<UInt32>.stride }

    /// False when the mapping has the key `keys.arena[start ..< start + length]` (whose `hash`
    /// is `KeyHash.of` its bytes, and which `keys.ends` marks) already; otherwise adds it.
    @inline(__always)
    mutating func insert(start: Int32, length: Int32, hash: UInt32, in keys: StoredKeys) -> Bool {
        guard slots.isEmpty else { return insertInTable(start: start, length: length, hash: hash, keys) }
        let known = count
        let key = FewKey(hash: hash, start: start, length: length)
        let found = withUnsafeMutablePointer(to: &few) {
            $0.withMemoryRebound(to: FewKey.self, capacity: Self.fewCapacity) { few in
                (0 ..< known).contains { few[$0].hash == hash && few[$0].length == length
                    && (length == 0 || ByteWord.equal(keys.arena.baseAddress! + Int(few[$0].start), keys.arena.baseAddress! + Int(start), count: Int(length))) }
            }
        }
        if found { return false }
        if known < Self.fewCapacity {
            withUnsafeMutablePointer(to: &few) { $0.withMemoryRebound(to: FewKey.self, capacity: Self.fewCapacity) { $0[known] = key } }
            count += 1
            return true
        }
        return moveToTable(adding: key, keys)
    }

    /// The ninth key: the first eight move to a table.
    @inline(never)
    private mutating func moveToTable(adding key: FewKey, _ keys: StoredKeys) -> Bool {
        let moved = withUnsafeMutablePointer(to: &few) {
            $0.withMemoryRebound(to: FewKey.self, capacity: Self.fewCapacity) { Array(UnsafeBufferPointer(start: $0, count: Self.fewCapacity)) }
        }
        slots = [UInt32](repeating: 0, count: 8 * Self.fewCapacity)
        count = 0
        for stored in moved { _ = insertInTable(start: stored.start, length: stored.length, hash: stored.hash, keys) }
        return insertInTable(start: key.start, length: key.length, hash: key.hash, keys)
    }

    private static func placeMask(_ keys: StoredKeys) -> UInt32 { keys.placeBits == 32 ? ~0 : (1 << keys.placeBits) - 1 }

    @inline(__always)
    private mutating func insertInTable(start: Int32, length: Int32, hash: UInt32, _ keys: StoredKeys) -> Bool {
        if length == 0 {
            defer { hasEmptyKey = true }
            return !hasEmptyKey
        }
        if (count + 1) * 4 > slots.count * 3 { grow(keys) }
        let placeMask = Self.placeMask(keys)
        let tag = keys.placeBits == 32 ? 0 : (hash << keys.placeBits)
        let entry = UInt32(start + 1) | tag
        let added = slots.withUnsafeMutableBufferPointer { slots in
            var slot = Self.home(hash, slots.count)
            while true {
                let stored = slots[slot]
                if stored == 0 {
                    slots[slot] = entry
                    return true
                }
                if stored & ~placeMask == tag {
                    let storedStart = Int(stored & placeMask) - 1
                    if keys.length(at: storedStart) == Int(length),
                       ByteWord.equal(keys.arena.baseAddress! + storedStart, keys.arena.baseAddress! + Int(start), count: Int(length)) {
                        return false
                    }
                }
                slot += 1
                if slot == slots.count { slot = 0 }
            }
        }
        if added { count += 1 }
        return added
    }

    /// The first slot to probe: the hash's high bits scaled to the table's size (any size); the
    /// tag is its low bits, so keys crowding one home still differ in their tags.
    @inline(__always)
    private static func home(_ hash: UInt32, _ size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(hash) &* UInt64(size)) >> 32)
    }

    private mutating func grow(_ keys: StoredKeys) {
        let old = slots
        slots = [UInt32](repeating: 0, count: old.count * 2)
        let placeMask = Self.placeMask(keys)
        slots.withUnsafeMutableBufferPointer { slots in
            for stored in old where stored != 0 {
                let start = Int(stored & placeMask) - 1
                let length = keys.length(at: start)
                var slot = Self.home(KeyHash.of(UnsafeBufferPointer(rebasing: keys.arena[start ..< start + length])), slots.count)
                while slots[slot] != 0 {
                    slot += 1
                    if slot == slots.count { slot = 0 }
                }
                slots[slot] = stored
            }
        }
    }
}

/// The hash of a key's bytes that `MappingKeys` and `KeyTable` place keys by.
enum KeyHash {
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h = mixed(bytes, into: 0xCBF2_9CE4_8422_2325)
        h ^= h >> 29
        h &*= 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: h ^ h >> 32)
    }

    /// `bytes` mixed into `seed`, eight bytes a step (a byte a step, FNV-1a, took 9 ms of 56 MB
    /// of keys): each word by a multiply, the last one read overlapping the one before when the
    /// length is not a multiple of eight (the length is mixed in first, so that tells such keys
    /// apart). Not finished: callers mix the result further. Also the key interner's.
    @inline(__always)
    static func mixed(_ bytes: UnsafeBufferPointer<UInt8>, into seed: UInt64) -> UInt64 {
        let count = bytes.count
        var h = seed ^ UInt64(truncatingIfNeeded: count)
        guard count > 0, let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            h = (h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            index += 8
        }
        if index < count {
            var tail: UInt64 = 0
            if count >= 8 {
                tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            } else {
                for offset in 0 ..< count { tail |= UInt64(base[offset]) << UInt64(8 * offset) }
            }
            h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        return h
    }
}
