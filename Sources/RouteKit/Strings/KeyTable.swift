#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Keys told apart by their bytes in an arena, each with a payload that its latest occurrence
/// sets (the entry's ordinal for a String Catalog's `strings`, whose last entry of a name is the
/// one read): each key's hash and where its bytes lie (12 bytes and the payload a slot), the
/// bytes compared when the hashes are equal. The first eight are kept in place; past them, a
/// table at most three quarters full, growing by doubling (the stored hash places a key again
/// without reading it). A YAML mapping's keys take less room: see `MappingKeys`.
///
/// Probing reads a byte a slot (`tags`: seven bits of the hash), not the slot: a file's tens of
/// thousands of names spread over a megabyte of slots, and reading one to find it free cost a
/// cache miss per name (a tenth of the time to read a Compose `strings.xml`). The slot is read
/// only when its tag matches, and written when it is taken.
struct KeyTable {
    /// What a key keeps beside it.
    typealias Payload = UInt32

    private struct Slot {
        var hash: UInt32
        /// The key's start in the arena plus one. Negative: its start in the second arena
        /// (`update(…, inSecond: true, …)`), as −(start + 1).
        var place: Int32
        var length: Int32
        var payload: Payload
    }

    private static var free: Slot { Slot(hash: 0, place: 0, length: 0, payload: 0) }
    /// The first keys, in order, while `slots` is empty (those past `count` unused).
    private var few: (Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot)
    private static var fewCapacity: Int { 8 }
    /// `slots` read when `tags` says so: per slot, 0 when free, else `tag(of:)` of its hash.
    private var slots: [Slot] = []
    private var tags: [UInt8] = []
    private var count = 0

    init() {
        few = (Self.free, Self.free, Self.free, Self.free, Self.free, Self.free, Self.free, Self.free)
    }

    /// A table with room for `expectedKeys` before it grows (growing by doubling copies every
    /// key at each step, and keeps the old table and the new at once).
    init(expectedKeys: Int) {
        self.init()
        removeAll(expectedKeys: expectedKeys)
    }

    /// Empty again, with room for `expectedKeys` (the slots it has are kept when they are
    /// enough and not four times too many: zeroing them costs less than faulting in new ones).
    mutating func removeAll(expectedKeys: Int) {
        count = 0
        few = (Self.free, Self.free, Self.free, Self.free, Self.free, Self.free, Self.free, Self.free)
        let needed = expectedKeys > Self.fewCapacity ? expectedKeys / 3 * 4 + 8 : 0
        if slots.count >= needed, slots.count <= 4 * needed + 64 {
            tags.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            allocate(needed)
        }
    }

    /// `size` free slots (none: the first keys are kept in place). Emptied for another file,
    /// only the tags are cleared: a slot is read after its tag.
    private mutating func allocate(_ size: Int) {
        tags = [UInt8](repeating: 0, count: size)
        slots = [Slot](repeating: Self.free, count: size)
    }

    /// The bytes its slots take.
    var byteCount: Int { slots.count * MemoryLayout<Slot>.stride + tags.count }

    /// Adds the key `arena[start ..< start + length]` with `payload`; when the table has that key
    /// already, gives it `payload` instead (its bytes stay where they were first stored) and
    /// returns the payload it had.
    @inline(__always)
    mutating func update(start: Int32, length: Int32, hash: UInt32, payload: Payload,
                         in arena: UnsafeBufferPointer<UInt8>) -> Payload? {
        update(start: start, length: length, inSecond: false, hash: hash, payload: payload, in: Arenas(first: arena, second: arena))
    }

    /// Where keys' bytes lie: most in `first`; those added `inSecond`, in `second` (a reader's
    /// names in its file, and the few it had to decode in a buffer beside it).
    struct Arenas {
        var first: UnsafeBufferPointer<UInt8>
        var second: UnsafeBufferPointer<UInt8>

        @inline(__always)
        fileprivate func bytes(at place: Int32) -> UnsafePointer<UInt8> {
            place > 0 ? first.baseAddress! + Int(place - 1) : second.baseAddress! + Int(-place - 1)
        }
    }

    /// `update` of a key at `start` in `arenas.second` when `inSecond`, else in `arenas.first`.
    @inline(__always)
    mutating func update(start: Int32, length: Int32, inSecond: Bool, hash: UInt32, payload: Payload,
                         in arena: Arenas) -> Payload? {
        let key = Slot(hash: hash, place: inSecond ? -(start + 1) : start + 1, length: length, payload: payload)
        guard slots.isEmpty else { return insert(key, arena) }
        let known = count
        let earlier: Payload? = withUnsafeMutablePointer(to: &few) {
            $0.withMemoryRebound(to: Slot.self, capacity: Self.fewCapacity) { few in
                for slot in 0 ..< known where Self.same(few[slot], key, arena) {
                    let stored = few[slot].payload
                    few[slot].payload = payload
                    return stored
                }
                return nil
            }
        }
        if let earlier { return earlier }
        if known < Self.fewCapacity {
            withUnsafeMutablePointer(to: &few) { $0.withMemoryRebound(to: Slot.self, capacity: Self.fewCapacity) { $0[known] = key } }
            count += 1
            return nil
        }
        return moveToTable(adding: key, arena)
    }

    /// The ninth key: the first eight move to a table.
    @inline(never)
    private mutating func moveToTable(adding key: Slot, _ arena: Arenas) -> Payload? {
        let known = count
        let moved = withUnsafeMutablePointer(to: &few) {
            $0.withMemoryRebound(to: Slot.self, capacity: Self.fewCapacity) { Array(UnsafeBufferPointer(start: $0, count: known)) }
        }
        allocate(8 * Self.fewCapacity)
        count = 0
        for stored in moved { _ = insert(stored, arena) }
        return insert(key, arena)
    }

    @inline(__always)
    private static func same(_ stored: Slot, _ key: Slot, _ arena: Arenas) -> Bool {
        stored.hash == key.hash && stored.length == key.length
            && (key.length == 0 || ByteWord.equal(arena.bytes(at: stored.place), arena.bytes(at: key.place), count: Int(key.length)))
    }

    @inline(__always)
    private mutating func insert(_ key: Slot, _ arena: Arenas) -> Payload? {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let tag = Self.tag(of: key.hash)
        let earlier = tags.withUnsafeMutableBufferPointer { tags in
            slots.withUnsafeMutableBufferPointer { slots -> Payload? in
                var slot = Self.home(key.hash, slots.count)
                while true {
                    let stored = tags[slot]
                    if stored == 0 {
                        tags[slot] = tag
                        slots[slot] = key
                        return nil
                    }
                    if stored == tag, Self.same(slots[slot], key, arena) {
                        let earlier = slots[slot].payload
                        slots[slot].payload = key.payload
                        return earlier
                    }
                    slot += 1
                    if slot == slots.count { slot = 0 }
                }
            }
        }
        if earlier == nil { count += 1 }
        return earlier
    }

    /// The first slot to probe: the hash scaled to the table's size (any size), from its high bits.
    @inline(__always)
    private static func home(_ hash: UInt32, _ size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(hash) &* UInt64(size)) >> 32)
    }

    /// A taken slot's tag: the hash's low seven bits (`home` uses its high ones), never 0.
    @inline(__always)
    private static func tag(of hash: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: hash) | 0x80
    }

    private mutating func grow() {
        let old = slots, oldTags = tags
        allocate(old.count * 2)
        for index in old.indices where oldTags[index] != 0 {
            let stored = old[index]
            var slot = Self.home(stored.hash, slots.count)
            while tags[slot] != 0 {
                slot += 1
                if slot == slots.count { slot = 0 }
            }
            tags[slot] = oldTags[index]
            slots[slot] = stored
        }
    }
}
