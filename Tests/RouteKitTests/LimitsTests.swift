import Foundation
import Testing

/// The hard limits of `InputLimits`, each set low under `limits:` in the config: the finding
/// names the limit and its config key. And a deliberately nasty ~1 MB input set must finish.
@Suite struct LimitsTests {
    static func project(limits: String, strings: String) throws -> TemporaryDirectory {
        try TemporaryDirectory().write([
            ".routekit.yml": "strings: [strings.yml]\nlimits: { \(limits) }\n",
            "strings.yml": strings,
        ])
    }

    static func lint(_ dir: TemporaryDirectory) throws -> GuardedCLI.Result {
        let result = try GuardedCLI.run(["lint", "--quiet"], in: dir.url)
        BadInputSuiteTests.expectClean(result)
        return result
    }

    @Test func fileSize() throws {
        let dir = try Self.project(limits: "file-size: 100", strings: "en:\n  a: " + String(repeating: "x", count: 200) + "\n")
        let result = try Self.lint(dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("strings.yml:1:1: error: the file is 210 bytes, over the limit of 100 (limits.file-size) [yaml-syntax]"), "\(result.stdout)")
    }

    @Test func totalSize() throws {
        let dir = try Self.project(limits: "total-size: 50", strings: "en:\n  a: " + String(repeating: "x", count: 60) + "\n")
        let result = try GuardedCLI.run(["lint"], in: dir.url)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".routekit.yml: error: the inputs total 70 bytes, over the limit of 50 (limits.total-size)"), "\(result.stderr)")
    }

    /// The app's code counts toward the total: 70 bytes of strings and 40 of Kotlin are over 100.
    @Test func totalSizeCountsTheSources() throws {
        let kotlin = "sealed interface AppRoute\n" + String(repeating: "/", count: 13) + "\n"
        let layout = [".routekit.yml": "strings: [strings.yml]\nsources: { kotlin: [Routes.kt] }\nlimits: { total-size: 100 }\n",
                      "strings.yml": "en:\n  a: " + String(repeating: "x", count: 60) + "\n", "Routes.kt": kotlin]
        let overDir = try TemporaryDirectory().write(layout)
        let over = try GuardedCLI.run(["lint"], in: overDir.url)
        BadInputSuiteTests.expectClean(over)
        #expect(over.status == 2)
        #expect(over.stderr.contains(".routekit.yml: error: the inputs total 110 bytes, over the limit of 100 (limits.total-size)"), "\(over.stderr)")
        var within = layout
        within[".routekit.yml"] = "strings: [strings.yml]\nsources: { kotlin: [Routes.kt] }\nlimits: { total-size: 110 }\n"
        let withinDir = try TemporaryDirectory().write(within)
        let fine = try GuardedCLI.run(["lint"], in: withinDir.url)
        #expect(fine.status != 2, "\(fine.stderr)")
    }

    /// A catalog is a tree (tens of bytes of memory per byte): its files have a limit of their own.
    @Test func catalogSize() throws {
        let catalog = "routes:\n  Home: { tab: { icon: house }, title: a }\n"
        let layout = [".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\nlimits: { catalog-size: 40 }\n",
                      "strings.yml": "en:\n  a: A\n", "routes.yml": catalog]
        let overDir = try TemporaryDirectory().write(layout)
        let over = try GuardedCLI.run(["lint"], in: overDir.url)
        BadInputSuiteTests.expectClean(over)
        #expect(over.status == 2)
        #expect(over.stderr.contains(".routekit.yml: error: the catalog files total \(catalog.utf8.count) bytes, over the limit of 40 (limits.catalog-size)"),
                "\(over.stderr)")
        var within = layout
        within[".routekit.yml"] = "catalog: routes.yml\nstrings: [strings.yml]\nlimits: { catalog-size: \(catalog.utf8.count) }\n"
        let withinDir = try TemporaryDirectory().write(within)
        let fine = try GuardedCLI.run(["lint"], in: withinDir.url)
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
    }

    @Test func depth() throws {
        let dir = try Self.project(limits: "depth: 3", strings: "en:\n  a:\n    b:\n      c: d\n")
        let result = try Self.lint(dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("strings.yml:4:7: error: nesting deeper than 3 levels (limits.depth) [yaml-syntax]"), "\(result.stdout)")
        // At the limit is fine.
        let fine = try Self.lint(try Self.project(limits: "depth: 3", strings: "en:\n  a:\n    b: c\n"))
        #expect(fine.status == 0, "\(fine.stdout)")
    }

    @Test func scalarLength() throws {
        let dir = try Self.project(limits: "scalar-length: 10", strings: "en:\n  a: 12345678901\n  b: \"1234567890\"\n")
        let result = try Self.lint(dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("strings.yml:2:6: error: a value of 11 bytes is over the limit of 10 (limits.scalar-length) [yaml-syntax]"), "\(result.stdout)")
    }

    @Test func nodeCount() throws {
        let dir = try Self.project(limits: "node-count: 5", strings: "en:\n  a: A\n  b: B\n  c: C\n")
        let result = try Self.lint(dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("strings.yml:3:3: error: more than 5 values in one file (limits.node-count) [yaml-syntax]"), "\(result.stdout)")
    }

    @Test func defaultsApplyWithoutConfig() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [strings.yml]\n",
                                                  "strings.yml": "en:\n  a: " + String(repeating: "[", count: 201) + "\n"])
        let result = try Self.lint(dir)
        #expect(result.stdout.contains("error: nesting deeper than 200 levels (limits.depth) [yaml-syntax]"), "\(result.stdout)")
    }

    @Test(arguments: ["depth: 0", "depth: -1", "depth: lots", "depth: 99999999999999999999999", "depth: [1]", "size: 1"])
    func badLimitValuesAreConfigErrors(_ entry: String) throws {
        let dir = try Self.project(limits: entry, strings: "en: {}\n")
        let result = try GuardedCLI.run(["lint"], in: dir.url)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".routekit.yml:2:") && result.stderr.contains("limit"), "\(result.stderr)")
    }

    /// Each file about 1 MB, each built to be slow: deep nesting just under the limit, many short
    /// keys, long lines, many duplicate keys, many aliases. The requirement is that every one
    /// finishes (the deadline only catches a hang); SECURITY.md records the measured times.
    static let nastyInputs: [(String, @Sendable () -> String)] = [
        ("deep nesting just under the limit", {
            var text = "en:\n  a:\n"
            var index = 0
            while text.utf8.count < 1_000_000 {
                text += "    - " + String(repeating: "[", count: 197) + "x\(index)" + String(repeating: "]", count: 197) + "\n"
                index += 1
            }
            return text
        }),
        ("many short keys", {
            var text = "en:\n"
            var index = 0
            while text.utf8.count < 1_000_000 { text += "  k\(index): v\n"; index += 1 }
            return text
        }),
        ("long lines", {
            var text = "en:\n"
            for index in 0..<16 { text += "  k\(index): " + String(repeating: "word %{x} ", count: 6_000) + "\n" }
            return text
        }),
        ("many duplicate keys", {
            var text = "en:\n"
            while text.utf8.count < 1_000_000 { text += "  a: v\n" }
            return text
        }),
        ("many aliases", {
            var text = "en:\n  a: &x v\n  list:\n"
            while text.utf8.count < 1_000_000 { text += "    - *x\n" }
            return text
        }),
        ("many flow mappings", {
            var text = "en:\n"
            var index = 0
            while text.utf8.count < 1_000_000 { text += "  k\(index): {one: a, other: b}\n"; index += 1 }
            return text
        }),
        // 160,000 findings, 400 at each text: making each message by scanning its whole text, and
        // ordering a text's findings by their messages, took minutes.
        ("many distinct placeholders shown verbatim", {
            let text = "\"" + (1 ... 399).map { "%\($0)$g " }.joined() + "\""
            return "en:\n" + (0 ..< 400).map { "  k\($0): \(text)\n" }.joined()
        }),
    ]

    @Test(arguments: 0..<7)
    func nastyMegabyteFinishes(_ index: Int) throws {
        let (name, make) = Self.nastyInputs[index]
        let text = make()
        #expect(text.utf8.count >= 900_000 && text.utf8.count <= 1_100_000, "\(name): \(text.utf8.count) bytes")
        // The catalog is as large as the strings file: up to 1.1 MB, past the default catalog limit.
        let dir = try TemporaryDirectory().write([".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\nlimits: { catalog-size: 1100000 }\n",
                                                  "strings.yml": text, "routes.yml": text.replacingOccurrences(of: "en:\n", with: "routes:\n")])
        let result = try GuardedCLI.run(["lint", "--quiet", "--format", "json"], in: dir.url, timeout: 120)
        BadInputSuiteTests.expectClean(result)
        #expect(result.status == 0 || result.status == 1, "\(name): \(result.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(name)")
    }
}

/// `limits.key-length` (item 13 of "Hostile input, round 3"): a key is its dotted prefix and its
/// own name, so no single scalar limit bounds it; and a long key is cut in messages.
@Suite struct KeyLengthLimitTests {
    @Test func aKeyOverTheLimitIsOneFindingAndIsNotRead() throws {
        let dir = try LimitsTests.project(limits: "key-length: 10", strings: "en:\n  abcde:\n    fghij: x\n  ok: y\nde:\n  ok: z\n")
        let result = try LimitsTests.lint(dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("strings.yml:3:5: error: a key of 11 bytes is over the limit of 10 (limits.key-length) [yaml-syntax]"),
                "\(result.stdout)")
        // Not read: no missing translation of `abcde.fghij` in de.
        #expect(!result.stdout.contains("missing-translation"), "\(result.stdout)")
    }

    @Test func aLongKeyIsCutInMessagesAndWholeInTheKeyField() throws {
        let key = String(repeating: "k", count: 300)
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [s.yml]\n", "s.yml": "en:\n  \(key): v\nde: {}\n"])
        let result = try CLI.run(["lint", "--format", "json", "--only", "missing-translation"], in: dir.url)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(json?["diagnostics"] as? [[String: Any]])
        #expect(findings.first?["key"] as? String == key)
        #expect(findings.first?["message"] as? String == "'\(String(repeating: "k", count: 117))…' is missing in locale 'de': users see the 'en' text")
        let text = try CLI.run(["lint", "--only", "missing-translation"], in: dir.url)
        #expect(text.stdout.contains("'\(String(repeating: "k", count: 117))…' is missing"), "\(text.stdout)")
    }
}
