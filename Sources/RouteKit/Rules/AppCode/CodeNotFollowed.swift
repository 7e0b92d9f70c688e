/// A construct in the app's Kotlin or Swift code that routekit's tokenizers do not follow (a
/// title built by a function call, a route made by reflection, a `Tab` in a `ForEach`, an
/// unterminated string): reported once, as information, instead of guessing.
struct CodeNotFollowed: LintRule {
    static let id = "code-not-followed"

    func check(_ context: LintContext) -> [Finding] {
        context.project.appCode.notFollowed.map { finding($0.value, at: $0.location) }
    }
}
