import Foundation
import Testing
@testable import RouteKit

/// The locale cases of issue 14, each found by comparing routekit with ICU, CLDR and Babel.
@Suite struct LocaleRealWorldTests {
    func negotiate(_ preferred: [String], available: [String], base: String = "en") -> [String] {
        LocaleNegotiator(available: available, baseLocale: base).negotiate(preferred).locales
    }

    // MARK: 1. `und` is root

    @Test func undIsRootNotEnglish() {
        #expect(negotiate(["und", "de"], available: ["en", "de"]) == ["de", "en"])
        #expect(negotiate(["und"], available: ["en-US", "de"], base: "de") == ["de"])
        #expect(negotiate(["und-TW", "de"], available: ["en", "de", "zh-Hant"]) == ["de", "en"])
        #expect(LocaleFallback.chain(for: "und") == ["und"])
        #expect(LocaleFallback.chain(for: "und-TW") == ["und-TW", "und"])
    }

    @Test func anUndFileIsNotEnglish() {
        #expect(negotiate(["en-US"], available: ["und", "de", "en"], base: "de") == ["en", "de"])
        #expect(negotiate(["und"], available: ["und", "de"], base: "de") == ["und", "de"])
    }

    // MARK: 2. Legacy and grandfathered tags (CLDR languageAlias)

    @Test(arguments: [
        ("i-klingon", "tlh"), ("art-lojban", "jbo"), ("zh-min-nan", "nan"), ("no-bok", "nb"),
        ("no-nyn", "nn"), ("zh-cmn-Hant", "zh-Hant"), ("zh-cmn-Hant-TW", "zh-Hant-TW"), ("i_klingon", "tlh"),
        ("ZH-MIN-NAN", "nan"), ("sgn-DE", "gsg"), ("en-GB-oed", "en-GB-oxendict"), ("zh-guoyu", "zh"),
        ("hy-arevmda", "hyw"), ("hy-AM-arevmda", "hyw-AM"), ("de-bokmal", "de"), ("de-aaland", "de-AX"),
        ("cel-gaulish", "xtg"), ("i-default", "en"),
    ])
    func legacyTagsAreCanonicalized(_ text: String, _ expected: String) {
        #expect(LocaleTag.canonical(text)?.identifier == expected)
    }

    @Test func legacyTagsFallBackAlongTheirReplacementsChain() {
        #expect(LocaleFallback.chain(for: "no-bok") == ["nb", "no"])
        #expect(LocaleFallback.chain(for: "no-nyn") == ["nn", "no"])
        #expect(negotiate(["i-klingon"], available: ["en", "tlh"]) == ["tlh", "en"])
        #expect(negotiate(["zh-min-nan"], available: ["en", "nan"]) == ["nan", "en"])
        #expect(negotiate(["zh-cmn-Hant"], available: ["en", "zh", "zh-Hant"]) == ["zh-Hant", "en"])
    }

    @Test func invalidLocaleAdviceNamesTheReplacementTag() {
        func problem(_ text: String) -> String {
            if case .failure(let problem) = LocaleTag.parse(text) { return problem.description }
            return "parsed"
        }
        #expect(problem("zh-min-nan") == "`zh-min-nan` is deprecated; use `nan`")
        #expect(problem("no-bok") == "`no-bok` is deprecated; use `nb`")
        #expect(problem("i-klingon") == "`i-klingon` is deprecated; use `tlh`")
        #expect(problem("art-lojban") == "`art-lojban` is deprecated; use `jbo`")
        #expect(problem("zh-cmn-Hant") == "`zh-cmn-Hant` is deprecated; use `zh-Hant`")
        #expect(!problem("zh-min-nan").contains("`min`"))
    }

    // MARK: 3. The most specific locale wins, whatever the file order

    @Test(arguments: [
        ("zh-TW", ["zh-Hant", "zh-Hant-TW"], "zh-Hant-TW"),
        ("cmn-TW", ["zh-Hant", "zh-Hant-TW"], "zh-Hant-TW"),
        ("pa-PK", ["pa-Arab", "pa-Arab-PK"], "pa-Arab-PK"),
        ("uz-AF", ["uz-Arab", "uz-Arab-AF"], "uz-Arab-AF"),
        ("az-IR", ["az-Arab", "az-Arab-IR"], "az-Arab-IR"),
        ("yue-CN", ["yue-Hans", "yue-Hans-CN"], "yue-Hans-CN"),
        ("en-Latn-US", ["en", "en-US"], "en-US"),
        ("sr-Cyrl-RS", ["sr", "sr-RS"], "sr-RS"),
        ("yue-Hant-HK", ["yue", "yue-HK"], "yue-HK"),
        ("zh-Hans-CN", ["zh", "zh-CN"], "zh-CN"),
    ])
    func mostSpecificWinsInEitherOrder(_ preferred: String, _ available: [String], _ expected: String) {
        let forward = negotiate([preferred], available: ["de"] + available, base: "de")
        let backward = negotiate([preferred], available: available.reversed() + ["de"], base: "de")
        #expect(forward.first == expected)
        #expect(forward == backward)
    }

    @Test func fileOrderDoesNotDecideEndToEnd() throws {
        for first in ["a-zh-Hant.yml", "z-zh-Hant.yml"] {
            let project = try TemporaryDirectory().write([
                ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n",
                "routes.yml": "routes:\n  A:\n    tab: { icon: a }\n    title: a\n",
                "strings/en.yml": "en:\n  a: Schedule\n",
                "strings/\(first)": "zh-Hant:\n  a: 議程 Hant\n",
                "strings/zh-Hant-TW.yml": "zh-Hant-TW:\n  a: 議程 TW\n",
            ])
            let result = try CLI.run(["title", "A", "-l", "zh-TW", "--json"], in: project.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"locale\":\"zh-Hant-TW\""), "\(first): \(result.stdout)")
        }
    }

    // MARK: 4. Plural rules by language, not by parentLocales

    @Test func hindiInLatinScriptCountsAsHindi() {
        #expect(LocaleFallback.chain(for: "hi-Latn") == ["hi-Latn", "en-IN", "en-001", "en"])
        let rules = PluralRules.for(locale: "hi-Latn")
        #expect(rules.locale == "hi")
        #expect(rules.category(for: 0) == .one)
        #expect(PluralRules.for(locale: "hi-Latn-IN").category(for: 0) == .one)
        #expect(PluralRules.for(locale: "en-IN").category(for: 0) == .other)
    }

    @Test func sameLanguageParentsStillApply() {
        #expect(PluralRules.for(locale: "pt-AO").locale == "pt-PT")
        #expect(PluralRules.for(locale: "pt-AO").category(for: 0) == .other)
        #expect(PluralRules.for(locale: "pt").category(for: 0) == .one)
        #expect(PluralRules.for(locale: "sr-Latn").locale == "sr")
        #expect(PluralRules.for(locale: "zh-Hant-HK").locale == "zh")
    }

    // MARK: 5. POSIX forms and strings that are no locale

    @Test(arguments: [
        ("de_DE.UTF-8", "de-DE"), ("de_DE@euro", "de-DE"), ("sr_RS@latin", "sr-Latn-RS"),
        ("pt_BR.ISO-8859-1", "pt-BR"), ("C", "und"), ("POSIX", "und"), ("C.UTF-8", "und"), ("root", "und"),
    ])
    func posixNamesAreMapped(_ text: String, _ expected: String) {
        #expect(LocaleTag.canonical(text)?.identifier == expected)
    }

    @Test func posixNamesAreNotValidInConfig() {
        guard case .failure = LocaleTag.parse("de_DE.UTF-8") else {
            Issue.record("a POSIX name is not a BCP 47 tag")
            return
        }
    }

    @Test func posixNamesNegotiate() {
        #expect(negotiate(["de_DE.UTF-8"], available: ["en", "de"]) == ["de", "en"])
        #expect(negotiate(["C", "de"], available: ["en", "de"]) == ["de", "en"])
    }

    @Test(arguments: ["", "x-private", "de DE", "a"])
    func unusableLocalesAreErrors(_ text: String) throws {
        let resolver = TitleResolver(
            catalog: RouteCatalog(routes: []),
            strings: StringTable(baseLocale: "en"))
        let negotiation = resolver.negotiate([text])
        #expect(negotiation.skipped.map(\.text) == [text])
        #expect(throws: ResolutionError.self) {
            _ = try resolver.push("Nothing", locales: [text])
        }
    }

    @Test func titleAndBatchReportUnusableLocales() throws {
        let project = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n",
            "routes.yml": "routes:\n  A:\n    tab: { icon: a }\n    title: a\n",
            "strings/en.yml": "en:\n  a: Schedule\n",
            "strings/de.yml": "de:\n  a: Programm\n",
        ])
        let single = try CLI.run(["title", "A", "-l", "x-private"], in: project.url)
        #expect(single.status == 1)
        #expect(single.stderr.contains("'x-private' is not a usable locale"), "\(single.stderr)")
        let posix = try CLI.run(["title", "A", "-l", "de_DE.UTF-8", "--json"], in: project.url)
        #expect(posix.status == 0)
        #expect(posix.stdout.contains("\"title\":\"Programm\""), "\(posix.stdout)")
        let batch = try CLI.run(["title", "--batch"], in: project.url, stdin: """
            {"route":"A","locale":""}
            {"route":"A","locales":["und","de"]}
            {"route":"A","locale":"C"}

            """)
        let lines = batch.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"error\""), "\(lines)")
        #expect(lines.count == 3 && lines[1].contains("\"title\":\"Programm\""), "\(lines)")
        #expect(lines.count == 3 && lines[2].contains("\"title\":\"Schedule\""), "\(lines)")
        #expect(batch.status == 1)
    }
}
