import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work spread over all cores, with results in index order.
///
/// How routekit shares mutable state between threads: a value several threads read and write
/// lives in a `Mutex` (Synchronization); work that runs on all cores goes through these helpers,
/// which hand each worker its own slot, so the workers share nothing mutable. The helpers are the
/// only place that writes through `nonisolated(unsafe)`: the slots are disjoint, and `perform`
/// returns only when every call of the body has returned, so the caller then reads them all.
///
/// The threads are routekit's own POSIX threads, not libdispatch's: without `/proc` (a chroot, a
/// minimal container) libdispatch's pool killed about one lint in a hundred with SIGILL.
enum Concurrent {
    /// `transform(0)`, `transform(1)`, … `transform(count - 1)`, computed on all cores.
    static func map<Result>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            perform(iterations: count) { index in
                (slots.baseAddress! + index).initialize(to: transform(index))
            }
            initialized = count
        }
    }

    /// `body(index, &elements[index])` for every element, on all cores: each call changes only its
    /// own element (e.g. a reusable buffer per worker).
    static func forEach<Element>(_ elements: inout [Element], _ body: @Sendable (Int, inout Element) -> Void) {
        elements.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            perform(iterations: slots.count) { index in
                body(index, &slots[index])
            }
        }
    }

    /// `first()` and `second()`, computed side by side. The two must share nothing mutable; unlike
    /// `map`'s, they need not be `@Sendable`, so `second` may consume a value the caller moves in
    /// (an `inout` array it frees as it goes) instead of copying it.
    static func pair<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                nonisolated(unsafe) let first = first, second = second
                nonisolated(unsafe) var firstResult: First?, secondResult: Second?
                perform(iterations: 2) { part in
                    if part == 0 { firstResult = first() } else { secondResult = second() }
                }
                return (firstResult!, secondResult!)
            }
        }
    }

    /// A value made once, by the first thread to ask. A thread that asks while it is being made
    /// works on the calls posted meanwhile (the making's own, when it spreads over the cores)
    /// until it is made, where a lock held while making would leave that core idle.
    final class Once<Value: Sendable>: Sendable {
        private let state = Mutex<(value: Value?, claimed: Bool)>((nil, false))

        init() {}

        func value(_ make: () -> Value) -> Value {
            let claimed = state.withLock { state -> Bool in
                if state.claimed { return false }
                state.claimed = true
                return true
            }
            guard claimed else {
                if let made = state.withLock({ $0.value }) { return made }
                return Pool.shared.help { state.withLock { $0.value } }
            }
            let outer = Making.current
            let making = Making(outer: outer)
            Making.current = making
            // Kept alive while it is the thread's (the thread's slot does not retain it).
            let made = withExtendedLifetime(making) { make() }
            Making.current = outer
            state.withLock { $0.value = made }
            if threadLimit > 1 { Pool.shared.wake() }
            return made
        }
    }

    /// How a thread that waits for work which comes often waits: it looks again, yielding its
    /// core to any thread that wants it, for up to `lookAgainFor` before it sleeps. A thread put to
    /// sleep that often was woken late: on the 2-core VM of BENCHMARKS.md an idle core woke
    /// slowly, and the woken thread was often placed on the waker's own core, the two then taking
    /// turns on it (a 20 MB String Catalog's load took 36 or 46 ms by that luck alone). Used where
    /// work comes every tenth of a millisecond (`JSONDocument.MemberPipeline`); the pool's helpers
    /// sleep at once, as looking again between a lint's phases cost more than it saved.
    struct IdleSpin {
        /// Ten times the usual gap between a catalog parse's batches.
        static let lookAgainFor: Duration = .milliseconds(1)
        private var since: ContinuousClock.Instant?

        /// True, after yielding the core once with `lock` released (and taken again), while the
        /// thread has looked for less than `lookAgainFor`: it should look for work again. False
        /// once it has looked long enough: it should sleep. Called with `lock` held.
        mutating func looksAgain(releasing lock: UnsafeMutablePointer<pthread_mutex_t>) -> Bool {
            let now = ContinuousClock.now
            if let since, since.duration(to: now) >= Self.lookAgainFor { return false }
            if since == nil { since = now }
            pthread_mutex_unlock(lock)
            sched_yield()
            pthread_mutex_lock(lock)
            return true
        }

        /// Work came: the next wait looks again from the start.
        mutating func reset() { since = nil }
    }

    /// Threads a call may use, the calling one included.
    static let threadLimit = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 64))

    /// Calls `body` once for every index in `0..<iterations`, on the calling thread and the
    /// pool's helpers, which take the next index from one shared counter until none is left, so a
    /// slow index never holds up the rest. Returns when every call has returned. Calls may nest
    /// (a `body` may call `perform`): idle helpers join whichever call has indices left.
    static func perform(iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1, threadLimit > 1 else {
            for index in 0..<max(iterations, 0) { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            Pool.shared.run(Job(iterations: iterations, body: body))
        }
    }

    /// A `Once` value being made: a thread that waits while it makes one (for helpers to leave a
    /// call of the making's, or for another value) helps only with calls posted within that
    /// making. Any other call may ask for the value it is making, and it would wait for itself:
    /// a lint's call over the rules, whose next rule asks for the texts' shared reading that the
    /// thread's own rule is making.
    private final class Making: @unchecked Sendable {
        let outer: Making?

        init(outer: Making?) { self.outer = outer }

        /// Whether work posted within `making` is within this one too.
        func encloses(_ making: Making?) -> Bool {
            var inner = making
            while let current = inner {
                if current === self { return true }
                inner = current.outer
            }
            return false
        }

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()

        /// The making the calling thread works within: the one it makes, or the one of the call
        /// whose indices it is working on; nil for none.
        static var current: Making? {
            get { pthread_getspecific(key).map { Unmanaged<Making>.fromOpaque($0).takeUnretainedValue() } }
            set { pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() }) }
        }

        /// Whether the calling thread, while it waits, may work on `job`.
        static func mayHelp(_ job: Job) -> Bool {
            guard let current else { return true }
            return current.encloses(job.making)
        }
    }

    /// One `perform` call: its indices, the next one to take, and the helpers working on it.
    private final class Job: @unchecked Sendable {
        let iterations: Int
        let next = Atomic<Int>(0)
        /// The `Once` value whose making posted the call, if any (`Making`).
        let making = Making.current
        /// Cleared once every helper has left, so no reference to the caller's closure outlives
        /// the call. Read only by threads working on the job.
        var body: ((Int) -> Void)?
        /// Helpers working on the job (the pool's lock guards it).
        var helpers = 0

        init(iterations: Int, body: @escaping (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        /// Takes indices until none is left.
        func work() {
            guard let body else { return }
            let outer = Making.current
            if outer !== making { Making.current = making }
            defer { if outer !== making { Making.current = outer } }
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < iterations else { return }
                body(index)
            }
        }
    }

    /// Helper threads started at the first call and kept for the process, as libdispatch keeps
    /// its pool: a report of 100,000 findings makes a hundred calls, each of which would
    /// otherwise start and join a thread.
    private final class Pool: @unchecked Sendable {
        static let shared = Pool(helpers: threadLimit - 1)

        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let workPosted = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Signalled when a helper leaves a call, a call is posted or a `Once` value is made: what
        /// a thread waiting for one of these (and helping meanwhile) waits on.
        private let progress = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Calls whose indices may not all be taken yet (under `lock`).
        private var jobs: [Job] = []

        private init(helpers: Int) {
            pthread_mutex_init(lock, nil)
            pthread_cond_init(workPosted, nil)
            pthread_cond_init(progress, nil)
            let context = Unmanaged.passRetained(self).toOpaque()
            for _ in 0..<helpers where !Self.startThread(context) { break }
        }

        /// Posts `job`, works on it, and returns once every helper that joined it has left.
        /// While it waits, the caller works on other posted calls: a call nested in an index a
        /// helper took (the strings merge inside `pair`) would otherwise have one core.
        func run(_ job: Job) {
            pthread_mutex_lock(lock)
            jobs.append(job)
            pthread_cond_broadcast(workPosted)
            // A thread waiting in `run` or `help(until:)` may take the new call too.
            pthread_cond_broadcast(progress)
            pthread_mutex_unlock(lock)
            job.work()
            // Every index is taken; those a helper took are done when it leaves.
            pthread_mutex_lock(lock)
            jobs.removeAll { $0 === job }
            while job.helpers > 0 {
                if let other = jobs.first(where: Making.mayHelp) { help(other) } else { pthread_cond_wait(progress, lock) }
            }
            job.body = nil
            pthread_mutex_unlock(lock)
        }

        /// Works on posted calls until `ready` gives a value; `ready` is asked with the pool's lock
        /// held, so whoever makes the value it waits for must `wake` the pool after.
        func help<Value>(until ready: () -> Value?) -> Value {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            while true {
                if let value = ready() { return value }
                if let job = jobs.first(where: Making.mayHelp) { help(job) } else { pthread_cond_wait(progress, lock) }
            }
        }

        func wake() {
            pthread_mutex_lock(lock)
            pthread_cond_broadcast(progress)
            pthread_mutex_unlock(lock)
        }

        /// A helper's life: join the oldest posted call, work on it, leave it, wait for more.
        func serve() -> Never {
            pthread_mutex_lock(lock)
            while true {
                if let job = jobs.first { help(job) } else { pthread_cond_wait(workPosted, lock) }
            }
        }

        /// Joins `job`, works on it and leaves it; called and returns with `lock` held.
        private func help(_ job: Job) {
            job.helpers += 1
            pthread_mutex_unlock(lock)
            job.work()
            pthread_mutex_lock(lock)
            // Its indices are all taken: no other helper need join it.
            jobs.removeAll { $0 === job }
            job.helpers -= 1
            if job.helpers == 0 { pthread_cond_broadcast(progress) }
        }

        /// Stack of a helper: as deep as the main thread's usual 8 MB, so a parser's recursion
        /// limit means the same on every thread.
        private static let stackSize = 8 << 20

        private static func startThread(_ context: UnsafeMutableRawPointer) -> Bool {
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            _ = pthread_attr_setstacksize(&attributes, stackSize)
            _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            #if canImport(Darwin)
            var thread: pthread_t?
            return pthread_create(&thread, &attributes, { context in
                Unmanaged<Pool>.fromOpaque(context).takeUnretainedValue().serve()
            }, context) == 0
            #else
            var thread = pthread_t()
            return pthread_create(&thread, &attributes, { context in
                Unmanaged<Pool>.fromOpaque(context!).takeUnretainedValue().serve()
            }, context) == 0
            #endif
        }
    }
}
