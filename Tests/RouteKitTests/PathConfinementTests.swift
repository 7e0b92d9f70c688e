import Foundation
import Testing

/// Config globs, catalog paths and the baseline cannot reach outside the project root (`..`,
/// absolute paths, `~`, symbolic links out, symbolic-linked directories in globs, `{…}` tricks)
/// unless the config says `allow-outside-root: true`. The error names the offending path and
/// never prints what the refused file holds.
@Suite struct PathConfinementTests {
    static let secret = "hunter2-\(UUID().uuidString)"

    /// `outside/secret.yml` (valid strings holding the secret) next to the project `p/`.
    static func layout(_ config: String, extra: [String: String] = [:]) throws -> TemporaryDirectory {
        var files = ["outside/secret.yml": "en:\n  password: \(secret)\n",
                     "outside/baseline.json": "{\"version\": \"\(secret)\", \"entries\": []}\n",
                     "outside/sub/more.yml": "en:\n  other: \(secret)\n",
                     "p/.routekit.yml": config, "p/strings/en.yml": "en:\n  a: A\n"]
        for (path, text) in extra { files[path] = text }
        return try TemporaryDirectory().write(files)
    }

    static func lint(_ dir: TemporaryDirectory, _ arguments: [String] = ["lint", "--format", "json"]) throws -> GuardedCLI.Result {
        let result = try GuardedCLI.run(arguments, in: dir.url.appendingPathComponent("p"), timeout: 60)
        BadInputSuiteTests.expectClean(result)
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "the refused file's content was printed")
        return result
    }

    static let refused: [(config: String, message: String)] = [
        ("catalog: ../outside/secret.yml\nstrings: [strings/*.yml]\n", "catalog path '../outside/secret.yml' leaves the project root"),
        ("strings: [strings/../../outside/secret.yml]\n", "strings path 'strings/../../outside/secret.yml' leaves the project root"),
        ("strings: [\"../outside/*.yml\"]\n", "strings path '../outside/*.yml' leaves the project root"),
        ("strings: [\"**/../../outside/*.yml\"]\n", "leaves the project root"),
        ("strings: [/etc/passwd]\n", "strings path '/etc/passwd' is absolute"),
        ("strings: [\"~/.ssh/*\"]\n", "strings path '~/.ssh/*' is absolute"),
        ("strings: [\"{..,strings}/*.yml\"]\n", "strings pattern '{..,strings}/*.yml' can expand to '../*.yml', which leaves the project root"),
        ("strings: [\"{/etc,strings}/*\"]\n", "can expand to '/etc/*', which leaves the project root"),
        ("strings: [strings/*.yml]\nbaseline: ../outside/baseline.json\n", "baseline path '../outside/baseline.json' leaves the project root"),
        ("strings: [strings/*.yml]\nbaseline: /etc/passwd\n", "baseline path '/etc/passwd' leaves the project root"),
    ]

    @Test(arguments: 0..<10)
    func pathsLeavingTheRootAreRefused(_ index: Int) throws {
        let (config, message) = Self.refused[index]
        let dir = try Self.layout(config)
        let result = try Self.lint(dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".routekit.yml:") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("allow-outside-root"))
        #expect(result.stdout.isEmpty)
    }

    @Test func symlinkedFilesAndDirectoriesOut() throws {
        let dir = try Self.layout("")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.path("p/strings/link.yml"), withDestinationPath: dir.path("outside/secret.yml"))
        try fm.createSymbolicLink(atPath: dir.path("p/linkdir"), withDestinationPath: dir.path("outside"))
        try fm.createSymbolicLink(atPath: dir.path("p/rootlink"), withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: dir.path("p/baseline.json"), withDestinationPath: dir.path("outside/baseline.json"))
        let cases: [(String, String)] = [
            ("strings: [strings/*.yml]\n", "strings file 'strings/link.yml' resolves (through a symbolic link) outside the project root"),
            ("strings: [strings/link.yml]\n", "strings file 'strings/link.yml' resolves (through a symbolic link) outside the project root"),
            ("catalog: linkdir/secret.yml\nstrings: []\n", "catalog file 'linkdir/secret.yml' resolves (through a symbolic link) outside the project root"),
            ("strings: [\"linkdir/*.yml\"]\n", "'linkdir' resolves (through a symbolic link) outside the project root"),
            ("strings: [\"linkdir/**/*.yml\"]\n", "'linkdir' resolves (through a symbolic link) outside the project root"),
            // A link to `/` with `**` must be refused before walking the whole disk.
            ("strings: [\"rootlink/**/*.yml\"]\n", "'rootlink' resolves (through a symbolic link) outside the project root"),
            ("strings: [strings/en.yml]\nbaseline: baseline.json\n", "baseline file 'baseline.json' resolves (through a symbolic link) outside the project root"),
        ]
        for (config, message) in cases {
            try Data(config.utf8).write(to: dir.url.appendingPathComponent("p/.routekit.yml"))
            let result = try Self.lint(dir)
            #expect(result.status == 2, "\(config)")
            #expect(result.stderr.contains(message), "\(config): \(result.stderr)")
            #expect(result.seconds < 30, "\(config) took \(result.seconds) s")
        }
    }

    /// A literal segment after a wildcard used to follow any link: with `x/l → /`,
    /// `*/l/**/{a0,…,a63}.nomatch` walked the whole disk 64 times, and `*/sub/*.yml` with
    /// `sub → outside` read (and named) the outside files. Now the link is the error.
    @Test func literalSegmentsAfterAWildcardDoNotFollowLinksOut() throws {
        let dir = try Self.layout("")
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir.path("p/x"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.path("p/x/l"), withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: dir.path("p/x/sub"), withDestinationPath: dir.path("outside"))
        let alternatives = (0..<64).map { "a\($0)" }.joined(separator: ",")
        let cases: [(String, String)] = [
            ("strings: [\"*/l/**/{\(alternatives)}.nomatch\"]\n", "'x/l' is a symbolic link that resolves outside the project root"),
            ("strings: [\"*/sub/*.yml\"]\n", "'x/sub' is a symbolic link that resolves outside the project root"),
            ("strings: [\"**/sub/*.yml\"]\n", "'x/sub' is a symbolic link that resolves outside the project root"),
        ]
        for (config, message) in cases {
            try Data(config.utf8).write(to: dir.url.appendingPathComponent("p/.routekit.yml"))
            let result = try Self.lint(dir)
            #expect(result.status == 2, "\(config)")
            #expect(result.stderr.contains(".routekit.yml:1:") && result.stderr.contains(message), "\(config): \(result.stderr)")
            #expect(!result.stderr.contains("secret.yml"), "an outside file was named: \(result.stderr)")
            #expect(result.seconds < 30, "\(config) took \(result.seconds) s")
        }
        // A link inside the root is still entered by a literal segment.
        try fm.createSymbolicLink(atPath: dir.path("p/x/in"), withDestinationPath: "../strings")
        try Data("strings: [\"*/in/*.yml\"]\n".utf8).write(to: dir.url.appendingPathComponent("p/.routekit.yml"))
        let inside = try GuardedCLI.run(["lint", "--format", "json"], in: dir.url.appendingPathComponent("p"), timeout: 60)
        #expect(inside.status == 0, "\(inside.stderr)")
    }

    /// `.routekit.yml` planted as a link out of its directory is never read: no hang on a file
    /// that blocks, no first key of an outside file echoed in "unknown config field".
    @Test func configLinkedOutOfTheRootIsNotRead() throws {
        let dir = try Self.layout("", extra: ["outside/config.yml": "SECRET_\(Self.secret): 1\n"])
        let config = dir.path("p/.routekit.yml")
        try FileManager.default.removeItem(atPath: config)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: dir.path("outside/config.yml"))
        let result = try Self.lint(dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("the config resolves (through a symbolic link) outside its directory"), "\(result.stderr)")
        // The same through --config, and a FIFO (which would block a plain read) is refused.
        let explicit = try GuardedCLI.run(["lint", "--config", config], in: dir.url, timeout: 60)
        #expect(explicit.status == 2 && !explicit.stderr.contains(Self.secret), "\(explicit.stderr)")
        try FileManager.default.removeItem(atPath: config)
        #expect(mkfifo(config, 0o644) == 0)
        let fifo = try GuardedCLI.run(["lint"], in: dir.url.appendingPathComponent("p"), timeout: 60)
        #expect(fifo.status == 2 && fifo.stderr.contains("not a regular file"), "\(fifo.stderr)")
        // A link inside the project is fine.
        try FileManager.default.removeItem(atPath: config)
        try dir.write(["p/config/real.yml": "strings: [strings/*.yml]\n"])
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "config/real.yml")
        #expect(try GuardedCLI.run(["lint"], in: dir.url.appendingPathComponent("p"), timeout: 60).status == 0)
    }

    @Test func linksInsideTheRootAreFineAndDirectoryLinksAreNotWalked() throws {
        let dir = try Self.layout("strings: [\"**/*.yml\"]\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.path("p/strings/alias.yml"), withDestinationPath: "en.yml")
        // `**` and `*` do not descend into linked directories, so the link out is never reached.
        try fm.createSymbolicLink(atPath: dir.path("p/strings/out"), withDestinationPath: dir.path("outside"))
        let result = try Self.lint(dir)
        #expect(result.status == 1)  // alias.yml repeats en.yml's key: a duplicate, inside the root
        #expect(result.stdout.contains("duplicate-key"))
    }

    @Test func allowOutsideRootOptsIn() throws {
        let dir = try Self.layout("strings: [strings/*.yml, ../outside/secret.yml]\nallow-outside-root: true\n")
        let result = try GuardedCLI.run(["lint", "--quiet", "--format", "json"], in: dir.url.appendingPathComponent("p"))
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["files"] as? Int == 2)
    }

    @Test func braceExplosionAndNestingAreRefused() throws {
        for fixture in ["fuzz-config-brace-explosion.yml", "config-brace-nesting.yml"] {
            let dir = try Self.layout("")
            try GuardedCLI.fixture(fixture).write(to: dir.url.appendingPathComponent("p/.routekit.yml"))
            let result = try Self.lint(dir, ["lint"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("expands to too many {…} alternatives (at most 1024) or is too long"), "\(fixture): \(result.stderr)")
            #expect(result.seconds < 30)
        }
        // 2^10 alternatives is the most a pattern may have.
        let dir = try Self.layout("strings: [\"" + String(repeating: "{a,b}", count: 10) + "*.yml\"]\n")
        let result = try Self.lint(dir, ["lint"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func manyStarsDoNotExplode() throws {
        // Twenty `**` over a 20-deep tree: every (directory, position) pair is walked once.
        var extra: [String: String] = [:]
        extra["p/" + (0..<20).map { _ in "d" }.joined(separator: "/") + "/x.yml"] = "en:\n  x: X\n"
        let dir = try Self.layout("strings: [\"" + String(repeating: "**/d/", count: 10) + "**/*.yml\"]\n", extra: extra)
        let result = try Self.lint(dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.seconds < 30)
    }
}
