/// A Kotlin push site passes `stringResource(Res.string.K)` as a title or subtitle where the
/// catalog names another key (a bare key, `{key}`, or a param's `fallback`).
struct PushTitleKeyMismatch: LintRule {
    static let id = "push-title-key-mismatch"

    func check(_ context: LintContext) -> [Finding] {
        let catalog = context.project.catalog
        var findings: [Finding] = []
        for push in context.project.appCode.pushSites {
            guard let route = catalog.route(named: push.route) else { continue }
            for (field, pushed, spec) in [("title", push.title, route.title), ("subtitle", push.subtitle, route.subtitle)] {
                guard case .key(let key, let location) = pushed, let spec else { continue }
                let expected: Located<String>?
                switch spec {
                case .key(let key, _): expected = key
                case .param(_, let fallback): expected = fallback
                case .text: expected = nil
                }
                guard let expected, expected.value != key else { continue }
                findings.append(finding("\(push.route) is pushed with the \(field) string \(key) but the catalog's \(field) key is "
                    + "\(expected.value) (\(context.place(expected.location)))", at: location, route: push.route, key: key))
            }
        }
        return findings
    }
}
