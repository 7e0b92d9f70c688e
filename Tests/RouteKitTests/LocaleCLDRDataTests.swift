import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import RouteKit

@Suite struct LocaleCLDRDataTests {
    typealias XML = CLDRXMLTestReader

    @Test func likelySubtagsMatchTheXML() throws {
        let entries = try XML.elements(of: "likelySubtags.xml").filter { $0.name == "likelySubtag" }
        let compiled = CLDRData.subtags.likely
        #expect(entries.count > 1000)
        #expect(compiled.entries.count == entries.count)
        for entry in entries {
            let from = XML.dashed(entry.attributes["from"]!)
            let to = entry.attributes["to"]!.split(separator: "_").map(String.init)
            #expect(to.count == 3)
            #expect(compiled[from] == CLDRData.Likely(language: to[0], script: to[1], region: to[2]), "\(from)")
        }
    }

    @Test func parentLocalesMatchTheXML() throws {
        let entries = try XML.elements(of: "supplementalData.xml").filter {
            $0.name == "parentLocale" && $0.ancestors.last?.name == "parentLocales" && $0.ancestors.last?.attributes["component"] == nil
        }
        var expected: [String: String] = [:]
        for entry in entries {
            for child in entry.attributes["locales"]!.split(separator: " ") {
                #expect(expected[XML.dashed(String(child))] == nil, "\(child) listed twice")
                expected[XML.dashed(String(child))] = XML.dashed(entry.attributes["parent"]!)
            }
        }
        #expect(expected["en-GB"] == "en-001")
        #expect(expected["zh-Hant"] == "root")
        let parents = CLDRData.subtags.parents
        #expect(Dictionary(parents.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) == expected)
        #expect(parents.entries.count == expected.count)
        for (child, parent) in expected { #expect(parents[child] == parent, "\(child)") }
        #expect(parents["en"] == nil && parents["zz-Unknown"] == nil && parents[""] == nil)
    }

    @Test func aliasesMatchTheXML() throws {
        let elements = try XML.elements(of: "supplementalMetadata.xml")
        let compiled = CLDRData.subtags
        let tables: [(String, CLDRData.Table<CLDRData.Alias>)] = [
            ("languageAlias", compiled.languageAliases), ("scriptAlias", compiled.scriptAliases),
            ("territoryAlias", compiled.territoryAliases), ("variantAlias", compiled.variantAliases),
        ]
        for (name, table) in tables {
            let entries = elements.filter { $0.name == name && $0.ancestors.last?.name == "alias" }
            #expect(!entries.isEmpty)
            #expect(table.entries.count == entries.count, "\(name)")
            for entry in entries {
                let type = XML.dashed(entry.attributes["type"]!)
                var replacements = entry.attributes["replacement"]!.split(separator: " ").map(String.init)
                if name == "languageAlias" { replacements = replacements.map(XML.dashed) }
                #expect(table[type]?.replacements == replacements, "\(name) \(type)")
                #expect(table[type]?.reason == entry.attributes["reason"], "\(name) \(type)")
            }
        }
        #expect(compiled.languageAliases["iw"]?.replacements == ["he"])
        #expect(compiled.territoryAliases["SU"]?.replacements.first == "RU")
    }

    /// LegacyTags reads the multi-subtag language aliases from a section of their own: it must
    /// hold exactly those of the whole table, with the same values.
    @Test func legacyLanguageAliasesAreTheMultiSubtagOnes() {
        let whole = CLDRData.subtags.languageAliases.entries(whereKey: { $0.contains("-") })
        let apart = CLDRData.SubtagData.legacyLanguageAliases.entries
        #expect(whole.count > 50)
        #expect(apart.map(\.key) == whole.map(\.key))
        #expect(apart.map(\.value) == whole.map(\.value))
    }

    /// The packed validity ranges are searched by halves: each kind's must be sorted, disjoint
    /// and index a status that exists.
    @Test func validityRangesAreSortedAndDisjoint() {
        let tables = [CLDRData.Generated.languageValidity, CLDRData.Generated.scriptValidity,
                      CLDRData.Generated.regionValidity, CLDRData.Generated.variantValidity]
        for triples in tables {
            #expect(triples.count % 3 == 0 && !triples.isEmpty)
            for start in stride(from: 0, to: triples.count, by: 3) {
                #expect(triples[start] <= triples[start + 1])
                #expect(Int(triples[start + 2]) < CLDRData.Generated.validityStatuses.count)
                if start + 3 < triples.count { #expect(triples[start + 1] < triples[start + 3]) }
            }
        }
        #expect(CLDRData.Generated.validityStatuses.allSatisfy { CLDRData.SubtagStatus(rawValue: $0) != nil })
    }

    /// Expands CLDR's compact ranges (`aaa~i`), written again here on purpose.
    static func expand(_ token: Substring) -> [String] {
        guard let tilde = token.firstIndex(of: "~") else { return [String(token)] }
        let start = token[..<tilde], end = token[token.index(after: tilde)...]
        let prefix = start.dropLast(end.count)
        let from = start.suffix(end.count).unicodeScalars.first!.value, to = end.unicodeScalars.first!.value
        return (from...to).map { String(prefix) + String(Character(Unicode.Scalar($0)!)) }
    }

    @Test func validityMatchesTheXML() throws {
        var expected: [String: [String: String]] = [:]
        for kind in ["language", "script", "region", "variant"] {
            for element in try XML.elements(of: "validity/\(kind).xml") where element.name == "id" {
                #expect(element.attributes["type"] == kind)
                for token in element.text.split(whereSeparator: \.isWhitespace) {
                    for subtag in Self.expand(token) {
                        #expect(expected[kind]?[subtag] == nil, "\(kind) \(subtag) listed twice")
                        expected[kind, default: [:]][subtag] = element.attributes["idStatus"]!
                    }
                }
            }
        }
        #expect(expected["language"]?.count ?? 0 > 8000)
        let validity = CLDRData.validity
        #expect(validity.kinds == expected.keys.sorted())
        for (kind, table) in expected {
            let compiled = validity.entries(kind).mapValues(\.rawValue)
            #expect(compiled.count == table.count, "\(kind)")
            for (subtag, status) in table where compiled[subtag] != status || validity.status(kind, subtag)?.rawValue != status {
                Issue.record("\(kind) \(subtag): compiled \(compiled[subtag] ?? "nil"), XML \(status)")
            }
            // Next to every range's ends: what the XML does not list has no status.
            for subtag in table.keys {
                let last = subtag.unicodeScalars.last!.value
                for neighbour in [last - 1, last + 1] {
                    let other = String(subtag.unicodeScalars.dropLast()) + String(Character(Unicode.Scalar(neighbour)!))
                    if table[other] == nil, let status = validity.status(kind, other) {
                        Issue.record("\(kind) \(other): not in the XML, compiled \(status)")
                    }
                }
            }
        }
    }

    @Test func pluralRulesMatchTheXML() throws {
        let elements = try XML.elements(of: "plurals.xml")
        let sets = elements.filter {
            $0.name == "pluralRules" && $0.ancestors.last?.name == "plurals" && $0.ancestors.last?.attributes["type"] == "cardinal"
        }
        let rules = elements.filter { $0.name == "pluralRule" && $0.ancestors.last?.name == "pluralRules" }
        let compiled = CLDRData.plurals
        #expect(compiled.ruleSets.count == sets.count)
        var ruleCursor = 0
        var localeCount = 0
        for (offset, set) in sets.enumerated() {
            let locales = set.attributes["locales"]!.split(separator: " ").map { XML.dashed(String($0)) }
            localeCount += locales.count
            let compiledSet = compiled.ruleSets[offset]
            #expect(compiledSet.locales == locales)
            for locale in locales { #expect(compiled.index[locale] == offset, "\(locale)") }
            // The rules of this set are the next ones in document order (children end first).
            let own = rules[ruleCursor..<(ruleCursor + compiledSet.rules.count)]
            ruleCursor += compiledSet.rules.count
            #expect(own.map { $0.attributes["count"]! } == compiledSet.rules.map(\.category))
            for (xmlRule, compiledRule) in zip(own, compiledSet.rules) {
                let text = xmlRule.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(compiledRule.text == text, "\(locales.first!) \(compiledRule.category)")
            }
        }
        #expect(ruleCursor == rules.count)
        #expect(compiled.index.count == localeCount)
    }

    @Test func parsingTheCompiledDataIsCheap() {
        // Parse fresh copies (the shared ones may already be loaded). Debug builds are several
        // times slower than release; this only catches gross regressions.
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = CLDRData.SubtagData(likely: CLDRData.Generated.likelySubtags, parents: CLDRData.Generated.parentLocales,
                                    aliases: CLDRData.Generated.aliases)
            _ = CLDRData.ValidityData(statuses: CLDRData.Generated.validityStatuses, ranges: [
                "language": CLDRData.Generated.languageValidity, "script": CLDRData.Generated.scriptValidity,
                "region": CLDRData.Generated.regionValidity, "variant": CLDRData.Generated.variantValidity,
            ])
            _ = CLDRData.PluralData(CLDRData.Generated.plurals)
        }
        #expect(elapsed < .milliseconds(500))
    }
}
