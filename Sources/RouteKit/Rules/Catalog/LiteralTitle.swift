/// `{text: …}` is shown as written in every locale, and so is a string literal passed as a title
/// or subtitle at a Kotlin push site, or returned by a route's own `title` property (`sources:`).
struct LiteralTitle: LintRule {
    static let id = "literal-title"

    func check(_ context: LintContext) -> [Finding] {
        catalogLiterals(context) + declaredLiterals(context) + pushedLiterals(context)
    }

    /// `override val title: String get() = "Settings"`: every instance carries the English text.
    /// Not again where the catalog gives the same route the same literal (reported there).
    private func declaredLiterals(_ context: LintContext) -> [Finding] {
        let catalog = context.project.catalog
        return context.project.appCode.literalTitles.compactMap { declared in
            let spec = catalog.route(named: declared.route).flatMap { declared.field == "title" ? $0.title : $0.subtitle }
            if case .text(let text)? = spec, text.value == declared.text.value { return nil }
            return finding("\(declared.route) declares the literal \(declared.field) \"\(declared.text.value)\" in Kotlin, "
                           + "shown untranslated in every locale", at: declared.text.location, route: declared.route)
        }
    }

    /// A literal at every push of a large code base is a finding each: items of a group, the
    /// variant `2 × the literal's index + the field` (0 the title, 1 the subtitle). A finding's
    /// fields read its own literal only, not the push's others (a push of 8,000 literals took a
    /// minute).
    private func pushedLiterals(_ context: LintContext) -> [Finding] {
        let pushes = context.project.appCode.pushSites
        @Sendable func literal(_ index: Int, _ variant: Int) -> Located<String> {
            pushes.literal(variant / 2, ofPush: index, subtitle: variant % 2 == 1)!
        }
        let group = ElementFindings(rule: Self.id, limit: context.project.config.limits.findings, .init(
            message: { index, variant in
                "\(pushes.route(at: index)) is pushed with the literal \(variant % 2 == 0 ? "title" : "subtitle") \"\(literal(index, variant).value)\", "
                    + "shown untranslated in every locale"
            },
            location: { index, variant in literal(index, variant).location }, route: { index, _ in pushes.route(at: index) }))
        var findings: [Finding] = []
        for (index, push) in pushes.enumerated() {
            for (field, pushed) in [push.title, push.subtitle].enumerated() {
                guard case .literals(let texts) = pushed else { continue }
                for literal in texts.indices { group.add(index, variant: 2 * literal + field, to: &findings) }
            }
        }
        group.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }

    private func catalogLiterals(_ context: LintContext) -> [Finding] {
        context.project.catalog.routes.flatMap { route in
            [("title", route.title), ("subtitle", route.subtitle)].compactMap { field, spec -> Finding? in
                guard case .text(let text)? = spec else { return nil }
                return finding("\(field) of '\(route.name)' is the literal '\(text.value)', shown untranslated in every locale",
                               at: text.location, route: route.name)
            }
        }
    }
}
