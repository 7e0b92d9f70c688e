import Testing
@testable import RouteKit

/// The Strings family's option ranges, which its examples cannot show (the family's severity,
/// suppression and option checks are in `RuleFamilyTests`).
@Suite struct StringsRuleFamilyTests {
    static let path = "/p/.routekit.yml"

    static func parse(_ rules: String) -> Result<ProjectConfig, ConfigError> {
        do {
            return .success(try ProjectConfig.parse(YAMLReader.read(text: "strings: [s.yml]\nrules:\n" + rules, path: path).root, path: path))
        } catch {
            return .failure(error)
        }
    }

    /// The integer limits take 1 to 1000, both ends included; one past either end is an error
    /// at the value (the range, not just the type). Seen to fail: with the range set to 1...999
    /// in `TitleTooLong`, 1000 is rejected.
    @Test(arguments: ["title", "tab-label"], [("0", false), ("1", true), ("1000", true), ("1001", false), ("-5", false), ("999999999999999999999", false)])
    func titleLimitsHaveARange(option: String, value: (String, Bool)) {
        let result = Self.parse("  title-too-long: { \(option): \(value.0) }\n")
        switch result {
        case .success(let config):
            #expect(value.1, "\(option): \(value.0) was accepted")
            #expect(config.rules["title-too-long"]?.options[option]?.value == value.0)
        case .failure(let error):
            #expect(!value.1, "\(option): \(value.0) was rejected: \(error)")
            #expect(error.description.hasPrefix("\(Self.path):3:\(21 + option.count + 2): error: rule 'title-too-long': option '\(option)' must be "),
                    "\(error)")
        }
    }

    @Test(arguments: [("width", true), ("graphemes", true), ("characters", false), ("WIDTH", false), ("1", false)])
    func measureIsAChoice(value: String, accepted: Bool) {
        let result = Self.parse("  title-too-long: { measure: \(value) }\n")
        if case .failure(let error) = result {
            #expect(!accepted, "\(value): \(error)")
            #expect(error.description.contains("option 'measure' must be"), "\(error)")
        } else {
            #expect(accepted, "measure: \(value) was accepted")
        }
    }

    @Test(arguments: [("off", true), ("info", true), ("warning", true), ("error", true), ("fatal", false), ("[error]", false)])
    func otherKeysIsASeverity(value: String, accepted: Bool) {
        let result = Self.parse("  empty-translation: { other-keys: \(value) }\n")
        if case .failure(let error) = result {
            #expect(!accepted, "\(value): \(error)")
            #expect(error.description.contains("other-keys") && error.description.contains(":3:36: error: "), "\(error)")
        } else {
            #expect(accepted, "other-keys: \(value) was accepted")
        }
    }

    /// The limits act at their edges: a 6-column title is over `title: 5` and not over `title: 6`.
    @Test func theTitleLimitActsAtItsEdge() throws {
        let example = RuleDoc.Example(description: "edge", triggers: ["routes.yml:3:12"], files: [
            ("routes.yml", "routes:\n  DetailScreen:\n    title: detail\n"),
            ("strings.yml", "en:\n  detail: Abcdef\n"),
        ], config: nil)
        for (limit, count) in [(5, 1), (6, 0), (1000, 0), (1, 1)] {
            let found = try RuleFamily.findings(RuleFamily.setting("title-too-long", "{ title: \(limit) }", in: example), "title-too-long")
            #expect(found.count == count, "title: \(limit): \(found.map(\.message))")
        }
    }
}
