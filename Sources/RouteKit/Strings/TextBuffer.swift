#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's texts: copied in one after another while it is merged (`memcpy`, no array growth),
/// then kept as they are by the table's `StringStorage`, which reads them through their address.
/// Sized for the file's whole arena at first, of which the pages never written cost no memory;
/// `shrinkToFit` gives back the rest once the file is merged. Or the arena itself, which the
/// Android reader writes here and the merge keeps whole (`StringsFileData.keptArena`).
///
/// Or a mapped file's bytes followed by its room (`init(keeping:)`): the Android reader's records
/// then name most names and texts where they lie in the file, and only what it decodes is written
/// (copying them was a third of Compose's page faults).
///
/// Sendable because it is handed over whole: one task appends to it (a reader or a merge task),
/// and once the table holds it, it is only read. Or its room is split: tasks merging one file's
/// locales side by side each write a region of it set aside beforehand (`reserve`), and the count
/// is set once all are done (`written`).
final class TextBuffer: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var count = 0
    /// The mapping `base` is the start of, when the buffer began as a mapped file.
    private var mapping: MappedFile?

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    /// The file `mapping` maps, as the buffer's first bytes (read-only: never written), and the
    /// room after its pages, where appending starts.
    init(keeping mapping: consuming MappedFile) {
        base = mapping.start
        capacity = mapping.length
        count = mapping.fileLength
        self.mapping = consume mapping
    }

    /// False when the buffer began as a mapped file that was cut short since (its bytes read as zeros).
    var isIntact: Bool { mapping?.isIntact ?? true }

    convenience init(copying bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    deinit {
        if let mapping = mapping.take() { _ = mapping.unmap() } else { free(base) }
    }

    /// Where the bytes are: they never move once the buffer is no longer appended to.
    var start: UnsafePointer<UInt8> { UnsafePointer(base) }

    @inline(__always)
    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        write(bytes, at: count)
        count += bytes.count
    }

    /// Appends a copy of its own bytes `offset ..< offset + length` (a String Catalog's key again
    /// before each of its texts: from the bytes, not from a String each time).
    @inline(__always)
    func appendCopy(ofBytesAt offset: Int, length: Int) {
        reserve(length)
        Self.copy(base + offset, to: base + count, count: length)
        count += length
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { resize(to: capacity * 2) }
        base[count] = byte
        count += 1
    }

    /// The byte at `index` (below `count`).
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "a byte past a text buffer's end")
        return base[index]
    }

    /// The bytes written, for as long as nothing is appended.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, to change in place those appended (a mapped file's own are read-only);
    /// nothing is appended meanwhile.
    func withMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }

    /// Copies `bytes` to `offset` (growing the room when they do not fit: only while one writer
    /// writes); `count` is not changed (see `written`).
    @inline(__always)
    func write(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if offset + bytes.count > capacity { resize(to: Swift.max(offset + bytes.count, capacity * 2)) }
        Self.copy(source, to: base + offset, count: bytes.count)
    }

    /// `memcpy`, but a text of up to 64 bytes (most keys and texts) in two loads and two stores
    /// that may overlap: a call to `memcpy` per key and text cost L 112M instructions more than
    /// the array appends they replaced.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        switch count {
        case 17 ... 32:
            let head = from.loadUnaligned(as: SIMD16<UInt8>.self), tail = from.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: head, as: SIMD16<UInt8>.self)
            to.storeBytes(of: tail, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
        case 33 ... 64:
            let first = from.loadUnaligned(as: SIMD32<UInt8>.self), last = from.loadUnaligned(fromByteOffset: count - 32, as: SIMD32<UInt8>.self)
            to.storeBytes(of: first, as: SIMD32<UInt8>.self)
            to.storeBytes(of: last, toByteOffset: count - 32, as: SIMD32<UInt8>.self)
        case 8 ... 16:
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4 ..< 8:
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 1 ..< 4:
            // The first, the middle and the last byte (some the same).
            target[0] = source[0]
            target[count >> 1] = source[count >> 1]
            target[count - 1] = source[count - 1]
        default:
            target.update(from: source, count: count)
        }
    }

    /// Makes room for `count` bytes past the last written: writers of regions set aside there
    /// never grow the buffer.
    func reserve(_ count: Int) {
        if self.count + count > capacity { resize(to: self.count + count) }
    }

    /// The bytes up to `end` are written (a region left unwritten below it takes no memory until
    /// its pages are touched).
    func written(upTo end: Int) {
        precondition(end <= capacity)
        count = Swift.max(count, end)
    }

    /// Forgets the bytes from `offset` on (a reader's last key, given again and dropped).
    func removeLast(from offset: Int) {
        precondition(offset >= 0 && offset <= count)
        count = offset
    }

    /// Gives back the capacity not written (in place: `realloc` shrinks without copying).
    func shrinkToFit() {
        if capacity > Swift.max(count, 16) { resize(to: Swift.max(count, 16)) }
    }

    private func resize(to newCapacity: Int) {
        if mapping != nil {
            guard newCapacity > capacity else {
                capacity = mapping!.keep(newCapacity)
                return
            }
            // Grown past its room (never, for a reader that writes at most the file's size): copied
            // out, the file's bytes with the rest.
            let moved = Self.allocate(newCapacity)
            moved.initialize(from: base, count: count)
            _ = mapping.take()!.unmap()
            base = moved
            capacity = newCapacity
            return
        }
        guard let moved = realloc(base, newCapacity) else { fatalError("out of memory") }
        base = moved.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }
}
