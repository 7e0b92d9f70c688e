import Foundation
import Testing
@testable import RouteKit

/// Under `limits.findings`, missing-translation lists locale by locale (in `locales:` order) the
/// first of each locale's findings in message order — the unlimited run's list, cut — and one
/// finding counts the rest. At every limit, so a cut falls inside each locale, next to keys that
/// begin others, hold the terminator `'` and are not NFC as written (compared as Strings).
@Suite struct MissingTranslationListingTests {
    static let strings = """
        de:
          b: B
          "a'": A
        es:
          x: X
        en:
          z: Z
          "e\u{301}z": E
          b: B
          a.c: AC
          "\u{E9}": E
          "a'": A
          a.b: AB
          "a&": A
          ab: AB
          k10: K
          k9: K
          "\u{E8}": E
        fr:
          z: Z
          ab: AB
        """

    static func missing(limit: Int?) throws -> [Finding] {
        let directory = try TemporaryDirectory()
        try directory.write([
            ".routekit.yml": "strings: [s.yml]\nbase-locale: en\nlocales: [en, fr, de, es]\n"
                + (limit.map { "limits: { findings: \($0) }\n" } ?? ""),
            "s.yml": Self.strings,
        ])
        let project = try directory.loadProject()
        return Linter.lint(project, selection: LintSelection(only: ["missing-translation"])).diagnostics
    }

    @Test func listsTheUnlimitedListCutLocaleByLocale() throws {
        let all = try Self.missing(limit: nil)
        let order = ["fr", "de", "es"]
        // Findings come in place order (each at its key's base entry); a locale's list is cut in
        // message order (a stable sort keeps keys Strings find equal in base order).
        let byLocale = Dictionary(grouping: all.map { ($0.locale ?? "", $0.message) }, by: \.0).mapValues { $0.map(\.1).sorted() }
        #expect(order.map { byLocale[$0]?.count ?? 0 } == [10, 10, 12])
        let total = all.count
        for limit in 1 ... total + 1 {
            let listed = try Self.missing(limit: limit)
            var remaining = limit
            var expected: [String: [String]] = [:]
            for locale in order {
                expected[locale] = Array(byLocale[locale]!.prefix(remaining))
                remaining -= expected[locale]!.count
            }
            let over = listed.filter { $0.locale == nil }.map(\.message)
            let got = Dictionary(grouping: listed.filter { $0.locale != nil }.map { ($0.locale!, $0.message) }, by: \.0)
                .mapValues { $0.map(\.1) }
            for locale in order { #expect((got[locale] ?? []).sorted() == expected[locale]!, "limit \(limit), \(locale)") }
            #expect(over == (limit < total
                ? ["\(total - limit) more missing translation(s) are not listed: over the limit of \(limit) findings (limits.findings)"] : []))
        }
    }
}
