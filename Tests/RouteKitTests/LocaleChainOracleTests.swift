import Foundation
import Testing
@testable import RouteKit

/// routekit's fallback chains held to CLDR's, computed here independently from the XML in
/// `Resources/CLDR` (aliases from `supplementalMetadata.xml`, likely subtags, `parentLocales`):
/// the tag, its script-added form when the likely script is not the language's default, then
/// parents — the explicit `parentLocales` entry, else truncation (variants, region, then the
/// script only when it is the default one); `root` ends the chain, so scripts are never crossed.
///
/// The tags: every language subtag in the validity data, every locale that likely subtags and
/// parent locales name, every region and script with a few languages, and the tricky tags of
/// issue 14. Negotiation over the same locales in two file orders must agree, and pick the most
/// specific available locale of the first chain element that has one.
@Suite struct LocaleChainOracleTests {
    typealias XML = CLDRXMLTestReader

    struct Tag: Hashable {
        var language: String
        var script: String?
        var region: String?
        var variants: [String] = []

        var identifier: String {
            ([language] + [script, region].compactMap { $0 } + variants).joined(separator: "-")
        }
    }

    /// CLDR data read from the XML, nothing from RouteKit.
    final class Oracle: @unchecked Sendable {
        var likely: [String: Tag] = [:]
        var parents: [String: String] = [:]
        var languageAliases: [[String]: String] = [:]
        var scriptAliases: [String: String] = [:]
        var territoryAliases: [String: [String]] = [:]
        var variantAliases: [String: String] = [:]
        var validity: [String: [String: String]] = [:]

        init() throws {
            for element in try XML.elements(of: "likelySubtags.xml") where element.name == "likelySubtag" {
                likely[XML.dashed(element.attributes["from"]!)] = Oracle.split(XML.dashed(element.attributes["to"]!))
            }
            for element in try XML.elements(of: "supplementalData.xml") where element.name == "parentLocale" {
                guard element.ancestors.last?.attributes["component"] == nil else { continue }
                for child in element.attributes["locales"]!.split(separator: " ") {
                    parents[XML.dashed(String(child))] = XML.dashed(element.attributes["parent"]!)
                }
            }
            for element in try XML.elements(of: "supplementalMetadata.xml") {
                guard let type = element.attributes["type"], let replacement = element.attributes["replacement"] else { continue }
                switch element.name {
                case "languageAlias":
                    languageAliases[type.lowercased().split(separator: "_").map(String.init)] = XML.dashed(replacement)
                case "scriptAlias": scriptAliases[type] = replacement
                case "territoryAlias": territoryAliases[type] = replacement.split(separator: " ").map(String.init)
                case "variantAlias": variantAliases[type.lowercased()] = replacement.lowercased()
                default: break
                }
            }
            for kind in ["language", "script", "region", "variant"] {
                for element in try XML.elements(of: "validity/\(kind).xml") where element.name == "id" {
                    for token in element.text.split(whereSeparator: \.isWhitespace) {
                        for subtag in LocaleCLDRDataTests.expand(token) {
                            validity[kind, default: [:]][subtag] = element.attributes["idStatus"]!
                        }
                    }
                }
            }
        }

        /// Well-formed subtags by their length, in canonical case.
        static func split(_ text: String) -> Tag {
            let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
            var tag = Tag(language: parts[0].lowercased())
            for part in parts.dropFirst() {
                if part.count == 1 { break }
                if part.count == 4, part.allSatisfy(\.isLetter), tag.script == nil, tag.region == nil {
                    tag.script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
                } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                    tag.region = part.uppercased()
                } else {
                    tag.variants.append(part.lowercased())
                }
            }
            tag.variants.sort()
            return tag
        }

        /// Aliases applied: a leading alias over several subtags (`zh-min-nan`, `hy-arevmda`), then
        /// language, script, region and variant aliases of one subtag.
        func canonical(_ text: String) -> Tag {
            var parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
            for length in stride(from: min(parts.count, 4), through: 2, by: -1) {
                if let replacement = languageAliases[Array(parts.prefix(length))] {
                    parts = replacement.lowercased().split(separator: "-").map(String.init) + parts.dropFirst(length)
                    break
                }
            }
            var tag = Oracle.split(parts.joined(separator: "-"))
            if let replacement = languageAliases[[tag.language]] {
                let target = Oracle.split(replacement)
                tag.language = target.language
                tag.script = tag.script ?? target.script
                tag.region = tag.region ?? target.region
            }
            if let script = tag.script, let replacement = scriptAliases[script] { tag.script = replacement }
            if let region = tag.region, let replacements = territoryAliases[region] {
                let likelyRegion = maximized(Tag(language: tag.language, script: tag.script))?.region
                tag.region = replacements.count > 1 && replacements.contains(likelyRegion ?? "") ? likelyRegion : replacements[0]
            }
            tag.variants = Array(Set(tag.variants.map { variantAliases[$0] ?? $0 })).sorted()
            return tag
        }

        func maximized(_ tag: Tag) -> Tag? {
            let language = tag.language
            var keys: [String] = []
            if let script = tag.script, let region = tag.region { keys.append("\(language)-\(script)-\(region)") }
            if let region = tag.region { keys.append("\(language)-\(region)") }
            if let script = tag.script { keys.append("\(language)-\(script)") }
            keys.append(language)
            for key in keys {
                if let match = likely[key] {
                    return Tag(language: language == "und" ? match.language : language,
                               script: tag.script ?? match.script, region: tag.region ?? match.region, variants: tag.variants)
                }
            }
            return nil
        }

        func chain(_ text: String) -> [String] {
            var tag = canonical(text)
            var chain = [tag.identifier]
            let defaultScript = likely[tag.language]?.script
            if tag.script == nil, tag.language != "und", let likelyScript = maximized(tag)?.script,
               let defaultScript, likelyScript != defaultScript {
                tag.script = likelyScript
                chain.append(tag.identifier)
            }
            while true {
                let scriptless = Tag(language: tag.language, region: tag.region, variants: tag.variants).identifier
                let explicit = parents[tag.identifier] ?? (tag.script != nil && tag.script == likely[tag.language]?.script ? parents[scriptless] : nil)
                if let explicit {
                    if explicit == "root" { break }
                    tag = Oracle.split(explicit)
                } else if !tag.variants.isEmpty {
                    tag.variants = []
                } else if tag.region != nil {
                    tag.region = nil
                } else if tag.script != nil, tag.script == likely[tag.language]?.script {
                    tag.script = nil
                } else {
                    break
                }
                if chain.contains(tag.identifier) { break }
                chain.append(tag.identifier)
            }
            return chain
        }
    }

    static let tricky = [
        "und", "und-TW", "und-Hant", "i-klingon", "art-lojban", "zh-min-nan", "no-bok", "no-nyn", "zh-cmn-Hant",
        "zh-cmn-Hans-CN", "zh-TW", "cmn-TW", "pa-PK", "uz-AF", "az-IR", "yue-CN", "en-Latn-US", "sr-Cyrl-RS",
        "yue-Hant-HK", "zh-Hans-CN", "hi-Latn", "sr-Latn", "sr-ME", "pt-AO", "zh-Hant-MO", "zh-MO", "en-AU",
        "es-MX", "nn", "nb", "iw-IL", "in", "mo", "sh", "tl", "de-DD", "en-SU", "ru-SU", "hy-arevmda",
        "sgn-DE", "en-GB-oed", "ca-ES-valencia", "de-CH-1901", "zh-guoyu", "zh-hakka",
    ]

    static func tags(_ oracle: Oracle) -> [String] {
        var tags = Set(tricky)
        for (kind, table) in oracle.validity where kind == "language" {
            for (subtag, status) in table where status != "private_use" { tags.insert(subtag) }
        }
        for (from, to) in oracle.likely { tags.insert(from); tags.insert(to.identifier) }
        for (child, parent) in oracle.parents where parent != "root" { tags.insert(child); tags.insert(parent) }
        let languages = ["en", "es", "pt", "zh", "sr", "ar", "fr", "de", "pa", "uz", "az", "yue", "hi", "ms", "und"]
        for (region, status) in oracle.validity["region"]! where status == "regular" || status == "macroregion" {
            for language in languages { tags.insert("\(language)-\(region)") }
        }
        for (script, status) in oracle.validity["script"]! where status == "regular" {
            for language in ["zh", "sr", "en", "und", "pa"] { tags.insert("\(language)-\(script)") }
        }
        return tags.sorted()
    }

    @Test func everyChainMatchesCLDR() throws {
        let oracle = try Oracle()
        let tags = Self.tags(oracle)
        #expect(tags.count > 12_000)
        var disagreements: [String] = []
        for text in tags {
            let expected = oracle.chain(text)
            let actual = LocaleFallback.chain(for: text)
            if actual != expected { disagreements.append("\(text): routekit \(actual), CLDR \(expected)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(20))")
    }

    @Test func negotiationIsTheSameInBothFileOrdersAndPicksTheMostSpecific() throws {
        let oracle = try Oracle()
        var available = Set<String>()
        for (child, parent) in oracle.parents where parent != "root" { available.insert(child); available.insert(parent) }
        for (from, to) in oracle.likely where !from.hasPrefix("und") {
            available.insert(from)
            available.insert(to.identifier)
            available.insert("\(to.language)-\(to.region!)")
            available.insert("\(to.language)-\(to.script!)")
        }
        let list = available.sorted()
        let forward = LocaleNegotiator(available: list, baseLocale: "en")
        let backward = LocaleNegotiator(available: list.reversed(), baseLocale: "en")
        let canonical = Dictionary(uniqueKeysWithValues: list.map { ($0, oracle.canonical($0)) })
        var byIdentifier: [String: [String]] = [:], byMaximized: [String: [String]] = [:]
        for text in list {
            let tag = canonical[text]!
            byIdentifier[tag.identifier, default: []].append(text)
            if tag.language != "und", let maximized = oracle.maximized(tag) { byMaximized[maximized.identifier, default: []].append(text) }
        }

        func specificity(_ tag: Tag) -> Int { (tag.region == nil ? 0 : 4) + (tag.script == nil ? 0 : 2) + min(tag.variants.count, 1) }
        /// The first chain element with an available locale: the one spelled the same, else the
        /// most specific one with the same maximized form.
        func expectedFirst(_ text: String) -> String? {
            for element in oracle.chain(text) {
                let tag = Oracle.split(element)
                if let exact = byIdentifier[element]?.min() { return exact }
                guard tag.language != "und", let maximized = oracle.maximized(tag)?.identifier else { continue }
                let similar = byMaximized[maximized] ?? []
                if let best = similar.max(by: { a, b in
                    let (ta, tb) = (canonical[a]!, canonical[b]!)
                    return (specificity(ta), tb.identifier) < (specificity(tb), ta.identifier)
                }) { return best }
            }
            return nil
        }

        var disagreements: [String] = []
        let tags = Self.tags(oracle)
        for text in tags {
            let one = forward.negotiate([text]).locales, other = backward.negotiate([text]).locales
            if one != other { disagreements.append("\(text): \(one) vs reversed \(other)") }
            let first = expectedFirst(text) ?? "en"
            if one.first != first { disagreements.append("\(text): routekit \(one.first ?? "nil"), expected \(first)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(20))")
    }
}
