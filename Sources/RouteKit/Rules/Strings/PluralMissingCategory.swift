/// A plural that lacks a form the locale's CLDR rules select: for those counts the app shows the
/// `other` form ("1 Vorträge"), or nothing when `other` is missing too.
struct PluralMissingCategory: LintRule {
    static let id = "plural-missing-category"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        return strings.locales.compactMap { strings[$0] }.flatMap { locale in
            let needed = PluralRules.for(locale: locale.locale).orderedCategories.map(\.rawValue)
            return locale.allEntries.compactMap { entry -> Diagnostic? in
                guard case .plural(let forms) = entry.value else { return nil }
                let present = Set(forms.map(\.category.value))
                var missing = needed.filter { !present.contains($0) }
                if !present.contains("other") && !missing.contains("other") { missing.append("other") }
                guard !missing.isEmpty else { return nil }
                return finding("plural '\(entry.key)' in locale '\(locale.locale)' lacks \(missing.map { "'\($0)'" }.joined(separator: ", ")) (CLDR: \(needed.joined(separator: ", ")))",
                               at: entry.keyLocation, key: entry.key, locale: locale.locale)
            }
        }
    }
}
