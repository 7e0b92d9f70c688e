import Testing
@testable import RouteKit

@Suite struct LocaleTagTests {
    func parsed(_ text: String) -> LocaleTag? {
        try? LocaleTag.parse(text).get()
    }

    func problem(_ text: String) -> LocaleTagProblem? {
        if case .failure(let problem) = LocaleTag.parse(text) { return problem }
        return nil
    }

    // MARK: Well-formed tags, case and separators

    @Test func normalizesCaseAndSeparators() {
        #expect(parsed("zh-hant-tw")?.identifier == "zh-Hant-TW")
        #expect(parsed("ZH_HANT_TW")?.identifier == "zh-Hant-TW")
        #expect(parsed("en_us")?.identifier == "en-US")
        #expect(parsed("es-419")?.identifier == "es-419")
        #expect(parsed("DE")?.identifier == "de")
        #expect(parsed("pt_br")?.underscoredIdentifier == "pt_BR")
    }

    @Test func exposesSubtags() throws {
        let tag = try #require(parsed("ca-ES-valencia"))
        #expect(tag.language == "ca")
        #expect(tag.script == nil)
        #expect(tag.region == "ES")
        #expect(tag.variants == ["valencia"])
        let chinese = try #require(parsed("zh-Hant-TW"))
        #expect(chinese.language == "zh")
        #expect(chinese.script == "Hant")
        #expect(chinese.region == "TW")
        #expect(chinese.variants.isEmpty)
        #expect(chinese.description == "zh-Hant-TW")
    }

    @Test func sortsVariants() {
        #expect(parsed("sl-rozaj-biske")?.identifier == "sl-biske-rozaj")
        #expect(parsed("de-DE-1901")?.variants == ["1901"])
    }

    @Test func equalityIsByIdentifier() {
        #expect(parsed("en_us") == parsed("EN-US"))
        #expect(Set([parsed("en-US"), parsed("en_US")]).count == 1)
        #expect(parsed("de")! < parsed("en")!)
    }

    // MARK: Malformed tags

    @Test func rejectsEmptyTags() {
        #expect(problem("") == .empty(tag: ""))
        #expect(problem("  ") == .empty(tag: "  "))
        #expect(problem("")?.description == "the locale tag is empty")
    }

    @Test func rejectsEmptySubtags() {
        for text in ["en--US", "-en", "en-", "en_-US"] {
            guard case .malformed(let tag, let subtag, let reason)? = problem(text) else {
                Issue.record("\(text) should be malformed")
                continue
            }
            #expect(tag == text)
            #expect(subtag == "")
            #expect(reason.contains("empty subtag"))
        }
    }

    @Test func namesTheMalformedSubtag() {
        func subtag(_ text: String) -> String? {
            if case .malformed(_, let subtag, _)? = problem(text) { return subtag }
            return nil
        }
        #expect(subtag("e") == "e")
        #expect(subtag("1234") == "1234")
        #expect(subtag("Hant-TW") == "Hant")
        #expect(subtag("en-US-Latn") == "Latn")
        #expect(subtag("en-Latn-Cyrl") == "Cyrl")
        #expect(subtag("en-US-GB") == "GB")
        #expect(subtag("en-toolongvariant") == "toolongvariant")
        #expect(subtag("en-U$") == "U$")
        #expect(subtag("en US") == "en US")
        #expect(subtag("de-1901-1901") == "1901")
        #expect(subtag("zh-xyz") == "xyz")
        #expect(subtag("en-US-u-ca-buddhist") == "u")
        #expect(subtag("x-private") == "x")
        #expect(subtag("en-12") == "12")
        #expect(subtag("en-US-valencia-ES") == "ES")
    }

    @Test func malformedMessagesSayWhatIsWrong() {
        #expect(problem("en-US-Latn")?.description
            == "malformed locale tag `en-US-Latn`: the script `Latn` must come right after the language, before the region and variants")
        #expect(problem("Hant")?.description
            == "malformed locale tag `Hant`: `Hant` is not a language code (2 or 3 letters); a script such as `Hant` goes after the language, as in `zh-Hant`")
        #expect(problem("root")?.description
            == "malformed locale tag `root`: `root` is not a language code (2 or 3 letters, such as `en` or `fil`)")
        #expect(problem("en--US")?.description == "malformed locale tag `en--US`: empty subtag (a leading, trailing or doubled `-` or `_`)")
        #expect(problem("en US")?.description.contains("contains a space") == true)
        #expect(problem("zh-xyz")?.description.contains("write `xyz` on its own") == true)
        // A legacy tag that CLDR aliases is deprecated, not malformed.
        #expect(problem("zh-yue")?.description == "`zh-yue` is deprecated; use `yue`")
    }

    // MARK: Deprecated codes

    @Test func reportsDeprecatedLanguagesWithTheReplacement() {
        let pairs = [("iw", "he"), ("in", "id"), ("ji", "yi"), ("mo", "ro"), ("tl", "fil"), ("jw", "jv")]
        for (old, new) in pairs {
            #expect(problem(old) == .deprecated(tag: old, subtag: old, kind: .language, replacement: new, canonical: new))
            #expect(problem(old)?.description == "`\(old)` is deprecated; use `\(new)`")
        }
    }

    @Test func deprecatedInALongerTagSuggestsTheWholeTag() {
        let found = problem("iw-IL")
        #expect(found == .deprecated(tag: "iw-IL", subtag: "iw", kind: .language, replacement: "he", canonical: "he-IL"))
        #expect(found?.suggestion == "he-IL")
        #expect(found?.description == "`iw` in `iw-IL` is deprecated; use `he` (`he-IL`)")
    }

    @Test func reportsDeprecatedRegionsScriptsAndVariants() {
        #expect(problem("en-UK") == .deprecated(tag: "en-UK", subtag: "UK", kind: .region, replacement: "GB", canonical: "en-GB"))
        #expect(problem("en-UK")?.description == "`UK` in `en-UK` is deprecated; use `GB` (`en-GB`)")
        #expect(problem("de-DD") == .deprecated(tag: "de-DD", subtag: "DD", kind: .region, replacement: "DE", canonical: "de-DE"))
        #expect(problem("my-BU")?.suggestion == "my-MM")
        // SU has several replacements; the language's likely region wins.
        #expect(problem("ru-SU")?.suggestion == "ru-RU")
        #expect(problem("uk-SU")?.suggestion == "uk-UA")
        #expect(problem("en-840")?.suggestion == "en-US")
        #expect(problem("und-Qaai")?.suggestion == "und-Zinh")
        // CLDR's `und_hepburn_heploc` → `und_alalc97` replaces both variants (UTS #35).
        #expect(problem("ja-Latn-hepburn-heploc")?.suggestion == "ja-Latn-alalc97")
        #expect(problem("sh") == .deprecated(tag: "sh", subtag: "sh", kind: .language, replacement: "sr-Latn", canonical: "sr-Latn"))
    }

    @Test func deprecatedWithoutAReplacement() {
        // `aoh` is deprecated in validity/language.xml and has no languageAlias entry.
        #expect(problem("aoh") == .deprecated(tag: "aoh", subtag: "aoh", kind: .language, replacement: nil, canonical: nil))
        #expect(problem("aoh")?.description == "`aoh` is a deprecated code")
    }

    // MARK: Unknown codes

    @Test func reportsUnknownSubtagsByKind() {
        #expect(problem("xx") == .unknown(tag: "xx", subtag: "xx", kind: .language))
        #expect(problem("xx")?.description == "unknown language `xx`")
        #expect(problem("en-Abcd") == .unknown(tag: "en-Abcd", subtag: "Abcd", kind: .script))
        #expect(problem("en-OO") == .unknown(tag: "en-OO", subtag: "OO", kind: .region))
        #expect(problem("en-OO")?.description == "unknown region `OO` in `en-OO`")
        #expect(problem("en-US-fooba") == .unknown(tag: "en-US-fooba", subtag: "fooba", kind: .variant))
        #expect(problem("en-123") == .unknown(tag: "en-123", subtag: "123", kind: .region))
        // 5–8 letters is a well-formed (registered) language subtag, but not a known one.
        #expect(problem("english") == .unknown(tag: "english", subtag: "english", kind: .language))
    }

    @Test func acceptsSpecialAndMacroCodes() {
        for text in ["und", "mul", "zxx", "en-001", "es-419", "en-150", "en-XA", "ar-XB", "zh-Hant", "sr-Latn-RS",
                     "fil", "no", "nb", "nn", "yue", "ca-ES-valencia", "de-CH-1901", "qaa"] {
            #expect(parsed(text) != nil, "\(text)")
        }
    }

    // MARK: Lenient canonicalization

    @Test func canonicalAppliesAliases() {
        #expect(LocaleTag.canonical("iw")?.identifier == "he")
        #expect(LocaleTag.canonical("iw_il")?.identifier == "he-IL")
        #expect(LocaleTag.canonical("in-ID")?.identifier == "id-ID")
        #expect(LocaleTag.canonical("ji")?.identifier == "yi")
        #expect(LocaleTag.canonical("mo")?.identifier == "ro")
        #expect(LocaleTag.canonical("tl-PH")?.identifier == "fil-PH")
        #expect(LocaleTag.canonical("sh")?.identifier == "sr-Latn")
        #expect(LocaleTag.canonical("sh-Cyrl")?.identifier == "sr-Cyrl")
        #expect(LocaleTag.canonical("cmn")?.identifier == "zh")
        #expect(LocaleTag.canonical("prs")?.identifier == "fa-AF")
        #expect(LocaleTag.canonical("de-DD")?.identifier == "de-DE")
        #expect(LocaleTag.canonical("eng")?.identifier == "en")
    }

    @Test func canonicalAcceptsUnknownButWellFormedCodes() {
        #expect(LocaleTag.canonical("xx-XY")?.identifier == "xx-XY")
        #expect(LocaleTag.canonical("  en-gb ")?.identifier == "en-GB")
        #expect(LocaleTag.canonical("en-US-u-ca-buddhist")?.identifier == "en-US")
        #expect(LocaleTag.canonical("en--US") == nil)
        #expect(LocaleTag.canonical("") == nil)
        #expect(LocaleTag.canonical("english!") == nil)
    }

    @Test func strictParseAgreesWithCanonical() {
        for text in ["en", "zh_hant_tw", "pt-br", "sr-latn", "es-419", "ca-es-valencia"] {
            #expect(parsed(text) == LocaleTag.canonical(text), "\(text)")
        }
    }

    // MARK: Likely subtags

    @Test func maximizesWithLikelySubtags() {
        #expect(LocaleTag.canonical("zh-TW")?.maximized.identifier == "zh-Hant-TW")
        #expect(LocaleTag.canonical("zh")?.maximized.identifier == "zh-Hans-CN")
        #expect(LocaleTag.canonical("zh-Hant")?.maximized.identifier == "zh-Hant-TW")
        #expect(LocaleTag.canonical("pt")?.maximized.identifier == "pt-Latn-BR")
        #expect(LocaleTag.canonical("sr-ME")?.maximized.identifier == "sr-Latn-ME")
        #expect(LocaleTag.canonical("nb")?.maximized.identifier == "nb-Latn-NO")
        #expect(LocaleTag.canonical("en-001")?.maximized.identifier == "en-Latn-001")
        #expect(LocaleTag.canonical("und-TW")?.maximized.identifier == "zh-Hant-TW")
        #expect(LocaleTag.canonical("de-Cyrl")?.maximized.identifier == "de-Cyrl-DE")
        #expect(LocaleTag.canonical("ca-ES-valencia")?.maximized.identifier == "ca-Latn-ES-valencia")
        // No likely data for an unknown language: unchanged.
        #expect(LocaleTag.canonical("xx-TW")?.maximized.identifier == "xx-TW")
    }

    @Test func scriptAddedFormOnlyWhenTheScriptDiffersFromTheDefault() {
        #expect(LocaleTag.canonical("zh-TW")?.scriptAddedForm?.identifier == "zh-Hant-TW")
        #expect(LocaleTag.canonical("zh-HK")?.scriptAddedForm?.identifier == "zh-Hant-HK")
        #expect(LocaleTag.canonical("sr-ME")?.scriptAddedForm?.identifier == "sr-Latn-ME")
        #expect(LocaleTag.canonical("zh-CN")?.scriptAddedForm == nil)
        #expect(LocaleTag.canonical("en-AU")?.scriptAddedForm == nil)
        #expect(LocaleTag.canonical("zh-Hant-TW")?.scriptAddedForm == nil)
        #expect(LocaleTag.canonical("zh-TW")?.likelyScript == "Hant")
    }
}
