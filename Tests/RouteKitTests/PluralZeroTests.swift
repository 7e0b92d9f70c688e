import Foundation
import Testing
@testable import RouteKit

/// Issue 14 item 13: Rails I18n uses an explicit `zero` key at a count of 0 when the locale's
/// CLDR rules have no `zero` category; routekit shows what the app shows.
@Suite struct PluralZeroTests {
    @Test func explicitZeroAtCountZeroWhereTheRulesHaveNone() {
        #expect(PluralRules.for(locale: "en").selectsExplicitZero(for: "0"))
        #expect(PluralRules.for(locale: "en").selectsExplicitZero(for: "0.0"))
        #expect(!PluralRules.for(locale: "en").selectsExplicitZero(for: "1"))
        #expect(PluralRules.for(locale: "ja").selectsExplicitZero(for: "0"))
        // Latvian and Arabic have a `zero` category: the rules decide (Latvian's zero covers 10 too).
        #expect(!PluralRules.for(locale: "lv").selectsExplicitZero(for: "0"))
        #expect(!PluralRules.for(locale: "ar").selectsExplicitZero(for: "0"))
    }

    @Test func titleShowsTheZeroForm() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n",
            "routes.yml": """
            routes:
              Talks:
                params: { count: String }
                title: { key: talks, args: { count: count } }
            """,
            "strings/s.yml": """
            en:
              talks: { zero: "No talks", one: "%{count} talk", other: "%{count} talks" }
            de:
              talks: { one: "%{count} Vortrag", other: "%{count} Vorträge" }
            lv:
              talks: { zero: "%{count} runu", one: "%{count} runa", other: "%{count} runas" }
            """,
        ])
        func title(_ locale: String, _ count: String) throws -> String {
            try CLI.run(["title", "Talks", "-l", locale, "-p", "count=\(count)"], in: dir.url).stdout
        }
        #expect(try title("en", "0") == "No talks\n")
        #expect(try title("en", "1") == "1 talk\n")
        #expect(try title("en", "2") == "2 talks\n")
        // Without a `zero` form, the rules' category (German: other).
        #expect(try title("de", "0") == "0 Vorträge\n")
        // Latvian's own `zero` category covers 0 and 10–20.
        #expect(try title("lv", "0") == "0 runu\n")
        #expect(try title("lv", "10") == "10 runu\n")
        let lint = try CLI.run(["lint", "--format", "json"], in: dir.url)
        #expect(!lint.stdout.contains("plural-extra-category"), "\(lint.stdout)")
    }
}
