import Foundation
import Testing

/// What `--format FMT:FILE` does with what the path names. Atomic replacement is for regular
/// files: a FIFO or a device is written directly (and stays what it is), a symbolic link is
/// followed and its regular-file target replaced (the link stays), a `/dev/stdout`-style path
/// writes to the descriptor, and setuid/setgid bits are never carried over. Everything lives in
/// a temporary directory; no system path is ever a target.
@Suite struct OutputTargetTests {
    static func project() throws -> TemporaryDirectory {
        try TemporaryDirectory().write([
            ".routekit.yml": "strings: [strings.yml]\n",
            // A duplicate key: an error whatever the rules decide about other findings.
            "strings.yml": "en:\n  a: x\n  a: y\n",
        ])
    }

    static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    static func isJSONReport(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
    }

    @Test func fifoWithAReaderGetsTheReport() throws {
        let dir = try Self.project()
        let fifo = dir.path("report.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opened read-write (Linux allows it on a FIFO): it never blocks, and the reader is there
        // before routekit opens the FIFO. The report is small enough to fit the pipe's buffer.
        let reader = open(fifo, O_RDWR | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = try CLI.run(["lint", dir.url.path, "--format", "json:\(fifo)"])
        #expect(result.status == 1, "\(result.stderr)")
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[..<count])
        }
        #expect(Self.isJSONReport(received), "\(String(decoding: received, as: UTF8.self).prefix(200))")
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == [".routekit.yml", "report.fifo", "strings.yml"])
    }

    @Test(.enabled(if: getuid() == 0, "skipped: creating a device node needs root"))
    func deviceStaysADevice() throws {
        let dir = try Self.project()
        let device = dir.path("null")
        // Major 1, minor 3: the null device, made inside the temporary directory.
        #expect(mknod(device, S_IFCHR | 0o666, 0x103) == 0)
        let result = try CLI.run(["lint", dir.url.path, "--format", "json:\(device)", "--format", "sarif:\(dir.path("r.sarif"))"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.fileType(device) == S_IFCHR)
        #expect(Self.isJSONReport(try Data(contentsOf: URL(fileURLWithPath: dir.path("r.sarif")))))
    }

    @Test func symbolicLinkIsFollowedAndItsTargetReplaced() throws {
        let dir = try Self.project()
        try dir.write(["reports/real.json": "old\n"])
        let link = dir.path("report.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports/real.json")
        let result = try CLI.run(["lint", dir.url.path, "--format", "json:\(link)"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "reports/real.json")
        #expect(Self.isJSONReport(try Data(contentsOf: URL(fileURLWithPath: dir.path("reports/real.json")))))
        // A dangling link: the file it names is created, the link stays.
        let dangling = dir.path("dangling.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "reports/new.json")
        #expect(try CLI.run(["lint", dir.url.path, "--format", "json:\(dangling)"]).status == 1)
        #expect(Self.fileType(dangling) == S_IFLNK)
        #expect(Self.isJSONReport(try Data(contentsOf: URL(fileURLWithPath: dir.path("reports/new.json")))))
    }

    @Test func setuidAndSetgidAreNeverCopied() throws {
        let dir = try Self.project()
        try dir.write(["planted": "#!/bin/sh\n", "other": "x\n"])
        #expect(chmod(dir.path("planted"), 0o6755) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.path("link"), withDestinationPath: "other")
        #expect(chmod(dir.path("other"), 0o4750) == 0)
        #expect(try CLI.run(["lint", dir.url.path, "--format", "json:\(dir.path("planted"))"]).status == 1)
        #expect(try CLI.run(["lint", dir.url.path, "--format", "json:\(dir.path("link"))"]).status == 1)
        for (name, mode) in [("planted", 0o755), ("other", 0o750)] {
            var info = stat()
            #expect(stat(dir.path(name), &info) == 0)
            #expect(info.st_mode & 0o7777 == mode_t(mode), "\(name): \(String(info.st_mode & 0o7777, radix: 8))")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd/1"), "skipped: no /proc/self/fd"))
    func standardOutputStylePathWritesToTheDescriptor() throws {
        let dir = try Self.project()
        // A link to /proc/self/fd/1 inside the temporary directory, as /dev/stdout is one.
        let link = dir.path("stdout")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
        let result = try CLI.run(["lint", dir.url.path, "--format", "json:\(link)"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.isJSONReport(Data(result.stdout.utf8)), "\(result.stdout.prefix(200))")
        #expect(Self.fileType(link) == S_IFLNK)
    }
}
