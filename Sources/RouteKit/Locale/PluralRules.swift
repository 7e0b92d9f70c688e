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

    /// Rails I18n's explicit `zero`: at a count of 0, a plural's `zero` form is used when the
    /// locale's CLDR rules have no `zero` category of their own (English "No talks"); where they
    /// have one (Arabic, Latvian), the rules decide. True when `count` selects such a `zero` form.
    public func selectsExplicitZero(for count: String) -> Bool {
        guard !categories.contains(.zero), let operands = PluralOperands(count) else { return false }
        return operands.n == 0
    }

    /// The rules for a locale: the first element of its CLDR fallback chain in the same language
    /// that has rules (`pt-AO` → `pt-PT`; `en-AU` → `en`), else its bare language (`zh-Hant` →
    /// `zh`, `sr-Latn` → `sr`), else `root` (always `other`). Aliases apply (`iw` → `he`).
    /// Plural rules belong to a language: a parent in another language (`hi-Latn` → `en-IN`)
    /// is not followed, as ICU and Babel do not follow it; `hi-Latn` counts as Hindi.
    public static func `for`(locale: String) -> PluralRules {
        if let cached = cache[locale] { return cached }
        let rules = LocaleFallback.cachedCanonical(locale).map { self.for(locale: $0) } ?? root
        cache[locale] = rules
        return rules
    }

    public static func `for`(locale tag: LocaleTag) -> PluralRules {
        let key = ruleLocale(for: tag)
        return PluralRules(locale: key, rules: ruleSet(CLDRData.plurals.index[key] ?? rootIndex))
    }

    /// Every locale that has its own rules in `plurals.xml`, sorted.
    public static var locales: [String] { CLDRData.plurals.index.keys.sorted() }

    static func ruleLocale(for tag: LocaleTag) -> String {
        let index = CLDRData.plurals.index
        for element in LocaleFallback.cldrChain(for: tag) where element.language == tag.language {
            if index[element.identifier] != nil { return element.identifier }
            if let script = element.script, script == LocaleTag.defaultScript(of: element.language) {
                let plain = element.with(script: nil).identifier
                if index[plain] != nil { return plain }
            }
        }
        return index[tag.language] != nil ? tag.language : "root"
    }

    private static var root: PluralRules {
        PluralRules(locale: "root", rules: ruleSet(rootIndex))
    }

    private static var rootIndex: Int { CLDRData.plurals.index["root"] ?? -1 }

    private static let cache = LocaleCache<String, PluralRules>(limit: 4096)

    private static let parsedSets = LocaleCache<Int, [PluralRule]>(limit: 1024)

    /// The parsed rules of one rule set of `plurals.xml`, parsed at first use and shared by the
    /// set's locales. A rule that does not parse (never the case for the shipped data;
    /// `PluralCLDRSampleTests` checks) is left out: its category is never selected.
    private static func ruleSet(_ index: Int) -> [PluralRule] {
        if let cached = parsedSets[index] { return cached }
        var rules: [PluralRule] = []
        for (name, text) in CLDRData.plurals.rules(ofSet: index) {
            guard let category = PluralCategory(rawValue: name),
                  let rule = try? PluralRule(category: category, parsing: text) else { continue }
            rules.append(rule)
        }
        let other = rules.first { $0.category == .other } ?? .plainOther
        rules = rules.filter { $0.category != .other } + [other]
        parsedSets[index] = rules
        return rules
    }
}

extension PluralRule {
    /// `other` with an empty condition and no samples (an empty condition always parses).
    static let plainOther = try! PluralRule(category: .other, parsing: "")
}
