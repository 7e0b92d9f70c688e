import Foundation
import Testing
@testable import RouteKit

/// `InputFile.read`: a file's bytes in one array of about its size (each input's bytes live while
/// it is read, and the sources' until their tokens are made).
@Suite struct InputFileTests {
    /// The read that finds the end needs room: the array was grown by half for it and kept the
    /// capacity, so every file read held half as much again as its size.
    @Test(arguments: [0, 1, 4095, 4096, 100_000, 1_000_003])
    func aFileIsReadIntoAnArrayOfItsSize(size: Int) throws {
        let bytes = (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let dir = try TemporaryDirectory().write([:])
        let path = dir.url.appendingPathComponent("f.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try InputFile.read(path).get()
        #expect(read == bytes)
        #expect(read.capacity <= size + 64, "\(read.capacity) bytes kept for a file of \(size)")
    }

    /// A file longer than `stat` said (a growing log; Linux's `/proc` files say 0 bytes) is read
    /// on in chunks to its end, and nothing kept but what the file gave.
    @Test(arguments: ["/proc/version", "/proc/self/environ", "/proc/self/cmdline"])
    func aFileLongerThanItsSizeIsReadToItsEnd(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let read = try InputFile.read(path).get()
        #expect(read == expected)
        #expect(!read.isEmpty)
    }
}
