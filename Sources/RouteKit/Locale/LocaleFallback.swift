import FoundationEssentials
import Synchronization

/// Fallback chains: the order in which a locale's strings are looked for.
///
/// The chain of a tag is the tag itself; then, when the tag has no script and its likely script
/// differs from its language's default script, the form with the script added (`zh-TW` →
/// `zh-Hant-TW`); then, repeatedly, the parent: CLDR's explicit `parentLocales` entry if there is
/// one (`root` ends the chain), else truncation — drop the variants, then the region, then the
/// script but only when it is the language's default script. Chains never cross scripts:
/// `zh-Hant` does not fall back to `zh` (Simplified), `sr-Latn` not to `sr` (Cyrillic).
///
/// ```
/// en-AU       → en-001 → en
/// es-MX       → es-419 → es
/// pt-AO       → pt-PT  → pt
/// zh-TW       → zh-Hant-TW → zh-Hant
/// zh-Hant-MO  → zh-Hant-HK → zh-Hant
/// nb          → no
/// ```
///
/// Chains are computed once per tag and cached; lookups are cheap.
public enum LocaleFallback {
    /// The chain of a locale given as text (canonicalized leniently first, so `iw-IL` gives
    /// `he-IL → he`), as identifiers. Empty when the text is not a well-formed tag.
    public static func chain(for locale: String, overrides: LocaleFallbackOverrides = [:]) -> [String] {
        guard let tag = cachedCanonical(locale) else { return [] }
        return chain(for: tag, overrides: overrides).map(\.identifier)
    }

    /// The chain of a tag; `overrides` (config `fallbacks`) come after the tag itself (and its
    /// script-added form) and before the CLDR parents. Duplicates are removed.
    public static func chain(for tag: LocaleTag, overrides: LocaleFallbackOverrides = [:]) -> [LocaleTag] {
        let base = cldrChain(for: tag)
        let extra = overrides.fallbacks(for: tag)
        if extra.isEmpty { return base }
        let selfForms = tag.scriptAddedForm == nil ? 1 : 2
        var result = Array(base.prefix(selfForms))
        for candidate in extra + base.dropFirst(selfForms) where !result.contains(candidate) {
            result.append(candidate)
        }
        return result
    }

    /// The CLDR parent of a tag; nil at the top (the parent is `root`).
    public static func parent(of tag: LocaleTag) -> LocaleTag? {
        let parents = CLDRData.subtags.parents
        var explicit = parents[tag.identifier]
        if explicit == nil, let script = tag.script, script == LocaleTag.defaultScript(of: tag.language) {
            // `en-Latn-GB` has the parent of `en-GB`.
            explicit = parents[tag.with(script: nil).identifier]
        }
        if let explicit {
            return explicit == "root" ? nil : LocaleTag.fromCLDR(explicit)
        }
        if !tag.variants.isEmpty { return tag.withoutVariants() }
        if tag.region != nil { return tag.with(region: nil) }
        if let script = tag.script, script == LocaleTag.defaultScript(of: tag.language) {
            return tag.with(script: nil)
        }
        return nil
    }

    private static let chainCache = LocaleCache<String, [LocaleTag]>()
    private static let canonicalCache = LocaleCache<String, LocaleTag?>()

    static func cldrChain(for tag: LocaleTag) -> [LocaleTag] {
        if let cached = chainCache[tag.identifier] { return cached }
        var chain = [tag]
        var current = tag
        if let scripted = tag.scriptAddedForm {
            chain.append(scripted)
            current = scripted
        }
        while let next = parent(of: current), !chain.contains(next), chain.count < 32 {
            chain.append(next)
            current = next
        }
        chainCache[tag.identifier] = chain
        return chain
    }

    /// `LocaleTag.canonical`, memoized: callers look the same few strings up many times.
    static func cachedCanonical(_ text: String) -> LocaleTag? {
        if let cached = canonicalCache[text] { return cached }
        let tag = LocaleTag.canonical(text)
        canonicalCache[text] = .some(tag)
        return tag
    }
}

/// Config `fallbacks` (`{ pt-AO: [pt-PT] }`): locales tried after a tag itself and before its
/// CLDR parents. A key applies to a tag with the same canonical identifier, or else with the same
/// maximized form (`zh-TW` also covers `zh-Hant-TW`). Values are used as listed; their own chains
/// are not added (the CLDR chain of the tag follows anyway).
public struct LocaleFallbackOverrides: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    private var byIdentifier: [String: [LocaleTag]] = [:]
    private var byMaximized: [String: [LocaleTag]] = [:]
    /// Keys and values that are not well-formed tags (ignored); report them with `LocaleTag.parse`.
    public private(set) var invalid: [String] = []

    public init(_ fallbacks: [String: [String]]) {
        // Sorted, so that two keys with one maximized form resolve the same way every run.
        for key in fallbacks.keys.sorted() {
            guard let tag = LocaleTag.canonical(key) else {
                invalid.append(key)
                continue
            }
            var targets: [LocaleTag] = []
            for value in fallbacks[key] ?? [] {
                guard let target = LocaleTag.canonical(value) else {
                    invalid.append(value)
                    continue
                }
                if target != tag, !targets.contains(target) { targets.append(target) }
            }
            byIdentifier[tag.identifier, default: []].append(contentsOf: targets)
            let maximized = tag.maximized.identifier
            if !tag.isRoot, byMaximized[maximized] == nil { byMaximized[maximized] = targets }
        }
    }

    public init(dictionaryLiteral elements: (String, [String])...) {
        self.init(Dictionary(elements, uniquingKeysWith: +))
    }

    public var isEmpty: Bool { byIdentifier.isEmpty }

    /// The overrides for a tag (or its script-added form), in config order.
    public func fallbacks(for tag: LocaleTag) -> [LocaleTag] {
        if byIdentifier.isEmpty { return [] }
        if let exact = byIdentifier[tag.identifier] { return exact }
        if let scripted = tag.scriptAddedForm, let exact = byIdentifier[scripted.identifier] { return exact }
        return tag.isRoot ? [] : byMaximized[tag.maximized.identifier] ?? []
    }
}

/// A small thread-safe memo table. Bounded: it is emptied when it grows past `limit` entries, so a
/// long-running batch with ever-new keys cannot grow without end.
final class LocaleCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 8192) {
        self.limit = limit
    }

    subscript(key: Key) -> Value? {
        get {
            storage.withLock { $0[key] }
        }
        set {
            storage.withLock { storage in
                if storage.count >= limit { storage.removeAll(keepingCapacity: true) }
                storage[key] = newValue
            }
        }
    }
}
