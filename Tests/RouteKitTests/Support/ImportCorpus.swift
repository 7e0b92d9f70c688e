import Foundation
import Testing
@testable import RouteKit

/// The KotlinConf app's files, vendored under their Apache-2.0 licence (`Fixtures/KotlinConf`).
enum ImportCorpus {
    static let kotlinconf = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf")
    static let xcstrings = kotlinconf.appendingPathComponent("app/iosApp/Localizable.xcstrings")

    /// `name → raw text` of `<string>` and `name → [quantity: raw text]` of `<plurals>`, read with
    /// a regular expression rather than an XML parser, as an independent check. Only valid for
    /// files without entities, markup or escapes (true of the kotlinconf corpus).
    static func rawResources(_ file: URL) throws -> (strings: [String: String], plurals: [String: [String: String]]) {
        let text = try String(contentsOf: file, encoding: .utf8)
        var strings: [String: String] = [:]
        var plurals: [String: [String: String]] = [:]
        let string = try NSRegularExpression(
            pattern: #"<string name="([^"]+)"\s*>(.*?)</string>"#, options: [.dotMatchesLineSeparators])
        let plural = try NSRegularExpression(
            pattern: #"<plurals name="([^"]+)"\s*>(.*?)</plurals>"#, options: [.dotMatchesLineSeparators])
        let item = try NSRegularExpression(
            pattern: #"<item quantity="([^"]+)"\s*>(.*?)</item>"#, options: [.dotMatchesLineSeparators])
        let ns = text as NSString
        for match in string.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            strings[ns.substring(with: match.range(at: 1))] = ns.substring(with: match.range(at: 2))
        }
        for match in plural.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let body = ns.substring(with: match.range(at: 2)) as NSString
            var forms: [String: String] = [:]
            for itemMatch in item.matches(in: body as String, range: NSRange(location: 0, length: body.length)) {
                forms[body.substring(with: itemMatch.range(at: 1))] = body.substring(with: itemMatch.range(at: 2))
            }
            plurals[ns.substring(with: match.range(at: 1))] = forms
        }
        return (strings, plurals)
    }
}
