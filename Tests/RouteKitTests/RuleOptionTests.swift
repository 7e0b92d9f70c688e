import Foundation
import Testing
@testable import RouteKit

/// Rule options are declared once, in the rule's type; the config is validated against those
/// declarations when it is loaded, and `routekit rules <id>` prints them.
@Suite struct RuleOptionTests {
    static let path = "/p/.routekit.yml"

    func parse(_ text: String) -> Result<ProjectConfig, ConfigError> {
        do {
            return .success(try ProjectConfig.parse(YAMLReader.read(text: text, path: Self.path).root, path: Self.path))
        } catch {
            return .failure(error)
        }
    }

    /// Every declared option, as (rule id, option name).
    static let declared: [(String, String)] = RuleRegistry.rules.flatMap { rule in
        type(of: rule).options.map { (type(of: rule).id, $0.name) }
    }

    @Test func rulesDeclareOptions() {
        #expect(Self.declared.contains { $0 == ("title-too-long", "title") })
        #expect(Self.declared.contains { $0 == ("title-too-long", "tab-label") })
        #expect(Self.declared.contains { $0 == ("empty-translation", "other-keys") })
    }

    /// Per option: its default is a value it accepts; a value of the wrong type is a config
    /// error at the value's line and column, naming what the option takes; `routekit rules`
    /// prints the option from the same declaration.
    @Test(arguments: declared)
    func eachOptionIsValidatedAndDocumented(rule: String, name: String) throws {
        let option = try #require(RuleRegistry.options(of: rule).first { $0.name == name })
        #expect(option.accepts(option.defaultText))
        #expect(!option.summary.isEmpty && !option.summary.contains("\n"))
        let good = parse("strings: [s.yml]\nrules:\n  \(rule): { \(name): \(option.defaultText) }\n")
        #expect((try? good.get())?.rules[rule]?.options[name]?.value == option.defaultText)
        let column = rule.count + name.count + 9   // `  rule: { name: ` before the value
        guard case .failure(let error) = parse("strings: [s.yml]\nrules:\n  \(rule): { \(name): abc }\n") else {
            Issue.record("\(rule).\(name): 'abc' was accepted")
            return
        }
        #expect(error.description == "\(Self.path):3:\(column): error: rule '\(rule)': option '\(name)' must be \(option.expected), found 'abc'")
        let printed = try CLI.run(["rules", rule])
        #expect(printed.stdout.contains("  \(name): \(option.summary)\n    \(option.expected); default \(option.defaultText)\n"))
    }

    /// The values that used to turn title-too-long off silently.
    @Test(arguments: ["abc", "5.5", "1e3", "-1", "0", "+5", "\"\"", "[30]", "1001"])
    func titleLimitRejects(_ value: String) {
        guard case .failure(let error) = parse("strings: [s.yml]\nrules:\n  title-too-long: { title: \(value) }\n") else {
            Issue.record("title: \(value) was accepted")
            return
        }
        #expect(error.description.hasPrefix("\(Self.path):3:28: error: "), "\(error)")
        #expect(error.more.isEmpty)
    }

    @Test func validValuesAreTypedForTheRule() throws {
        let config = try parse("strings: [s.yml]\nrules:\n  title-too-long: { title: \"45\", tab-label: ~ }\n  empty-translation: { other-keys: off }\n").get()
        let project = Project(config: config, catalog: RouteCatalog(), hasCatalog: false, strings: StringTable(baseLocale: "en"),
                              suppressions: [:], files: [], diagnostics: [])
        let context = LintContext(project: project, settings: config.rules)
        #expect(context.value(TitleTooLong.title, for: TitleTooLong.self) == 45)
        #expect(context.value(TitleTooLong.tabLabel, for: TitleTooLong.self) == 12)   // `~`: absent, the default
        #expect(context.value(EmptyTranslation.otherKeys, for: EmptyTranslation.self) == nil)   // off
    }

    @Test func unknownOptionNamesTheDeclaredOnes() {
        guard case .failure(let error) = parse("strings: [s.yml]\nrules:\n  title-too-long: { titel: 20 }\n  literal-title: { max: 1 }\n") else {
            Issue.record("accepted")
            return
        }
        #expect(error.description == """
            \(Self.path):3:21: error: rule 'title-too-long' has no option 'titel'; did you mean 'title'?
            \(Self.path):4:20: error: rule 'literal-title' has no option 'max'; it takes no options
            """)
    }

    @Test func readmeListsEveryOption() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for (rule, name) in Self.declared {
            let option = try #require(RuleRegistry.options(of: rule).first { $0.name == name })
            #expect(readme.contains("| `\(rule)` | `\(name)` |") && readme.contains("| \(option.defaultText) |"),
                    "README's options table lacks \(rule).\(name)")
        }
    }

    /// A rule document cannot declare options a second time.
    @Test func documentsDoNotDeclareOptions() {
        #expect(throws: RuleDocError.self) {
            try RuleDoc.parse("id: x\nseverity: error\nsummary: s\nrationale: r\nfix: f\noptions: { a: { default: 1 } }\n", name: "x.yml")
        }
    }
}
