import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Key ids in the order Swift's `String` sorts their names followed by a terminator, without a
/// `String` per key: every name is written once into one buffer. Names that are NFC as written
/// (most) compare as bytes, which is `String`'s order for them (scalar order); any other pair
/// compares as Strings. The sort is stable: names Strings find equal keep their order.
enum KeyOrder {
    static func sorted(_ ids: [Int32], of storage: StringStorage, before terminator: UInt8) -> [Int32] {
        var order = positions(ids, of: storage, before: terminator)
        // In place: a second array of a million ids would be alive beside the names.
        for index in order.indices { order[index] = ids[Int(order[index])] }
        return order
    }

    /// The positions in `ids` in the order `sorted` puts their keys.
    static func positions(_ ids: [Int32], of storage: StringStorage, before terminator: UInt8) -> [Int32] {
        var bytes: [UInt8] = []
        // Room for most names, so the buffer seldom grows by copying (pages never written cost nothing).
        bytes.reserveCapacity(ids.count * 16)
        var starts: [Int32] = []
        starts.reserveCapacity(ids.count + 1)
        for id in ids {
            starts.append(Int32(bytes.count))
            storage.keys.appendName(id, to: &bytes)
        }
        starts.append(Int32(bytes.count))
        var order = (0 ..< Int32(ids.count)).map { $0 }
        bytes.withUnsafeBufferPointer { buffer in
            func name(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: buffer[Int(starts[Int(index)]) ..< Int(starts[Int(index) + 1])])
            }
            let asBytes = (0 ..< ids.count).map { UTF8Text.isNFCAsWritten(name(Int32($0))) }
            order.sort { a, b in ascending(name(a), name(b), asBytes: asBytes[Int(a)] && asBytes[Int(b)], terminator) }
        }
        return order
    }

    /// `left + terminator` before `right + terminator` as Strings sort them; bytewise when both
    /// names are NFC as written (`asBytes`).
    @inline(__always)
    static func ascending(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, asBytes: Bool,
                          _ terminator: UInt8) -> Bool {
        guard asBytes else {
            let terminator = String(UnicodeScalar(terminator))
            return String(decoding: left, as: UTF8.self) + terminator < String(decoding: right, as: UTF8.self) + terminator
        }
        return precedes(left, right, terminator)
    }

    /// `left + terminator` bytewise before `right + terminator`.
    static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, _ terminator: UInt8) -> Bool {
        let common = min(left.count, right.count)
        if common > 0 {
            let order = memcmp(left.baseAddress!, right.baseAddress!, common)
            if order != 0 { return order < 0 }
        }
        // One is a prefix of the other: its terminator meets the other's next byte; when that is
        // the terminator too, the shorter ends first (the other still has its own terminator).
        if left.count == right.count { return false }
        if left.count < right.count {
            let next = right[common]
            return next != terminator ? terminator < next : true
        }
        let next = left[common]
        return next != terminator ? next < terminator : false
    }
}

extension KeyOrder {
    /// The first `limit` of the keys offered in `sorted`'s order (of names Strings find equal,
    /// the first offered): the keys `sorted(offered).prefix(limit)` has, holding only those.
    /// Sorting a million keys to list a thousand writes every name out (about 20 bytes a key);
    /// this keeps 8 bytes a kept key, a name written out when compared. Offer keys with
    /// increasing tags (their place); `tags` says which were kept.
    struct Selection {
        private typealias Kept = (id: Int32, tag: Int32)
        let limit: Int
        private let keys: KeyInterner
        private let terminator: UInt8
        /// The kept keys: in offer order while no more than `limit` were offered, every one kept
        /// without a comparison; then a heap whose first is the last in order, the one a key
        /// before it replaces.
        private var kept: [Kept] = []
        private var isHeap = false
        /// Names written out to compare, in buffers reused: the heap's first (while `isHeap`),
        /// the key offered, and three for moving a key down the heap.
        private var firstName: [UInt8] = [], offered: [UInt8] = []
        private var moving: [UInt8] = [], childName: [UInt8] = [], otherName: [UInt8] = []

        init(limit: Int, of storage: StringStorage, before terminator: UInt8) {
            self.limit = max(limit, 0)
            keys = storage.keys
            self.terminator = terminator
        }

        /// Offers key `id`, with a `tag` above every earlier one's.
        mutating func offer(_ id: Int32, tag: Int32) {
            guard limit > 0 else { return }
            if !isHeap {
                if kept.count < limit { return kept.append((id, tag)) }
                for index in stride(from: kept.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
                isHeap = true
                Self.write(kept[0].id, of: keys, to: &firstName)
            }
            Self.write(id, of: keys, to: &offered)
            guard Self.before((id, tag), offered, kept[0], firstName, terminator) else { return }
            kept[0] = (id, tag)
            siftDown(from: 0)
            Self.write(kept[0].id, of: keys, to: &firstName)
        }

        /// The kept keys' tags, ascending.
        var tags: [Int32] { kept.map(\.tag).sorted() }

        /// Moves `kept[index]` down the heap until no key below it comes after it.
        private mutating func siftDown(from index: Int) {
            var position = index
            Self.write(kept[position].id, of: keys, to: &moving)
            while 2 * position + 1 < kept.count {
                var child = 2 * position + 1
                Self.write(kept[child].id, of: keys, to: &childName)
                if child + 1 < kept.count {
                    Self.write(kept[child + 1].id, of: keys, to: &otherName)
                    if Self.before(kept[child], childName, kept[child + 1], otherName, terminator) {
                        child += 1
                        swap(&childName, &otherName)
                    }
                }
                guard Self.before(kept[position], moving, kept[child], childName, terminator) else { return }
                kept.swapAt(position, child)
                position = child
            }
        }

        // Static, as `before`: a method of the selection given one of its buffers inout would
        // copy the selection (its arrays retained and released) at every key.
        private static func write(_ id: Int32, of keys: KeyInterner, to buffer: inout [UInt8]) {
            buffer.removeAll(keepingCapacity: true)
            keys.appendName(id, to: &buffer)
        }

        /// `a` (named `aName`) before `b` in `sorted`'s order; of names Strings find equal, the
        /// first offered.
        private static func before(_ a: Kept, _ aName: [UInt8], _ b: Kept, _ bName: [UInt8], _ terminator: UInt8) -> Bool {
            aName.withUnsafeBufferPointer { left in
                bName.withUnsafeBufferPointer { right in
                    let asBytes = UTF8Text.isNFCAsWritten(left) && UTF8Text.isNFCAsWritten(right)
                    if KeyOrder.ascending(left, right, asBytes: asBytes, terminator) { return true }
                    return !KeyOrder.ascending(right, left, asBytes: asBytes, terminator) && a.tag < b.tag
                }
            }
        }
    }
}
