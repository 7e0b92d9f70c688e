import Foundation
import Testing
@testable import RouteKit

/// Every sample in `Resources/CLDR/plurals.xml`, read with `XMLParser`, evaluates to the category
/// it is listed under, with the rules compiled into RouteKit.
@Suite struct PluralCLDRSampleTests {
    @Test func everySampleEvaluatesToItsCategory() throws {
        let elements = try CLDRXMLTestReader.elements(of: "plurals.xml")
        var checked = 0
        var locales = 0
        var current: [String] = []
        var pending: [(category: String, text: String)] = []
        for element in elements {
            switch element.name {
            case "pluralRule":
                pending.append((element.attributes["count"]!, element.text))
            case "pluralRules" where element.ancestors.last?.attributes["type"] == "cardinal":
                current = element.attributes["locales"]!.split(separator: " ").map { CLDRXMLTestReader.dashed(String($0)) }
                for locale in current {
                    locales += 1
                    let rules = PluralRules.for(locale: locale)
                    #expect(CLDRData.plurals.index[rules.locale] == CLDRData.plurals.index[locale], "\(locale)")
                    #expect(rules.categories == Set(pending.map { PluralCategory(rawValue: $0.category)! }), "\(locale)")
                    for (category, text) in pending {
                        let expected = try #require(PluralCategory(rawValue: category))
                        guard let at = text.firstIndex(of: "@") else {
                            Issue.record("\(locale) \(category): no samples")
                            continue
                        }
                        let samples = try PluralSamples(parsing: String(text[at...]))
                        let all = samples.expandedIntegers + samples.expandedDecimals
                        #expect(!all.isEmpty)
                        for sample in all {
                            let operands = try #require(PluralOperands(sample), "\(sample)")
                            let actual = rules.category(for: operands)
                            if actual != expected {
                                Issue.record("\(locale): \(sample) is \(actual), CLDR lists it under \(expected)")
                            }
                            checked += 1
                        }
                    }
                }
                pending = []
            default:
                break
            }
        }
        #expect(locales > 200)
        #expect(checked > 10_000)
    }

    @Test func integerSamplesHaveNoFractionDigits() throws {
        for element in try CLDRXMLTestReader.elements(of: "plurals.xml") where element.name == "pluralRule" {
            guard let at = element.text.firstIndex(of: "@") else { continue }
            let samples = try PluralSamples(parsing: String(element.text[at...]))
            for sample in samples.expandedIntegers {
                #expect(PluralOperands(sample)?.v == 0, "\(sample)")
            }
        }
    }
}
