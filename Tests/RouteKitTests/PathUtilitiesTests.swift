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
