/// A plural form the locale's CLDR rules never select: dead text, often copied from another
/// language's plural shape (a `few` in German).
struct PluralExtraCategory: LintRule {
    static let id = "plural-extra-category"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        return strings.locales.compactMap { strings[$0] }.flatMap { locale in
            let used = Set(PluralRules.for(locale: locale.locale).orderedCategories.map(\.rawValue))
            return locale.allEntries.flatMap { entry -> [Diagnostic] in
                guard case .plural(let forms) = entry.value else { return [] }
                return forms.filter { !used.contains($0.category.value) }.map { form in
                    finding("the '\(form.category.value)' form of '\(entry.key)' is never selected in locale '\(locale.locale)' (CLDR: \(used.sorted(by: PluralCategoryOrder.precedes).joined(separator: ", ")))",
                            at: form.category.location, key: entry.key, locale: locale.locale)
                }
            }
        }
    }
}

enum PluralCategoryOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        (pluralCategoryNames.firstIndex(of: a) ?? 99) < (pluralCategoryNames.firstIndex(of: b) ?? 99)
    }
}
