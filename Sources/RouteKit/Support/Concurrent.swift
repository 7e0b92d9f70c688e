import Dispatch

/// Work spread over all cores, with results in index order.
enum Concurrent {
    /// `transform(0)`, `transform(1)`, … `transform(count - 1)`, computed on all cores.
    static func map<Result>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.baseAddress! + index).initialize(to: transform(index))
            }
            initialized = count
        }
    }
}
