import Testing
@testable import RouteKit

@Suite struct LocaleFallbackTests {
    func chain(_ locale: String, _ overrides: LocaleFallbackOverrides = [:]) -> [String] {
        LocaleFallback.chain(for: locale, overrides: overrides)
    }

    @Test func englishAustraliaGoesThroughInternationalEnglish() {
        #expect(chain("en-AU") == ["en-AU", "en-001", "en"])
    }

    @Test func englishBritainGoesThroughInternationalEnglish() {
        #expect(chain("en-GB") == ["en-GB", "en-001", "en"])
    }

    @Test func englishAustriaGoesThroughEuropeanEnglish() {
        #expect(chain("en-AT") == ["en-AT", "en-150", "en-001", "en"])
    }

    @Test func spanishMexicoGoesThroughLatinAmericanSpanish() {
        #expect(chain("es-MX") == ["es-MX", "es-419", "es"])
    }

    @Test func portugueseAngolaGoesThroughEuropeanPortuguese() {
        #expect(chain("pt-AO") == ["pt-AO", "pt-PT", "pt"])
    }

    @Test func portugueseIsBrazilianAndStandsAlone() {
        #expect(chain("pt") == ["pt"])
        #expect(LocaleTag.canonical("pt")?.maximized.identifier == "pt-Latn-BR")
        #expect(chain("pt-BR") == ["pt-BR", "pt"])
    }

    @Test func chineseTaiwanStaysTraditional() {
        let result = chain("zh-TW")
        #expect(result == ["zh-TW", "zh-Hant-TW", "zh-Hant"])
        #expect(!result.contains("zh"))
        #expect(!result.contains("zh-Hans"))
    }

    @Test func chineseHongKongStaysTraditional() {
        #expect(chain("zh-HK") == ["zh-HK", "zh-Hant-HK", "zh-Hant"])
    }

    @Test func chineseMacaoGoesThroughHongKong() {
        #expect(chain("zh-Hant-MO") == ["zh-Hant-MO", "zh-Hant-HK", "zh-Hant"])
        #expect(chain("zh-MO") == ["zh-MO", "zh-Hant-MO", "zh-Hant-HK", "zh-Hant"])
    }

    @Test func simplifiedChineseFallsToChinese() {
        #expect(chain("zh-CN") == ["zh-CN", "zh"])
        #expect(chain("zh-Hans-SG") == ["zh-Hans-SG", "zh-Hans", "zh"])
    }

    @Test func serbianLatinNeverFallsToCyrillic() {
        #expect(chain("sr-Latn") == ["sr-Latn"])
        #expect(chain("sr-Latn-RS") == ["sr-Latn-RS", "sr-Latn"])
        #expect(chain("sr-ME") == ["sr-ME", "sr-Latn-ME", "sr-Latn"])
        #expect(chain("sr-Cyrl-RS") == ["sr-Cyrl-RS", "sr-Cyrl", "sr"])
    }

    @Test func norwegianBokmalFallsToNorwegian() {
        #expect(chain("nb") == ["nb", "no"])
        #expect(chain("nb-NO") == ["nb-NO", "nb", "no"])
    }

    @Test func norwegianNynorskFallsToNorwegian() {
        #expect(chain("nn") == ["nn", "no"])
    }

    @Test func swissGermanFallsToGerman() {
        #expect(chain("de-CH") == ["de-CH", "de"])
    }

    @Test func hebrewAliasIsCanonicalizedFirst() {
        #expect(chain("iw-IL") == ["he-IL", "he"])
        #expect(chain("iw_il") == ["he-IL", "he"])
    }

    @Test func variantsAreDroppedFirst() {
        #expect(chain("ca-ES-valencia") == ["ca-ES-valencia", "ca-ES", "ca"])
    }

    @Test func defaultScriptIsDroppedOtherScriptsAreNot() {
        #expect(chain("en-Latn-US") == ["en-Latn-US", "en-Latn", "en"])
        #expect(chain("en-Latn-GB") == ["en-Latn-GB", "en-001", "en"])
        #expect(chain("az-Arab") == ["az-Arab"])
        #expect(chain("uz-Cyrl-UZ") == ["uz-Cyrl-UZ", "uz-Cyrl"])
        #expect(chain("zh-Hant") == ["zh-Hant"])
    }

    @Test func unparsableGivesAnEmptyChain() {
        #expect(chain("en--US").isEmpty)
        #expect(chain("").isEmpty)
    }

    @Test func parentsFollowCLDR() {
        func parent(_ text: String) -> String? {
            LocaleFallback.parent(of: LocaleTag.canonical(text)!)?.identifier
        }
        #expect(parent("en-GB") == "en-001")
        #expect(parent("en-001") == "en")
        #expect(parent("en") == nil)
        #expect(parent("zh-Hant") == nil)
        #expect(parent("zh-Hant-TW") == "zh-Hant")
        #expect(parent("hi-Latn") == "en-IN")
    }

    // MARK: Overrides

    @Test func overridesComeAfterTheTagAndBeforeTheCLDRChain() {
        #expect(chain("pt-AO", ["pt-AO": ["pt-PT"]]) == ["pt-AO", "pt-PT", "pt"])
        #expect(chain("es-MX", ["es-MX": ["es-US"]]) == ["es-MX", "es-US", "es-419", "es"])
        #expect(chain("de-AT", ["de-AT": ["de-CH", "de-DE"]]) == ["de-AT", "de-CH", "de-DE", "de"])
    }

    @Test func overridesMatchCanonicalAndMaximizedKeys() {
        #expect(chain("iw_IL", ["he-il": ["en"]]) == ["he-IL", "en", "he"])
        // `zh-TW` and `zh-Hant-TW` are the same locale; the override follows the script-added form.
        #expect(chain("zh-Hant-TW", ["zh-TW": ["zh-HK"]]) == ["zh-Hant-TW", "zh-HK", "zh-Hant"])
        #expect(chain("zh-TW", ["zh-TW": ["zh-HK"]]) == ["zh-TW", "zh-Hant-TW", "zh-HK", "zh-Hant"])
        // Other tags are unaffected.
        #expect(chain("pt-BR", ["pt-AO": ["pt-PT"]]) == ["pt-BR", "pt"])
    }

    @Test func invalidOverrideEntriesAreCollected() {
        let overrides: LocaleFallbackOverrides = ["pt-AO": ["pt--PT", "pt-PT"], "bad key!": ["en"]]
        #expect(overrides.invalid.sorted() == ["bad key!", "pt--PT"])
        #expect(chain("pt-AO", overrides) == ["pt-AO", "pt-PT", "pt"])
    }
}
