import FoundationEssentials
import Synchronization

/// Resolves titles the way the app does at push time: negotiate the locale, look the key up along
/// the fallback chain, choose the plural form with the supplying locale's CLDR rules, and fill the
/// placeholders from the route's params.
///
/// ```swift
/// let resolver = try TitleResolver(projectAt: "path/to/app")
/// let entry = try resolver.push("SessionScreen", params: ["sessionId": "42"], locales: ["de-AT", "en"])
/// entry.displayTitle   // "Vortrag" (the fallback key, from `de`)
/// ```
public final class TitleResolver: Sendable {
    public let catalog: RouteCatalog
    public let strings: StringTable
    public let negotiator: LocaleNegotiator
    /// Wrap param values in Unicode isolates (U+2068…U+2069) for bidi safety.
    public let isolateUserValues: Bool
    /// What each preference list decides, whatever the route (`--batch` repeats a few lists).
    private let preferenceLists = Memo<[String], Preferences>()
    /// The language and script of each locale a title came from or a caller wanted.
    private let languages = Memo<String, Language>()
    /// What a push needs of each route, taken from the catalog once.
    private let routePlans = Memo<String, RoutePlan?>()
    private let nextID = Atomic<Int>(0)
    private let idPrefix: String
    /// Each locale's strings, and where they are: a lookup reads its table in place, as an
    /// element of this array (a copy of a table, as the dictionary hands out, retains and
    /// releases its ten buffers; on two cores answering a batch, each count a cache line both write).
    private let tables: [LocaleStrings]
    private let tableIndex: [String: Int]

    public init(catalog: RouteCatalog, strings: StringTable, fallbacks: [String: [String]] = [:],
                isolateUserValues: Bool = false, idPrefix: String = "") {
        self.catalog = catalog
        self.strings = strings
        self.negotiator = LocaleNegotiator(available: strings.locales, baseLocale: strings.baseLocale,
                                           overrides: LocaleFallbackOverrides(fallbacks))
        self.isolateUserValues = isolateUserValues
        self.idPrefix = idPrefix
        let locales = strings.byLocale.keys.sorted()
        tables = locales.map { strings.byLocale[$0]! }
        tableIndex = Dictionary(uniqueKeysWithValues: locales.enumerated().map { ($1, $0) })
    }

    public convenience init(project: Project, isolateUserValues: Bool = false) {
        self.init(catalog: project.catalog, strings: project.strings, fallbacks: project.config.fallbacks,
                  isolateUserValues: isolateUserValues)
    }

    /// Loads the project whose `.routekit.yml` is in `directory` or a parent.
    public convenience init(projectAt directory: String, isolateUserValues: Bool = false) throws(ConfigError) {
        let config = try ProjectConfig.load(path: try ProjectConfig.locate(explicit: nil, directory: directory))
        self.init(project: try Project.load(config: config), isolateUserValues: isolateUserValues)
    }

    /// The locales to try, in order, for a preference list (cached: scripts repeat the same lists).
    public func negotiate(_ preferred: [String]) -> LocaleNegotiation {
        preferences(preferred).negotiation
    }

    /// Resolves a route as it is pushed: a fresh entry with its title and subtitle.
    public func push(_ routeName: String, params: [String: String] = [:], locales preferred: [String]) throws(ResolutionError) -> StackEntry {
        guard let route = routePlans.value(for: routeName, { catalog.route(named: routeName).map(RoutePlan.init) }) else {
            throw ResolutionError("no route '\(routeName)' in the catalog\(suggestion(routeName, among: catalog.routes.lazy.map(\.name)))")
        }
        if params.keys.contains(where: { name in !route.params.contains { $0.name == name } }) {
            // The first in name order, so that the message does not depend on hashing.
            for name in params.keys.sorted() where !route.params.contains(where: { $0.name == name }) {
                throw ResolutionError("route '\(routeName)' has no param '\(name)'\(suggestion(name, among: route.params.map(\.name)))")
            }
        }
        for param in route.params where !param.isOptional && (params[param.name] ?? "").isEmpty {
            throw ResolutionError("route '\(routeName)' needs param '\(param.name)' (\(param.type))")
        }
        for param in route.params {
            guard let kind = param.kind, let value = params[param.name], !value.isEmpty, !kind.accepts(value) else { continue }
            throw ResolutionError("param '\(param.name)' of route '\(routeName)' is \(kind.article) \(param.type): "
                + "expected \(kind.expected), got '\(value)'")
        }
        let preferences = self.preferences(preferred)
        if let problem = preferences.problem { throw problem }
        let negotiation = preferences.negotiation
        let title = try route.title.map { spec throws(ResolutionError) in try resolve(spec, params: params, negotiation: negotiation) }
        let subtitle = try route.subtitle.map { spec throws(ResolutionError) in try resolve(spec, params: params, negotiation: negotiation) }
        let id = idPrefix + String(nextID.wrappingAdd(1, ordering: .relaxed).newValue)
        var entry = StackEntry(id: id, route: routeName, params: params, title: title ?? nil, subtitle: subtitle ?? nil,
                               locale: title??.locale ?? negotiation.firstChoice, candidates: negotiation.locales)
        entry.ignoredLocaleExtensions = preferences.ignoredExtensions
        if entry.title?.locale != nil || entry.subtitle?.locale != nil {
            let wanted = language(of: preferences.wanted)
            entry.languageNotServed = [entry.title, entry.subtitle].contains { text in
                text?.locale.map { !language(of: $0).isSame(as: wanted) } ?? false
            }
        }
        return entry
    }

    /// What a push needs of a route: taken from the catalog once, where copying the `Route` (its
    /// locations, declarations, tab and notes) cost each lookup more than its checks.
    final class RoutePlan: Sendable {
        struct Param: Sendable {
            let name: String
            let type: String
            let isOptional: Bool
            /// What a value must look like; nil for text.
            let kind: ParamValueKind?
        }

        let title: TitleSpec?
        let subtitle: TitleSpec?
        let params: [Param]

        init(_ route: Route) {
            title = route.title
            subtitle = route.subtitle
            params = route.params.map { Param(name: $0.name, type: $0.type, isOptional: $0.isOptional, kind: ParamValueKind(type: $0.type)) }
        }
    }

    /// What a preference list decides for every push, computed once per list.
    struct Preferences: Sendable {
        /// Thrown for every push with the list: a locale that cannot be looked up.
        var problem: ResolutionError?
        var negotiation: LocaleNegotiation
        /// The tags given with extensions (`de-u-mu-celsius`): matched without them.
        var ignoredExtensions: [String]
        /// The first tag without its extensions, else the base locale: whose language a title should be in.
        var wanted: String
    }

    func preferences(_ preferred: [String]) -> Preferences {
        preferenceLists.value(for: preferred) { workOutPreferences(preferred) }
    }

    private func workOutPreferences(_ preferred: [String]) -> Preferences {
        // A tag with characters no locale tag or platform locale name has (`xx-!!`) would be
        // read leniently as something else (`xx`), and answered from the base locale.
        // Extensions and private use (`-u-mu-celsius`, `-x-…`) are valid BCP 47; matching uses the
        // tag without them, and the entry says what was set aside.
        var problem: ResolutionError?
        for text in preferred {
            if let found = Self.unusableLocaleProblem(text) {
                problem = ResolutionError("'\(text)' is not a usable locale: \(found)")
                break
            }
        }
        let split = preferred.map(LocaleTag.splittingExtensions)
        let negotiation = negotiator.negotiate(preferred)
        if problem == nil, let skipped = negotiation.skipped.first {
            // Dropping it would answer in another language as if that were asked for.
            problem = ResolutionError("'\(skipped.text)' is not a usable locale: \(skipped.problem)")
        }
        return Preferences(
            problem: problem, negotiation: negotiation,
            ignoredExtensions: zip(preferred, split).compactMap { text, piece in piece.extensions.map { _ in text } },
            wanted: split.first?.tag ?? strings.baseLocale)
    }

    /// A locale's language and script once likely subtags are added; nil parts when it is not a tag.
    struct Language: Sendable {
        var text: String
        var languageAndScript: (language: String, script: String?)?

        init(_ locale: String) {
            text = locale
            languageAndScript = LocaleFallback.cachedCanonical(locale).map { tag in
                let maximized = tag.maximized
                return (maximized.language, maximized.script)
            }
        }

        /// Same language and script (`en-001` serves `en-AU`; `zh`, which is Simplified, does not
        /// serve `zh-TW`); two texts that are not tags only when they are equal.
        func isSame(as other: Language) -> Bool {
            guard let mine = languageAndScript, let theirs = other.languageAndScript else { return text == other.text }
            return mine.language == theirs.language && mine.script == theirs.script
        }
    }

    private func language(of locale: String) -> Language {
        languages.value(for: locale) { Language(locale) }
    }

    /// Same language and script once likely subtags are added (``Language/isSame(as:)``).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        Language(a).isSame(as: Language(b))
    }

    /// Why a preferred locale as given cannot be looked up, nil when it can: its tag without the
    /// extensions is malformed (``isUnusable(_:)``), or the extensions are (`en-u`, `en-a-b`).
    /// Whitespace around the tag, platform locale names, unknown and deprecated codes are
    /// accepted; ICU is the oracle (`LocaleTagICUOracleTests`).
    static func unusableLocaleProblem(_ text: String) -> String? {
        // A platform locale name (`de_DE.UTF-8`, `sr_RS@latin`) has no extensions to check.
        let piece = LocaleTag.splittingExtensions(PlatformLocaleName.tagText(text) ?? text)
        if isUnusable(piece.tag) {
            if case .failure(let failure) = LocaleTag.parse(text) { return failure.description }
            return "not a locale tag"
        }
        return piece.extensions.flatMap { LocaleTag.extensionProblem($0, tag: text)?.description }
    }

    /// Malformed (not only deprecated or unknown), and not a platform locale name (`de_DE.UTF-8`).
    static func isUnusable(_ text: String) -> Bool {
        guard case .failure(let problem) = LocaleTag.parse(text) else { return false }
        switch problem {
        case .malformed, .empty:
            return PlatformLocaleName.tagText(text) == nil && LegacyTags.replacing(text) == nil
        case .deprecated, .unknown:
            return false
        }
    }

    /// One title or subtitle; nil when it is absent (a `{param}` without value or fallback).
    func resolve(_ spec: TitleSpec, params: [String: String], negotiation: LocaleNegotiation) throws(ResolutionError) -> ResolvedText? {
        switch spec {
        case .text(let text):
            return ResolvedText(text: text.value, source: .literal, locale: nil, usedFallback: false)
        case .param(let param, let fallback):
            if let value = params[param.value], !value.isEmpty {
                let text = isolateUserValues ? StringFormatter.isolated(value) : value
                return ResolvedText(text: text, source: .param(param.value), locale: nil, usedFallback: false)
            }
            guard let fallback else { return nil }
            var resolved = try lookup(fallback.value, args: .none, params: params, negotiation: negotiation)
            resolved.usedFallback = true
            return resolved
        case .key(let key, let args):
            return try lookup(key.value, args: args, params: params, negotiation: negotiation)
        }
    }

    /// Looks `key` up along the negotiated chain and formats it. Works on the compact table: no
    /// `StringEntry` is made, only the template that is used.
    public func lookup(_ key: String, args: TitleArgs, params: [String: String], negotiation: LocaleNegotiation) throws(ResolutionError) -> ResolvedText {
        let storage = strings.storage
        if let id = strings.keyID(key) {
            for locale in negotiation.locales {
                guard let table = tableIndex[locale], let index = tables[table].index(of: id) else { continue }
                let entry = tables[table].entries[index]
                var named: [String: String] = [:]
                var positional: [String] = []
                switch args {
                case .none: break
                case .named(let pairs): for pair in pairs { named[pair.name.value] = params[pair.param.value] ?? "" }
                case .positional(let list): positional = list.map { params[$0.value] ?? "" }
                }
                let template: String
                if entry.isPlural {
                    let forms = tables[table].pluralForms(entry)
                    let count = named["count"] ?? positional.first ?? ""
                    let rules = PluralRules.for(locale: locale)
                    func form(_ name: String) -> CompactForm? {
                        forms.first { form in storage.withBytes(entry.file, form.category) { $0.elementsEqual(name.utf8) } }
                    }
                    let category = rules.selectsExplicitZero(for: count) && form("zero") != nil
                        ? "zero" : rules.category(for: count)?.rawValue ?? "other"
                    guard let chosen = form(category) ?? form("other") else {
                        throw ResolutionError("'\(key)' in locale '\(locale)' has no '\(category)' or 'other' form")
                    }
                    template = storage.string(entry.file, chosen.text)
                } else {
                    template = storage.string(entry.file, entry.text)
                }
                // As the platform of the file that supplied the string shows it (its dialect).
                let arguments = FormatArguments(named: named, positional: positional, isolate: isolateUserValues)
                switch storage.rules(entry.file).render(template, arguments: arguments, locale: negotiation.formattingLocale ?? locale) {
                case .success(let text):
                    return ResolvedText(text: text, source: .key(key), locale: locale,
                                        usedFallback: locale != negotiation.firstChoice)
                case .failure(let failure):
                    throw ResolutionError("'\(key)' in locale '\(locale)' (\(storage.dialects[Int(entry.file)].name)): \(failure.message)")
                }
            }
        }
        throw ResolutionError("string key '\(key)' is not defined in any of \(negotiation.locales.joined(separator: ", "))")
    }
}

/// What a resolver works out once per preference list or locale, kept for the next lookup: at
/// most 4,096 entries (then it starts again), shared by the threads that resolve.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])

    func value(for key: Key, _ make: () -> Value) -> Value {
        if let known = table.withLock({ $0[key] }) { return known }
        let value = make()
        table.withLock { table in
            if table.count >= 4096 { table.removeAll() }
            table[key] = value
        }
        return value
    }
}
