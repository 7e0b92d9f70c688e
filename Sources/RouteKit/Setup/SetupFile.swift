import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the files `init` and `install-hook` write: through `AtomicFile` into a staging file
/// beside the destination, given its final mode, then moved into place in one step — with
/// `link(2)` when nothing may be overwritten (it fails if the destination appeared meanwhile),
/// with `rename(2)` otherwise. Readers see the old file or the complete new one, never a
/// partial or non-executable one.
public enum SetupFile {
    public enum Failure: Error, Sendable, CustomStringConvertible, Equatable {
        /// The destination exists and overwriting was not allowed.
        case exists(String)
        case cannotWrite(String, reason: String)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) already exists"
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    /// True when anything is at `path`, a dangling symbolic link included.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    public static func write(_ text: String, to path: String, mode: mode_t = 0o644, overwrite: Bool) throws(Failure) {
        try write(Data(text.utf8), to: path, mode: mode, overwrite: overwrite)
    }

    public static func write(_ data: Data, to path: String, mode: mode_t = 0o644, overwrite: Bool) throws(Failure) {
        if !overwrite, exists(path) { throw .exists(path) }
        let directory = PathUtilities.directory(of: path)
        let name = PathUtilities.lastComponent(path)
        let staging = PathUtilities.join(directory.isEmpty ? "." : directory, ".\(name).routekit-new-\(getpid())")
        do {
            try AtomicFile.write(data, to: staging)
        } catch {
            throw .cannotWrite(path, reason: error.reason)
        }
        defer { unlink(staging) }
        guard chmod(staging, mode) == 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
        if overwrite {
            guard rename(staging, path) == 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
            return
        }
        if link(staging, path) == 0 { return }
        let linkError = errno
        if linkError == EEXIST { throw .exists(path) }
        // File systems without hard links: fall back to a checked rename.
        if exists(path) { throw .exists(path) }
        guard rename(staging, path) == 0 else {
            throw .cannotWrite(path, reason: String(cString: strerror(linkError)))
        }
    }

    /// Copies `path` to the first free name of `base`, `base.1`, `base.2`…, keeping its mode.
    /// Returns the backup's path.
    public static func backUp(_ path: String, as base: String) throws(Failure) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotWrite(base, reason: "cannot read \(path)") }
        let bytes: [UInt8]
        switch InputFile.read(path, maxSize: Int.max) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .cannotWrite(base, reason: "cannot read \(path): \(failure.message)")
        }
        var number = 0
        while true {
            let candidate = number == 0 ? base : "\(base).\(number)"
            number += 1
            if exists(candidate) { continue }
            do {
                try write(Data(bytes), to: candidate, mode: info.st_mode & 0o7777, overwrite: false)
                return candidate
            } catch .exists {
                continue
            }
        }
    }
}
