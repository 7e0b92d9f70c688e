import Foundation
import Testing

/// Every kind of bad input, from `Fixtures/BadInput/` (one file per case), given to routekit in
/// each role it can play — strings file, catalog, config, flow — through the real binary. Each
/// case names the finding it must produce (file, line, column, rule, message); no case may crash
/// or hang. libyaml's three error classes are covered (reader: encoding and control characters;
/// scanner: tokens; parser: structure). There are no composer errors: routekit reads libyaml's
/// event API, and builds the tree itself, so what a composer would reject (undefined aliases,
/// complex keys, several documents) is reported by routekit's own checks, covered here too.
@Suite struct BadInputSuiteTests {
    /// What a fixture must produce, wherever it is read.
    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        var line: Int
        var column: Int
        var message: String
        var rule = "yaml-syntax"
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        // Truncated files.
        Case(fixture: "truncated-flow-mapping.yml", line: 3, column: 1, message: "did not find expected ',' or '}' while parsing a flow mapping"),
        Case(fixture: "truncated-flow-sequence.yml", line: 3, column: 1, message: "did not find expected ',' or ']' while parsing a flow sequence"),
        Case(fixture: "truncated-double-quoted.yml", line: 3, column: 1, message: "found unexpected end of stream while scanning a quoted scalar"),
        Case(fixture: "truncated-single-quoted.yml", line: 2, column: 11, message: "found unexpected end of stream while scanning a quoted scalar"),
        Case(fixture: "truncated-mid-utf8.yml", line: 2, column: 9, message: "invalid UTF-8: incomplete UTF-8 octet sequence"),
        // Reader errors: invalid UTF-8 at several places, overlong forms, surrogates, controls.
        Case(fixture: "utf8-invalid-first-byte.yml", line: 1, column: 1, message: "invalid UTF-8: invalid leading UTF-8 octet (byte 0xFF)"),
        Case(fixture: "utf8-invalid-mid-line.yml", line: 2, column: 8, message: "invalid UTF-8: invalid leading UTF-8 octet (byte 0xFE)"),
        Case(fixture: "utf8-invalid-last-byte.yml", line: 3, column: 1, message: "invalid UTF-8: invalid leading UTF-8 octet (byte 0xFF)"),
        Case(fixture: "utf8-invalid-in-key.yml", line: 2, column: 4, message: "invalid UTF-8: invalid trailing UTF-8 octet"),
        Case(fixture: "utf8-invalid-in-quoted.yml", line: 2, column: 8, message: "invalid UTF-8: invalid trailing UTF-8 octet"),
        Case(fixture: "utf8-overlong-slash.yml", line: 2, column: 6, message: "invalid UTF-8: invalid length of a UTF-8 sequence"),
        Case(fixture: "utf8-overlong-three-byte.yml", line: 2, column: 6, message: "invalid UTF-8: invalid length of a UTF-8 sequence"),
        Case(fixture: "utf8-surrogate.yml", line: 2, column: 6, message: "invalid UTF-8: invalid Unicode character (U+D800)"),
        Case(fixture: "utf8-above-max.yml", line: 2, column: 6, message: "invalid UTF-8: invalid Unicode character (U+110000)"),
        Case(fixture: "nul-byte.yml", line: 2, column: 4, message: "a NUL byte is not allowed in YAML text"),
        Case(fixture: "control-character.yml", line: 2, column: 7, message: "control character U+0007 is not allowed in YAML text"),
        // Other encodings.
        Case(fixture: "utf16le-bom.yml", line: 1, column: 1, message: "the file is UTF-16; routekit reads UTF-8 only"),
        Case(fixture: "utf16be-bom.yml", line: 1, column: 1, message: "the file is UTF-16; routekit reads UTF-8 only"),
        Case(fixture: "utf16le-no-bom.yml", line: 1, column: 1, message: "the file is UTF-16 (little-endian, no BOM)"),
        Case(fixture: "utf16be-no-bom.yml", line: 1, column: 1, message: "the file is UTF-16 (big-endian, no BOM)"),
        Case(fixture: "utf32le-bom.yml", line: 1, column: 1, message: "the file is UTF-32; routekit reads UTF-8 only"),
        Case(fixture: "utf32be-bom.yml", line: 1, column: 1, message: "the file is UTF-32; routekit reads UTF-8 only"),
        Case(fixture: "utf32le-no-bom.yml", line: 1, column: 1, message: "the file is UTF-32 (little-endian, no BOM)"),
        Case(fixture: "utf32be-no-bom.yml", line: 1, column: 1, message: "the file is UTF-32 (big-endian, no BOM)"),
        // Scanner errors.
        Case(fixture: "scanner-tab-indent.yml", line: 2, column: 1, message: "YAML cannot be indented with tabs: use spaces"),
        Case(fixture: "whitespace-with-tab.yml", line: 2, column: 1, message: "YAML cannot be indented with tabs: use spaces"),
        Case(fixture: "scanner-bad-escape.yml", line: 2, column: 11, message: "found unknown escape character"),
        Case(fixture: "scanner-reserved-indicator.yml", line: 2, column: 6, message: "found character that cannot start any token"),
        Case(fixture: "scanner-mapping-in-plain.yml", line: 2, column: 7, message: "mapping values are not allowed in this context"),
        Case(fixture: "scanner-bad-anchor.yml", line: 2, column: 7, message: "while scanning an anchor"),
        Case(fixture: "scanner-bad-directive.yml", line: 1, column: 10, message: "while scanning a directive"),
        // Parser errors.
        Case(fixture: "parser-bad-indentation.yml", line: 3, column: 2, message: "did not find expected key while parsing a block mapping"),
        Case(fixture: "parser-sequence-then-key.yml", line: 2, column: 1, message: "did not find expected '-' indicator"),
        Case(fixture: "parser-flow-missing-comma.yml", line: 1, column: 12, message: "did not find expected ',' or '}'"),
        Case(fixture: "parser-duplicate-anchor-node.yml", line: 2, column: 9, message: "did not find expected key"),
        // What a composer would reject, and YAML features routekit refuses.
        Case(fixture: "alias-chain.yml", line: 3, column: 12, message: "aliases (*a0) are not supported"),
        Case(fixture: "anchor-and-alias.yml", line: 3, column: 6, message: "aliases (*title) are not supported"),
        Case(fixture: "undefined-alias.yml", line: 2, column: 6, message: "aliases (*nowhere) are not supported"),
        Case(fixture: "merge-key.yml", line: 4, column: 5, message: "merge keys (<<) are not supported"),
        Case(fixture: "merge-key-inline.yml", line: 3, column: 5, message: "merge keys (<<) are not supported"),
        Case(fixture: "tag-python-object.yml", line: 2, column: 6, message: "tags (!!python/object:os.system) are not supported"),
        Case(fixture: "tag-local.yml", line: 2, column: 6, message: "tags (!local) are not supported"),
        Case(fixture: "tag-on-mapping.yml", line: 1, column: 5, message: "tags (!!map) are not supported"),
        Case(fixture: "complex-key-sequence.yml", line: 2, column: 5, message: "a key must be a plain value, not a list"),
        Case(fixture: "complex-key-mapping.yml", line: 2, column: 5, message: "a key must be a plain value, not a mapping"),
        Case(fixture: "several-documents.yml", line: 4, column: 1, message: "a second YAML document starts here"),
        Case(fixture: "document-end-then-more.yml", line: 4, column: 1, message: "a second YAML document starts here"),
        // Binary files.
        Case(fixture: "binary-random.bin.yml", line: 1, column: 1, message: "invalid UTF-8"),
        Case(fixture: "binary-png-header.yml", line: 1, column: 1, message: "invalid UTF-8: invalid leading UTF-8 octet (byte 0x89)"),
    ]

    /// Files that are fine as YAML: empty, blank or unusual line breaks.
    static let harmless = ["empty.yml", "whitespace-only.yml", "comments-only.yml", "bom-only.yml",
                           "crlf-and-bom.yml", "lone-cr-line-breaks.yml"]

    static let validStrings = "en:\n  a: A\n"
    static let validCatalog = "routes:\n  Home:\n    tab: { icon: house }\n    title: a\n"

    static func project(_ files: [String: String] = [:]) throws -> TemporaryDirectory {
        var all = [".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\n",
                   "routes.yml": validCatalog, "strings.yml": validStrings]
        for (path, text) in files { all[path] = text }
        return try TemporaryDirectory().write(all)
    }

    static func expectClean(_ result: GuardedCLI.Result, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!result.timedOut, "timed out", sourceLocation: sourceLocation)
        #expect(!result.signaled, "killed by a signal: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(result.stderr)",
                sourceLocation: sourceLocation)
    }

    /// The finding line `input.yml:L:C: error: … [rule]` in `output`, if present.
    static func finding(_ testCase: Case, in output: String, file: String) -> Bool {
        output.split(separator: "\n").contains { line in
            line.hasPrefix("\(file):\(testCase.line):\(testCase.column): error: ") && line.contains(testCase.message)
                && line.hasSuffix("[\(testCase.rule)]")
        }
    }

    @Test(arguments: cases)
    func asStringsFile(_ testCase: Case) throws {
        let dir = try Self.project()
        try GuardedCLI.fixture(testCase.fixture).write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        Self.expectClean(result)
        #expect(result.status == 1)
        #expect(Self.finding(testCase, in: result.stdout, file: "strings.yml"), "\(result.stdout)")
    }

    @Test(arguments: cases)
    func asCatalog(_ testCase: Case) throws {
        let dir = try Self.project()
        try GuardedCLI.fixture(testCase.fixture).write(to: dir.url.appendingPathComponent("routes.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        Self.expectClean(result)
        #expect(result.status == 1)
        #expect(Self.finding(testCase, in: result.stdout, file: "routes.yml"), "\(result.stdout)")
    }

    @Test(arguments: cases)
    func asConfig(_ testCase: Case) throws {
        let dir = try Self.project()
        try GuardedCLI.fixture(testCase.fixture).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        let result = try GuardedCLI.run(["lint"], in: dir.url)
        Self.expectClean(result)
        // A config that cannot be read stops the run (exit 2) at the first problem, with its place.
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let line = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.contains(".routekit.yml:\(testCase.line):\(testCase.column): error: ") && line.contains(testCase.message), "\(result.stderr)")
    }

    @Test(arguments: cases)
    func asFlow(_ testCase: Case) throws {
        let dir = try Self.project()
        try GuardedCLI.fixture(testCase.fixture).write(to: dir.url.appendingPathComponent("flow.yml"))
        let result = try GuardedCLI.run(["replay", "flow.yml"], in: dir.url)
        Self.expectClean(result)
        #expect(result.status == 1)
        #expect(Self.finding(testCase, in: result.stderr, file: "flow.yml"), "\(result.stderr)")
    }

    @Test(arguments: harmless)
    func harmlessFilesAreFine(_ fixture: String) throws {
        let bytes = try GuardedCLI.fixture(fixture)
        // As a strings file or a catalog: no finding at all.
        for role in ["strings.yml", "routes.yml"] {
            let dir = try Self.project(role == "strings.yml" ? ["routes.yml": ""] : [:])
            try bytes.write(to: dir.url.appendingPathComponent(role))
            let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
            Self.expectClean(result)
            if ["crlf-and-bom.yml", "lone-cr-line-breaks.yml"].contains(fixture) {
                // crlf-and-bom and lone-cr hold `en: { a: b }`: valid strings, and an unknown catalog field.
                #expect(role == "strings.yml" ? result.stdout.isEmpty : result.stdout.contains("unknown catalog field 'en'"), "\(fixture) as \(role): \(result.stdout)")
            } else {
                #expect(result.status == 0 && result.stdout.isEmpty, "\(fixture) as \(role): \(result.stdout)")
            }
        }
        // As a config: it says what is missing.
        let dir = try Self.project()
        try bytes.write(to: dir.url.appendingPathComponent(".routekit.yml"))
        let config = try GuardedCLI.run(["lint"], in: dir.url)
        Self.expectClean(config)
        #expect(config.status == 2)
        #expect(config.stderr.contains("the config is empty") || config.stderr.contains("'.routekit.yml' is a strings file"), "\(config.stderr)")
        // As a flow: it says what is missing.
        try bytes.write(to: dir.url.appendingPathComponent("flow.yml"))
        try Data("catalog: routes.yml\nstrings: [strings.yml]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        let flow = try GuardedCLI.run(["replay", "flow.yml"], in: dir.url)
        Self.expectClean(flow)
        #expect(flow.status == 1)
        #expect(flow.stderr.contains("the flow is empty; it needs `steps:`") || flow.stderr.contains("unknown flow field 'en'"), "\(flow.stderr)")
    }

    @Test func nullDocumentsAreNotMappings() throws {
        for fixture in ["document-marker-only.yml", "null-document.yml", "truncated-after-key.yml"] {
            let dir = try Self.project()
            try GuardedCLI.fixture(fixture).write(to: dir.url.appendingPathComponent("strings.yml"))
            let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
            Self.expectClean(result)
            #expect(result.status == 1)
            #expect(result.stdout.contains("[invalid-field]"), "\(fixture): \(result.stdout)")
        }
    }

    // MARK: - Big inputs, generated here rather than committed

    @Test func tenMegabyteScalar() throws {
        let dir = try Self.project()
        var bytes = Array("en:\n  a: ".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 10 * 1024 * 1024)
        bytes += Array("\n".utf8)
        try Data(bytes).write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        Self.expectClean(result)
        #expect(result.status == 1)
        #expect(result.stdout.contains("strings.yml:2:6: error: a value of 10485760 bytes is over the limit of 65536 (limits.scalar-length) [yaml-syntax]"), "\(result.stdout)")
    }

    @Test func aMillionKeys() throws {
        let dir = try Self.project()
        var text = "en:\n"
        text.reserveCapacity(14_000_000)
        for index in 0..<1_000_000 { text += "  k\(index): v\n" }
        try Data(text.utf8).write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url, timeout: 300)
        Self.expectClean(result)
        // 1,000,000 keys and values and two mappings are 2,000,002 values: over the node limit.
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: more than 2000000 values in one file (limits.node-count) [yaml-syntax]"), "\(result.stdout.prefix(500))")
    }

    @Test(arguments: ["[", "{", "- "])
    func hundredThousandNested(_ opener: String) throws {
        let dir = try Self.project()
        // `- - - x` nests block sequences only at the start of a line.
        let text = (opener == "- " ? "en:\n  a:\n    " : "en:\n  a: ") + String(repeating: opener, count: 100_000) + "x\n"
        try Data(text.utf8).write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        Self.expectClean(result)
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: nesting deeper than 200 levels (limits.depth) [yaml-syntax]"), "\(result.stdout.prefix(500))")
    }

    @Test func billionLaughsIsNotExpanded() throws {
        // Ten levels of ten aliases each would be 10^10 values if expanded.
        let dir = try Self.project()
        try GuardedCLI.fixture("alias-chain.yml").write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try GuardedCLI.run(["lint", "--quiet", "--format", "json"], in: dir.url)
        Self.expectClean(result)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let diagnostics = json?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.filter { ($0["message"] as? String)?.hasPrefix("aliases (") == true }.count == 90)
        #expect(result.seconds < 60)
    }

    // MARK: - Files that are not files

    @Test func fifoIsRefusedWithoutHanging() throws {
        let dir = try Self.project()
        #expect(mkfifo(dir.path("pipe.yml"), 0o644) == 0)
        // Named in the config, found by a glob, given as the config, given as a flow.
        try Data("strings: [pipe.yml]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        var result = try GuardedCLI.run(["lint"], in: dir.url, timeout: 30)
        Self.expectClean(result)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".routekit.yml:1:11: error: strings file 'pipe.yml' is not a regular file"), "\(result.stderr)")

        try Data("strings: [\"*.yml\"]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url, timeout: 30)
        Self.expectClean(result)
        #expect(result.stdout.contains("pipe.yml:1:1: error: is not a regular file [yaml-syntax]"), "\(result.stdout)")

        result = try GuardedCLI.run(["lint", "--config", "pipe.yml"], in: dir.url, timeout: 30)
        Self.expectClean(result)
        #expect(result.status == 2)
        #expect(result.stderr.contains("pipe.yml: error: is not a regular file"), "\(result.stderr)")

        try Data("catalog: routes.yml\nstrings: [strings.yml]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        result = try GuardedCLI.run(["replay", "pipe.yml"], in: dir.url, timeout: 30)
        Self.expectClean(result)
        #expect(result.status == 2)
        #expect(result.stderr.contains("pipe.yml: error: is not a regular file"), "\(result.stderr)")
    }

    @Test func directoryNamedLikeAYAMLFile() throws {
        let dir = try Self.project(["dir.yml/inside.txt": "x"])
        try Data("catalog: dir.yml\nstrings: [strings.yml]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        var result = try GuardedCLI.run(["lint"], in: dir.url)
        Self.expectClean(result)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".routekit.yml:1:10: error: catalog file 'dir.yml' is a directory, not a file"))
        // A glob skips directories.
        try Data("strings: [\"*.yml\"]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        Self.expectClean(result)
        #expect(!result.stdout.contains("dir.yml"), "\(result.stdout)")
        // As the config or a flow.
        result = try GuardedCLI.run(["lint", "--config", "dir.yml"], in: dir.url)
        #expect(result.status == 2 && result.stderr.contains("dir.yml: error: the config is a directory, not a file"), "\(result.stderr)")
        try Data("catalog: routes.yml\nstrings: [strings.yml]\n".utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
        result = try GuardedCLI.run(["replay", "dir.yml"], in: dir.url)
        #expect(result.status == 2 && result.stderr.contains("dir.yml: error: is a directory, not a file"), "\(result.stderr)")
    }

    @Test func symlinkLoops() throws {
        let dir = try Self.project()
        try FileManager.default.createSymbolicLink(atPath: dir.path("a.yml"), withDestinationPath: "b.yml")
        try FileManager.default.createSymbolicLink(atPath: dir.path("b.yml"), withDestinationPath: "a.yml")
        try FileManager.default.createSymbolicLink(atPath: dir.path("loopdir"), withDestinationPath: ".")
        for (config, expected) in [
            ("catalog: a.yml\nstrings: [strings.yml]\n", ".routekit.yml:1:10: error: catalog file 'a.yml' is a symbolic link loop"),
            ("strings: [\"**/*.yml\"]\n", nil),
            ("strings: [\"loopdir/loopdir/loopdir/*.yml\"]\n", nil),
        ] as [(String, String?)] {
            try Data(config.utf8).write(to: dir.url.appendingPathComponent(".routekit.yml"))
            let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url, timeout: 30)
            Self.expectClean(result)
            if let expected {
                #expect(result.status == 2 && result.stderr.contains(expected), "\(result.stderr)")
            } else {
                // Globs: the loop links are reported as unreadable inputs, never followed forever.
                #expect(result.status == 1 && result.stdout.contains("a.yml:1:1: error: too many levels of symbolic links [yaml-syntax]"),
                        "\(config): \(result.stdout) \(result.stderr)")
            }
        }
        let result = try GuardedCLI.run(["lint", "--config", "a.yml"], in: dir.url, timeout: 30)
        Self.expectClean(result)
        #expect(result.status == 2)
    }

    /// Tests run as root, which reads any file: the binary runs as `nobody` for this one (through
    /// `setpriv`, so the test needs it; without it the test is a visible skip, never a silent pass).
    /// Seen to fail (issue 35, item 5): with the strings file left readable (0o644) the run
    /// exits 0 and both expectations fail.
    @Test(.requires(.setpriv)) func unreadableFile() throws {
        let dir = try Self.project()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.path("strings.yml"))
        var wrapper: [String] = []
        if geteuid() == 0 {
            wrapper = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            // `nobody` must be able to reach the project and run the binary: asked as `nobody`
            // (root passes every access check). Where it cannot, the test fails saying so.
            for (flag, path) in [("-r", dir.path(".routekit.yml")), ("-x", CLI.binary.path)] {
                let probe = Process()
                probe.executableURL = URL(fileURLWithPath: wrapper[0])
                probe.arguments = Array(wrapper.dropFirst()) + ["/usr/bin/test", flag, path]
                try probe.run()
                probe.waitUntilExit()
                try #require(probe.terminationStatus == 0, "user nobody cannot reach \(path): the test cannot run here")
            }
        }
        let result = try GuardedCLI.run(["lint"], in: dir.url, wrapper: wrapper)
        Self.expectClean(result)
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(".routekit.yml:2:11: error: strings file 'strings.yml' cannot be read (permission denied)"), "\(result.stderr)")
    }
}
