import FoundationEssentials
#if canImport(Glibc)
import Glibc
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
#else
import Darwin
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
#endif

/// Reads an input file's bytes, turning every way it can fail into a message.
public enum InputFile {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    public static func read(_ path: String, maxSize: Int = InputLimits.default.fileSize) -> Result<[UInt8], Failure> {
        if let overlaid = overlaid(path, maxSize: maxSize) { return overlaid }
        return open(path, maxSize: maxSize).flatMap { file in
            defer { close(file.descriptor) }
            return readAll(file, maxSize: maxSize)
        }
    }

    /// Hands the bytes of the file at `path` to `body`, which must not keep them. A large file is
    /// mapped instead of copied: reading 20 MB into a fresh array cost 8 ms of page faults, its
    /// mapping under 1 ms. A mapped file cut short while `body` reads it (by another program)
    /// reads as zeros past its new end, instead of stopping the process (`MappedFile`): the
    /// file is then read again, as it is now, and `body` runs again on that.
    public static func withBytes<Output>(_ path: String, maxSize: Int = InputLimits.default.fileSize,
                                         _ body: (UnsafeBufferPointer<UInt8>) -> Output) -> Result<Output, Failure> {
        withBytes(path, maxSize: maxSize, reusing: nil, body)
    }

    /// `withBytes`, a file under a megabyte read into a buffer of `buffers` that an earlier file
    /// left (and this one's left there for the next) instead of a fresh one each time.
    static func withBytes<Output>(_ path: String, maxSize: Int = InputLimits.default.fileSize, reusing buffers: ScratchPool<[UInt8]>?,
                                  _ body: (UnsafeBufferPointer<UInt8>) -> Output) -> Result<Output, Failure> {
        withBytes(path, maxSize: maxSize, reusing: buffers, keepable: false) { bytes, _ in body(bytes) }
    }

    /// `withBytes`, and when `keepable`, for a reader whose output keeps ranges of the bytes (the
    /// Android reader's names and texts): a file to map is mapped at the start of a `TextBuffer`
    /// with as many bytes of room after it, which `body` gets to keep with the bytes; nil when the
    /// file is read into a buffer instead (then `body` copies what it keeps). A file cut short
    /// while `body` reads it is read again, as `withBytes` does; one cut short later reads as
    /// zeros from then on.
    static func withBytes<Output>(_ path: String, maxSize: Int, reusing buffers: ScratchPool<[UInt8]>?, keepable: Bool,
                                  _ body: (UnsafeBufferPointer<UInt8>, TextBuffer?) -> Output) -> Result<Output, Failure> {
        if let overlaid = overlaid(path, maxSize: maxSize) { return overlaid.map { $0.withUnsafeBufferPointer { body($0, nil) } } }
        return open(path, maxSize: maxSize).flatMap { file in
            defer { close(file.descriptor) }
            // Cut short while read: read again from the start (a mapping leaves the offset at 0).
            if file.size >= MappedFile.threshold, let mapped = MappedFile.map(file.descriptor, size: file.size, room: keepable ? file.size : 0) {
                let bytes = mapped.bytes
                if keepable {
                    let kept = TextBuffer(keeping: mapped)
                    let output = body(bytes, kept)
                    if kept.isIntact { return .success(output) }
                } else {
                    let output = body(bytes, nil)
                    if mapped.unmap() { return .success(output) }
                }
            }
            // `body` keeps no bytes: its buffer may serve the next file.
            var buffer = buffers?.take() ?? []
            defer { buffers?.give(buffer) }
            return read(file, into: &buffer, maxSize: maxSize).map { filled in
                buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<filled]), nil) }
            }
        }
    }

    /// An editor's unsaved text, when the language server has one for this file; nil otherwise.
    private static func overlaid(_ path: String, maxSize: Int) -> Result<[UInt8], Failure>? {
        guard let overlaid = InputOverlay.shared.bytes(path) else { return nil }
        return overlaid.count <= maxSize ? .success(overlaid) : .failure(tooLarge(overlaid.count, maxSize))
    }

    private struct OpenFile {
        var descriptor: Int32
        var size: Int
    }

    private static func tooLarge(_ size: some BinaryInteger, _ maxSize: Int) -> Failure {
        Failure(message: "the file is \(size) bytes, over the limit of \(maxSize) (limits.file-size)")
    }

    /// Opens a regular file of at most `maxSize` bytes.
    private static func open(_ path: String, maxSize: Int) -> Result<OpenFile, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Failure(message: errno == ELOOP ? "too many levels of symbolic links" : "no such file"))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .failure(Failure(message: "is a directory, not a file"))
        case S_IFREG: break
        default: return .failure(Failure(message: "is not a regular file"))
        }
        if Int(info.st_size) > maxSize { return .failure(tooLarge(info.st_size, maxSize)) }
        // Non-blocking, and checked again on the open descriptor: a file swapped for a FIFO after
        // `stat`, or a "regular" file that blocks (`/proc/kmsg`), fails instead of hanging.
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            return .failure(Failure(message: "cannot be read (permission denied?)"))
        }
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(Failure(message: "is not a regular file"))
        }
        if Int(info.st_size) > maxSize {
            close(descriptor)
            return .failure(tooLarge(info.st_size, maxSize))
        }
        return .success(OpenFile(descriptor: descriptor, size: Int(info.st_size)))
    }

    /// POSIX reads straight into the array: no `Data` and no second copy.
    private static func readAll(_ file: OpenFile, maxSize: Int) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        return read(file, into: &bytes, maxSize: maxSize).map { filled in
            bytes.removeSubrange(filled...)
            return bytes
        }
    }

    /// Reads `file` into `bytes` (grown as needed; what it held is overwritten); the bytes read.
    private static func read(_ file: OpenFile, into bytes: inout [UInt8], maxSize: Int) -> Result<Int, Failure> {
        // A byte more than the size: the read that finds the end needs room, and growing for it
        // would keep half as much again as the file (the capacity stays when the end is cut).
        // `used`: the bytes read for; a buffer reused may have more.
        var used = file.size + 1
        if bytes.count < used { bytes = [UInt8](repeating: 0, count: used) }
        var filled = 0
        while true {
            if filled == used {
                // The file grew since stat: read on in chunks, still within the limit.
                guard used <= maxSize else {
                    return .failure(Failure(message: "the file is over the limit of \(maxSize) bytes (limits.file-size)"))
                }
                used += Swift.max(4096, used / 2)
                if bytes.count < used { bytes.append(contentsOf: repeatElement(0, count: used - bytes.count)) }
            }
            let count = bytes.withUnsafeMutableBytes { systemRead(file.descriptor, $0.baseAddress! + filled, used - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(message: "cannot be read: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            filled += count
        }
        return .success(filled)
    }
}

/// What reading a project's files reuses from one file to the next (on whichever core): the
/// buffers files under a megabyte are read into, and a `strings.xml` reader's name table. Made
/// for one reading and freed with it, so none of it adds to the peak of the merge and the rules.
final class InputScratch: Sendable {
    let buffers = ScratchPool<[UInt8]>(limit: 4, maxBytes: 2 * MappedFile.threshold) { $0.count }
    let names = ScratchPool<AndroidResources.Converter.Names>(limit: 4, maxBytes: 8 << 20) { $0.byteCount }
}
