import Foundation
import Testing
@testable import RouteKit

/// Apple's `String(format:)` and String Catalog semantics (substitutions, per-localization
/// variations), and a real app's catalog (Applite, MIT: Fixtures/Applite).
@Suite struct AppleDialectTests {
    static let applite = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/Applite")

    @Test func specifiersAndSubstitutions() {
        #expect(DialectProbe.tokens(.apple, "%#@p@ posts from %2$#@u@, %@ %lld %1$@ 100%%") == [
            "arg1:%#@p@", "arg2:%2$#@u@", "arg2:%@", "arg3:%lld", "arg1:%1$@", "escape(\"%\"):%%",
        ])
        // Not formatted (no argument passed): `%` is text.
        #expect(DialectProbe.tokens(.apple, "100% sure", formatted: false) == [])
        #expect(DialectProbe.tokens(.apple, "%d 100%").last?.hasPrefix("crash(") == true)
        #expect(DialectProbe.render(.apple, "%@ has %lld (%u)", ["x", "12", "-1"]) == "x has 12 (4294967295)")
        #expect(DialectProbe.render(.apple, "100% sure") == "100% sure")
    }

    /// The shortcut for `%@`, `%d`, `%lld` and the like gives the tokens the general grammar gives,
    /// on texts made of every piece a specifier has (flags, widths, positions, lengths, `#@`).
    @Test func plainSpecifiersReadAsTheGrammarReadsThem() {
        let pieces = ["%", "%", "@", "d", "l", "ll", "h", "1$", "2", "$", "#", "-", " ", ".", "x", "p", "s", "a", "é", "%%", "q", ","]
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = ["%@", "%lld", "%ld", "%l", "%ll", "%lll", "%l@", "%p", "%", "%ll%", "%1$@ %d", "%lh", "%S", "%C"]
        for _ in 0 ..< 20_000 {
            texts.append((0 ..< Int.random(in: 1 ... 8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        func tokens(_ text: String, shortcut: Bool) -> [String] {
            var text = text, found: [String] = []
            text.withUTF8 { bytes in
                AppleDialect.scan(bytes, formatted: true, plainSpecifiers: shortcut) { token in
                    found.append("\(token.kind) \(token.range) \(token.position ?? -1) \(token.family) \(token.name.map { "\($0)" } ?? "")")
                }
            }
            return found
        }
        let differing = texts.filter { tokens($0, shortcut: true) != tokens($0, shortcut: false) }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    /// IceCubesApp's Catalan "% publicacions" for "%@ posts": `% p` is a pointer conversion with
    /// the space flag; Foundation prints the object's address and drops the "p".
    @Test func aPercentBeforeAPIsAPointerConversion() {
        let tokens = DialectProbe.tokens(.apple, "% publicacions")
        #expect(tokens == ["crash('% p' is a pointer conversion: String(format:) shows the argument's memory address (0x…), not its text):% p"])
        let foundation = String(format: "% publicacions", "42" as NSString)
        #expect(foundation.hasPrefix(" 0x") && foundation.hasSuffix("ublicacions"))
    }

    /// The issue's reproduction: two substitutions with plural variables, and a plain English text
    /// whose German translation is a plural of the key's argument. No placeholder finding.
    @Test func perLocalizationVariationsLintClean() throws {
        let catalog = """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "posts %lld %lld": { "localizations": { "en": {
            "stringUnit": { "state": "translated", "value": "%#@p@ posts from %#@u@ people" },
            "substitutions": {
              "p": { "argNum": 1, "formatSpecifier": "lld", "variations": { "plural": {
                "one": { "stringUnit": { "state": "translated", "value": "%arg" } },
                "other": { "stringUnit": { "state": "translated", "value": "%arg" } } } } },
              "u": { "argNum": 2, "formatSpecifier": "lld", "variations": { "plural": {
                "one": { "stringUnit": { "state": "translated", "value": "%arg" } },
                "other": { "stringUnit": { "state": "translated", "value": "%arg" } } } } } } } } },
          "liked %lld": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "liked" } },
            "de": { "stringUnit": { "state": "translated", "value": "%#@c@" },
                    "substitutions": { "c": { "formatSpecifier": "lld", "variations": { "plural": {
                      "one": { "stringUnit": { "state": "translated", "value": "hat favorisiert" } },
                      "other": { "stringUnit": { "state": "translated", "value": "haben favorisiert" } } } } } } } } },
          "%lld apps": { "localizations": {
            "en": { "variations": { "plural": {
              "one": { "stringUnit": { "state": "translated", "value": "%lld app" } },
              "other": { "stringUnit": { "state": "translated", "value": "%lld apps" } } } } },
            "ko": { "stringUnit": { "state": "translated", "value": "앱 %lld개" } } } } } }
        """
        let findings = try DialectProbe.lint([(".routekit.yml", "strings: [Localizable.xcstrings]\nbase-locale: en\n"),
                                              ("Localizable.xcstrings", catalog)])
        #expect(!findings.contains { $0.hasPrefix("placeholder-") || $0.hasPrefix("format-crash") || $0.hasPrefix("unsupported") }, "\(findings)")
    }

    /// A real catalog with substitutions and per-locale plural variations: no error. Its older
    /// version: exactly the mistakes the next commit fixed (Hungarian drops `%@` twice) and no
    /// other placeholder finding; and a stray `%` put into a translation is a crash.
    @Test func applitesCatalog() throws {
        let config = (".routekit.yml", "strings: [Localizable.xcstrings]\nbase-locale: en\n")
        let current = try String(contentsOf: Self.applite.appendingPathComponent("Localizable.xcstrings"), encoding: .utf8)
        let now = try DialectProbe.lint([config, ("Localizable.xcstrings", current)])
        #expect(!now.contains { $0.hasPrefix("placeholder-") || $0.hasPrefix("format-crash") }, "\(now)")
        let older = try String(contentsOf: Self.applite.appendingPathComponent("Localizable.9e3a485.xcstrings"), encoding: .utf8)
        let then = try DialectProbe.lint([config, ("Localizable.xcstrings", older)], only: ["placeholder-mismatch", "format-crash", "empty-translation"])
        #expect(then.filter { $0.hasPrefix("placeholder-mismatch") } == ["placeholder-mismatch Localizable.xcstrings:1946", "placeholder-mismatch Localizable.xcstrings:4203"])
        // 16 blanks, less the five of the empty source text `Text("")` (key ""), which are meant.
        #expect(then.filter { $0.hasPrefix("empty-translation") }.count == 11)
        // "Failed to reinstall %@" in French with a stray percent.
        let stray = current.replacingOccurrences(of: "\"value\" : \"Échec de la réinstallation de %@\"",
                                                 with: "\"value\" : \"Échec de la réinstallation de %@ à 100%\"")
        try #require(stray != current, "the French value to break is not in the fixture")
        let broken = try DialectProbe.lint([config, ("Localizable.xcstrings", stray)], only: ["format-crash"])
        #expect(broken.count == 1, "\(broken)")
    }
}

/// Apple's `String(format:)`, held to Foundation's (swift-corelibs-foundation formats with
/// CoreFoundation's `CFStringCreateWithFormat`, Apple's code): the same specifier and value, the
/// same text.
@Suite struct AppleFormatOracleTests {
    @Test func agreesWithFoundationStringFormat() {
        let integers: [Int64] = [0, 7, -42, 1_234_567, -2_147_483_648]
        let integerSpecs = ["%d", "%5d", "%-5d|", "%05d", "%+d", "%lld", "%5lld", "%x", "%#x", "%X", "%o", "%#o", "%08x", "%llx", "%i", "%u", "%lu"]
        let doubles: [Double] = [0, 3.14159, -0.5, 1_234_567.891, 2.5]
        let doubleSpecs = ["%f", "%.2f", "%.0f", "%#.0f", "%010.2f", "%+.1f", "%e", "%.3E", "%-12.2f|", "%g", "%G"]
        var disagreements: [String] = []
        for spec in integerSpecs {
            for value in integers {
                let mine = DialectProbe.render(.apple, spec, [String(value)])
                let length = spec.contains("ll") || spec.contains("lu") ? 64 : 32
                let expected = length == 64 ? String(format: spec, value) : String(format: spec, Int32(truncatingIfNeeded: value))
                if mine != expected { disagreements.append("\(spec) \(value): routekit '\(mine)', Foundation '\(expected)'") }
            }
        }
        for spec in doubleSpecs {
            for value in doubles {
                let mine = DialectProbe.render(.apple, spec, [String(value)])
                let expected = String(format: spec, value)
                if mine != expected { disagreements.append("\(spec) \(value): routekit '\(mine)', Foundation '\(expected)'") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(DialectProbe.render(.apple, "%1$@ and %1$@, %2$lld", ["x", "3"]) == "x and x, 3")
    }
}
