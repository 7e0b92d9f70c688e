/// Grouping 64-bit keys by their high bits, stably: two passes of 11 bits over the top 22, each a
/// scatter by counts taken in one pass beforehand (sequential work, where a comparison sort of
/// tens of thousands of keys made each comparison a call, and a hash table's slots were misses).
enum RadixSort {
    private static let digitBits = 11
    /// The bits sorted by: keys equal in them end up next to each other.
    static let sortedBits = 2 * digitBits

    /// Sorts `keys` by their top `sortedBits` bits; keys equal in those keep their order.
    /// `scratch`: room for a pass's output, reused from one sort to the next.
    static func sortByTopBits(_ keys: inout [UInt64], scratch: inout [UInt64]) {
        guard keys.count > 1 else { return }
        if scratch.count < keys.count { scratch = [UInt64](repeating: 0, count: keys.count) }
        let buckets = 1 << digitBits, mask = UInt64(buckets - 1)
        let low = UInt64(64 - sortedBits), high = UInt64(64 - digitBits)
        // Both passes' counts in one read, then each count turned into its bucket's start.
        var starts = [Int](repeating: 0, count: 2 * buckets)
        starts.withUnsafeMutableBufferPointer { starts in
            keys.withUnsafeBufferPointer { keys in
                for key in keys {
                    starts[Int(key >> low & mask)] += 1
                    starts[buckets + Int(key >> high)] += 1
                }
            }
            for pass in 0 ..< 2 {
                var start = 0
                for digit in pass * buckets ..< (pass + 1) * buckets {
                    let count = starts[digit]
                    starts[digit] = start
                    start += count
                }
            }
            // The lower digit into `scratch`, then the higher back into `keys`.
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for key in keys {
                        let digit = Int(key >> low & mask)
                        scratch[starts[digit]] = key
                        starts[digit] += 1
                    }
                    for key in scratch[..<keys.count] {
                        let digit = buckets + Int(key >> high)
                        keys[starts[digit]] = key
                        starts[digit] += 1
                    }
                }
            }
        }
    }
}
