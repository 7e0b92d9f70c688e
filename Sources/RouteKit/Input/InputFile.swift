import FoundationEssentials
#if canImport(Glibc)
import Glibc
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#else
import Darwin
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif

/// Reads an input file's bytes, turning every way it can fail into a message.
public enum InputFile {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    public static func read(_ path: String, maxSize: Int = InputLimits.default.fileSize) -> Result<[UInt8], Failure> {
        // An editor's unsaved text, when the language server has one for this file.
        if let overlaid = InputOverlay.shared.bytes(path) {
            guard overlaid.count <= maxSize else {
                return .failure(Failure(message: "the file is \(overlaid.count) bytes, over the limit of \(maxSize) (limits.file-size)"))
            }
            return .success(overlaid)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Failure(message: errno == ELOOP ? "too many levels of symbolic links" : "no such file"))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .failure(Failure(message: "is a directory, not a file"))
        case S_IFREG: break
        default: return .failure(Failure(message: "is not a regular file"))
        }
        if Int(info.st_size) > maxSize {
            return .failure(Failure(message: "the file is \(info.st_size) bytes, over the limit of \(maxSize) (limits.file-size)"))
        }
        // POSIX reads straight into the array: no `Data` and no second copy. Non-blocking, and
        // checked again on the open descriptor: a file swapped for a FIFO after `stat`, or a
        // "regular" file that blocks (`/proc/kmsg`), fails instead of hanging.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            return .failure(Failure(message: "cannot be read (permission denied?)"))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(message: "is not a regular file"))
        }
        if Int(info.st_size) > maxSize {
            return .failure(Failure(message: "the file is \(info.st_size) bytes, over the limit of \(maxSize) (limits.file-size)"))
        }
        // A byte more than the size: the read that finds the end needs room, and growing for it
        // would keep half as much again as the file (the capacity stays when the end is cut).
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file grew since stat: read on in chunks, still within the limit.
                guard bytes.count <= maxSize else {
                    return .failure(Failure(message: "the file is over the limit of \(maxSize) bytes (limits.file-size)"))
                }
                bytes.append(contentsOf: repeatElement(0, count: Swift.max(4096, bytes.count / 2)))
            }
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(message: "cannot be read: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}
