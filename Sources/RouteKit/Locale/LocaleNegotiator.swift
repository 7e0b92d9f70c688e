/// Picks, for an ordered list of preferred locales, the available locales to try per key.
///
/// For each preferred locale in order, its fallback chain (config overrides, then CLDR; see
/// ``LocaleFallback``) filtered to the available locales; then the base locale; without
/// duplicates. An available locale matches a chain element when their canonical identifiers are
/// equal (`pt_br` is `pt-BR`, `iw` is `he`), or when both have the same maximized form (`pt` and
/// `pt-BR` are both `pt-Latn-BR`; `zh-TW` and `zh-Hant` both `zh-Hant-TW`).
///
/// Create one per project and reuse it: results are cached per preferred list.
public final class LocaleNegotiator: Sendable {
    /// The available locales, as written in the resource files.
    public let available: [String]
    /// The base locale, as configured.
    public let baseLocale: String
    public let overrides: LocaleFallbackOverrides
    /// Available locale identifiers that are not well-formed tags; they only match a preferred
    /// locale written exactly the same way.
    public let unparsableAvailable: [String]

    private let availableTags: [LocaleTag?]
    private let byIdentifier: [String: [Int]]
    private let byMaximized: [String: [Int]]
    private let byText: [String: Int]
    private let baseIndex: Int?
    private let cache = LocaleCache<[String], LocaleNegotiation>(limit: 4096)

    public init(available: [String], baseLocale: String, overrides: LocaleFallbackOverrides = [:]) {
        self.available = available
        self.baseLocale = baseLocale
        self.overrides = overrides
        var tags: [LocaleTag?] = []
        var byIdentifier: [String: [Int]] = [:]
        var byMaximized: [String: [Int]] = [:]
        var byText: [String: Int] = [:]
        var unparsable: [String] = []
        for (index, text) in available.enumerated() {
            if byText[text] == nil { byText[text] = index }
            let tag = LocaleTag.canonical(text)
            tags.append(tag)
            if let tag {
                byIdentifier[tag.identifier, default: []].append(index)
                // Root has no likely language: an `und` file is not English.
                if !tag.isRoot { byMaximized[tag.maximized.identifier, default: []].append(index) }
            } else {
                unparsable.append(text)
            }
        }
        // Same-locale spellings in an order of their own, never the file order: the most specific
        // first (`zh-Hant-TW` before `zh-TW` before `zh-Hant` for `zh-TW`), then by identifier and text.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let tagA = tags[a]!, tagB = tags[b]!
            let rankA = Self.specificity(tagA), rankB = Self.specificity(tagB)
            if rankA != rankB { return rankA > rankB }
            if tagA.identifier != tagB.identifier { return tagA.identifier < tagB.identifier }
            return available[a] < available[b]
        }
        self.availableTags = tags
        self.byIdentifier = byIdentifier.mapValues { $0.sorted(by: precedes) }
        self.byMaximized = byMaximized.mapValues { $0.sorted(by: precedes) }
        self.byText = byText
        self.unparsableAvailable = unparsable
        if let index = byText[baseLocale] {
            baseIndex = index
        } else if let base = LocaleTag.canonical(baseLocale) {
            baseIndex = byIdentifier[base.identifier]?.first ?? byMaximized[base.maximized.identifier]?.first
        } else {
            baseIndex = nil
        }
    }

    /// With config `fallbacks` as written (`["pt-AO": ["pt-PT"]]`).
    public convenience init(available: [String], baseLocale: String, fallbacks: [String: [String]]) {
        self.init(available: available, baseLocale: baseLocale, overrides: LocaleFallbackOverrides(fallbacks))
    }

    /// Convenience for a single preferred locale.
    public func negotiate(_ preferred: String) -> LocaleNegotiation {
        negotiate([preferred])
    }

    public func negotiate(_ preferred: [String]) -> LocaleNegotiation {
        if let cached = cache[preferred] { return cached }
        let result = compute(preferred)
        cache[preferred] = result
        return result
    }

    /// The available locales (indices into `available`) that match one chain element, exact
    /// identifier matches first.
    private func matches(_ element: LocaleTag) -> [Int] {
        let exact = byIdentifier[element.identifier] ?? []
        if element.isRoot { return exact }
        let similar = byMaximized[element.maximized.identifier] ?? []
        if similar.isEmpty { return exact }
        if exact.isEmpty { return similar }
        return exact + similar.filter { !exact.contains($0) }
    }

    /// How much a tag says of its own: a region more than a script, variants on top.
    private static func specificity(_ tag: LocaleTag) -> Int {
        (tag.region == nil ? 0 : 4) + (tag.script == nil ? 0 : 2) + min(tag.variants.count, 1)
    }

    private func compute(_ preferred: [String]) -> LocaleNegotiation {
        var candidates: [LocaleNegotiation.Candidate] = []
        var seen = Set<Int>()
        var skipped: [LocaleNegotiation.Skipped] = []

        for (preferredIndex, text) in preferred.enumerated() {
            guard let tag = LocaleFallback.cachedCanonical(text) else {
                if let index = byText[text], seen.insert(index).inserted {
                    candidates.append(.init(locale: available[index], preferredIndex: preferredIndex, chainIndex: 0, isExact: true))
                    continue
                }
                let problem: LocaleTagProblem
                if case .failure(let failure) = LocaleTag.parse(text) {
                    problem = failure
                } else {
                    problem = .malformed(tag: text, subtag: text, reason: "not a locale tag")
                }
                skipped.append(.init(text: text, problem: problem))
                continue
            }
            let chain = LocaleFallback.chain(for: tag, overrides: overrides)
            let exactForms = tag.scriptAddedForm == nil ? 1 : 2
            for (chainIndex, element) in chain.enumerated() {
                for index in matches(element) where seen.insert(index).inserted {
                    candidates.append(.init(
                        locale: available[index], preferredIndex: preferredIndex, chainIndex: chainIndex,
                        isExact: chainIndex < exactForms))
                }
            }
        }
        if let baseIndex {
            if seen.insert(baseIndex).inserted {
                candidates.append(.init(locale: available[baseIndex], preferredIndex: nil, chainIndex: 0, isExact: false))
            }
        } else if !candidates.contains(where: { $0.locale == baseLocale }) {
            candidates.append(.init(locale: baseLocale, preferredIndex: nil, chainIndex: 0, isExact: false))
        }
        // The first preferred tag formats numbers, with its `-u-nu-…` numbering system if it asks for one.
        let formatting = preferred.lazy.compactMap { text in LocaleFallback.cachedCanonical(text).map { (text, $0) } }.first { !$0.1.isRoot }
        var formattingLocale = formatting?.1.identifier
        if let (text, _) = formatting, let extensions = LocaleTag.splittingExtensions(text).extensions,
           let system = LocaleTag.numberingSystem(inExtensions: extensions) {
            formattingLocale = (formattingLocale ?? "") + "-u-nu-" + system
        }
        return LocaleNegotiation(candidates: candidates, skipped: skipped, formattingLocale: formattingLocale)
    }
}

/// The outcome of ``LocaleNegotiator/negotiate(_:)-([String])``: the locales to try per key, best
/// first, ending with the base locale.
public struct LocaleNegotiation: Hashable, Sendable {
    public struct Candidate: Hashable, Sendable {
        /// The available locale, as written in the resource files.
        public let locale: String
        /// Which preferred locale's chain produced it; nil for the base locale added at the end.
        public let preferredIndex: Int?
        /// The position in that chain (0: the preferred locale itself).
        public let chainIndex: Int
        /// True when it is the preferred locale itself (or its script-added form, `zh-TW` ~
        /// `zh-Hant-TW`), not a parent, an override or the base locale.
        public let isExact: Bool
    }

    /// A preferred locale that was skipped because it is not a well-formed tag.
    public struct Skipped: Hashable, Sendable {
        public let text: String
        public let problem: LocaleTagProblem
    }

    public let candidates: [Candidate]
    public let skipped: [Skipped]
    /// The first preferred locale that is a tag: the app formats numbers for it (Android formats
    /// with the first locale of the configuration, Apple with the current locale), whichever
    /// locale supplies the text.
    public var formattingLocale: String? = nil

    /// The available locales to try, in order, without duplicates; the base locale is last
    /// (unless a preferred locale already brought it in earlier). Kept, not mapped on each
    /// use: a lookup walks it for every key.
    public let locales: [String]

    init(candidates: [Candidate], skipped: [Skipped], formattingLocale: String?) {
        self.candidates = candidates
        self.skipped = skipped
        self.formattingLocale = formattingLocale
        self.locales = candidates.map(\.locale)
    }

    /// The locale to use when it has the key: the first one in ``locales``. A value supplied by any
    /// other locale is a fallback.
    public var firstChoice: String? { candidates.first?.locale }

    /// True when the first choice is the first preferred locale itself (no fallback at all).
    public var firstChoiceIsExact: Bool {
        guard let first = candidates.first else { return false }
        return first.isExact && first.preferredIndex == 0
    }

    /// True when a value supplied by `locale` is a fallback (it is not the first choice).
    public func isFallback(_ locale: String) -> Bool {
        locale != firstChoice
    }
}
