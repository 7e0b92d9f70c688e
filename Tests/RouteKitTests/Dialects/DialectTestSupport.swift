import Foundation
@testable import RouteKit

/// Small helpers for the dialect tests: a dialect's tokens as `kind:text` strings, and a render.
enum DialectProbe {
    static func tokens(_ dialect: StringDialect, _ text: String, formatted: Bool = true) -> [String] {
        var bytes = text
        return bytes.withUTF8 { b in
            dialect.rules.tokens(in: text, formatted: formatted).map { token in
                let written = String(decoding: UnsafeBufferPointer(rebasing: b[token.range]), as: UTF8.self)
                switch token.kind {
                case .argument: return "arg\(token.position.map(String.init) ?? ""):\(written)"
                case .escape(let replacement): return "escape(\(replacement.debugDescription)):\(written)"
                case .verbatim: return "verbatim:\(written)"
                case .crash(let reason): return "crash(\(reason)):\(written)"
                }
            }
        }
    }

    static func render(_ dialect: StringDialect, _ text: String, _ positional: [String] = [], named: [String: String] = [:],
                       locale: String? = nil) -> String {
        switch dialect.rules.render(text, arguments: FormatArguments(named: named, positional: positional), locale: locale) {
        case .success(let text): return text
        case .failure(let failure): return "error: \(failure.message)"
        }
    }

    /// Lints the files (a `.routekit.yml` among them) and returns `rule file:line` per finding, sorted.
    static func lint(_ files: [(String, String)], only rules: Set<String>? = nil) throws -> [String] {
        let directory = try TemporaryDirectory()
        var map: [String: String] = [:]
        for (path, text) in files { map[path] = text }
        try directory.write(map)
        let config = try ProjectConfig.load(path: directory.path(".routekit.yml"))
        let project = try Project.load(config: config)
        let result = Linter.lint(project, selection: LintSelection())
        return result.diagnostics.filter { rules?.contains($0.rule) ?? true }.map { finding in
            let file = PathUtilities.relative(finding.file ?? "", to: directory.url.path)
            return "\(finding.rule) \(file):\(finding.location?.line ?? 0)"
        }.sorted()
    }
}
