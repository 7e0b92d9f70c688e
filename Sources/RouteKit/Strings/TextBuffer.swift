#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's texts: copied in one after another while it is merged (`memcpy`, no array growth),
/// then kept as they are by the table's `StringStorage`, which reads them through their address.
/// Sized for the file's whole arena at first, of which the pages never written cost no memory;
/// `shrinkToFit` gives back the rest once the file is merged.
///
/// Sendable because it is handed over whole: one merge task appends to it, and once the table
/// holds it, it is only read.
final class TextBuffer: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    convenience init(copying bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { append($0) }
    }

    deinit { free(base) }

    /// Where the bytes are: they never move once the buffer is no longer appended to.
    var start: UnsafePointer<UInt8> { UnsafePointer(base) }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { resize(to: Swift.max(count + bytes.count, capacity * 2)) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Gives back the capacity not written (in place: `realloc` shrinks without copying).
    func shrinkToFit() {
        if capacity > Swift.max(count, 16) { resize(to: Swift.max(count, 16)) }
    }

    private func resize(to newCapacity: Int) {
        guard let moved = realloc(base, newCapacity) else { fatalError("out of memory") }
        base = moved.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }
}
