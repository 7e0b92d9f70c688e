import Foundation
import Testing
@testable import RouteKit

/// The plural category routekit chooses, held to CLDR 48's `plurals.xml` evaluated here by a
/// separate, small interpreter of the rule syntax: for every locale in the file (root excluded)
/// and for regional and script variants (`sr-Latn`, `pt-AO`, `hi-Latn`, every `parentLocales`
/// child), the integers 0–1000 and every `@integer`/`@decimal` sample.
///
/// A variant uses the rules of the first locale in its CLDR chain (as `LocaleChainOracleTests`
/// computes it) that is in the same language and listed in `plurals.xml`, else its language's:
/// plural rules belong to a language, so `hi-Latn` (parent `en-IN`) counts as Hindi. (Babel 2.17
/// agrees on every probe; ICU truncates instead and gives `pt-AO` Brazilian rules.)
@Suite struct PluralOracleTests {
    /// Operands of a number as written (`1.50`, `1c6`), per TR35.
    struct Operands {
        var n: Double, i: Double, v: Double, w: Double, f: Double, t: Double, e: Double

        init?(_ text: String) {
            var mantissa = text, exponent = 0
            if let c = text.firstIndex(where: { $0 == "c" || $0 == "e" }) {
                mantissa = String(text[..<c])
                guard let value = Int(text[text.index(after: c)...]) else { return nil }
                exponent = value
            }
            let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
            var integer = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
            // `1.2c3` is 1200: move the point right by the exponent.
            let moved = min(exponent, fraction.count)
            integer += fraction.prefix(moved)
            fraction = String(fraction.dropFirst(moved))
            integer += String(repeating: "0", count: exponent - moved)
            let trimmed = String(fraction.reversed().drop { $0 == "0" }.reversed())
            guard let i = Double(integer) else { return nil }
            self.i = i
            v = Double(fraction.count)
            w = Double(trimmed.count)
            f = Double(fraction) ?? 0
            t = Double(trimmed) ?? 0
            n = i + (fraction.isEmpty ? 0 : (Double("0." + fraction) ?? 0))
            e = Double(exponent)
        }
    }

    struct Relation {
        var operand: String
        var modulus: Double?
        var negated: Bool
        var ranges: [(Double, Double)]
    }

    /// `condition := and ('or' and)*; and := relation ('and' relation)*;
    /// relation := operand ('%' value)? ('=' | '!=') range (',' range)*`, parsed once.
    static func parse(_ condition: String) -> [[Relation]] {
        let condition = condition.trimmingCharacters(in: .whitespaces)
        if condition.isEmpty { return [[]] }
        return condition.components(separatedBy: " or ").map { conjunction in
            conjunction.components(separatedBy: " and ").map { text in
                let negated = text.contains("!=")
                let sides = text.components(separatedBy: negated ? "!=" : "=")
                let left = sides[0].split(separator: "%").map { $0.trimmingCharacters(in: .whitespaces) }
                let ranges = sides[1].split(separator: ",").map { range in
                    let bounds = range.components(separatedBy: "..").map { Double($0.trimmingCharacters(in: .whitespaces))! }
                    return (bounds[0], bounds[bounds.count - 1])
                }
                return Relation(operand: left[0], modulus: left.count > 1 ? Double(left[1]) : nil, negated: negated, ranges: ranges)
            }
        }
    }

    static func matches(_ condition: [[Relation]], _ o: Operands) -> Bool {
        condition.contains { conjunction in
            conjunction.allSatisfy { relation in
                var value: Double
                switch relation.operand {
                case "n": value = o.n
                case "i": value = o.i
                case "v": value = o.v
                case "w": value = o.w
                case "f": value = o.f
                case "t": value = o.t
                case "c", "e": value = o.e
                default: Issue.record("operand \(relation.operand)"); return false
                }
                if let modulus = relation.modulus { value = value.truncatingRemainder(dividingBy: modulus) }
                let inList = relation.ranges.contains { value == value.rounded() && value >= $0.0 && value <= $0.1 }
                return relation.negated ? !inList : inList
            }
        }
    }

    static func matches(_ condition: String, _ o: Operands) -> Bool { matches(parse(condition), o) }

    /// `@integer 0, 2~16, 100, …` and `@decimal 0.0~1.5, 1c6, …` → every listed number.
    static func samples(_ text: String) -> [String] {
        var result: [String] = []
        for part in text.replacingOccurrences(of: "@integer", with: ",").replacingOccurrences(of: "@decimal", with: ",")
            .split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            if item.isEmpty || item == "…" { continue }
            let bounds = item.components(separatedBy: "~")
            guard bounds.count == 2 else { result.append(item); continue }
            let digits = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
            let scale = pow(10, Double(digits))
            var step = (Double(bounds[0])! * scale).rounded()
            let end = (Double(bounds[1])! * scale).rounded()
            while step <= end {
                result.append(String(format: "%.\(digits)f", step / scale))
                step += 1
            }
        }
        return result
    }

    @Test func everyLocaleAndVariantChoosesCLDRsCategory() throws {
        var ruleSets: [String: [(category: String, condition: [[Relation]])]] = [:]
        var samplesByLocale: [String: [String]] = [:]
        var pending: [(String, String)] = []
        for element in try CLDRXMLTestReader.elements(of: "plurals.xml") {
            if element.name == "pluralRule" { pending.append((element.attributes["count"]!, element.text)) }
            if element.name == "pluralRules", element.ancestors.last?.attributes["type"] == "cardinal" {
                for locale in element.attributes["locales"]!.split(separator: " ") {
                    let locale = CLDRXMLTestReader.dashed(String(locale))
                    ruleSets[locale] = pending.map { ($0.0, Self.parse(String($0.1.prefix { $0 != "@" }))) }
                    samplesByLocale[locale] = pending.flatMap { rule in
                        rule.1.firstIndex(of: "@").map { Self.samples(String(rule.1[$0...])) } ?? []
                    }
                }
            }
            if element.name == "pluralRules" { pending = [] }
        }
        ruleSets["root"] = nil
        #expect(ruleSets.count > 200)

        let chains = try LocaleChainOracleTests.Oracle()
        func ruleLocale(_ tag: String) -> String {
            let language = LocaleChainOracleTests.Oracle.split(tag).language
            for element in chains.chain(tag) where LocaleChainOracleTests.Oracle.split(element).language == language {
                if ruleSets[element] != nil { return element }
            }
            return ruleSets[language] != nil ? language : "root"
        }
        var probes = Set(ruleSets.keys).union(["sr-Latn", "pt-AO", "hi-Latn", "sr-Latn-RS", "pt-MZ", "hi-Latn-IN"])
        for (child, _) in chains.parents { probes.insert(child) }
        for locale in ruleSets.keys {
            if let target = chains.likely[locale] { probes.insert(target.identifier) }
        }
        #expect(ruleLocale("hi-Latn") == "hi" && ruleLocale("pt-AO") == "pt-PT" && ruleLocale("sr-Latn") == "sr")

        var checked = 0
        var disagreements: [String] = []
        // Per rule set: the numbers and CLDR's category for each, computed once.
        var expectations: [String: [(number: String, category: String)]] = [:]
        for probe in probes.sorted() {
            let source = ruleLocale(probe)
            guard let rules = ruleSets[source] else { continue }
            if expectations[source] == nil {
                let numbers = (0...1000).map(String.init) + (samplesByLocale[source] ?? [])
                expectations[source] = try numbers.map { number in
                    let operands = try #require(Operands(number), "\(number)")
                    return (number, rules.first { $0.category != "other" && Self.matches($0.condition, operands) }?.category ?? "other")
                }
            }
            let routekit = PluralRules.for(locale: probe)
            for (number, expected) in expectations[source]! {
                let actual = routekit.category(for: number)?.rawValue ?? "unparsed"
                if actual != expected { disagreements.append("\(probe) (\(source)) \(number): routekit \(actual), CLDR \(expected)") }
                checked += 1
            }
        }
        #expect(checked > 300_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(20))")
    }

    @Test func theInterpreterKnowsItsCases() {
        #expect(Self.samples("@integer 0, 2~4, …") == ["0", "2", "3", "4"])
        #expect(Self.samples("@decimal 0.0~0.2, 1c6") == ["0.0", "0.1", "0.2", "1c6"])
        let operands = Operands("1.2c3")!
        #expect(operands.i == 1200 && operands.v == 0 && operands.e == 3)
        #expect(Self.matches("i = 1 and v = 0", Operands("1")!))
        #expect(!Self.matches("i = 1 and v = 0", Operands("1.0")!))
        #expect(Self.matches("n % 10 = 2..4 and n % 100 != 12..14", Operands("23")!))
    }
}
