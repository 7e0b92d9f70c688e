/// Remembers the first value stored for each text, where texts are equal exactly when Swift
/// `String`s made from them are (canonical equivalence: `é` written precomposed or as `e` and a
/// combining accent is one text). Works on UTF-8 bytes, without making a `String` per text.
///
/// Texts are compared by their NFC bytes: most texts are NFC as written (see
/// `UTF8Text.isNFCAsWritten`) and are used as they are; only the others are normalized. The hash is
/// Swift's seeded `Hasher`, so crafted inputs cannot force collisions.
struct CanonicalTextIndex {
    private struct Slot {
        /// 0 marks an empty slot (stored hashes are never 0).
        var hash: Int
        var value: Int32
        /// The text's NFC bytes in `keyBytes`.
        var start: Int
        var length: Int
    }

    private var slots: [Slot]
    private var keyBytes: [UInt8] = []
    private(set) var count = 0

    init(minimumCapacity: Int = 16) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        slots = Array(repeating: Slot(hash: 0, value: 0, start: 0, length: 0), count: capacity)
    }

    /// Forgets every text; keeps the memory for the next round.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in slots.indices { slots[index].hash = 0 }
        keyBytes.removeAll(keepingCapacity: true)
        count = 0
    }

    /// The value stored for a text equal to `text`; when there is none, stores `value` for `text`
    /// and returns nil.
    mutating func firstValue(for text: UnsafeBufferPointer<UInt8>, orInsert value: Int32) -> Int32? {
        if UTF8Text.isNFCAsWritten(text) { return firstValue(forNFC: text, orInsert: value) }
        let normalized = String(decoding: text, as: UTF8.self)._nfcCodeUnits
        return normalized.withUnsafeBufferPointer { firstValue(forNFC: $0, orInsert: value) }
    }

    private mutating func firstValue(forNFC key: UnsafeBufferPointer<UInt8>, orInsert value: Int32) -> Int32? {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        let hash = hasher.finalize() | 1
        var index = hash & (slots.count - 1)
        while slots[index].hash != 0 {
            let slot = slots[index]
            if slot.hash == hash, slot.length == key.count,
               keyBytes.withUnsafeBufferPointer({ $0[slot.start ..< slot.start + slot.length].elementsEqual(key) }) {
                return slot.value
            }
            index = (index + 1) & (slots.count - 1)
        }
        slots[index] = Slot(hash: hash, value: value, start: keyBytes.count, length: key.count)
        keyBytes.append(contentsOf: key)
        count += 1
        if count * 2 > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, value: 0, start: 0, length: 0), count: old.count * 2)
        for slot in old where slot.hash != 0 {
            var index = slot.hash & (slots.count - 1)
            while slots[index].hash != 0 { index = (index + 1) & (slots.count - 1) }
            slots[index] = slot
        }
    }
}
