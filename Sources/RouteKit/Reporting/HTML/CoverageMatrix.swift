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
    }

    public struct Row: Sendable {
        public var route: String
        public var isTabRoot: Bool
        public var cells: [Cell]
    }

    public var locales: [String]
    public var rows: [Row]
    public var tabLabelLimit: Int
    public var titleLimit: Int

    /// Titles are resolved with sample values: each param shows as `‹name›`, and a count of 2.
    public static func build(project: Project) -> CoverageMatrix {
        let resolver = TitleResolver(project: project)
        let context = LintContext(project: project, settings: project.config.rules)
        let tabLimit = context.value(TitleTooLong.tabLabel, for: TitleTooLong.self)
        let titleLimit = context.value(TitleTooLong.title, for: TitleTooLong.self)
        let locales = context.requiredLocales
        let rows = project.catalog.routes.map { route in
            Row(route: route.name, isTabRoot: route.isTabRoot, cells: locales.map { locale in
                cell(route, locale: locale, resolver: resolver, limit: route.isTabRoot ? tabLimit : titleLimit)
            })
        }
        return CoverageMatrix(locales: locales, rows: rows, tabLabelLimit: tabLimit, titleLimit: titleLimit)
    }

    private static func cell(_ route: Route, locale: String, resolver: TitleResolver, limit: Int) -> Cell {
        guard let spec = route.title else { return Cell(text: "", status: .missing, note: "no title") }
        var samples: [String: String] = [:]
        for param in route.params { samples[param.name] = param.name == "count" ? "2" : "‹\(param.name)›" }
        // A `{param, fallback}` title is localized only through its fallback: show that.
        if case .param(let param, _?) = spec { samples[param.value] = nil }
        let negotiation = resolver.negotiate([locale])
        let resolved: ResolvedText?
        do {
            resolved = try resolver.resolve(spec, route: route, params: samples, negotiation: negotiation)
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
            if TitleTooLong.displayLength(resolved.text) > limit {
                return Cell(text: resolved.text, status: .tooLong, note: "over \(limit) characters")
            }
            let whenAbsent: String? = if case .param(let param, _) = spec { "when \(param.value) is absent" } else { nil }
            if let from = resolved.locale, from != locale {
                return Cell(text: resolved.text, status: .fallback, note: ["from \(from)", whenAbsent].compactMap { $0 }.joined(separator: ", "))
            }
            return Cell(text: resolved.text, status: .ok, note: whenAbsent)
        }
    }
}
