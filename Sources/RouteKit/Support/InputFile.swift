import Foundation

/// Reads an input file's bytes, turning every way it can fail into a message.
public enum InputFile {
    public struct Failure: Error, Sendable {
        public var message: String
    }

    public static func read(_ path: String, maxSize: Int = InputLimits.default.fileSize) -> Result<[UInt8], Failure> {
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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(Failure(message: "cannot be read (permission denied?)"))
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return .success([UInt8](data))
        } catch {
            return .failure(Failure(message: "cannot be read: \(error.localizedDescription)"))
        }
    }
}
