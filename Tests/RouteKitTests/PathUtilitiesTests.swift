import Foundation
import Testing
@testable import RouteKit

@Suite struct PathUtilitiesTests {
    @Test func normalizesDotsAndDoubleDots() {
        #expect(PathUtilities.normalize("a/./b/../c") == "a/c")
        #expect(PathUtilities.normalize("/a/../../b") == "/b")
        #expect(PathUtilities.normalize("../a") == "../a")
    }

    @Test func relativeToRoot() {
        #expect(PathUtilities.relative("/p/x/y.yml", to: "/p") == "x/y.yml")
        #expect(PathUtilities.relative("/q/y.yml", to: "/p") == "/q/y.yml")
    }

    /// `directory(of:)` is `NSString.deletingLastPathComponent`, which traps on a one-character
    /// bare name in swift-corelibs-foundation: `routekit lint --format json:F` crashed (SIGILL).
    @Test(arguments: ["ab", "a/b", "/a", "/", "a/b/", "a//b", "//a", "./a", "../a/b", "a/b/c.yml", "/x/y/", "abc", "ab.yml", "dir/F"])
    func directoryIsDeletingLastPathComponent(path: String) {
        #expect(PathUtilities.directory(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
    }

    @Test func directoryOfAOneCharacterName() {
        #expect(PathUtilities.directory(of: "F") == "")
        #expect(PathUtilities.directory(of: "é") == "")
        #expect(PathUtilities.directory(of: "") == "")
    }
}

/// `NSString.deletingLastPathComponent` traps on a one-character bare name in
/// swift-corelibs-foundation; no source may call it again (URL's method of the same name is
/// fine). Seen to fail: with one `(path as NSString).deletingLastPathComponent` put back in
/// ProjectConfig.swift, it names that file and line.
@Suite struct NoDeletingLastPathComponentTests {
    @Test func noSourceCallsIt() throws {
        let sources = CLI.packageRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("as NSString).deletingLastPathComponent") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found.append("\(file):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "use PathUtilities.directory(of:): \(found)")
    }
}
