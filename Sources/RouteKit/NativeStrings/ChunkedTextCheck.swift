import Synchronization

/// `TextValidity.firstProblem` of a large file, in chunks that either of two cores takes: the
/// second core checks between batches of a String Catalog's members, and the first joins in once
/// its parse is over (the second's last chunks were a few milliseconds of one core alone).
///
/// Each chunk starts and ends at an ASCII byte (or the file's ends), where no UTF-8 sequence can
/// be going on: every chunk is checked as the whole file's check would check it, and the first
/// problem is the one with the lowest offset.
final class ChunkedTextCheck: Sendable {
    nonisolated(unsafe) private let bytes: UnsafeBufferPointer<UInt8>
    private let step: Int
    private let allowControls: Bool
    private let nextChunk = Atomic<Int>(0)
    private let found = Mutex<(offset: Int, message: String)?>(nil)

    /// `bytes` must outlive the check.
    init(_ bytes: UnsafeBufferPointer<UInt8>, step: Int, allowControls: Bool = false) {
        precondition(step > 0)
        self.bytes = bytes
        self.step = step
        self.allowControls = allowControls
    }

    /// Checks the next chunk no core has taken; false when none is left.
    func checkNext() -> Bool {
        let chunk = nextChunk.add(1, ordering: .relaxed).oldValue
        guard chunk < (bytes.count + step - 1) / step else { return false }
        var start = boundary(chunk * step)
        let end = boundary(chunk * step + step)
        // Past a problem already found, nothing can come first.
        if start < end, found.withLock({ $0.map { $0.offset > start } ?? true }),
           let problem = TextValidity.firstProblem(in: bytes, from: &start, before: end, allowControls: allowControls) {
            found.withLock { first in
                if first.map({ problem.offset < $0.offset }) ?? true { first = problem }
            }
        }
        return true
    }

    /// The first problem of the bytes, once every chunk is checked.
    var firstProblem: (offset: Int, message: String)? { found.withLock { $0 } }

    /// The first ASCII byte at or after `offset` (the file's start and end are boundaries too).
    private func boundary(_ offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        var index = Swift.min(offset, bytes.count)
        while index < bytes.count, bytes[index] >= 0x80 { index += 1 }
        return index
    }
}
