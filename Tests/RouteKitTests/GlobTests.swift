import Foundation
import Testing
@testable import RouteKit

@Suite struct GlobTests {
    @Test func matchesSegments() {
        #expect(Glob.matches(name: "en.yml", pattern: "*.yml"))
        #expect(!Glob.matches(name: "en.yaml", pattern: "*.yml"))
        #expect(Glob.matches(name: "de.yml", pattern: "[a-e]?.yml"))
        #expect(!Glob.matches(name: "fr.yml", pattern: "[!f]?.yml"))
        #expect(Glob.expandBraces("s/{a,b}/*.{yml,yaml}").count == 4)
    }

    @Test func expandsOnDisk() throws {
        let dir = try TemporaryDirectory().write([
            "strings/en.yml": "", "strings/de/x.yml": "", "strings/.hidden.yml": "", "other.yml": "",
        ])
        let root = dir.url.path
        #expect(Glob.expand("strings/*.yml", root: root).map { PathUtilities.relative($0, to: root) } == ["strings/en.yml"])
        #expect(Glob.expand("strings/**/*.yml", root: root).map { PathUtilities.relative($0, to: root) } == ["strings/de/x.yml", "strings/en.yml"])
        #expect(Glob.expand("{other,strings/en}.yml", root: root).count == 2)
    }

    /// The listing's kinds decide what needs `realpath` (Project.resolve checks only these): a
    /// link to a file, in a listed directory or named literally, is one; a regular file is not.
    @Test func linksAreNotedAndRegularFilesAreNot() throws {
        let dir = try TemporaryDirectory().write(["strings/en.yml": "", "strings/de/x.yml": "", "other.yml": ""])
        let root = dir.url.path
        try FileManager.default.createSymbolicLink(atPath: dir.path("strings/alias.yml"), withDestinationPath: "en.yml")
        try FileManager.default.createSymbolicLink(atPath: dir.path("strings/dirlink"), withDestinationPath: "de")
        let kinds = Dictionary(uniqueKeysWithValues: Glob.entries(of: dir.path("strings")).map { ($0.name, $0.kind) })
        #expect(kinds == ["alias.yml": .link, "de": .directory, "dirlink": .link, "en.yml": .regular])
        #expect(Glob.entries(of: dir.path("strings")).map(\.name) == ["alias.yml", "de", "dirlink", "en.yml"])

        let (expansions, mayBeLinks) = Glob.expandNotingLinks(["strings/**/*.yml", "other.yml"], root: root, confinedTo: root)
        #expect(expansions.map { $0.matches.map { PathUtilities.relative($0, to: root) } }
            == [["strings/alias.yml", "strings/de/x.yml", "strings/en.yml"], ["other.yml"]])
        #expect(Set(mayBeLinks.map { PathUtilities.relative($0, to: root) }) == ["strings/alias.yml", "other.yml"])
    }

    /// The one walk for all patterns matches what a plain listing of every file, matched segment
    /// by segment, gives (`**` any number of directories, hidden names only by a dotted segment).
    @Test func theWalkMatchesEveryFileAListingMatches() throws {
        var files: [String: String] = [:]
        for a in 0 ..< 12 {
            for b in 0 ..< 5 {
                files["d\(a)/s\(b)/x\(a % 3).kt"] = ""
                files["d\(a)/s\(b)/deep/er/y\(b).swift"] = ""
                files["d\(a)/.hidden/z.kt"] = ""
            }
        }
        let dir = try TemporaryDirectory().write(files)
        let root = dir.url.path
        let patterns = ["d*/**/*.kt", "**/y?.swift", "d1*/s[0-2]/*.kt", "d3/s4/deep/**/*.swift"]
        func matches(_ path: ArraySlice<Substring>, _ pattern: ArraySlice<Substring>) -> Bool {
            guard let segment = pattern.first else { return path.isEmpty }
            if segment == "**" {
                return matches(path, pattern.dropFirst())
                    || (path.first.map { !$0.hasPrefix(".") } ?? false && matches(path.dropFirst(), pattern))
            }
            guard let name = path.first, !name.hasPrefix(".") || segment.hasPrefix("."),
                  Glob.matches(name: String(name), pattern: String(segment)) else { return false }
            return matches(path.dropFirst(), pattern.dropFirst())
        }
        let expanded = Glob.expand(patterns, root: root, confinedTo: root)
        for (index, pattern) in patterns.enumerated() {
            let expected = files.keys.filter { matches($0.split(separator: "/")[...], pattern.split(separator: "/")[...]) }.sorted()
            #expect(expanded[index].matches.map { PathUtilities.relative($0, to: root) } == expected, "\(pattern)")
            #expect(!expected.isEmpty)
        }
    }
}
