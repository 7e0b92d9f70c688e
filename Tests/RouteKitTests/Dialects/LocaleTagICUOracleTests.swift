import Foundation
import Testing
@testable import RouteKit

/// Locale tags with extensions, private use and white space, against ICU (PyICU's
/// `Locale.forLanguageTag`, Debian's python3-icu: ICU 72, CLDR 42). For each tag: does routekit
/// look it up or refuse it (`title` says "not a usable locale"), the tag it matches on (language,
/// script, region, variants, after CLDR's aliases; ICU's side through `Locale.createCanonical`),
/// and the numbering system of `-u-nu-…`, which routekit reads (ICU's `numbers` keyword).
/// Where routekit decided otherwise on purpose the tag is in ``knownDifferences`` with the reason;
/// every other disagreement fails, and so does a known difference that no longer differs.
@Suite struct LocaleTagICUOracleTests {
    /// The tags the issue names, and the edges of the grammar around them.
    static let named = [
        "en-US-u-mu-celsius", "th-u-nu-thai", "de-DE-u-co-phonebk", "en-t-ja", "zh-Hant-TW-x-private",
        "sr-Latn-RS-u-ca-gregory-x-foo", "  fr-CA  ", "es-419-u-nu-latn", "x-private", "en-u", "en--US", "i-klingon",
        // Android 14's regional preferences.
        "en-US-u-mu-celsius-fw-mon", "de-DE-u-fw-mon-mu-fahrenhe",
        // Well-formed extensions: a key without a type, attributes, other singletons, digits.
        "en-u-ca", "en-u-foo-nu-latn", "en-a-foo", "en-0-ab", "en-b-ab-c-cd", "th-u-ca-buddhist-nu-thai",
        "th-u-nu-thai-t-ja", "en-US-t-und-u-nu-thai", "en-t-ja-jpan-h0-hybrid", "EN-us-U-MU-CELSIUS",
        "ar-EG-u-nu-latn", "fa-IR-u-nu-arabext", "en-u-nu-thai-nu-arab", "ca-ES-valencia-u-co-trad",
        // Private use: everything after `-x-` is private, a `-u-nu-` there too.
        "en-x-a", "en-US-x-a-b-c", "th-x-u-nu-thai", "th-u-nu-arab-x-u-nu-thai", "en-x-foo-x-bar", "und-x-foo",
        // Malformed: an empty extension, a repeated singleton, a subtag too long or too short.
        "en-US-u", "en-x", "en-u-ca-x", "en-a-b", "en-t", "en-t-ja-t-fr", "en-a-ab-A-cd", "en-u-abcdefghi",
        "en-x-abcdefghi", "en-", "en-u-mu-", "en-u--mu-celsius", "en-u-mu-célsius", "en-US-1-a",
        // White space (ICU reads none), the `_` separator (ICU reads `-` only), aliases and legacy tags.
        " en-US-u-mu-celsius", "en-US-u-mu-celsius\t", "en_US", "en_US-u-nu-thai", "iw-IL-u-nu-latn", "tl-x-foo",
        "de_DE.UTF-8", "sr_RS@latin", "sgn-DE", "art-lojban", "zh-min-nan", "no-bok", "en-GB-oed", "de-1901-1996-u-co-phonebk", "", "root",
    ]

    /// Where routekit and ICU differ on purpose, and why. Each must still differ: a fix that makes
    /// one agree removes it from here.
    static let knownDifferences: [String: String] = [
        // The issue asks routekit to accept white space around a tag (it comes from shells, batch
        // lines and config values as typed); ICU's forLanguageTag refuses it as malformed.
        "  fr-CA  ": "routekit trims surrounding white space; ICU refuses it",
        " en-US-u-mu-celsius": "routekit trims surrounding white space; ICU refuses it",
        "en-US-u-mu-celsius\t": "routekit trims surrounding white space; ICU refuses it",
        // routekit reads `_` as `-` everywhere (CLDR files, Java and POSIX names write `en_US`);
        // forLanguageTag reads BCP 47 only.
        "en_US": "routekit reads `_` as a separator; ICU's forLanguageTag does not",
        "en_US-u-nu-thai": "routekit reads `_` as a separator; ICU's forLanguageTag does not",
        // Platform locale names (`LANG`, glibc) are read as what they name.
        "de_DE.UTF-8": "routekit reads a POSIX locale name as de-DE; ICU's forLanguageTag reads BCP 47 only",
        "sr_RS@latin": "routekit reads a POSIX locale name as sr-Latn-RS; ICU's forLanguageTag reads BCP 47 only",
        // A tag without a language says nothing routekit could match on; looking it up would answer
        // from the base locale as if that had been asked for. ICU makes them root (`und`).
        "x-private": "private use alone has no language: routekit refuses it, ICU reads root",
        "": "an empty tag: routekit refuses it, ICU reads root",
    ]

    /// Tags built from subtags and extensions at random (seeded: a failure reproduces), with
    /// random case and, for one in four, a malformation.
    static func generated(count: Int) -> [String] {
        var random = SeededGenerator(seed: 28)
        let languages = ["en", "de", "th", "zh", "sr", "es", "fr", "ar", "pt", "ja", "fil", "haw", "yue", "und", "qaa", "xx", "iw", "tl", "mo"]
        let scripts = [nil, nil, "Latn", "Hant", "Hans", "Cyrl", "Arab", "Qaai"]
        let regions = [nil, nil, "US", "DE", "TW", "419", "BR", "RS", "001", "SU", "DD", "XY"]
        let variants = [[], [], [], ["valencia"], ["1901"], ["1996", "1901"], ["fonipa"], ["heploc"]]
        let extensions = ["u-mu-celsius", "u-nu-thai", "u-nu-arab", "u-nu-latn", "u-ca-buddhist-nu-thai", "u-fw-mon", "u-co-phonebk",
                          "t-ja", "t-en-h0-hybrid", "a-foo", "u-foo-nu-beng", "u-nu", "u-ca-nu-deva", "b-12-345678", "9-abc"]
        let privateUse = ["x-foo", "x-a-u-nu-arab", "x-1-2", "x-private"]
        let malformations: [(inout [String]) -> Void] = [
            { $0.append("u") },                                     // an empty extension at the end
            { $0.append(contentsOf: ["u", "ca", "x"]) },            // `-x` with nothing after it
            { $0.append(contentsOf: ["t", "ja", "t", "fr"]) },      // a singleton twice
            { $0.append(contentsOf: ["a", "b"]) },                  // a one-letter subtag in an extension
            { $0.append(contentsOf: ["u", "abcdefghi"]) },          // nine characters
            { $0.insert("", at: min(1, $0.count)) },                // a doubled `-`
            { $0.append("") },                                      // a trailing `-`
        ]
        var tags: Set<String> = []
        while tags.count < count {
            var parts = [languages.randomElement(using: &random)!]
            if let script = scripts.randomElement(using: &random)! { parts.append(script) }
            if let region = regions.randomElement(using: &random)! { parts.append(region) }
            parts += variants.randomElement(using: &random)!
            var singletons: Set<Character> = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let chosen = extensions.randomElement(using: &random)!
                if singletons.insert(chosen.first!).inserted { parts += chosen.split(separator: "-").map(String.init) }
            }
            if Int.random(in: 0..<3, using: &random) == 0 { parts += privateUse.randomElement(using: &random)!.split(separator: "-").map(String.init) }
            if Int.random(in: 0..<4, using: &random) == 0 { malformations.randomElement(using: &random)!(&parts) }
            let tag = String(parts.joined(separator: "-").map { character in
                Bool.random(using: &random) ? Character(character.uppercased()) : character
            })
            tags.insert(tag)
        }
        return tags.sorted()
    }

    /// ICU's reading of each tag (one JSON string a line): `ERR`, or the canonical language,
    /// script, region, variants (lowercase, sorted) and the `numbers` keyword, tab-separated.
    static let oracle = """
    import icu, json, sys
    for line in open(sys.argv[1], encoding="utf-8"):
        tag = json.loads(line)
        try:
            parsed = icu.Locale.forLanguageTag(tag)
        except icu.ICUError:
            print("ERR")
            continue
        language, script, region, variant = parsed.getLanguage(), parsed.getScript(), parsed.getCountry(), parsed.getVariant()
        name = language + ("_" + script if script else "") + ("_" + region if region or variant else "") + ("_" + variant if variant else "")
        base = icu.Locale.createCanonical(name)
        variants = sorted(v.lower() for v in base.getVariant().split("_") if v)
        numbers = parsed.getKeywordValue("numbers") or "-"
        # A key without a type is `yes` in ICU's keywords (RFC 6067's "true"): no numbering system.
        if numbers == "yes":
            numbers = "-"
        print("\\t".join([base.getLanguage() or "und", base.getScript() or "-", base.getCountry() or "-", "-".join(variants) or "-", numbers]))
    """

    /// routekit's reading, in the oracle's shape: the check `title` makes before looking a tag up,
    /// the tag negotiation matches on, and the numbering system number formatting uses.
    static func routekit(_ text: String) -> String {
        guard TitleResolver.unusableLocaleProblem(text) == nil, let tag = LocaleTag.canonical(text) else { return "ERR" }
        let numbers = LocaleTag.splittingExtensions(text).extensions.flatMap(LocaleTag.numberingSystem(inExtensions:)) ?? "-"
        return [tag.language, tag.script ?? "-", tag.region ?? "-", tag.variants.isEmpty ? "-" : tag.variants.joined(separator: "-"), numbers]
            .joined(separator: "\t")
    }

    @Test(.requires(.pyICU)) func agreesWithICU() throws {
        let tags = Self.named + Self.generated(count: 400)
        let lines = try tags.map { tag in
            String(decoding: try JSONSerialization.data(withJSONObject: tag, options: [.fragmentsAllowed]), as: UTF8.self)
        }
        let dir = try TemporaryDirectory().write(["oracle.py": Self.oracle, "tags.jsonl": lines.joined(separator: "\n") + "\n"])
        let run = try ReportFixtures.runTool(["/usr/bin/python3", dir.path("oracle.py"), dir.path("tags.jsonl")])
        #expect(run.status == 0, "\(run.output)")
        let answers = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(answers.count >= tags.count, "\(run.output)")
        var disagreements: [String] = []
        var agreedWhereKnown: [String] = []
        var refused = 0
        for (tag, icu) in zip(tags, answers) {
            let mine = Self.routekit(tag)
            if mine == "ERR" { refused += 1 }
            if Self.knownDifferences[tag] != nil {
                if mine == icu { agreedWhereKnown.append(tag.debugDescription) }
            } else if mine != icu {
                disagreements.append("\(tag.debugDescription): routekit \(mine.debugDescription), ICU \(icu.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(tags.count):\n\(disagreements.joined(separator: "\n"))")
        #expect(agreedWhereKnown.isEmpty, "listed as known differences but agreeing: \(agreedWhereKnown)")
        // The generated set exercises both verdicts.
        #expect(refused > 20 && refused < tags.count / 2, "\(refused) of \(tags.count) refused")
    }

    /// The title path refuses what the oracle calls malformed, with the reason.
    @Test func titleRefusesMalformedExtensions() {
        #expect(TitleResolver.unusableLocaleProblem("en-u")?.contains("the extension `-u` has no subtags") == true)
        #expect(TitleResolver.unusableLocaleProblem("en-t-ja-t-fr")?.contains("given twice") == true)
        #expect(TitleResolver.unusableLocaleProblem("en-u-abcdefghi")?.contains("2–8") == true)
        #expect(TitleResolver.unusableLocaleProblem("  fr-CA  ") == nil)
        #expect(TitleResolver.unusableLocaleProblem("en-US-u-mu-celsius") == nil)
        #expect(LocaleTag.numberingSystem(inExtensions: "x-u-nu-thai") == nil)
        #expect(LocaleTag.numberingSystem(inExtensions: "u-nu-arab-x-u-nu-thai") == "arab")
    }
}
