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
                mine.count == bytes.count && memcmp(mine.baseAddress!, bytes, bytes.count) == 0 && (depth == 0 || nested(depth - 1))
            }.get()) ?? false
        }
        #expect(nested(300))
    }

    /// A file kept mapped (`keepable`) is the start of a `TextBuffer` that outlives the call:
    /// its bytes read as the file's, what is appended goes after its pages, and giving back the
    /// room or growing past it keeps every byte.
    @Test func aKeptMappingHoldsTheFileAndWhatIsWrittenAfterIt() throws {
        let bytes = (0 ..< MappedFile.threshold + 5_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let dir = try TemporaryDirectory().write([:])
        let path = dir.url.appendingPathComponent("kept.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let kept = try #require(try InputFile.withBytes(path, maxSize: 1 << 30, reusing: nil, keepable: true) { mine, buffer in
            #expect(buffer.map { $0.start == mine.baseAddress } == true)
            return buffer
        }.get())
        let fileLength = MappedFile.pageRounded(bytes.count)
        #expect(kept.count == fileLength)
        #expect(kept.withBytes { Array($0.prefix(bytes.count)) } == bytes)
        let written = Array("written after the file".utf8)
        written.withUnsafeBufferPointer { kept.append(contentsOf: $0) }
        kept.shrinkToFit()
        #expect(kept.withBytes { Array($0[fileLength...]) } == written)
        // Past the room (the file's size again): copied out whole.
        let more = [UInt8](repeating: 9, count: 2 * bytes.count)
        more.withUnsafeBufferPointer { kept.append(contentsOf: $0) }
        #expect(kept.withBytes { Array($0.prefix(bytes.count)) == bytes && Array($0[fileLength...]) == written + more })
        #expect(kept.isIntact)
        // Not keepable, or small: no buffer.
        #expect(try InputFile.withBytes(path, maxSize: 1 << 30, reusing: nil, keepable: false) { $1 == nil }.get())
        let small = dir.url.appendingPathComponent("small.bin").path
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: small))
        #expect(try InputFile.withBytes(small, maxSize: 1 << 30, reusing: nil, keepable: true) { $1 == nil }.get())
    }

    /// A kept mapping whose file is cut short later reads as zeros past the new end (it does
    /// not stop the process) and says so; one cut short while read is read again into a buffer.
    @Test func aKeptMappingCutShortReadsAsZeros() throws {
        let size = 3 * MappedFile.threshold
        let dir = try TemporaryDirectory().write([:])
        let path = dir.url.appendingPathComponent("cut.bin").path
        try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: path))
        let kept = try #require(try InputFile.withBytes(path, maxSize: 1 << 30, reusing: nil, keepable: true) { $1 }.get())
        truncate(path, 100)
        let sum = kept.withBytes { bytes in stride(from: 0, to: size, by: 512).reduce(0) { $0 + Int(bytes[$1]) } }
        #expect(sum == 7)
        #expect(!kept.isIntact)
        try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: path))
        var runs: [Bool] = []
        let last = try InputFile.withBytes(path, maxSize: 1 << 30, reusing: nil, keepable: true) { bytes, buffer -> Int in
            if runs.isEmpty { truncate(path, 100) }
            runs.append(buffer != nil)
            return stride(from: 0, to: bytes.count, by: 512).reduce(0) { $0 + Int(bytes[$1]) }
        }.get()
        #expect(runs == [true, false])
        #expect(last == 7)
    }
}
