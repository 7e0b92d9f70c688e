import Foundation
import Testing
@testable import RouteKit

/// Issue 30, items 2 and 3, through the real binary. A report, baseline or page path inside the
/// project that resolves outside it (a symbolic link, which git stores, so a branch can plant
/// one; dangling or not) is refused with exit 2 and one line, unless `allow-outside-root: true`.
/// A FIFO with no reader as a target fails at once instead of blocking in open(2).
/// Seen to fail before the fixes: the victim outside was replaced (and a dangling link created
/// a file outside) with exit 0; the FIFO runs hit the 20-second guard.
@Suite struct ReportTargetConfinementTests {
    /// A project in `root/project`, a victim file in `root/victim`, and `link` in the project
    /// pointing at `target` (relative to the project).
    static func setUp(allowOutside: Bool = false) throws -> (root: TemporaryDirectory, project: URL, victim: URL) {
        let root = try TemporaryDirectory().write([
            "project/.routekit.yml": "strings: [strings.yml]\nbase-locale: en\n" + (allowOutside ? "allow-outside-root: true\n" : ""),
            "project/strings.yml": "en:\n  a: A\n",
            "victim/authorized_keys": "ssh-ed25519 AAAA keep\n",
        ])
        return (root, root.url.appendingPathComponent("project"), root.url.appendingPathComponent("victim/authorized_keys"))
    }

    static func link(_ name: String, to target: String, in directory: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(name).path, withDestinationPath: target)
    }

    static let commands: [(name: String, arguments: [String])] = [
        ("sarif", ["lint", "--format", "sarif:routekit.sarif"]),
        ("json", ["lint", "--format=json:routekit.sarif"]),
        ("baseline", ["lint", "--write-baseline", "routekit.sarif"]),
        ("html", ["report", "--html", "routekit.sarif"]),
    ]

    @Test(arguments: commands.map(\.name))
    func aLinkToAFileOutsideIsRefused(command: String) throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let (root, project, victim) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        try Self.link("routekit.sarif", to: "../victim/authorized_keys", in: project)
        let result = try GuardedCLI.run(arguments, in: project, timeout: 20)
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("'routekit.sarif' is inside the project but resolves (through a symbolic link) to '")
                && lines[0].contains("victim/authorized_keys', outside it; refusing to write there (set allow-outside-root: true to allow)"),
                "\(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "ssh-ed25519 AAAA keep\n")
    }

    @Test(arguments: commands.map(\.name))
    func aDanglingLinkOutsideIsRefused(command: String) throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let (root, project, _) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        try Self.link("routekit.sarif", to: "../victim/new_file", in: project)
        let result = try GuardedCLI.run(arguments, in: project, timeout: 20)
        #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("victim/new_file").path))
    }

    /// A directory of the path that is a link out of the project counts as well.
    @Test func aLinkedDirectoryOutsideIsRefused() throws {
        let (root, project, _) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        try Self.link("reports", to: "../victim", in: project)
        let result = try GuardedCLI.run(["lint", "--format", "json:reports/out.json"], in: project, timeout: 20)
        #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("victim/out.json").path))
    }

    /// `allow-outside-root: true` lets the link be followed (the documented opt-in).
    @Test func allowOutsideRootFollowsTheLink() throws {
        let (root, project, victim) = try Self.setUp(allowOutside: true)
        defer { withExtendedLifetime(root) {} }
        try Self.link("routekit.sarif", to: "../victim/authorized_keys", in: project)
        let result = try GuardedCLI.run(["lint", "--format", "json:routekit.sarif"], in: project, timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8).contains("\"diagnostics\""))
    }

    /// Links that stay inside, paths outside as given, and the standard streams are written.
    @Test func whatStaysInsideOrIsExplicitIsWritten() throws {
        let (root, project, _) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Self.link("report.json", to: "out/real.json", in: project)
        let outside = root.url.appendingPathComponent("elsewhere.json").path
        let result = try GuardedCLI.run(["lint", "--format", "json:report.json", "--format", "sarif:\(outside)",
                                         "--format", "text:/dev/null", "--format", "github:/dev/stdout"], in: project, timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("out/real.json").path))
        #expect(FileManager.default.fileExists(atPath: outside))
    }

    /// Item 3: a FIFO with no reader fails at once, exit 2, one line; the other outputs are written.
    @Test(.timeLimit(.minutes(1)), arguments: [["lint", "--format", "json:F"], ["lint", "--write-baseline", "F"], ["report", "--html", "F"]])
    func aFIFOWithNoReaderDoesNotBlock(arguments: [String]) throws {
        let (root, project, _) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        #expect(mkfifo(project.appendingPathComponent("F").path, 0o644) == 0)
        let result = try GuardedCLI.run(arguments, in: project, timeout: 20)
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("F: a FIFO (or socket) with no reader; not waiting for one"), "\(result.stderr)")
    }

    /// A FIFO with a reader is written, as before.
    @Test(.timeLimit(.minutes(1))) func aFIFOWithAReaderIsWritten() throws {
        let (root, project, _) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        let fifo = project.appendingPathComponent("F").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let out = Pipe()
        reader.standardOutput = out
        try reader.run()
        // Wait until cat has the FIFO open for reading, else routekit would find no reader yet.
        var waited = 0
        while waited < 200, !Self.hasReader(pid: reader.processIdentifier, path: fifo) {
            usleep(20_000)
            waited += 1
        }
        let result = try GuardedCLI.run(["lint", "--format", "json:F"], in: project, timeout: 20)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: data, as: UTF8.self).contains("\"diagnostics\""))
    }

    static func hasReader(pid: Int32, path: String) -> Bool {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path }
    }

    /// One-character report, baseline and page names were a crash (SIGILL in Foundation's
    /// `deletingLastPathComponent`), found while writing the FIFO tests. Seen to fail: all three
    /// runs were killed by signal 4 on the code before `PathUtilities.directory(of:)`.
    @Test func oneCharacterNamesAreWritten() throws {
        let (root, project, _) = try Self.setUp()
        defer { withExtendedLifetime(root) {} }
        for arguments in [["lint", "--format", "json:F"], ["lint", "--write-baseline", "B"], ["report", "--html", "H"]] {
            let result = try GuardedCLI.run(arguments, in: project, timeout: 20)
            #expect(result.status == 0 && !result.signaled, "\(arguments): \(result.status) \(result.stderr.prefix(300))")
        }
        for name in ["F", "B", "H"] {
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(name).path), "\(name)")
        }
    }
}
