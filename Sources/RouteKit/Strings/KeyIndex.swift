/// A locale's key id → entry number (index + 1; 0 when absent).
///
/// Dense, an array by key id, while the locale holds at least a quarter of the ids up to its
/// largest: four bytes an id, the fastest lookup. A locale holding fewer (a stub of one key
/// among a million) gets a hash table of its own entries instead, 16 to 32 bytes each: with a
/// dense array per locale, a thousand two-line stubs cost gigabytes. A sparse index that comes
/// to hold half the ids up to its largest (a translation whose first key was new to the
/// project) turns dense again; the two thresholds differ so that the turns stay rare.
///
/// Before either, while each id set is the one after the last with the next entry number (a
/// flat file of keys new to the project, or a translation in its base's order), the index is
/// that run and stores nothing: entry number = id − offset.
struct KeyIndex: Sendable {
    /// The run while `inRun`: ids `runFirst ... runLast` (none when `runLast < runFirst`).
    private var inRun = true
    private var runFirst: Int32 = 0
    private var runLast: Int32 = -1
    private var runOffset: Int32 = 0
    private var dense: [Int32] = []
    /// Open addressing, `UInt64(id + 1) << 32 | value`; 0 is empty. Nil while dense.
    private var sparse: [UInt64]?
    private var sparseCount = 0
    /// The largest id set while sparse.
    private var largestID: Int32 = -1

    /// Slots held (dense or sparse), for tests of the footprint.
    var storedSlots: Int { sparse?.count ?? dense.count }

    @inline(__always)
    subscript(id: Int32) -> Int32 {
        if inRun { return id >= runFirst && id <= runLast ? id - runOffset : 0 }
        guard let sparse else {
            let slot = Int(id)
            return slot < dense.count ? dense[slot] : 0
        }
        let tag = UInt64(UInt32(bitPattern: id) &+ 1) << 32
        let mask = sparse.count - 1
        var slot = Self.hash(id) & mask
        while sparse[slot] != 0 {
            if sparse[slot] & 0xFFFF_FFFF_0000_0000 == tag { return Int32(truncatingIfNeeded: sparse[slot] & 0xFFFF_FFFF) }
            slot = (slot + 1) & mask
        }
        return 0
    }

    /// Sets the entry number of `id` (never 0); `count` is how many ids the locale holds, this one included.
    mutating func set(_ id: Int32, _ value: Int32, count: Int) {
        if inRun {
            if runLast < runFirst {
                (runFirst, runLast, runOffset) = (id, id, id - value)
                return
            }
            if id == runLast + 1 && id - value == runOffset {
                runLast = id
                return
            }
            leaveRun()
        }
        if sparse == nil {
            let slot = Int(id)
            if slot >= dense.count {
                let grown = Swift.max(slot + 1, dense.count + dense.count / 2)
                guard grown <= 4 * count + 1024 else {
                    becomeSparse()
                    insert(id, value)
                    largestID = Swift.max(largestID, id)
                    return
                }
                dense.append(contentsOf: repeatElement(0, count: grown - dense.count))
            }
            dense[slot] = value
            return
        }
        insert(id, value)
        largestID = Swift.max(largestID, id)
        if Int(largestID) + 1 <= 2 * count { becomeDense() }
    }

    /// Stores the run as the dense or sparse index `set` would have made of it.
    private mutating func leaveRun() {
        inRun = false
        guard runLast >= runFirst else { return }
        let count = Int(runLast - runFirst) + 1
        if Int(runLast) + 1 <= 4 * count + 1024 {
            dense = [Int32](repeating: 0, count: Int(runLast) + 1)
            for id in runFirst ... runLast { dense[Int(id)] = id - runOffset }
        } else {
            sparse = [UInt64](repeating: 0, count: Swift.max(8, (count * 2).nextPowerOfTwo))
            for id in runFirst ... runLast { insert(id, id - runOffset) }
            largestID = runLast
        }
    }

    private static func hash(_ id: Int32) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 17)
    }

    private mutating func becomeSparse() {
        let old = dense
        dense = []
        largestID = Int32(old.count - 1)
        sparse = [UInt64](repeating: 0, count: Swift.max(8, (old.count(where: { $0 != 0 }) * 2).nextPowerOfTwo))
        sparseCount = 0
        for (id, value) in old.enumerated() where value != 0 { insert(Int32(id), value) }
    }

    private mutating func becomeDense() {
        var table = [Int32](repeating: 0, count: Int(largestID) + 1)
        for packed in sparse! where packed != 0 {
            table[Int(UInt32(truncatingIfNeeded: packed >> 32) &- 1)] = Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF)
        }
        sparse = nil
        sparseCount = 0
        largestID = -1
        dense = table
    }

    private mutating func insert(_ id: Int32, _ value: Int32) {
        if (sparseCount + 1) * 2 > sparse!.count { rehash(sparse!.count * 2) }
        let tag = UInt64(UInt32(bitPattern: id) &+ 1) << 32
        let mask = sparse!.count - 1
        var slot = Self.hash(id) & mask
        while sparse![slot] != 0 {
            if sparse![slot] & 0xFFFF_FFFF_0000_0000 == tag {
                sparse![slot] = tag | UInt64(UInt32(bitPattern: value))
                return
            }
            slot = (slot + 1) & mask
        }
        sparse![slot] = tag | UInt64(UInt32(bitPattern: value))
        sparseCount += 1
    }

    private mutating func rehash(_ capacity: Int) {
        let old = sparse!
        sparse = [UInt64](repeating: 0, count: capacity)
        sparseCount = 0
        for packed in old where packed != 0 {
            insert(Int32(bitPattern: UInt32(truncatingIfNeeded: packed >> 32) &- 1), Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF))
        }
    }
}

private extension Int {
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
