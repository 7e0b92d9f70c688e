#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Texts that stand in for files on disk: an editor's unsaved documents, which the language
/// server lints in place of what is saved. Empty (and never consulted beyond one check) outside
/// `routekit lsp`. Keys are absolute, normalized paths, as the project's globs produce them.
public final class InputOverlay: @unchecked Sendable {
    /// The overlay every reader consults (`InputFile.read`, sizes for the limits).
    public static let shared = InputOverlay()

    private var lock = pthread_mutex_t()
    private var texts: [String: [UInt8]] = [:]
    /// Read without the lock on the hot path: a lint that starts with no overlay pays one load.
    private var isEmpty = true

    private init() { pthread_mutex_init(&lock, nil) }

    /// Puts `bytes` in place of the file at `path` (nil: the file on disk again).
    public func set(_ path: String, _ bytes: [UInt8]?) {
        pthread_mutex_lock(&lock)
        texts[PathUtilities.normalize(path)] = bytes
        isEmpty = texts.isEmpty
        pthread_mutex_unlock(&lock)
    }

    /// The text standing in for `path`, if any.
    public func bytes(_ path: String) -> [UInt8]? {
        if isEmpty { return nil }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return texts[PathUtilities.normalize(path)]
    }

    /// Every path with a text standing in.
    public var paths: [String] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return Array(texts.keys)
    }
}
