#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a `LanguageServer` over a byte stream: a thread reads and frames the input while the
/// calling thread handles messages in order and runs the debounced lints when the input is quiet.
/// Reading ahead is what lets a `$/cancelRequest` reach a request still waiting its turn.
public enum LanguageServerLoop {
    /// Serves until `exit` (or the end of the input); returns the exit status: 0 after
    /// `shutdown`, 1 otherwise, as the protocol asks.
    public static func run(input: Int32, output: Int32) -> Int32 {
        let inbox = Inbox<Item>()
        let server = LanguageServer(send: { body in writeAll(output, MessageFraming.frame(body)) })
        server.isCancelled = { inbox.takeCancellation($0) }
        let reader = Reader(input: input) { pieces, ended in
            var batch: [Item] = []
            var cancelled: [JSONValue] = []
            for piece in pieces {
                switch piece {
                case .message(let body):
                    if let id = LanguageServer.cancelledID(body) { cancelled.append(id) }
                    batch.append(.message(body))
                case .problem(let problem): batch.append(.problem(problem))
                }
            }
            if ended { batch.append(.end) }
            inbox.post(batch, cancelling: cancelled)
        }
        reader.start(detached: true)
        while server.exitCode == nil {
            let wait = server.lintDue.map { due in due > LanguageServer.monotonicNanoseconds() ? due - LanguageServer.monotonicNanoseconds() : 0 }
            switch inbox.next(waitingAtMost: wait) {
            case .message(let body)?: server.receive(body)
            case .problem(let problem)?: server.log(problem, type: 2)
            case .end?: server.runDueLints(force: true)
                return server.exitCode ?? 1
            case nil: break
            }
            server.runDueLints()
        }
        return server.exitCode ?? 1
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    enum Item {
        case message([UInt8])
        case problem(String)
        case end
    }

    /// The items read and not yet handled, and the requests cancelled among them: a queue from
    /// reader threads to the one thread that handles them.
    final class Inbox<Element>: @unchecked Sendable {
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var items: [Element] = []
        private var head = 0
        private var cancelled: [JSONValue] = []

        init() {
            pthread_mutex_init(lock, nil)
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            #if canImport(Glibc)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            #endif
            pthread_cond_init(arrived, &attributes)
        }

        /// Posts what one read completed, at once: a cancellation read with its request is seen
        /// before the request is handled.
        func post(_ batch: [Element], cancelling ids: [JSONValue] = []) {
            guard !batch.isEmpty else { return }
            pthread_mutex_lock(lock)
            cancelled += ids
            items += batch
            pthread_cond_signal(arrived)
            pthread_mutex_unlock(lock)
        }

        /// The next item; nil when `waitingAtMost` nanoseconds pass first (nil: wait as long as it takes).
        func next(waitingAtMost nanoseconds: UInt64? = nil) -> Element? {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            if head == items.count, let nanoseconds {
                #if canImport(Glibc)
                var deadline = timespec()
                clock_gettime(CLOCK_MONOTONIC, &deadline)
                #else
                var now = timeval()
                gettimeofday(&now, nil)
                var deadline = timespec(tv_sec: now.tv_sec, tv_nsec: Int(now.tv_usec) * 1000)
                #endif
                let total = UInt64(deadline.tv_nsec) + nanoseconds
                deadline.tv_sec += Int(total / 1_000_000_000)
                deadline.tv_nsec = Int(total % 1_000_000_000)
                while head == items.count {
                    if pthread_cond_timedwait(arrived, lock, &deadline) == ETIMEDOUT { break }
                }
            } else {
                while head == items.count { pthread_cond_wait(arrived, lock) }
            }
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            if head > 64 && head * 2 > items.count {
                items.removeSubrange(..<head)
                head = 0
            }
            return item
        }

        /// True (once) when a `$/cancelRequest` for `id` has been read.
        func takeCancellation(_ id: JSONValue) -> Bool {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            guard let index = cancelled.firstIndex(of: id) else { return false }
            cancelled.remove(at: index)
            return true
        }
    }

    /// The thread that reads a stream, frames it, and hands on what each read completes; `ended`
    /// is true with the last pieces (the stream closed or failed).
    final class Reader: @unchecked Sendable {
        typealias Deliver = (_ pieces: [MessageFraming.Piece], _ ended: Bool) -> Void
        let input: Int32
        let deliver: Deliver
        private var thread = pthread_t()

        init(input: Int32, deliver: @escaping Deliver) {
            self.input = input
            self.deliver = deliver
        }

        /// Starts the thread; one not detached is joined with `join()`.
        func start(detached: Bool) {
            let context = Unmanaged.passRetained(self).toOpaque()
            #if canImport(Glibc)
            pthread_create(&thread, nil, { context in
                Unmanaged<Reader>.fromOpaque(context!).takeRetainedValue().read()
                return nil
            }, context)
            #else
            pthread_create(&thread, nil, { context in
                Unmanaged<Reader>.fromOpaque(context).takeRetainedValue().read()
                return nil
            }, context)
            #endif
            if detached { pthread_detach(thread) }
        }

        /// Waits for the thread to end (after it delivered `ended`).
        func join() { pthread_join(thread, nil) }

        private func read() {
            var framing = MessageFraming()
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                #if canImport(Glibc)
                let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
                #else
                let count = buffer.withUnsafeMutableBytes { Darwin.read(input, $0.baseAddress!, $0.count) }
                #endif
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let pieces = buffer.withUnsafeBytes { framing.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                if !pieces.isEmpty { deliver(pieces, false) }
            }
            deliver([], true)
        }
    }
}
