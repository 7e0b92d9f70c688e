import Testing
@testable import RouteKit

/// `limits.findings` bounds what a rule that fires at every push lists (a code base of `D(x)` is a
/// finding per 4 bytes, and a finding 24): the first that many, in the order found, and one more
/// finding that counts the rest. Below the limit nothing changes.
@Suite struct FindingsLimitTests {
    static func pushWithoutTitle(pushes: Int, limit: Int?) throws -> [Finding] {
        let directory = try TemporaryDirectory()
        try directory.write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [s.yml]\nsources: { kotlin: [\"*.kt\"] }\n"
                + (limit.map { "limits: { findings: \($0) }\n" } ?? ""),
            "s.yml": "en:\n  a: b\n",
            "routes.yml": "routes:\n  D: { title: a }\n",
            "Routes.kt": "sealed interface AppRoute\ndata class D(val x: Int) : AppRoute\n",
            "Nav.kt": "fun go(navigate: (AppRoute) -> Unit) {\n" + String(repeating: "D(x)", count: pushes) + "}\n",
        ])
        let project = try Project.load(config: try ProjectConfig.load(path: directory.path(".routekit.yml")))
        return Linter.lint(project, selection: LintSelection(only: ["push-without-title"])).diagnostics
    }

    @Test func aRuleListsAtMostTheLimitAndCountsTheRest() throws {
        let all = try Self.pushWithoutTitle(pushes: 10, limit: nil)
        #expect(all.count == 10)
        let cut = try Self.pushWithoutTitle(pushes: 10, limit: 3)
        #expect(cut.count == 4)
        let listed = cut.filter { $0.location != nil }
        #expect(listed.map { "\($0.location!.line):\($0.location!.column)" } == all.prefix(3).map { "\($0.location!.line):\($0.location!.column)" })
        let notice = cut.first { $0.location == nil }
        #expect(notice?.message == "7 more push-without-title finding(s) are not listed: over the limit of 3 findings (limits.findings)")
        #expect(notice?.file?.hasSuffix(".routekit.yml") == true)
        #expect(try Self.pushWithoutTitle(pushes: 10, limit: 10).count == 10)
    }
}
