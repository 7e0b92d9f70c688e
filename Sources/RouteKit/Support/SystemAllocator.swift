import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What routekit asks of glibc's allocator, looked up at run time (neither function is in the
/// Glibc module); no-ops elsewhere.
public enum SystemAllocator {
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    private static func symbol<F>(_ name: String, as type: F.Type) -> F? {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }

    private static let trimFunction = symbol("malloc_trim", as: Trim.self)
    private static let optionFunction = symbol("mallopt", as: Option.self)

    /// Gives freed memory at the top of the heap back to the system.
    static func trim() { _ = trimFunction?(0) }

    /// Blocks of 256 KiB and more get pages of their own, given back when freed, and grow
    /// without a copy. glibc otherwise raises this threshold as big blocks are freed, after
    /// which a big array freed (a file's records, a grown array's old buffer) stays in the
    /// heap and counts toward the peak: on 4 × 1.2 MB of short keys, the peak falls from 57 to
    /// 50 MB. For the process (the CLI calls it first); `M_MMAP_THRESHOLD` is -3.
    public static func returnLargeBlocksPromptly() {
        _ = optionFunction?(-3, 256 * 1024)
    }
}
