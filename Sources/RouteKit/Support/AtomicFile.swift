import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    ///
    /// Atomic replacement is for regular files. A symbolic link is followed to its target and the
    /// target is replaced (the link stays); a device, FIFO or socket is written directly (it cannot
    /// be replaced, and `/dev/null` must stay a device); `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`
    /// and `/proc/self/fd/N` write to that descriptor of this process.
    public static func write(to path: String, _ produce: (@escaping (UnsafeRawBufferPointer) -> Void) -> Void) throws(WriteError) {
        // Over a file-size limit (RLIMIT_FSIZE), write(2) raises SIGXFSZ, whose default action
        // kills the process before it can remove the temporary file; ignored, write(2) fails
        // with EFBIG instead and the failure is reported and cleaned up like any other.
        signal(SIGXFSZ, SIG_IGN)
        switch try destination(of: path) {
        case .descriptor(let descriptor):
            if let failure = writeAll(descriptor, produce) { throw WriteError(path: path, reason: failure) }
        case .special(let target):
            // Opened without blocking: a FIFO with no reader fails at once (ENXIO) instead of
            // waiting in open(2) forever; with a reader, writes then block as usual.
            let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                let reason = errno == ENXIO ? "a FIFO (or socket) with no reader; not waiting for one" : String(cString: strerror(errno))
                throw WriteError(path: path, reason: reason)
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            let failure = writeAll(descriptor, produce)
            close(descriptor)
            if let failure { throw WriteError(path: path, reason: failure) }
        case .regular(let target):
            try replace(target, shownAs: path, produce)
        }
    }

    /// Where writing `path` really lands, when `path` lies inside `root` as given but resolves
    /// outside it: through a symbolic link in its directories or as its last component, a
    /// dangling link included (writing would create the link's target). Nil when the path stays
    /// inside, leads to this process's standard streams (`/dev/stdout`, `/proc/self/fd/1`) or
    /// `/dev/null`, or lies outside `root` as given (an explicit choice, not a planted link).
    /// Relative paths are taken from the working directory.
    public static func outsideTarget(of path: String, root: String) -> String? {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = PathUtilities.join(cwd, path)
        let absoluteRoot = PathUtilities.join(cwd, root)
        let realRoot = realDirectory(absoluteRoot)
        guard PathUtilities.isInside(absolute, root: absoluteRoot) || PathUtilities.isInside(absolute, root: realRoot) else { return nil }
        var current = absolute
        for _ in 0 ..< 40 {
            // The directories, resolved by the kernel; the last component, one link at a time.
            let directory = realDirectory(PathUtilities.directory(of: current))
            current = PathUtilities.join(directory, PathUtilities.lastComponent(current))
            // This process's own streams and /dev/null write no file: a link to them is harmless.
            if processDescriptor(current) != nil || current == "/dev/null" { return nil }
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let target = buffer.withUnsafeBufferPointer { String(decoding: UnsafeRawBufferPointer($0).prefix(length), as: UTF8.self) }
            current = PathUtilities.join(directory, target)
        }
        return PathUtilities.isInside(current, root: realRoot) ? nil : current
    }

    /// `path` with every symbolic link resolved where it exists; the part that does not exist
    /// yet is kept as written.
    private static func realDirectory(_ path: String) -> String {
        var existing = PathUtilities.normalize(path)
        var rest: [String] = []
        while existing != "/" && existing != "." {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                return PathUtilities.normalize(([String(cString: resolved)] + rest.reversed()).joined(separator: "/"))
            }
            rest.append(PathUtilities.lastComponent(existing))
            existing = PathUtilities.directory(of: existing)
            if existing.isEmpty { existing = "." }
        }
        return PathUtilities.normalize(([existing] + rest.reversed()).joined(separator: "/"))
    }

    /// What writing to a path means.
    enum Destination: Equatable {
        /// A descriptor of this process (`/dev/stdout`, `/dev/fd/1`).
        case descriptor(Int32)
        /// A device, FIFO or socket: opened and written, never replaced.
        case special(String)
        /// A regular file (or nothing yet), after following symbolic links: replaced atomically.
        case regular(String)
    }

    /// Follows symbolic links one at a time (at most 40, as the kernel does) to what they name.
    static func destination(of path: String) throws(WriteError) -> Destination {
        var current = path
        for _ in 0 ..< 40 {
            if let descriptor = processDescriptor(current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else { return .regular(current) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(current, &buffer, buffer.count - 1)
                guard length > 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
                let target = buffer.withUnsafeBufferPointer { String(decoding: UnsafeRawBufferPointer($0).prefix(length), as: UTF8.self) }
                if target.hasPrefix("/") {
                    current = target
                } else {
                    let directory = PathUtilities.directory(of: current)
                    current = directory.isEmpty ? target : directory + "/" + target
                }
            case S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK:
                return .special(current)
            default:
                return .regular(current)
            }
        }
        throw WriteError(path: path, reason: String(cString: strerror(ELOOP)))
    }

    /// The descriptor `path` names in this process, for the `/dev/stdout` family of paths.
    static func processDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    /// Writes everything `produce` hands over to `descriptor`; the first failure's reason, or nil.
    private static func writeAll(_ descriptor: Int32, _ produce: (@escaping (UnsafeRawBufferPointer) -> Void) -> Void) -> String? {
        var failure: String?
        produce { raw in
            guard failure == nil else { return }
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress!.advanced(by: offset), raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        return failure
    }

    /// A temporary file next to `path`, written, flushed and renamed over it.
    private static func replace(_ path: String, shownAs shown: String, _ produce: (@escaping (UnsafeRawBufferPointer) -> Void) -> Void) throws(WriteError) {
        let directory = PathUtilities.directory(of: path)
        let name = PathUtilities.lastComponent(path)
        let dir = directory.isEmpty ? "." : directory
        var template = Array("\(dir)/.\(name).routekit-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: shown, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = writeAll(fd, produce)
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        // New files get the usual 0644 rather than mkstemp's 0600; an existing file keeps its
        // permissions, but never setuid, setgid or sticky bits (a planted file must not lend them).
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o777 }
        fchmod(fd, mode)
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: shown, reason: failure)
        }
    }
}

#if canImport(Glibc)
/// libc's `write`, named apart from the methods called `write` here.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
