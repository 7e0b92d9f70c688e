import Foundation
import Testing
@testable import RouteKit

/// Every example in `lint-rules/<id>.yml` runs here: the documentation cannot drift from the code.
@Suite struct RuleExampleTests {
    static let cases: [(String, Int)] = RuleCatalog.docs.flatMap { doc in
        doc.examples.indices.map { (doc.id, $0) }
    }

    @Test(arguments: cases)
    func example(rule: String, index: Int) throws {
        let example = try #require(RuleCatalog.doc(rule)?.examples[index])
        let (findings, all) = try ExampleProject.lint(example, only: rule)
        #expect(findings == example.triggers, "\(rule): \(example.description) — got \(all.map(\.message))")
    }

    /// The project's own docs are its contract: every rule the linter runs or the readers report
    /// has a `lint-rules/<id>.yml`, and every doc names a rule that exists.
    @Test func everyRuleIsDocumentedAndEveryDocIsARule() throws {
        let implemented = Set(RuleRegistry.rules.map { type(of: $0).id } + RuleRegistry.readerRuleIDs)
        let documented = Set(RuleCatalog.docs.map(\.id))
        #expect(implemented.subtracting(documented).isEmpty, "rules without a doc: \(implemented.subtracting(documented).sorted())")
        #expect(documented.subtracting(implemented).isEmpty,
                "docs without a rule: \(documented.subtracting(implemented).sorted())")
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for doc in RuleCatalog.docs {
            let severity = doc.descriptor.defaultSeverity?.rawValue ?? "off"
            #expect(readme.contains("| `\(doc.id)` | \(severity) |"), "README rules table lacks \(doc.id)")
        }
    }

    @Test func everyDocHasATriggeringAndAPassingExample() {
        for doc in RuleCatalog.docs {
            #expect(doc.examples.contains { $0.mustTrigger }, "\(doc.id) has no triggering example")
            #expect(doc.examples.contains { !$0.mustTrigger }, "\(doc.id) has no passing example")
        }
    }

    @Test func embeddedDocsMatchTheFiles() throws {
        let directory = CLI.packageRoot.appendingPathComponent("lint-rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(GeneratedRuleDocs.files.map(\.name) == names, "run Scripts/generate-rule-docs.py")
        for (name, text) in GeneratedRuleDocs.files {
            let onDisk = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(onDisk.trimmingCharacters(in: .newlines) == text, "\(name) changed: run Scripts/generate-rule-docs.py")
        }
        #expect(RuleCatalog.docs.count == GeneratedRuleDocs.files.count, "a rule document failed to parse")
        for (name, text) in GeneratedRuleDocs.files {
            #expect(throws: Never.self) { try RuleDoc.parse(text, name: name) }
        }
    }
}
