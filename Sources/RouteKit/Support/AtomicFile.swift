import Foundation

/// Writes files the safe way: into a temporary file in the same directory, flushed, then renamed
/// over the destination. A failure at any point leaves the previous file as it was.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws(WriteError) {
        try write(to: path) { output in data.withUnsafeBytes(output) }
    }

    /// Writes the bytes `produce` hands its output, piece by piece (a 20 MB report need never be
    /// one string).
    public static func write(to path: String, _ produce: (@escaping (UnsafeRawBufferPointer) -> Void) -> Void) throws(WriteError) {
        // Over a file-size limit (RLIMIT_FSIZE), write(2) raises SIGXFSZ, whose default action
        // kills the process before it can remove the temporary file; ignored, write(2) fails
        // with EFBIG instead and the failure is reported and cleaned up like any other.
        signal(SIGXFSZ, SIG_IGN)
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let dir = directory.isEmpty ? "." : directory
        var template = Array("\(dir)/.\(name).routekit-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: String?
        produce { raw in
            guard failure == nil else { return }
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, raw.baseAddress!.advanced(by: offset), raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        // New files get the usual 0644 rather than mkstemp's 0600; an existing file keeps its mode.
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        fchmod(fd, mode)
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }
}
