/// Remembers the first value stored for each text, where texts are equal exactly when Swift
/// `String`s made from them are (canonical equivalence: `é` written precomposed or as `e` and a
/// combining accent is one text). Works on UTF-8 bytes, without making a `String` per text.
///
/// Texts are compared by their NFC bytes: most texts are NFC as written (see
/// `UTF8Text.isNFCAsWritten`) and are used as they are; only the others are normalized. The hash is
/// Swift's seeded `Hasher`, so crafted inputs cannot force collisions.
struct CanonicalTextIndex {
    /// 16 bytes: a title per route and locale probes a table of twice the routes, and 32-byte
    /// slots missed the cache at every probe (`ambiguous-title` on 5,000 routes in 50 locales).
    private struct Slot {
        /// The hash's high half, with its low bit set: 0 marks an empty slot.
        var tag: UInt32
        var value: Int32
        /// The text's NFC bytes in `keyBytes`.
        var start: Int32
        var length: Int32
    }

    private var slots: [Slot]
    private var keyBytes: [UInt8] = []
    /// The slots in use, so emptying the table clears those alone.
    private var used: [Int32] = []
    var count: Int { used.count }

    init(minimumCapacity: Int = 16) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        slots = Array(repeating: Slot(tag: 0, value: 0, start: 0, length: 0), count: capacity)
    }

    /// Forgets every text; keeps the memory for the next round.
    mutating func removeAll() {
        for index in used { slots[Int(index)].tag = 0 }
        used.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
    }

    /// The value stored for a text equal to `text`; when there is none, stores `value` for `text`
    /// and returns nil.
    mutating func firstValue(for text: UnsafeBufferPointer<UInt8>, orInsert value: Int32) -> Int32? {
        if UTF8Text.isNFCAsWritten(text) { return firstValue(forNFC: text, orInsert: value) }
        let normalized = String(decoding: text, as: UTF8.self)._nfcCodeUnits
        return normalized.withUnsafeBufferPointer { firstValue(forNFC: $0, orInsert: value) }
    }

    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    private mutating func firstValue(forNFC key: UnsafeBufferPointer<UInt8>, orInsert value: Int32) -> Int32? {
        let hash = Self.hash(key)
        let tag = UInt32(truncatingIfNeeded: hash >> 32) | 1
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        let found: Int32? = keyBytes.withUnsafeBufferPointer { bytes in
            slots.withUnsafeBufferPointer { slots in
                while slots[index].tag != 0 {
                    let slot = slots[index]
                    if slot.tag == tag, Int(slot.length) == key.count,
                       UnsafeBufferPointer(rebasing: bytes[Int(slot.start) ..< Int(slot.start) + key.count]).elementsEqual(key) {
                        return slot.value
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
        if let found { return found }
        precondition(keyBytes.count + key.count <= Int(Int32.max), "texts past 2 GiB")
        slots[index] = Slot(tag: tag, value: value, start: Int32(keyBytes.count), length: Int32(key.count))
        used.append(Int32(index))
        keyBytes.append(contentsOf: key)
        if used.count * 2 > slots.count { grow() }
        return nil
    }

    /// Twice the slots, each text placed again from its hash (the slots keep half of it).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(tag: 0, value: 0, start: 0, length: 0), count: old.count * 2)
        let mask = slots.count - 1
        keyBytes.withUnsafeBufferPointer { bytes in
            for position in used.indices {
                let slot = old[Int(used[position])]
                var index = Int(truncatingIfNeeded: Self.hash(UnsafeBufferPointer(rebasing: bytes[Int(slot.start) ..< Int(slot.start + slot.length)]))) & mask
                while slots[index].tag != 0 { index = (index + 1) & mask }
                slots[index] = slot
                used[position] = Int32(index)
            }
        }
    }
}
