import Foundation
import Testing

/// Bad input never crashes or hangs: each case gives a finding with file, line and column, or a
/// clear exit-2 error. Run through the real binary.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: String   // "line:col" of the first finding
        var rule: String = "yaml-syntax"
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unterminated quote", bytes: Array("en:\n  a: \"open\n".utf8), expected: "3:1"),
        Case(name: "tab indentation", bytes: Array("en:\n\ta: b\n".utf8), expected: "2:1"),
        Case(name: "duplicate keys at depth 1", bytes: Array("en:\n  a: 1\n  a: 2\n".utf8), expected: "3:3", rule: "duplicate-key"),
        Case(name: "duplicate keys at depth 3", bytes: Array("en:\n  a:\n    b:\n      c: 1\n      c: 2\n".utf8), expected: "5:7", rule: "duplicate-key"),
        Case(name: "duplicate locale", bytes: Array("en:\n  a: 1\nen:\n  b: 2\n".utf8), expected: "3:1", rule: "duplicate-key"),
        Case(name: "sequence as key", bytes: Array("en:\n  ? [a, b]\n  : c\n".utf8), expected: "2:5"),
        Case(name: "several documents", bytes: Array("en:\n  a: 1\n---\nde:\n  a: 2\n".utf8), expected: "3:1"),
        Case(name: "invalid UTF-8", bytes: Array("en:\n  a: b".utf8) + [0xC3, 0x28], expected: "2:7"),  // the start of the broken sequence
        Case(name: "NUL byte", bytes: Array("en:\n  ab".utf8) + [0] + Array(": c\n".utf8), expected: "2:5"),
        Case(name: "100,000 nested [", bytes: Array("en:\n  a: ".utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000), expected: "2:204"),
        Case(name: "alias chain of 12 levels", bytes: Array(aliasChain.utf8), expected: "3:12"),
        Case(name: "UTF-16 with BOM", bytes: [0xFF, 0xFE] + Array("en:".utf8).flatMap { [$0, 0] }, expected: "1:1"),
    ]

    static var aliasChain: String {
        var text = "en:\n  a0: &a0 [x, x]\n"
        for level in 1...12 { text += "  a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]\n" }
        return text
    }

    @Test(arguments: cases)
    func malformedStringsFile(_ testCase: Case) throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [strings.yml]\n"])
        try Data(testCase.bytes).write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try CLI.run(["lint", "--quiet"], in: dir.url)
        #expect(result.status == 1, "\(result.stderr)")
        let first = result.stdout.split(separator: "\n").first { $0.hasSuffix("[\(testCase.rule)]") }.map(String.init) ?? ""
        #expect(first.hasPrefix("strings.yml:\(testCase.expected): error: "), "\(result.stdout)")
    }

    @Test func bomAndCRLFAreFine() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [strings.yml]\n"])
        try Data([0xEF, 0xBB, 0xBF] + Array("en:\r\n  a: b\r\n".utf8)).write(to: dir.url.appendingPathComponent("strings.yml"))
        let result = try CLI.run(["lint"], in: dir.url)
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func emptyFilesAreFine() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\n",
                                                  "routes.yml": "", "strings.yml": "\n"])
        let result = try CLI.run(["lint"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("0 errors"))
    }

    @Test func directoryMissingFileAndOutsideRootAreExitTwo() throws {
        let dir = try TemporaryDirectory().write(["p/x/keep": "", "outside.yml": "en: {}\n"])
        let project = dir.url.appendingPathComponent("p")
        let cases: [(String, String)] = [
            ("catalog: x\nstrings: []\n", ".routekit.yml:1:10: error: catalog file 'x' is a directory, not a file"),
            ("strings: [missing.yml]\n", ".routekit.yml:1:11: error: strings file 'missing.yml' does not exist"),
            ("strings: [../outside.yml]\n", ".routekit.yml:1:11: error: strings path '../outside.yml' leaves the project root"),
            ("strings: [/etc/passwd]\n", ".routekit.yml:1:11: error: strings path '/etc/passwd' is absolute"),
        ]
        for (config, message) in cases {
            try Data(config.utf8).write(to: project.appendingPathComponent(".routekit.yml"))
            let result = try CLI.run(["lint"], in: project)
            #expect(result.status == 2, "\(config)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func symlinkOutOfTheRootIsRefusedWithoutPrintingIt() throws {
        let dir = try TemporaryDirectory().write(["secret.yml": "en: { password: hunter2 }\n",
                                                  "p/.routekit.yml": "strings: [\"*.yml\"]\n"])
        try FileManager.default.createSymbolicLink(atPath: dir.path("p/link.yml"), withDestinationPath: dir.path("secret.yml"))
        let result = try CLI.run(["lint"], in: dir.url.appendingPathComponent("p"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("'link.yml' resolves (through a symbolic link) outside the project root"))
        #expect(!result.stderr.contains("hunter2") && !result.stdout.contains("hunter2"))
    }

    @Test func symlinkLoopIsExitTwo() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [loop.yml]\n"])
        try FileManager.default.createSymbolicLink(atPath: dir.path("loop.yml"), withDestinationPath: dir.path("loop.yml"))
        let result = try CLI.run(["lint"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("symbolic link loop"))
    }
}
