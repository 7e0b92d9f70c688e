import Testing
@testable import RouteKit

/// The rules in `Sources/RouteKit/Rules/Catalog/`, for what their examples cannot show: the
/// severity set in the config (lowered, or raised from info or off), `off`, suppression
/// comments, and options (see `RuleFamily`).
@Suite struct CatalogRuleFamilyTests {
    static let rules = RuleFamily.ids(in: "Catalog")

    @Test func theFamilyIsFound() {
        #expect(Self.rules.count >= 4, "\(Self.rules)")
        #expect(Set(Self.rules).isSubset(of: Set(RuleDocs.ids)), "\(Set(Self.rules).subtracting(RuleDocs.ids))")
    }

    @Test(arguments: rules) func severityFromTheConfig(rule: String) throws {
        try RuleFamily.checkSeverityFromConfig(rule)
    }

    @Test(arguments: rules) func suppressionComments(rule: String) throws {
        try RuleFamily.checkSuppression(rule)
    }

    @Test(arguments: rules) func optionsAreValidated(rule: String) {
        RuleFamily.checkTakesNoOptions(rule)
    }
}
