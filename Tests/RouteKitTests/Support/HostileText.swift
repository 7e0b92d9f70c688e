import Foundation
import Testing
@testable import RouteKit

/// A report whose every field carries hostile text, for the tests that check each format
/// neutralizes it.
enum HostileText {
    /// Everything a hostile translation or file name might try.
    static let payload = "x\n::error::owned </failure><script>alert(1)</script> %0A | a|b `code` "
        + "\u{1B}[31mred\u{1B}[0m \u{07}bell\u{00} \r\n::warning file=a,line=1::forged \u{9B}2J \u{202E}evil [l](http://e) $x$ & <b>"

    static let report = LintReport(
        diagnostics: [
            Finding(
                rule: "empty-translation", severity: .error, message: payload,
                location: SourceLocation(file: "/project/strings/" + payload + ".yml", line: 2, column: 4),
                route: payload, key: payload, locale: "de"),
            Finding(rule: "literal-title", severity: .warning, message: payload, file: "/project/a,b:c.yml", route: payload),
            Finding(rule: "unreachable-route", severity: .info, message: payload, key: payload),
            Finding(
                rule: "yaml-syntax", severity: .error, message: "::error::bad",
                location: SourceLocation(file: "/project/::error file=x::owned.yml", line: 1, column: 1)),
            Finding(rule: "yaml-syntax", severity: .error, message: "m", file: "/project/ ::error::spaced.yml"),
        ],
        summary: LintSummary(errors: 3, warnings: 1, infos: 1, files: 4, routes: 1, locales: 1),
        rules: ReportFixtures.rules, root: "/project")
}
