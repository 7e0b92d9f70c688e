/// The routes × locales table of resolved titles behind `routekit report --html`.
public struct CoverageMatrix: Sendable {
    public enum Status: String, Sendable {
        /// Resolved from the locale itself.
        case ok
        /// Resolved from another locale of the chain (the cell names it).
        case fallback
        /// No title at all, or the key resolves nowhere.
        case missing
        /// Longer than the `title-too-long` limit.
        case tooLong = "too-long"
        /// A runtime param value or a literal: not a string resource.
        case runtime
    }

    public struct Cell: Sendable {
        public var text: String
        public var status: Status
        /// Where the text came from, or why it is missing.
        public var note: String?
        /// The locale whose string the text is (a fallback's, not the column's); nil for no text
        /// and for runtime values and literals, which are in no known language.
        public var language: String?

        public init(text: String, status: Status, note: String? = nil, language: String? = nil) {
            self.text = text
            self.status = status
            self.note = note
            self.language = language
        }
    }

    /// How much of the base locale's strings a locale translates itself (or inherits within its
    /// own language, as `missing-translation` counts): `translated` of `total` keys.
    public struct Completion: Sendable, Equatable {
        public var translated: Int
        public var total: Int
        /// Rounded down, so 99.6% never reads as complete; 100 when there is nothing to translate.
        public var percent: Int { total == 0 ? 100 : translated * 100 / total }
    }

    public struct Row: Sendable {
        public var route: String
        public var isTabRoot: Bool
        public var cells: [Cell]
        /// One per locale when the route has a subtitle.
        public var subtitles: [Cell]?
    }

    public var locales: [String]
    /// One per locale.
    public var completion: [Completion]
    public var rows: [Row]
    public var tabLabelLimit: Int
    public var titleLimit: Int
    /// Routes past `cellLimit` that have no row (the catalog's later routes).
    public var omittedRoutes = 0

    /// Cells (routes × locales) in the matrix at most: 10,000 routes in 200 locales made a page of
    /// 544 MB. The page says how many routes it leaves out; `lint` still checks them all.
    public static let cellLimit = 100_000

    /// Titles are resolved with sample values: each param shows as `‹name›`, and a count of 2.
    public static func build(project: Project) -> CoverageMatrix {
        let resolver = TitleResolver(project: project)
        let context = LintContext(project: project, settings: project.config.rules)
        let tabLimit = context.value(TitleTooLong.tabLabel, for: TitleTooLong.self)
        let titleLimit = context.value(TitleTooLong.title, for: TitleTooLong.self)
        let measure = context.value(TitleTooLong.measure, for: TitleTooLong.self)
        let locales = context.requiredLocales
        let routes = project.catalog.routes
        let shown = min(routes.count, max(1, cellLimit / max(1, locales.count)))
        let rows = routes.prefix(shown).map { route in
            Row(route: route.name, isTabRoot: route.isTabRoot, cells: locales.map { locale in
                cell(route, route.title, locale: locale, resolver: resolver, limit: route.isTabRoot ? tabLimit : titleLimit,
                     measure: measure)
            }, subtitles: route.subtitle.map { subtitle in
                locales.map { locale in cell(route, subtitle, locale: locale, resolver: resolver, limit: Int.max, measure: measure) }
            })
        }
        return CoverageMatrix(locales: locales, completion: locales.map { completion(of: $0, in: project) }, rows: rows,
                              tabLabelLimit: tabLimit, titleLimit: titleLimit, omittedRoutes: routes.count - shown)
    }

    /// The base locale is complete; another locale counts the base keys it does not lack in the
    /// sense of `missing-translation` (the same sources, the same test).
    static func completion(of locale: String, in project: Project) -> Completion {
        let strings = project.strings
        guard let base = strings.base else { return Completion(translated: 0, total: 0) }
        let total = base.entries.count
        guard locale != strings.baseLocale else { return Completion(translated: total, total: total) }
        guard strings[locale]?.declarations.first != nil else { return Completion(translated: 0, total: total) }
        let sources = MissingTranslation.sources(for: locale, in: strings, overrides: LocaleFallbackOverrides(project.config.fallbacks))
        let missing = MissingTranslation.missingCount(expected: total, base: base, sources: sources, isExpected: { _ in true })
        return Completion(translated: total - missing, total: total)
    }

    private static func cell(_ route: Route, _ spec: TitleSpec?, locale: String, resolver: TitleResolver, limit: Int,
                             measure: TitleMeasure) -> Cell {
        guard let spec else { return Cell(text: "", status: .missing, note: "no title") }
        var samples: [String: String] = [:]
        for param in route.params { samples[param.name] = param.name == "count" ? "2" : "‹\(param.name)›" }
        // A `{param, fallback}` title is localized only through its fallback: show that.
        if case .param(let param, _?) = spec { samples[param.value] = nil }
        let negotiation = resolver.negotiate([locale])
        let resolved: ResolvedText?
        do {
            resolved = try resolver.resolve(spec, params: samples, negotiation: negotiation)
        } catch {
            return Cell(text: "", status: .missing, note: error.message)
        }
        guard let resolved else { return Cell(text: "", status: .missing, note: "empty when the param is absent") }
        switch resolved.source {
        case .param(let name):
            return Cell(text: resolved.text, status: .runtime, note: "param \(name)")
        case .literal:
            return Cell(text: resolved.text, status: .runtime, note: "literal, not localized")
        case .key(let key):
            if resolved.text.isBlank { return Cell(text: "", status: .missing, note: "'\(key)' is empty") }
            let lengths = TitleTooLong.lengths(resolved.text)
            if (measure == .width ? lengths.width : lengths.graphemes) > limit {
                let unit = measure == .width ? "columns" : "characters"
                return Cell(text: resolved.text, status: .tooLong, note: "over \(limit) \(unit)", language: resolved.locale ?? locale)
            }
            let whenAbsent: String? = if case .param(let param, _) = spec { "when \(param.value) is absent" } else { nil }
            if let from = resolved.locale, from != locale {
                return Cell(text: resolved.text, status: .fallback, note: ["from \(from)", whenAbsent].compactMap { $0 }.joined(separator: ", "),
                            language: from)
            }
            return Cell(text: resolved.text, status: .ok, note: whenAbsent, language: resolved.locale ?? locale)
        }
    }
}
