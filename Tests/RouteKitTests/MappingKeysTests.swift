import Testing
@testable import RouteKit

/// `MappingKeys` tells keys apart exactly as a `Set` of their bytes does (the oracle): keys
/// that are prefixes of one another, the empty key, keys whose bytes run on into the next key's
/// in the arena, a key given back, and tables that double many times, in files whose size leaves
/// a slot few bits for the hash or none.
@Suite struct MappingKeysTests {
    /// A file's arena and key ends, filled as the reader fills them: key, then text.
    struct Arena {
        var bytes: [UInt8] = []
        var ends: KeyEnds

        init(bodyCount: Int) { ends = KeyEnds(bodyCount: bodyCount) }

        /// Stores `key` (and a text after it); whether `keys` had it not.
        mutating func add(_ key: [UInt8], text: [UInt8], to keys: inout MappingKeys) -> Bool {
            let start = Int32(bytes.count)
            bytes += key
            ends.mark(start: start, length: Int32(key.count))
            let hash = key.withUnsafeBufferPointer { KeyHash.of($0) }
            let isNew = bytes.withUnsafeBufferPointer { ends.insert(start: start, length: Int32(key.count), hash: hash, into: &keys, arena: $0) }
            if isNew {
                bytes += text
            } else {
                // As the reader does with a key given again: its bytes are given back.
                ends.unmark(start: start, length: Int32(key.count))
                bytes.removeSubrange(Int(start)...)
            }
            return isNew
        }
    }

    static func check(keys candidates: [[UInt8]], bodyCount: Int) {
        var arena = Arena(bodyCount: bodyCount)
        var keys = MappingKeys()
        var oracle: Set<[UInt8]> = []
        for (index, key) in candidates.enumerated() {
            // The text after a key is the start of another key, so a stored key's bytes run on.
            let text = candidates[(index * 7 + 3) % candidates.count]
            let isNew = arena.add(key, text: text, to: &keys)
            #expect(isNew == oracle.insert(key).inserted, "key \(index): \(String(decoding: key, as: UTF8.self))")
        }
    }

    @Test(arguments: [4_096, 1 << 24, 1 << 30])
    func aMappingKnowsItsKeysAsASetDoes(bodyCount: Int) {
        var generator = SystemRandomNumberGenerator()
        var candidates: [[UInt8]] = [[], Array("a".utf8), Array("ab".utf8), Array("abc".utf8), Array("b".utf8)]
        for index in 0 ..< 3_000 {
            // Short keys, so many repeat; long ones across words of the end bits.
            let length = index % 50 == 0 ? Int.random(in: 60 ... 200, using: &generator) : Int.random(in: 1 ... 3, using: &generator)
            candidates.append((0 ..< length).map { _ in UInt8.random(in: 97 ... 100, using: &generator) })
        }
        candidates += candidates.shuffled(using: &generator).prefix(1_000)
        Self.check(keys: candidates, bodyCount: bodyCount)
    }

    @Test func fewKeysAndTheEmptyKeyMoveToTheTable() {
        let names = ["", "x", "xx", "", "y", "x", "z1", "z2", "z3", "z4", "z5", "", "x", "z5", "z6"]
        Self.check(keys: names.map { Array($0.utf8) }, bodyCount: 256)
    }

    @Test func aMillionDistinctKeysInOneMapping() {
        let candidates = (0 ..< 1_000_000).map { Array("k\($0)".utf8) } + [Array("k999999".utf8), Array("k0".utf8)]
        var arena = Arena(bodyCount: 13_000_000)
        var keys = MappingKeys()
        let added = candidates.map { arena.add($0, text: Array("v".utf8), to: &keys) }
        #expect(added.prefix(1_000_000).allSatisfy { $0 })
        #expect(added.suffix(2) == [false, false])
        // 4 bytes a slot, at most three quarters full: under 11 bytes a key (2^21 slots here,
        // 8.4 bytes a key). Slots of 12 bytes, with the hash and length, took 25, and 36 MB while
        // doubling: the bench's "locale stubs beside a large base" went over its memory bound.
        #expect(keys.tableBytes <= 11 * 1_000_000, "\(keys.tableBytes) bytes")
    }
}
