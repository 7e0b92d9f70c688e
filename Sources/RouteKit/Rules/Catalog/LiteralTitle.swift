/// `{text: …}` is shown as written in every locale, and so is a string literal passed as a title
/// or subtitle at a Kotlin push site (`sources:`).
struct LiteralTitle: LintRule {
    static let id = "literal-title"

    func check(_ context: LintContext) -> [Finding] {
        catalogLiterals(context) + pushedLiterals(context)
    }

    private func pushedLiterals(_ context: LintContext) -> [Finding] {
        context.project.appCode.pushSites.flatMap { push in
            [("title", push.title), ("subtitle", push.subtitle)].flatMap { field, pushed -> [Finding] in
                guard case .literals(let texts) = pushed else { return [] }
                return texts.map { text in
                    finding("\(push.route) is pushed with the literal \(field) \"\(text.value)\", shown untranslated in every locale",
                            at: text.location, route: push.route)
                }
            }
        }
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
