/// A locale tag that is malformed, deprecated or unknown to CLDR: fallback chains and plural
/// rules cannot work for it, and the app's locale matching will never pick it.
struct InvalidLocale: LintRule {
    static let id = "invalid-locale"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let strings = context.project.strings
        for locale in strings.locales {
            guard case .failure(let problem) = LocaleTag.parse(locale) else { continue }
            for location in strings[locale]?.declarations ?? [] {
                findings.append(finding(problem.description, at: location, locale: locale))
            }
        }
        // A deprecated tag in a strings file was read as its modern tag: one finding per place it
        // is written, saying so.
        for alias in strings.aliases {
            findings.append(finding("`\(alias.written)` is deprecated; use `\(alias.modern)` (its strings are read as '\(alias.modern)')",
                                    at: alias.location, locale: alias.written))
        }
        let config = context.project.config
        let configured = [config.baseLocale] + (config.locales ?? []) + config.fallbackTags
        for locale in configured {
            guard case .failure(let problem) = LocaleTag.parse(locale.value) else { continue }
            findings.append(finding(problem.description, at: locale.location, locale: locale.value))
        }
        return findings
    }
}
