import Foundation

/// Key ids in the order Swift's `String` sorts their names followed by a terminator, without a
/// `String` per key: every name is written once into one buffer. Names that are NFC as written
/// (most) compare as bytes, which is `String`'s order for them (scalar order); any other pair
/// compares as Strings.
enum KeyOrder {
    static func sorted(_ ids: [Int32], of storage: StringStorage, before terminator: UInt8) -> [Int32] {
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
            order.sort { a, b in
                let left = name(a), right = name(b)
                guard asBytes[Int(a)] && asBytes[Int(b)] else {
                    let terminator = String(UnicodeScalar(terminator))
                    return String(decoding: left, as: UTF8.self) + terminator < String(decoding: right, as: UTF8.self) + terminator
                }
                return precedes(left, right, terminator)
            }
        }
        // In place: a second array of a million ids would be alive beside the names.
        for index in order.indices { order[index] = ids[Int(order[index])] }
        return order
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
