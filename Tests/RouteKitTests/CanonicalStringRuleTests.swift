import Testing
@testable import RouteKit

/// The string rules compare texts on bytes; they must still treat canonically equivalent text
/// (precomposed `é` and `e` with a combining accent; KELVIN SIGN and `K`) as equal, as Swift
/// Strings do.
@Suite struct CanonicalStringRuleTests {
    static func findings(_ rule: String, routes: String, strings: String) throws -> [Finding] {
        let example = RuleDoc.Example(description: rule, triggers: [], files: [("routes.yml", routes), ("strings.yml", strings)],
                                      config: nil)
        return try ExampleProject.lint(example, only: rule).all
    }

    @Test func unboundPlaceholderMatchesArgNamesCanonically() throws {
        let routes = """
        routes:
          A:
            params: { p: String }
            title: { key: a, args: { "K": p } }
          B:
            params: { p: String }
            title: { key: b, args: { "K": p } }
        """
        let strings = "en:\n  a: \"x %{\u{212A}}\"\n  b: \"x %{k}\"\n"
        let found = try Self.findings("unbound-placeholder", routes: routes, strings: strings)
        #expect(found.map(\.route) == ["B"])
    }

    /// Ruby I18n's names are ASCII (`\w`): `%{K}` written with the Kelvin sign is no placeholder
    /// at all, so the German text lacks `%{K}` (and shows the sign as typed); `k` is another name.
    @Test func placeholderMismatchComparesNamesAsRubyDoes() throws {
        let strings = "en:\n  a: \"%{K}\"\n  b: \"%{K}\"\nde:\n  a: \"%{\u{212A}}\"\n  b: \"%{k}\"\n"
        let found = try Self.findings("placeholder-mismatch", routes: "routes: {}\n", strings: strings)
        #expect(found.map(\.key) == ["a", "b"])
    }

    @Test func ambiguousTitleFindsCanonicallyEqualTitles() throws {
        let routes = """
        routes:
          A:
            tab: { icon: a }
            title: a
          B:
            tab: { icon: b }
            title: b
          C:
            tab: { icon: c }
            title: c
          D:
            tab: { icon: d }
            title: d
        """
        let strings = "en:\n  a: \"Café\"\n  b: \"Cafe\u{301}\"\n  c: \"\u{212A}\"\n  d: \"K\"\n"
        let found = try Self.findings("ambiguous-title", routes: routes, strings: strings)
        #expect(found.map(\.route) == ["B", "D"])
    }
}
