/// The CLDR cardinal plural rules of one locale, from the `plurals.xml` compiled into routekit.
///
/// ```swift
/// let rules = PluralRules.for(locale: "pt-PT")
/// rules.category(for: 1)                      // .one
/// rules.category(for: PluralOperands("1c6")!) // .many
/// rules.categories                            // [.one, .many, .other]
/// ```
public struct PluralRules: Hashable, Sendable {
    /// The CLDR locale whose rules these are (`en`, `pt-PT`, `kok-Latn`, `root`).
    public let locale: String
    /// In CLDR order; `other` is always last.
    public let rules: [PluralRule]

    /// The categories this locale selects; always includes `other`.
    public var categories: Set<PluralCategory> { Set(orderedCategories) }

    /// The categories in CLDR order (`zero one two few many other`).
    public var orderedCategories: [PluralCategory] { rules.map(\.category) }

    public func category(for operands: PluralOperands) -> PluralCategory {
        for rule in rules where rule.category != .other && rule.condition.matches(operands) {
            return rule.category
        }
        return .other
    }

    public func category(for number: Int) -> PluralCategory {
        category(for: PluralOperands(number))
    }

    /// The category for a number as displayed (`"1.0"`, `"1c6"`); nil when it does not parse.
    public func category(for number: String) -> PluralCategory? {
        PluralOperands(number).map { category(for: $0) }
    }

    /// The rules for a locale: the first element of its CLDR fallback chain that has rules
    /// (`pt-AO` → `pt-PT`; `en-AU` → `en`), else its bare language (`zh-Hant` → `zh`,
    /// `sr-Latn` → `sr`), else `root` (always `other`). Aliases apply (`iw` → `he`).
    public static func `for`(locale: String) -> PluralRules {
        if let cached = cache[locale] { return cached }
        let rules = LocaleFallback.cachedCanonical(locale).map { self.for(locale: $0) } ?? root
        cache[locale] = rules
        return rules
    }

    public static func `for`(locale tag: LocaleTag) -> PluralRules {
        let key = ruleLocale(for: tag)
        return PluralRules(locale: key, rules: table.sets[table.index[key] ?? rootIndex])
    }

    /// Every locale that has its own rules in `plurals.xml`, sorted.
    public static var locales: [String] { table.index.keys.sorted() }

    static func ruleLocale(for tag: LocaleTag) -> String {
        let index = table.index
        for element in LocaleFallback.cldrChain(for: tag) {
            if index[element.identifier] != nil { return element.identifier }
            if let script = element.script, script == LocaleTag.defaultScript(of: element.language) {
                let plain = element.with(script: nil).identifier
                if index[plain] != nil { return plain }
            }
        }
        return index[tag.language] != nil ? tag.language : "root"
    }

    private static var root: PluralRules {
        PluralRules(locale: "root", rules: table.sets[rootIndex])
    }

    private static var rootIndex: Int { table.index["root"] ?? 0 }

    private static let cache = LocaleCache<String, PluralRules>(limit: 4096)

    /// Parsed rule sets, shared by every locale of a set. A rule that does not parse (never the
    /// case for the shipped data; `PluralCLDRSampleTests` checks) is left out: its category is
    /// never selected.
    private static let table: (sets: [[PluralRule]], index: [String: Int]) = {
        let data = CLDRData.plurals
        var sets: [[PluralRule]] = []
        for ruleSet in data.ruleSets {
            var rules: [PluralRule] = []
            for (name, text) in ruleSet.rules {
                guard let category = PluralCategory(rawValue: name),
                      let rule = try? PluralRule(category: category, parsing: text) else { continue }
                rules.append(rule)
            }
            if !rules.contains(where: { $0.category == .other }) {
                rules.append(PluralRule(otherWithoutSamples: ()))
            }
            sets.append(rules.filter { $0.category != .other } + rules.filter { $0.category == .other })
        }
        if sets.isEmpty { sets.append([PluralRule(otherWithoutSamples: ())]) }
        return (sets, data.index)
    }()
}

extension PluralRule {
    init(otherWithoutSamples: Void) {
        // An empty condition parses; force-try is safe.
        self = try! PluralRule(category: .other, parsing: "")
    }
}
