#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Bytes appended into room of their own, zero past `count`: an append is a copy and a new
/// count. An array's `append(contentsOf:)` costs about a hundred instructions a call (its
/// generic path checks the source's iterator after the copy), and reports and readers append
/// millions of short runs (callgrind: 5.7% of a large lint's instructions).
struct ByteBuffer {
    private var storage: [UInt8] = []
    /// The bytes appended.
    private(set) var count = 0

    /// The bytes appended, as an array.
    var bytes: [UInt8] { count == storage.count ? storage : Array(storage[..<count]) }

    /// The room it has, appended or not.
    var capacity: Int { storage.count }

    /// Room for `capacity` bytes in all.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > storage.count { grow(to: capacity, exactly: true) }
    }

    /// Empty again, keeping its room.
    mutating func removeAll() { count = 0 }

    /// Drops the bytes from `offset` on.
    mutating func truncate(to offset: Int) {
        precondition(offset >= 0 && offset <= count)
        count = offset
    }

    /// Calls `body` with the bytes appended.
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // The count read first: a closure that read it captured the buffer, whose array was
        // retained and released each call (660,000 times in a Compose lint).
        let count = count
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Copies `length` bytes from `source` to the end.
    @inline(__always) mutating func append(_ source: UnsafeRawPointer?, count length: Int) {
        guard let source, length > 0 else { return }
        if length > storage.count &- count { grow(to: count &+ length, exactly: false) }
        let at = count
        storage.withUnsafeMutableBytes { _ = memcpy($0.baseAddress! + at, source, length) }
        count = at &+ length
    }

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(bytes.baseAddress, count: bytes.count) }

    @inline(__always) mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(to: count &+ 1, exactly: false) }
        storage[count] = byte
        count &+= 1
    }

    /// Room for `needed` bytes at least: doubling, unless `exactly`.
    @inline(never) private mutating func grow(to needed: Int, exactly: Bool) {
        let target = exactly ? needed : Swift.max(needed, 2 * storage.count, 256)
        storage.append(contentsOf: repeatElement(0, count: target - storage.count))
    }
}
