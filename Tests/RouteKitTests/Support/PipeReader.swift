import Foundation
import Synchronization

/// Reads a pipe to its end on another thread, so a child that fills one pipe while the test reads
/// the other never blocks. (Not `Concurrent.pair`: `concurrentPerform` may run both reads on one
/// thread, which would deadlock on a full pipe.)
final class PipeReader: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchGroup()

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        done.enter()
        DispatchQueue.global().async { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.leave()
        }
    }

    /// Everything read, once the writer closed the pipe.
    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
