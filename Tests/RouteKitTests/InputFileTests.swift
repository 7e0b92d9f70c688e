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

    /// `withBytes` hands over the same bytes as `read`, mapped or not (below and above
    /// `MappedFile.threshold`), and a file `stat` calls empty (`/proc`) is read to its end.
    @Test(arguments: [0, 1, MappedFile.threshold - 1, MappedFile.threshold, 1_000_003])
    func withBytesSeesTheFileAsReadDoes(size: Int) throws {
        let bytes = (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let dir = try TemporaryDirectory().write([:])
        let path = dir.url.appendingPathComponent("f.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.withBytes(path) { Array($0) }.get() == bytes)
        let proc = try InputFile.withBytes("/proc/self/cmdline") { Array($0) }.get()
        #expect(!proc.isEmpty)
    }

    /// Another program cutting a mapped file short while it is read: the pages past its new end
    /// would raise SIGBUS and stop the process. They read as zeros, and the file is read again as
    /// it is now: `body` runs twice, and the second run's output is the answer.
    /// Files read one after another, on both cores, each into a buffer an earlier one left:
    /// each is seen with its own bytes and length, never a longer file's rest after it.
    @Test func filesReadInTurnSeeOnlyTheirOwnBytes() throws {
        let sizes = [300_000, 10, 0, 70_000, 1, 299_999, 4096]
        let files = sizes.enumerated().map { index, size in
            (name: "f\(index).bin", bytes: (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) })
        }
        let dir = try TemporaryDirectory().write([:])
        for file in files { try Data(file.bytes).write(to: dir.url.appendingPathComponent(file.name)) }
        let paths = files.map { dir.url.appendingPathComponent($0.name).path }
        let buffers = InputScratch().buffers
        let seen = Concurrent.map(count: 40) { turn in
            (try? InputFile.withBytes(paths[turn % paths.count], reusing: buffers) { Array($0) }.get()) ?? []
        }
        for (turn, bytes) in seen.enumerated() { #expect(bytes == files[turn % files.count].bytes, "turn \(turn)") }
    }

    @Test func aMappedFileCutShortWhileReadIsReadAgain() throws {
        let size = 4 * MappedFile.threshold + 123
        let dir = try TemporaryDirectory().write([:])
        let path = dir.url.appendingPathComponent("cut.bin").path
        try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: path))
        var runs: [Int] = []
        let sum = try InputFile.withBytes(path) { bytes -> Int in
            if runs.isEmpty { truncate(path, 100) }
            runs.append(bytes.count)
            // Every page, the ones past the new end too.
            return stride(from: 0, to: bytes.count, by: 512).reduce(0) { $0 + Int(bytes[$1]) }
        }.get()
        #expect(runs == [size, 100])
        #expect(sum == 7)
        // Its slot is free again: the next mapping of the file is not taken for the cut one.
        #expect(try InputFile.withBytes(path) { $0.count }.get() == 100)
    }

    /// More files mapped at once than the handler has slots for: the rest are read, with the
    /// same bytes.
    @Test func filesBeyondTheMappingSlotsAreRead() throws {
        let bytes = (0 ..< MappedFile.threshold * 2).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let dir = try TemporaryDirectory().write([:])
        let path = dir.url.appendingPathComponent("f.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        func nested(_ depth: Int) -> Bool {
            (try? InputFile.withBytes(path) { mine in
                mine.elementsEqual(bytes) && (depth == 0 || nested(depth - 1))
            }.get()) ?? false
        }
        #expect(nested(80))
    }
}
