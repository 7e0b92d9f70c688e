/// A Kotlin push site passes `stringResource(Res.string.K)` as a title or subtitle where the
/// catalog names another key (a bare key, `{key}`, or a param's `fallback`).
struct PushTitleKeyMismatch: LintRule {
    static let id = "push-title-key-mismatch"

    func check(_ context: LintContext) -> [Finding] {
        let catalog = context.project.catalog
        let pushes = context.project.appCode.pushSites
        // A finding per push at most per field: items of a group (variant 0 the title, 1 the
        // subtitle), the mismatch found again when a reporter asks for the message.
        let group = ElementFindings(rule: Self.id, limit: context.project.config.limits.findings, .init(
            message: { index, field in
                let push = pushes[index]
                guard let mismatch = Self.mismatch(push, field, catalog) else { return "" }
                return "\(push.route) is pushed with the \(Self.fields[field]) string \(mismatch.key) but the catalog's \(Self.fields[field]) key is "
                    + "\(mismatch.expected.value) (\(context.place(mismatch.expected.location)))"
            },
            location: { index, field in Self.mismatch(pushes[index], field, catalog)?.location },
            route: { index, _ in pushes[index].route },
            key: { index, field in Self.mismatch(pushes[index], field, catalog)?.key }))
        var findings: [Finding] = []
        for (index, push) in pushes.enumerated() {
            for field in Self.fields.indices where Self.mismatch(push, field, catalog) != nil {
                group.add(index, variant: field, to: &findings)
            }
        }
        group.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }

    private static let fields = ["title", "subtitle"]

    /// The key pushed for field `field` (0 the title, 1 the subtitle), where, and the key the
    /// catalog names instead; nil when they agree or there is nothing to compare.
    private static func mismatch(_ push: PushSite, _ field: Int, _ catalog: RouteCatalog)
        -> (key: String, location: SourceLocation, expected: Located<String>)?
    {
        guard let route = catalog.route(named: push.route) else { return nil }
        guard case .key(let key, let location) = field == 0 ? push.title : push.subtitle,
              let spec = field == 0 ? route.title : route.subtitle else { return nil }
        let expected: Located<String>?
        switch spec {
        case .key(let key, _): expected = key
        case .param(_, let fallback): expected = fallback
        case .text: expected = nil
        }
        guard let expected, expected.value != key else { return nil }
        return (key, location, expected)
    }
}
