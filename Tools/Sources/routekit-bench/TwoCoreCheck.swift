import Foundation

/// Whether the machine's two cores were free while the ratios were measured. This machine has
/// spells of seconds to minutes in which two busy threads each run 1.3–1.6× slower than one alone,
/// while a one-thread program (the C references) runs as fast as ever: a lint on both cores then
/// reads slow against its reference, and a ratio says more about the spell than about routekit.
///
/// Each interleaved round (`interleaved`) ends with one sample of each of two kinds of work, on one
/// thread and then on two at once, printed under the tables (not a target: a spell shows in one,
/// the other or neither, and writing fresh pages on two threads of one process contends in the
/// kernel even at idle): arithmetic alone (a core shared with another guest or with the other
/// thread), and writing fresh pages (what a lint does most in the kernel: page faults, zeroing). A
/// sample is the two threads' time over the one's; at idle it is about 1.0.
enum TwoCoreCheck {
    /// Every round's samples, in order.
    nonisolated(unsafe) static var arithmetic: [Double] = []
    nonisolated(unsafe) static var freshPages: [Double] = []

    /// Takes one sample of each.
    static func sample() {
        arithmetic.append(time(threads: 2) { sink(work(seed: UInt64($0) + 1)) } / time(threads: 1) { sink(work(seed: UInt64($0) + 1)) })
        freshPages.append(time(threads: 2) { _ in touchFreshPages() } / time(threads: 1) { _ in touchFreshPages() })
    }

    /// Seconds for `threads` threads to each run `body` once (given its index).
    static func time(threads: Int, _ body: @escaping @Sendable (Int) -> Void) -> Double {
        let start = now()
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                body(index)
                group.leave()
            }
        }
        group.wait()
        return now() - start
    }

    /// 32 MB mapped, a byte written on each page, unmapped: 8,192 page faults.
    private static func touchFreshPages() {
        let length = 32 << 20, page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else { return }
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        for offset in stride(from: 0, to: length, by: page) { bytes[offset] = 1 }
        munmap(memory, length)
    }

    /// xorshift steps in eight independent chains, kept from the optimizer by `sink`: as many
    /// operations at once as a core issues, as a parse does. (One chain waits on each step: two
    /// threads of it ran 1.00× while the catalog's lint ran on one core's worth, and eight chains
    /// 1.0–1.35×.)
    private static func work(seed: UInt64) -> UInt64 {
        var (a, b, c, d) = (seed, seed &+ 1, seed &+ 2, seed &+ 3)
        var (e, f, g, h) = (seed &+ 4, seed &+ 5, seed &+ 6, seed &+ 7)
        @inline(__always) func step(_ state: inout UInt64) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        for _ in 0 ..< 5_000_000 {
            step(&a); step(&b); step(&c); step(&d)
            step(&e); step(&f); step(&g); step(&h)
        }
        return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h
    }

    @inline(never)
    private static func sink(_ value: UInt64) {
        if value == 0 { print("") }
    }

    /// The median and largest sample of each kind; nil when none was taken.
    static var summary: (arithmetic: (median: Double, max: Double), freshPages: (median: Double, max: Double))? {
        guard let arithmeticMax = arithmetic.max(), let pagesMax = freshPages.max() else { return nil }
        return ((median(arithmetic), arithmeticMax), (median(freshPages), pagesMax))
    }
}
