import Testing
@testable import RouteKit

/// `RadixSort` orders keys by their top bits and keeps the order of keys equal in them: the
/// oracle is the standard library's sort by (top bits, place).
@Suite struct RadixSortTests {
    @Test(arguments: [0, 1, 2, 100, 5_000, 70_000])
    func keysSortByTheirTopBitsStably(count: Int) {
        var generator = SystemRandomNumberGenerator()
        // Some keys share their top bits: drawn from a few hundred values there.
        var keys = (0 ..< count).map { index -> UInt64 in
            let top = index % 3 == 0 ? UInt64.random(in: 0 ..< 300, using: &generator) << 42 : UInt64.random(in: 0 ... .max, using: &generator)
            return top & ~UInt64(0xFFFF_FFFF) | UInt64(index)
        }
        let shift = UInt64(64 - RadixSort.sortedBits)
        let expected = keys.enumerated().sorted { a, b in
            a.element >> shift != b.element >> shift ? a.element >> shift < b.element >> shift : a.offset < b.offset
        }.map(\.element)
        var scratch: [UInt64] = []
        RadixSort.sortByTopBits(&keys, scratch: &scratch)
        #expect(keys == expected)
        // A scratch buffer larger than the keys, left by a longer sort, serves as well.
        var again = expected.reversed().map { $0 }
        scratch += [1, 2, 3]
        RadixSort.sortByTopBits(&again, scratch: &scratch)
        #expect(again.map { $0 >> shift } == expected.map { $0 >> shift })
    }
}
