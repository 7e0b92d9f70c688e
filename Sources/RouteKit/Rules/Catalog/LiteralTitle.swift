/// `{text: …}` is shown as written in every locale.
struct LiteralTitle: LintRule {
    static let id = "literal-title"

    func check(_ context: LintContext) -> [Diagnostic] {
        context.project.catalog.routes.flatMap { route in
            [("title", route.title), ("subtitle", route.subtitle)].compactMap { field, spec -> Diagnostic? in
                guard case .text(let text)? = spec else { return nil }
                return finding("\(field) of '\(route.name)' is the literal '\(text.value)', shown untranslated in every locale",
                               at: text.location, route: route.name)
            }
        }
    }
}
