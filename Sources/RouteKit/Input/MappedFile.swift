import Synchronization
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A file's bytes mapped read-only for the length of one reading (`InputFile.withBytes`), or for
/// as long as a reader's output keeps ranges of them (`TextBuffer(keeping:)`): then writable room
/// follows the file's pages in the same mapping, so one offset reaches the file's bytes and the
/// bytes written after them alike.
///
/// A mapped file that another program cuts short while it is read makes the next read of a page
/// past its new end raise SIGBUS, which would stop routekit with nothing said. The handler this
/// installs with the first mapping puts zero pages over that mapping instead, and marks it: the
/// reading goes on over zeros, and `unmap` (or `isIntact`) says the bytes were not the file's. A
/// SIGBUS at any other address goes to the handler that was there before (the Swift runtime's
/// backtracer, or the default: the process stops, as it would have).
///
/// Linux only (where routekit's speed is measured); elsewhere files are read into arrays.
struct MappedFile: ~Copyable {
    /// Files smaller than this are read: a mapping and its unmapping cost more than copying them
    /// (the findings-heavy corpus's 400 files of 117 KB took 10 ms longer mapped, both cores
    /// waiting on each other's `mmap`, `munmap` and page faults; a 20 MB file maps in under 1 ms
    /// where reading it took 8).
    static let threshold = 1024 * 1024

    let bytes: UnsafeBufferPointer<UInt8>
    private let slot: Int
    /// The file's pages: where the room starts.
    let fileLength: Int
    /// The file's pages and the room after them.
    private(set) var length: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, slot: Int, fileLength: Int, length: Int) {
        self.bytes = bytes
        self.slot = slot
        self.fileLength = fileLength
        self.length = length
    }

    /// Maps the `size` bytes of the open file `descriptor`, followed by `room` writable bytes
    /// (from the next page on); nil when it cannot be mapped (then it is read).
    static func map(_ descriptor: Int32, size: Int, room: Int = 0) -> MappedFile? {
        #if os(Linux)
        guard size > 0, room >= 0 else { return nil }
        let registry = MappingRegistry.shared
        let fileLength = pageRounded(size)
        let length = fileLength + pageRounded(room)
        // The whole range first (the room's pages, untouched, cost nothing), then the file over its start.
        let start: UnsafeMutableRawPointer?
        if room > 0 {
            guard let region = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  region != MAP_FAILED else { return nil }
            guard let file = mmap(region, fileLength, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0), file != MAP_FAILED else {
                munmap(region, length)
                return nil
            }
            start = file
        } else {
            start = mmap(nil, fileLength, PROT_READ, MAP_PRIVATE, descriptor, 0)
        }
        guard let address = start, address != MAP_FAILED else { return nil }
        guard let slot = registry.claim(start: UInt(bitPattern: address), end: UInt(bitPattern: address) + UInt(fileLength)) else {
            munmap(address, length)
            return nil
        }
        return MappedFile(bytes: UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size),
                          slot: slot, fileLength: fileLength, length: length)
        #else
        return nil
        #endif
    }

    static func pageRounded(_ size: Int) -> Int {
        #if os(Linux)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return (size + page - 1) / page * page
        #else
        return size
        #endif
    }

    /// Where the mapping starts: the file's first byte, then (at `fileLength`) the room.
    var start: UnsafeMutablePointer<UInt8> { UnsafeMutablePointer(mutating: bytes.baseAddress!) }

    /// False once the file was cut short while mapped (its bytes then read as zeros).
    var isIntact: Bool {
        #if os(Linux)
        MappingRegistry.shared.isIntact(slot)
        #else
        true
        #endif
    }

    /// Gives back the room's pages past the first `bytes` of the mapping; the length kept.
    mutating func keep(_ bytes: Int) -> Int {
        #if os(Linux)
        let kept = Swift.max(Self.pageRounded(bytes), fileLength)
        if kept < length { munmap(UnsafeMutableRawPointer(start + kept), length - kept) }
        length = Swift.min(length, kept)
        #endif
        return length
    }

    /// Unmaps the file and its room; false when it was cut short while mapped (the bytes read
    /// were not all its own).
    consuming func unmap() -> Bool {
        #if os(Linux)
        // The slot is given up before the pages: a mapping made next at the same address must not
        // be taken for this one.
        let intact = MappingRegistry.shared.release(slot)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), length)
        return intact
        #else
        return true
        #endif
    }
}

#if os(Linux)
/// The mappings being read or kept, for the SIGBUS handler: fixed slots of atomics, as a signal
/// handler may neither allocate nor lock. Past 256 mappings at once, a file is read instead.
private final class MappingRegistry: Sendable {
    static let shared = MappingRegistry()

    /// A slot's first address: 0 when free, 1 while being claimed.
    private let starts: InlineArray<256, Atomic<UInt>>
    private let ends: InlineArray<256, Atomic<UInt>>
    private let cut: InlineArray<256, Atomic<Bool>>
    /// The SIGBUS action before this one's, for faults that are not a mapped input's.
    private nonisolated(unsafe) let previous: UnsafeMutablePointer<sigaction>

    private init() {
        starts = InlineArray { _ in Atomic(0) }
        ends = InlineArray { _ in Atomic(0) }
        cut = InlineArray { _ in Atomic(false) }
        previous = .allocate(capacity: 1)
        previous.initialize(to: sigaction())
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            if MappingRegistry.shared.cover(address) { return }
            // Not a mapped input's fault: the handler before takes the fault again when it repeats.
            sigaction(SIGBUS, MappingRegistry.shared.previous, nil)
        }
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, previous)
    }

    func claim(start: UInt, end: UInt) -> Int? {
        for slot in starts.indices where starts[slot].compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            cut[slot].store(false, ordering: .relaxed)
            ends[slot].store(end, ordering: .relaxed)
            starts[slot].store(start, ordering: .releasing)
            return slot
        }
        return nil
    }

    /// False when `slot`'s file was cut short while mapped.
    func isIntact(_ slot: Int) -> Bool { !cut[slot].load(ordering: .acquiring) }

    /// Frees `slot`; false when its file was cut short while mapped.
    func release(_ slot: Int) -> Bool {
        let wasCut = cut[slot].load(ordering: .acquiring)
        starts[slot].store(0, ordering: .releasing)
        return !wasCut
    }

    /// In the SIGBUS handler: zero pages over the mapping that holds `address`, if one does.
    func cover(_ address: UInt) -> Bool {
        for slot in starts.indices {
            let start = starts[slot].load(ordering: .acquiring)
            guard start > 1, address >= start else { continue }
            let end = ends[slot].load(ordering: .relaxed)
            guard address < end else { continue }
            _ = mmap(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), PROT_READ,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            cut[slot].store(true, ordering: .releasing)
            return true
        }
        return false
    }
}
#endif
