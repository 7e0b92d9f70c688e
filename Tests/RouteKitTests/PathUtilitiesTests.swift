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
}
