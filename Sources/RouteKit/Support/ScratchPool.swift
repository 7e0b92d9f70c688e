import Synchronization

/// Working buffers one task leaves for the next, on whichever core it runs: a file's reader takes
/// the buffers an earlier file's left instead of fresh memory, whose every page faults in (and
/// whose unmapping flushes the other core's TLB). At most `limit` are kept, none larger than
/// `maxBytes`; all are freed with the pool (`InputScratch` lives while a project's files are read,
/// so the buffers never add to the peak of what comes after).
final class ScratchPool<Scratch: Sendable>: Sendable {
    private let kept: Mutex<[Scratch]>
    private let limit: Int
    private let maxBytes: Int
    private let bytes: @Sendable (Scratch) -> Int

    init(limit: Int, maxBytes: Int, bytes: @escaping @Sendable (Scratch) -> Int) {
        kept = Mutex([])
        self.limit = limit
        self.maxBytes = maxBytes
        self.bytes = bytes
    }

    /// A scratch left by an earlier task, if any.
    func take() -> Scratch? {
        kept.withLock { $0.popLast() }
    }

    /// Leaves `scratch` for a later task (dropped when the pool is full or it is too large).
    func give(_ scratch: Scratch) {
        guard bytes(scratch) <= maxBytes else { return }
        kept.withLock { if $0.count < limit { $0.append(scratch) } }
    }
}
