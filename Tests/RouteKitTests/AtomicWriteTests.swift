import Foundation
import Testing

/// Every file routekit writes — the baseline (`lint --write-baseline`), reports (`lint --format
/// FMT:FILE`) and the HTML page (`report --html`) — goes through `AtomicFile`: a temporary file
/// in the same directory, renamed over the target. A failed write (a full disk, simulated with
/// RLIMIT_FSIZE; a parent that is a file; a target that is a directory) leaves the previous file
/// intact byte for byte, leaves no temporary file behind, and never touches the inputs.
/// (This branch has no `import`, `init` or `install-hook` commands; they must use `AtomicFile` too.)
@Suite struct AtomicWriteTests {
    static let previous = Data("previous contents \u{1F512}\n".utf8)

    /// A project with enough findings that every output is larger than the 2,000-byte limit below.
    static func project() throws -> TemporaryDirectory {
        var strings = "en:\n"
        for index in 0..<40 { strings += "  key\(index): \"\"\n" }
        // Empty keys that no route uses are warnings by default: made errors, the run fails (exit 1).
        let config = "strings: [strings.yml]\nrules: { empty-translation: { other-keys: error } }\n"
        return try TemporaryDirectory().write([".routekit.yml": config, "strings.yml": strings])
    }

    /// Runs the binary with RLIMIT_FSIZE set and SIGXFSZ at its default action (which kills), as
    /// a shell would start it; routekit must turn the failure into an error, not die half-way.
    static func fileSizeLimit(_ bytes: Int, in dir: TemporaryDirectory) throws -> [String] {
        let script = dir.path(".limit.py")
        try Data("""
            import os, resource, signal, sys
            resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            os.execv(sys.argv[2], sys.argv[2:])
            """.utf8).write(to: URL(fileURLWithPath: script))
        return ["/usr/bin/env", "python3", script, String(bytes)]
    }

    static func snapshot(_ dir: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.url.path) where name != ".limit.py" {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: dir.path(name), isDirectory: &isDirectory)
            files[name] = isDirectory.boolValue ? Data("<dir>".utf8) : try Data(contentsOf: dir.url.appendingPathComponent(name))
        }
        return files
    }

    static func temporaries(_ dir: TemporaryDirectory, subdirectory: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path(subdirectory)).filter { $0.contains(".routekit-") }
    }

    static let writers: [(name: String, arguments: @Sendable (String) -> [String])] = [
        ("baseline", { ["lint", "--quiet", "--write-baseline", $0] }),
        ("json report", { ["lint", "--quiet", "--format", "json:\($0)"] }),
        ("sarif report", { ["lint", "--quiet", "--format", "text", "--format", "sarif:\($0)"] }),
        ("junit report", { ["lint", "--quiet", "--format", "junit:\($0)"] }),
        ("html report", { ["report", "--html", $0] }),
    ]

    @Test(.requires(.python3), arguments: 0..<5)
    func fullDiskKeepsThePreviousFile(_ index: Int) throws {
        let (name, arguments) = Self.writers[index]
        let dir = try Self.project()
        try Self.previous.write(to: dir.url.appendingPathComponent("out.txt"))
        let before = try Self.snapshot(dir)
        let result = try GuardedCLI.run(arguments("out.txt"), in: dir.url, wrapper: try Self.fileSizeLimit(2_000, in: dir))
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 2, "\(name): \(result.stderr)")
        #expect(result.stderr.contains("cannot write out.txt: File too large"), "\(name): \(result.stderr)")
        #expect(try Self.snapshot(dir) == before, "\(name): a file changed")
        #expect(try Self.temporaries(dir).isEmpty, "\(name): temporary file left behind")
    }

    @Test(arguments: 0..<5)
    func parentThatIsAFile(_ index: Int) throws {
        let (name, arguments) = Self.writers[index]
        let dir = try Self.project()
        try Self.previous.write(to: dir.url.appendingPathComponent("file"))
        let before = try Self.snapshot(dir)
        let result = try GuardedCLI.run(arguments("file/out.txt"), in: dir.url)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 2, "\(name)")
        #expect(result.stderr.contains("cannot write file/out.txt: Not a directory"), "\(name): \(result.stderr)")
        #expect(try Self.snapshot(dir) == before)
    }

    @Test(arguments: 0..<5)
    func targetThatIsADirectory(_ index: Int) throws {
        let (name, arguments) = Self.writers[index]
        let dir = try Self.project().write(["out/keep.txt": "keep\n"])
        let before = try Self.snapshot(dir)
        let result = try GuardedCLI.run(arguments("out"), in: dir.url)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 2, "\(name)")
        #expect(result.stderr.contains("cannot write out: Is a directory"), "\(name): \(result.stderr)")
        #expect(try Self.snapshot(dir) == before)
        #expect(try String(contentsOfFile: dir.path("out/keep.txt"), encoding: .utf8) == "keep\n")
        #expect(try Self.temporaries(dir).isEmpty)
    }

    @Test func successReplacesWholeFileKeepsModeAndFollowsALinkToItsTarget() throws {
        let dir = try Self.project()
        // An existing report with restrictive permissions keeps them.
        try Self.previous.write(to: dir.url.appendingPathComponent("report.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dir.path("report.json"))
        // A report path that is a symbolic link is followed: its regular-file target is replaced
        // atomically and the link stays. The target is inside the project: one outside is
        // refused unless allow-outside-root (issue 30; ReportTargetConfinementTests).
        try FileManager.default.createDirectory(atPath: dir.path("elsewhere"), withIntermediateDirectories: true)
        try Self.previous.write(to: dir.url.appendingPathComponent("elsewhere/victim"))
        try FileManager.default.createSymbolicLink(atPath: dir.path("link.json"), withDestinationPath: dir.path("elsewhere/victim"))
        let result = try GuardedCLI.run(["lint", "--quiet", "--format", "json:report.json", "--format", "sarif:link.json"], in: dir.url)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 1)
        let report = try Data(contentsOf: dir.url.appendingPathComponent("report.json"))
        #expect((try? JSONSerialization.jsonObject(with: report)) != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: dir.path("report.json"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let target = try Data(contentsOf: dir.url.appendingPathComponent("elsewhere/victim"))
        #expect((try? JSONSerialization.jsonObject(with: target)) != nil)
        let type = try FileManager.default.attributesOfItem(atPath: dir.path("link.json"))[.type] as? FileAttributeType
        #expect(type == .typeSymbolicLink)
        #expect(try Self.temporaries(dir, subdirectory: "elsewhere").isEmpty)
        #expect(try Self.temporaries(dir).isEmpty)
    }
}
