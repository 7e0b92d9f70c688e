import Foundation
import Testing

/// A baseline and every fingerprint survive copying the project elsewhere and adding lines above
/// a finding: no output names a path outside the project or carries a line in a finding's
/// identity. Duplicate keys were the exception ("already defined at /abs/…/en.yml:2:3", or "at
/// line 2" within one file); they now name the first file relative to the config's directory.
@Suite struct PortableBaselineTests {
    /// Duplicates of every kind: a route twice in one catalog file and across two, a key twice in
    /// one mapping, and across two strings files.
    static let files: [String: String] = [
        ".routekit.yml": "catalog: [routes.yml, more/routes.yml]\nstrings: [\"strings/*.yml\"]\n",
        "routes.yml": "routes:\n  Home:\n    title: a\n  Home:\n    title: a\n",
        "more/routes.yml": "routes:\n  Home:\n    title: a\n",
        "strings/en.yml": "en:\n  a: A\n  b: B\n  b: B again\n",
        "strings/extra.yml": "en:\n  a: A again\n",
    ]

    /// The same project with a comment line above everything.
    static func shifted(_ files: [String: String]) -> [String: String] {
        files.mapValues { "# moved down\n" + $0 }
    }

    static func fingerprints(_ directory: URL) throws -> [String] {
        let result = try CLI.run(["lint", "--format", "json"], in: directory)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(json?["diagnostics"] as? [[String: Any]])
        return findings.compactMap { $0["fingerprint"] as? String }.sorted()
    }

    @Test func duplicateMessagesNameNoAbsolutePathAndNoLine() throws {
        let dir = try TemporaryDirectory().write(Self.files)
        let result = try CLI.run(["lint", "--format", "json"], in: dir.url)
        #expect(result.status == 1)
        let messages = result.stdout.components(separatedBy: "\"message\":").dropFirst().map { $0.prefix(120) }
        let duplicates = messages.filter { $0.contains("already defined") }
        #expect(duplicates.count == 4, "\(messages)")
        #expect(result.stdout.contains("route 'Home' is already defined in routes.yml"))
        #expect(result.stdout.contains("key 'b' is already defined earlier in this mapping"))
        #expect(result.stdout.contains("key 'Home' is already defined earlier in this mapping"))
        #expect(result.stdout.contains("key 'a' of locale 'en' is already defined in strings/en.yml"))
        for message in duplicates {
            #expect(!message.contains("line") && !message.contains(":2") && !message.contains(dir.url.path), "\(message)")
        }
    }

    @Test func baselineSurvivesACopyElsewhereWithLinesAdded() throws {
        let first = try TemporaryDirectory().write(Self.files)
        let written = try CLI.run(["lint", "--write-baseline", "baseline.json"], in: first.url)
        #expect(written.status == 0, "\(written.stderr)")
        let baseline = try String(contentsOf: first.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(!baseline.contains(first.url.path) && !baseline.contains("/tmp"), "\(baseline)")

        let second = try TemporaryDirectory()
        try second.write(Self.shifted(Self.files).mapKeys { "deeper/copy/" + $0 })
        try baseline.write(to: second.url.appendingPathComponent("deeper/copy/baseline.json"), atomically: true, encoding: .utf8)
        let copy = second.url.appendingPathComponent("deeper/copy")
        let result = try CLI.run(["lint", "--baseline", "baseline.json", "--strict-baseline"], in: copy)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try Self.fingerprints(first.url) == Self.fingerprints(copy))
    }

    /// No format names the temporary directory, run from the project or from elsewhere.
    @Test(arguments: ["json", "sarif", "junit", "checkstyle", "markdown", "github", "text"])
    func noFormatCarriesAnAbsolutePath(_ format: String) throws {
        let dir = try TemporaryDirectory().write(Self.files)
        let fromProject = try CLI.run(["lint", "--format", format], in: dir.url)
        #expect(fromProject.status == 1)
        // SARIF's one absolute URI is the base the relative ones resolve against (%SRCROOT%).
        let withoutBase = fromProject.stdout.replacingOccurrences(of: "\"uri\": \"file://\(dir.url.path)/\"", with: "")
        #expect(!withoutBase.contains(dir.url.path), "\(fromProject.stdout.prefix(500))")
        // Machine-read formats are relative to the config's directory from any working directory
        // (text and github are relative to the working directory, where editors and CI look).
        if !["github", "text"].contains(format) {
            let fromElsewhere = try CLI.run(["lint", dir.url.path, "--format", format], in: URL(fileURLWithPath: "/"))
            #expect(fromElsewhere.stdout == fromProject.stdout)
        }
    }
}

extension Dictionary {
    fileprivate func mapKeys(_ transform: (Key) -> Key) -> [Key: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
