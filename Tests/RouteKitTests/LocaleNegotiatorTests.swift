import Testing
@testable import RouteKit

@Suite struct LocaleNegotiatorTests {
    let available = ["en", "de", "pt-BR", "pt-PT", "zh-Hant", "zh-Hans", "es", "es-419", "nb", "he"]

    func locales(_ preferred: [String], available: [String]? = nil, base: String = "en",
                 overrides: LocaleFallbackOverrides = [:]) -> [String] {
        LocaleNegotiator(available: available ?? self.available, baseLocale: base, overrides: overrides)
            .negotiate(preferred).locales
    }

    @Test func exactMatchThenBase() {
        #expect(locales(["de"]) == ["de", "en"])
        #expect(locales(["en"]) == ["en"])
    }

    @Test func regionalFallsToLanguage() {
        #expect(locales(["de-AT"]) == ["de", "en"])
        #expect(locales(["de-CH", "pt"]) == ["de", "pt-BR", "en"])
    }

    @Test func languageMatchesItsLikelyRegion() {
        // `pt` is pt-Latn-BR, so it matches `pt-BR` and not `pt-PT`.
        #expect(locales(["pt"]) == ["pt-BR", "en"])
        #expect(locales(["pt-BR"]) == ["pt-BR", "en"])
        #expect(locales(["pt-BR"], available: ["pt", "en"]) == ["pt", "en"])
    }

    @Test func parentLocalesAreUsed() {
        // pt-AO → pt-PT → pt, and `pt` (Brazilian) matches the available `pt-BR`.
        #expect(locales(["pt-AO"]) == ["pt-PT", "pt-BR", "en"])
        #expect(locales(["pt-AO"], available: ["pt-PT", "en"]) == ["pt-PT", "en"])
        #expect(locales(["es-MX"]) == ["es-419", "es", "en"])
        #expect(locales(["en-AU"], available: ["en", "en-001", "en-GB"]) == ["en-001", "en"])
    }

    @Test func chineseNeverCrossesScripts() {
        #expect(locales(["zh-TW"]) == ["zh-Hant", "en"])
        #expect(locales(["zh-HK"]) == ["zh-Hant", "en"])
        #expect(locales(["zh-CN"]) == ["zh-Hans", "en"])
        #expect(locales(["zh"]) == ["zh-Hans", "en"])
        #expect(locales(["zh-TW"], available: ["zh", "en"]) == ["en"])
        #expect(locales(["zh-Hant-TW"], available: ["zh-TW", "en"]) == ["zh-TW", "en"])
    }

    @Test func aliasesMatchBothWays() {
        #expect(locales(["iw-IL"]) == ["he", "en"])
        #expect(locales(["he"], available: ["iw", "en"]) == ["iw", "en"])
        #expect(locales(["pt_br"]) == ["pt-BR", "en"])
    }

    @Test func norwegianFallsBack() {
        #expect(locales(["nn"], available: ["no", "en"]) == ["no", "en"])
        #expect(locales(["nb-NO"]) == ["nb", "en"])
    }

    @Test func severalPreferredLocalesInOrderWithoutDuplicates() {
        #expect(locales(["de-AT", "pt-AO", "de", "en-GB"]) == ["de", "pt-PT", "pt-BR", "en"])
        #expect(locales(["fr", "es-MX"]) == ["es-419", "es", "en"])
    }

    @Test func overridesAreTriedBeforeTheCLDRChain() {
        #expect(locales(["pt-AO"], overrides: ["pt-AO": ["pt-BR"]]) == ["pt-BR", "pt-PT", "en"])
        #expect(locales(["de-AT"], overrides: ["de-AT": ["nb"]]) == ["nb", "de", "en"])
    }

    @Test func configFallbacksAsWritten() {
        let negotiator = LocaleNegotiator(available: available, baseLocale: "en", fallbacks: ["pt-AO": ["pt-BR"]])
        #expect(negotiator.negotiate("pt-AO").locales == ["pt-BR", "pt-PT", "en"])
        #expect(negotiator.overrides.invalid.isEmpty)
    }

    @Test func baseLocaleIsLastEvenWhenNothingMatches() {
        #expect(locales(["fr"]) == ["en"])
        #expect(locales([]) == ["en"])
        #expect(locales(["fr"], base: "de") == ["de"])
        // A base locale missing from the available list is still tried last, as written.
        #expect(locales(["fr"], available: ["de"], base: "en") == ["en"])
        #expect(locales(["en-US"], available: ["en-US", "de"], base: "en") == ["en-US"])
    }

    @Test func firstChoiceAndFallbacks() {
        let negotiator = LocaleNegotiator(available: available, baseLocale: "en")
        let german = negotiator.negotiate(["de"])
        #expect(german.firstChoice == "de")
        #expect(german.firstChoiceIsExact)
        #expect(!german.isFallback("de"))
        #expect(german.isFallback("en"))

        let austrian = negotiator.negotiate("de-AT")
        #expect(austrian.firstChoice == "de")
        #expect(!austrian.firstChoiceIsExact)
        #expect(austrian.candidates.first == .init(locale: "de", preferredIndex: 0, chainIndex: 1, isExact: false))
        #expect(austrian.candidates.last == .init(locale: "en", preferredIndex: nil, chainIndex: 0, isExact: false))

        let taiwan = negotiator.negotiate(["zh-TW"])
        #expect(taiwan.firstChoice == "zh-Hant")
        #expect(taiwan.candidates.first?.chainIndex == 0)  // zh-TW and zh-Hant maximize alike
        #expect(taiwan.firstChoiceIsExact)

        let none = negotiator.negotiate(["fr"])
        #expect(none.firstChoice == "en")
        #expect(!none.firstChoiceIsExact)
    }

    @Test func unparsablePreferredLocalesAreSkippedAndReported() {
        let negotiator = LocaleNegotiator(available: available, baseLocale: "en")
        let result = negotiator.negotiate(["en--US", "de", ""])
        #expect(result.locales == ["de", "en"])
        #expect(result.skipped.map(\.text) == ["en--US", ""])
        #expect(result.skipped.first?.problem == .malformed(tag: "en--US", subtag: "", reason: "empty subtag (a leading, trailing or doubled `-` or `_`)"))
        #expect(result.skipped.last?.problem == .empty(tag: ""))
    }

    @Test func unparsableAvailableLocalesOnlyMatchVerbatim() {
        let negotiator = LocaleNegotiator(available: ["en", "pirate!"], baseLocale: "en")
        #expect(negotiator.unparsableAvailable == ["pirate!"])
        #expect(negotiator.negotiate(["pirate!"]).locales == ["pirate!", "en"])
    }

    @Test func resultsAreCachedAndStable() {
        let negotiator = LocaleNegotiator(available: available, baseLocale: "en")
        let first = negotiator.negotiate(["pt-AO", "de"])
        for _ in 0..<1000 {
            #expect(negotiator.negotiate(["pt-AO", "de"]) == first)
        }
    }

    @Test func lookupsAreFast() {
        let negotiator = LocaleNegotiator(available: available, baseLocale: "en")
        let lists = [["de-AT"], ["pt-AO", "en"], ["zh-TW"], ["es-MX"], ["fr", "de"]]
        for list in lists { _ = negotiator.negotiate(list) }
        let clock = ContinuousClock()
        let count = 100_000
        let elapsed = clock.measure {
            for index in 0..<count { _ = negotiator.negotiate(lists[index % lists.count]).firstChoice }
        }
        // 200,000 lookups/s in release builds is the target; debug builds are slower, so only
        // a generous bound here.
        #expect(elapsed < .seconds(5))
    }
}
