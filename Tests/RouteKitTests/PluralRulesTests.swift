import Testing
@testable import RouteKit

@Suite struct PluralRulesTests {
    func condition(_ text: String) throws -> PluralCondition {
        try PluralCondition(parsing: text)
    }

    func holds(_ text: String, _ number: String) throws -> Bool {
        try condition(text).matches(PluralOperands(number)!)
    }

    // MARK: Evaluator

    @Test func emptyConditionAlwaysHolds() throws {
        #expect(try holds("", "0"))
        #expect(try holds("  ", "1.5"))
    }

    @Test func equalityAndRangesAndLists() throws {
        #expect(try holds("n = 1", "1"))
        #expect(try holds("n = 1", "1.0"))
        #expect(!(try holds("n = 1", "1.5")))
        #expect(try holds("n = 2..4", "3"))
        #expect(!(try holds("n = 2..4", "2.5")))
        #expect(try holds("n = 1,3..5,7", "7"))
        #expect(!(try holds("n = 1,3..5,7", "6")))
        #expect(try holds("n != 1", "1.5"))
        #expect(try holds("i != 2..4", "5"))
    }

    @Test func moduloAndDecimals() throws {
        #expect(try holds("n % 10 = 1", "21"))
        #expect(try holds("n % 10 = 1", "21.0"))
        #expect(!(try holds("n % 10 = 1", "21.5")))
        #expect(try holds("i % 10 = 1", "21.5"))
        #expect(try holds("i % 100 != 11", "111") == false)
        #expect(try holds("i % 1000000 = 0", "1c6"))
    }

    @Test func everyOperand() throws {
        #expect(try holds("v = 2", "1.50"))
        #expect(try holds("w = 1", "1.50"))
        #expect(try holds("f = 50", "1.50"))
        #expect(try holds("t = 5", "1.50"))
        #expect(try holds("i = 1", "1.50"))
        #expect(try holds("e = 6", "1c6"))
        #expect(try holds("c = 6", "1c6"))
        #expect(try holds("e != 0..5", "1c6"))
        #expect(!(try holds("e != 0..5", "1c3")))
    }

    @Test func andBindsTighterThanOr() throws {
        // Danish one: n = 1 or (t != 0 and i = 0,1)
        let danish = "n = 1 or t != 0 and i = 0,1"
        #expect(try holds(danish, "1"))
        #expect(try holds(danish, "0.5"))
        #expect(try holds(danish, "1.5"))
        #expect(!(try holds(danish, "2.5")))
        #expect(!(try holds(danish, "0")))
    }

    @Test func syntaxErrorsSayWhere() {
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "x = 1") }
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "n = ") }
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "n == 1") }
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "n = 1 and") }
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "n % 0 = 1") }
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "n = 4..2") }
        #expect(throws: PluralRuleSyntaxError.self) { try PluralCondition(parsing: "n = 1 xor i = 2") }
        do {
            _ = try PluralCondition(parsing: "n = 1 or q = 2")
            Issue.record("should throw")
        } catch {
            #expect(error.offset == 9)
            #expect(error.message.contains("unknown operand `q`"))
        }
    }

    @Test func rulesWithSamplesParse() throws {
        let rule = try PluralRule(category: .one, parsing: "i = 1 and v = 0 @integer 1")
        #expect(rule.condition.text == "i = 1 and v = 0")
        #expect(rule.samples.integer == [.value("1")])
        #expect(rule.samples.decimal.isEmpty)
        let other = try PluralRule(category: .other, parsing: " @integer 0, 2~4, … @decimal 0.0~0.2, 1.5")
        #expect(other.condition.text == "")
        #expect(other.samples.expandedIntegers == ["0", "2", "3", "4"])
        #expect(other.samples.integerIsOpenEnded)
        #expect(other.samples.expandedDecimals == ["0.0", "0.1", "0.2", "1.5"])
        #expect(!other.samples.decimalIsOpenEnded)
    }

    @Test func sampleRangesStepTheLastDigit() {
        #expect(PluralSamples.expand([.range("0.00", "0.04")]) == ["0.00", "0.01", "0.02", "0.03", "0.04"])
        #expect(PluralSamples.expand([.range("1.8", "2.1")]) == ["1.8", "1.9", "2.0", "2.1"])
        #expect(PluralSamples.expand([.range("9", "11")]) == ["9", "10", "11"])
        #expect(PluralSamples.expand([.value("1c6")]) == ["1c6"])
    }

    // MARK: Locale lookup (data from plurals.xml)

    @Test func englishAndGerman() {
        let english = PluralRules.for(locale: "en")
        #expect(english.locale == "en")
        #expect(english.categories == [.one, .other])
        #expect(english.category(for: 1) == .one)
        #expect(english.category(for: 0) == .other)
        #expect(english.category(for: "1.0") == .other)
        #expect(english.category(for: "abc") == nil)
        #expect(PluralRules.for(locale: "de-AT").category(for: 1) == .one)
    }

    @Test func portugalIsLookedUpSpecially() {
        let portugal = PluralRules.for(locale: "pt-PT")
        #expect(portugal.locale == "pt-PT")
        #expect(portugal.category(for: 0) == .other)
        #expect(PluralRules.for(locale: "pt_PT").locale == "pt-PT")
        #expect(PluralRules.for(locale: "pt-AO").locale == "pt-PT")
        #expect(PluralRules.for(locale: "pt-Latn-PT").locale == "pt-PT")
        let brazil = PluralRules.for(locale: "pt-BR")
        #expect(brazil.locale == "pt")
        #expect(brazil.category(for: 0) == .one)
        #expect(brazil.category(for: "1c6") == .many)
    }

    @Test func truncationAndAliases() {
        #expect(PluralRules.for(locale: "zh-Hant-TW").locale == "zh")
        #expect(PluralRules.for(locale: "sr-Latn").locale == "sr")
        #expect(PluralRules.for(locale: "kok-Latn-IN").locale == "kok-Latn")
        #expect(PluralRules.for(locale: "iw").locale == "he")
        #expect(PluralRules.for(locale: "tl").locale == "fil")
        #expect(PluralRules.for(locale: "en-AU").locale == "en")
    }

    @Test func unknownLocalesUseRoot() {
        for text in ["xx", "en--US", "", "und"] {
            let rules = PluralRules.for(locale: text)
            #expect(rules.locale == "root", "\(text)")
            #expect(rules.categories == [.other])
            #expect(rules.category(for: 1) == .other)
        }
    }

    @Test func categorySetsOfSeveralLanguages() {
        #expect(PluralRules.for(locale: "ja").categories == [.other])
        #expect(PluralRules.for(locale: "fr").categories == [.one, .many, .other])
        #expect(PluralRules.for(locale: "ru").categories == [.one, .few, .many, .other])
        #expect(PluralRules.for(locale: "ar").categories == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralRules.for(locale: "ar").orderedCategories == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralRules.for(locale: "cy").categories.count == 6)
    }

    @Test func russianAndPolishAndArabic() {
        let russian = PluralRules.for(locale: "ru")
        #expect(russian.category(for: 1) == .one)
        #expect(russian.category(for: 21) == .one)
        #expect(russian.category(for: 11) == .many)
        #expect(russian.category(for: 3) == .few)
        #expect(russian.category(for: "1.5") == .other)
        let polish = PluralRules.for(locale: "pl")
        #expect(polish.category(for: 22) == .few)
        #expect(polish.category(for: 12) == .many)
        let arabic = PluralRules.for(locale: "ar")
        #expect(arabic.category(for: 0) == .zero)
        #expect(arabic.category(for: 2) == .two)
        #expect(arabic.category(for: 103) == .few)
        #expect(arabic.category(for: 111) == .many)
        #expect(arabic.category(for: 100) == .other)
    }

    @Test func frenchCompactMillions() {
        let french = PluralRules.for(locale: "fr")
        #expect(french.category(for: 0) == .one)
        #expect(french.category(for: "1.5") == .one)
        #expect(french.category(for: 2) == .other)
        #expect(french.category(for: 1_000_000) == .many)
        #expect(french.category(for: "1c6") == .many)
        #expect(french.category(for: "1.1c6") == .many)
        #expect(french.category(for: "1c3") == .other)
    }

    @Test func everyShippedRuleParses() {
        #expect(PluralRules.locales.count > 200)
        for locale in PluralRules.locales {
            let rules = PluralRules.for(locale: locale)
            // Deprecated codes in plurals.xml (`iw`, `tl`, `sh`) resolve through their canonical code
            // (`iw` gives `he`, `sh` gives `sr`: the same rule set.)
            #expect(CLDRData.plurals.index[rules.locale] == CLDRData.plurals.index[locale], "\(locale)")
            let expected = CLDRData.plurals.ruleSets[CLDRData.plurals.index[locale]!].rules.count
            #expect(rules.rules.count == expected, "\(locale)")
            #expect(rules.rules.last?.category == .other)
        }
    }
}
