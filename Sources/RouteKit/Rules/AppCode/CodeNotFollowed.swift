/// A construct in the app's Kotlin or Swift code that routekit's tokenizers do not follow (a
/// title built by a function call, a route made by reflection, a `Tab` in a `ForEach`, an
/// unterminated string): reported once, as information, instead of guessing.
struct CodeNotFollowed: LintRule {
    static let id = "code-not-followed"

    func check(_ context: LintContext) -> [Finding] {
        // One per construct, and a code base can have one at every push: items of a group over
        // the list the reader keeps anyway.
        let notFollowed = context.project.appCode.notFollowed
        let group = ElementFindings(rule: Self.id, limit: context.project.config.limits.findings, .init(
            message: { index, _ in notFollowed[index].value }, location: { index, _ in notFollowed[index].location }))
        var findings: [Finding] = []
        findings.reserveCapacity(notFollowed.count)
        for index in notFollowed.indices { group.add(index, to: &findings) }
        group.appendUnlisted(to: &findings, file: context.project.config.path)
        return findings
    }
}
