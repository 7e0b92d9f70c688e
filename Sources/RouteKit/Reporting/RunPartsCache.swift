/// What a reporter made for the last runs it wrote (`Finding.keyTemplate`), by run: the runs of
/// missing-translation's locales are placed by key, so sorted by place they interleave (one
/// key's findings in several locales follow each other), and a one-run memo would remake its
/// parts at every finding. A few hundred runs are kept; past that, the oldest go first.
struct RunPartsCache<Key: Equatable, Parts> {
    private var keys: [Key] = []
    private var parts: [Parts] = []
    private var last = -1
    private var oldest = 0
    static var capacity: Int { 256 }

    /// The slot of `key`'s parts, made by `make` when they are not kept.
    mutating func slot(_ key: Key, make: () -> Parts) -> Int {
        if last >= 0, keys[last] == key { return last }
        // Runs that interleave (one key's findings in several locales) come round in the same
        // order: the next slot is the likely one.
        if last >= 0 {
            let next = last + 1 == keys.count ? 0 : last + 1
            if keys[next] == key {
                last = next
                return next
            }
        }
        if let index = keys.firstIndex(of: key) {
            last = index
            return index
        }
        if keys.count < Self.capacity {
            keys.append(key)
            parts.append(make())
            last = keys.count - 1
        } else {
            keys[oldest] = key
            parts[oldest] = make()
            last = oldest
            oldest = (oldest + 1) % Self.capacity
        }
        return last
    }

    /// Lent, not copied: parts hold several byte buffers, and a copy a finding retains each.
    subscript(slot: Int) -> Parts {
        _read { yield parts[slot] }
        _modify { yield &parts[slot] }
    }
}
