import Foundation
import Testing
@testable import RouteKit

/// Every example in `lint-rules/<id>.yml` runs here: the documentation cannot drift from the code.
@Suite struct RuleExampleTests {
    static let cases: [(String, Int)] = RuleDocs.docs.flatMap { doc in
        doc.examples.indices.map { (doc.id, $0) }
    }

    @Test(arguments: cases)
    func example(rule: String, index: Int) throws {
        let example = try #require(RuleDocs.doc(rule)?.examples[index])
        let (findings, all) = try ExampleProject.lint(example, only: rule)
        #expect(findings == example.triggers, "\(rule): \(example.description) — got \(all.map(\.message))")
    }

    static var declaredIDs: [String] {
        RuleRegistry.rules.map { type(of: $0).id } + RuleRegistry.readerRules.map { $0.id }
    }

    /// The project's own docs are its contract: every rule the linter runs or the readers report
    /// has a `lint-rules/<id>.yml` that parses, and every doc names a rule that exists.
    @Test func everyRuleIsDocumentedAndEveryDocIsARule() throws {
        #expect(RuleDocs.problems(declaredIDs: Self.declaredIDs, documents: RuleDocs.embeddedFiles) == [])
    }

    /// Adding a rule without its document fails, naming the rule; so does a document without a
    /// rule, or one that does not parse.
    @Test func aMissingOrBrokenDocumentNamesTheRule() throws {
        var documents = RuleDocs.embeddedFiles
        documents.removeAll { $0.name == "tab-parity.yml" }
        documents.append((name: "ghost-rule.yml", text: "id: ghost-rule\nseverity: warning\nsummary: s\nrationale: r\nfix: f\n"))
        documents.append((name: "broken-rule.yml", text: "id: broken-rule\nseverity: [\n"))
        let problems = RuleDocs.problems(declaredIDs: Self.declaredIDs + ["broken-rule"], documents: documents)
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix("lint-rules/broken-rule.yml does not parse") })
        #expect(problems.contains("rule 'tab-parity' has no document: add lint-rules/tab-parity.yml and run Scripts/generate-rule-docs.py"))
        #expect(problems.contains { $0.hasPrefix("lint-rules/ghost-rule.yml documents no rule") })
    }

    /// Every rule type under `Rules/` is registered: the generated registry is current.
    @Test func everyRuleTypeIsRegistered() throws {
        let rules = CLI.packageRoot.appendingPathComponent("Sources/RouteKit/Rules")
        let files = (FileManager.default.enumerator(atPath: rules.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        let declaration = try Regex(#"(?m)^(?:public )?struct (\w+): (LintRule|ReaderRule)\b"#)
        var declared: Set<String> = []
        for file in files {
            let source = try String(contentsOf: rules.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: declaration) { declared.insert(String(match.output[1].substring ?? "")) }
        }
        let registered = Set(RuleRegistry.rules.map { "\(type(of: $0))" } + RuleRegistry.readerRules.map { "\($0)" })
        #expect(declared.count >= 30)
        #expect(declared == registered, "run Scripts/generate-rule-docs.py: not registered \(declared.subtracting(registered).sorted()), gone \(registered.subtracting(declared).sorted())")
        // Scheduling names only rules that exist.
        #expect(Set(RuleRegistry.longRunningFirst).isSubset(of: Set(RuleRegistry.rules.map { type(of: $0).id })))
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for doc in RuleDocs.docs {
            let severity = doc.descriptor.defaultSeverity?.rawValue ?? "off"
            #expect(readme.contains("| `\(doc.id)` | \(severity) |"), "README rules table lacks \(doc.id)")
        }
    }

    @Test func everyDocHasATriggeringAndAPassingExample() {
        for doc in RuleDocs.docs {
            #expect(doc.examples.contains { $0.mustTrigger }, "\(doc.id) has no triggering example")
            #expect(doc.examples.contains { !$0.mustTrigger }, "\(doc.id) has no passing example")
        }
    }

    @Test func embeddedDocsMatchTheFiles() throws {
        let directory = CLI.packageRoot.appendingPathComponent("lint-rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(RuleDocs.embeddedFiles.map(\.name) == names, "run Scripts/generate-rule-docs.py")
        for (name, text) in RuleDocs.embeddedFiles {
            let onDisk = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(onDisk.trimmingCharacters(in: .newlines) == text, "\(name) changed: run Scripts/generate-rule-docs.py")
        }
        #expect(RuleDocs.docs.count == RuleDocs.embeddedFiles.count, "a rule document failed to parse")
        for (name, text) in RuleDocs.embeddedFiles {
            #expect(throws: Never.self) { try RuleDoc.parse(text, name: name) }
        }
    }
}
