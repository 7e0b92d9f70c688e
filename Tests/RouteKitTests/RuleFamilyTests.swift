import Testing
@testable import RouteKit

/// The rules of each family (`Sources/RouteKit/Rules/<family>/`), for what their examples cannot
/// show: the severity set in the config (lowered, or raised from info or off), `off`, suppression
/// comments, and options (see `RuleFamily`). The Strings family's option ranges are in
/// `StringsRuleFamilyTests`.
@Suite struct RuleFamilyTests {
    static let families = ["Catalog", "Strings", "AppCode", "Input"]
    static let rules = families.flatMap { RuleFamily.ids(in: $0) }

    @Test(arguments: families) func theFamilyIsFound(family: String) {
        let rules = RuleFamily.ids(in: family)
        #expect(rules.count >= 4, "\(family): \(rules)")
        #expect(Set(rules).isSubset(of: Set(RuleDocs.ids)), "\(Set(rules).subtracting(RuleDocs.ids))")
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
