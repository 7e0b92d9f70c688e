import Foundation
@testable import RouteKit

/// Builds a project on disk from a rule example and lints it with the real loaders.
enum ExampleProject {
    static func lint(_ example: RuleDoc.Example, only rule: String?) throws -> (findings: [String], all: [Finding]) {
        let directory = try TemporaryDirectory()
        var files: [String: String] = [:]
        for file in example.files { files[file.path] = file.text }
        if files[".routekit.yml"] == nil {
            var config = ""
            if files["routes.yml"] != nil { config += "catalog: routes.yml\n" }
            config += "strings: [\"strings*.yml\", \"strings/**/*.yml\"]\nbase-locale: en\n"
            config += example.config ?? ""
            files[".routekit.yml"] = config
        }
        try directory.write(files)
        let config = try ProjectConfig.load(path: directory.path(".routekit.yml"))
        let project = try Project.load(config: config)
        let result = Linter.lint(project, selection: rule.map { LintSelection(only: [$0]) } ?? LintSelection())
        // `file:line:col`, or `file:line:col severity` when the example states severities.
        let withSeverity = example.triggers.contains { $0.contains(" ") }
        let findings = result.diagnostics.map { diagnostic -> String in
            let file = PathUtilities.relative(diagnostic.file ?? "", to: directory.url.path)
            let place = diagnostic.location.map { "\(file):\($0.line):\($0.column)" } ?? file
            return withSeverity ? "\(place) \(diagnostic.severity.rawValue)" : place
        }
        return (findings, result.diagnostics)
    }
}
