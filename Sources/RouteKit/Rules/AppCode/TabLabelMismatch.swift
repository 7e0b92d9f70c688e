/// In some locale, a Swift tab's label (its String Catalog value) and its root route's title (the
/// shared strings) differ, or only one of them is translated: an English tab bar over German screens.
struct TabLabelMismatch: LintRule {
    static let id = "tab-label-mismatch"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let code = context.project.appCode
        let catalog = context.project.catalog
        let strings = context.project.strings
        guard !code.stringCatalogFiles.isEmpty else { return [] }
        let catalogFile = code.stringCatalogFiles.count == 1
            ? PathUtilities.relative(code.stringCatalogFiles[0], to: context.project.config.root) : "the String Catalog"
        var locales = context.requiredLocales
        if context.project.config.locales == nil {
            for locale in code.stringCatalog.keys.sorted() where !locales.contains(locale) { locales.append(locale) }
        }
        var findings: [Finding] = []
        for tab in code.tabs {
            guard let label = tab.label, let root = code.rootRoute(of: tab, catalog: catalog),
                let route = catalog.route(named: root.value), case .key(let key, _)? = route.title
            else { continue }
            for locale in locales {
                let swift = code.stringCatalog[locale]?[label.value]
                let shared = strings[locale]?[key.value].flatMap { entry -> Located<String>? in
                    if case .text(let text) = entry.value { return text }
                    return nil
                }
                switch (swift, shared) {
                case (let swift?, let shared?) where swift != shared.value:
                    findings.append(finding("in \(locale), tab \(tab.displayName) is labelled \"\(swift)\" (\(catalogFile)) but \(route.name)'s title "
                        + "\(key.value) is \"\(shared.value)\" (\(context.place(shared.location)))", at: label.location, route: route.name,
                        key: key.value, locale: locale))
                case (nil, let shared?):
                    findings.append(finding("in \(locale), \(route.name)'s title \(key.value) is translated (\"\(shared.value)\") but the tab label "
                        + "\"\(label.value)\" has no \(locale) value in \(catalogFile): the tab bar stays in the base language",
                        at: label.location, route: route.name, key: key.value, locale: locale))
                case (let swift?, nil):
                    findings.append(finding("in \(locale), the tab label \"\(label.value)\" is translated (\"\(swift)\") in \(catalogFile) but "
                        + "\(route.name)'s title \(key.value) has no \(locale) value", at: label.location, route: route.name,
                        key: key.value, locale: locale))
                default:
                    break
                }
            }
        }
        return findings
    }
}
