/// The Markdown shown on hover: a key's text in every locale, a route's titles, a tab's label.
struct HoverText {
    let project: Project
    let resolver: TitleResolver?

    /// The locales to show, the base first: the config's `locales:`, else those the strings define.
    var locales: [String] {
        let base = project.config.baseLocale.value
        let listed = project.config.locales?.map(\.value) ?? project.strings.locales.sorted()
        return [base] + listed.filter { $0 != base }
    }

    func markdown(for symbol: ProjectSymbol) -> String {
        switch symbol {
        case .key(let key): keyMarkdown(key)
        case .catalogKey(let key): catalogKeyMarkdown(key)
        case .route(let name): routeMarkdown(name)
        case .tab(let index): tabMarkdown(index)
        }
    }

    /// A key's text per locale: where a locale has none, the text it falls back to, marked.
    func text(of key: String, in locale: String) -> (text: String, from: String, fallback: String?)? {
        let chain = resolver?.negotiate([locale]).locales ?? [locale, project.config.baseLocale.value]
        for set in project.stringSets {
            for candidate in chain {
                guard let entry = set.strings[candidate]?[key] else { continue }
                let text: String
                switch entry.value {
                case .text(let value): text = value.value
                case .plural(let forms): text = forms.map { "\($0.category.value): \($0.text.value)" }.joined(separator: " · ")
                }
                let from = "\(relative(entry.keyLocation.file)):\(entry.keyLocation.line)"
                return (text, from, candidate == locale ? nil : candidate)
            }
        }
        return nil
    }

    func keyMarkdown(_ key: String) -> String {
        let set = project.stringSets.first { set in set.strings.locales.contains { set.strings[$0]?[key] != nil } }
        var out = "**string key** `\(key)`"
        if let set, project.stringSets.count > 1 { out += " (resource set `\(set.name)`)" }
        out += "\n\n| locale | text | from |\n|---|---|---|\n"
        for locale in locales {
            if let found = text(of: key, in: locale) {
                let marker = found.fallback.map { " *(fallback: \($0))*" } ?? ""
                out += "| \(locale) | \(cell(found.text))\(marker) | \(cell(found.from)) |\n"
            } else {
                out += "| \(locale) | *(missing)* | |\n"
            }
        }
        return out
    }

    func catalogKeyMarkdown(_ key: String) -> String {
        var out = "**String Catalog key** `\(key)`\n\n| locale | text |\n|---|---|\n"
        for locale in locales { out += "| \(locale) | \(catalogLabel(key, locale)) |\n" }
        return out
    }

    /// What the String Catalog shows for `key` in `locale`: its text, else the development
    /// language's (marked), else the key itself, as iOS does.
    func catalogLabel(_ key: String, _ locale: String) -> String {
        let catalog = project.appCode.stringCatalog
        if let text = catalog[locale]?[key] { return cell(text) }
        let base = project.config.baseLocale.value
        if let text = catalog[base]?[key] { return "\(cell(text)) *(fallback: \(base))*" }
        return "\(cell(key)) *(the key: no text)*"
    }

    func routeMarkdown(_ name: String) -> String {
        var out = "**route** `\(name)`"
        guard let route = project.catalog.route(named: name) else {
            return out + " — a Kotlin route not in the catalog (`routes:`)"
        }
        out += " — \(route.declaration.rawValue)"
        if route.isTabRoot { out += ", tab root" }
        if route.isEntry { out += ", entry" }
        if !route.params.isEmpty {
            out += "; params: " + route.params.map { "`\($0.name): \($0.type)\($0.isOptional ? "?" : "")`" }.joined(separator: ", ")
        }
        out += "\n\n| locale | title | subtitle |\n|---|---|---|\n"
        for locale in locales {
            out += "| \(locale) | \(describe(route.title, locale)) | \(describe(route.subtitle, locale)) |\n"
        }
        let pushes = project.appCode.pushSites.filter { $0.route == name }
        if !pushes.isEmpty {
            var counts: [(String, Int)] = []
            for push in pushes {
                let what = push.title.summary
                if let index = counts.firstIndex(where: { $0.0 == what }) { counts[index].1 += 1 } else { counts.append((what, 1)) }
            }
            out += "\nPushed at \(pushes.count) site\(pushes.count == 1 ? "" : "s"), with the title: "
                + counts.map { "\($0.0) (\($0.1))" }.joined(separator: ", ") + "\n"
            // A key passed at a push is the title the user sees there: its text per locale.
            var pushedKeys: [String] = []
            for push in pushes {
                if case .key(let key, _) = push.title, !pushedKeys.contains(key) { pushedKeys.append(key) }
            }
            for key in pushedKeys.prefix(5) {
                out += "\nTitle pushed as `\(key)`: " + locales.map { "\($0): \(keyCell(key, $0))" }.joined(separator: " · ") + "\n"
            }
        }
        if route.isTabRoot, let index = project.appCode.tabs.firstIndex(where: { $0.rootCandidates.contains { $0.value == name } }) {
            out += "\n" + tabMarkdown(index)
        }
        return out
    }

    /// A title spec in one locale: the text as resolved at push time, its placeholders as written.
    func describe(_ spec: TitleSpec?, _ locale: String) -> String {
        switch spec {
        case nil: return "*(none)*"
        case .text(let text)?: return "\(cell(text.value)) *(literal)*"
        case .key(let key, _)?: return keyCell(key.value, locale)
        case .param(let param, let fallback)?:
            let fallbackText = fallback.map { ", else \(keyCell($0.value, locale))" } ?? ", else empty"
            return "param `\(param.value)`\(fallbackText)"
        }
    }

    private func keyCell(_ key: String, _ locale: String) -> String {
        guard let found = text(of: key, in: locale) else { return "*(`\(key)` missing)*" }
        return cell(found.text) + (found.fallback.map { " *(fallback: \($0))*" } ?? "")
    }

    func tabMarkdown(_ index: Int) -> String {
        let tab = project.appCode.tabs[index]
        let root = tab.rootCandidates.first { project.catalog.route(named: $0.value) != nil }?.value
        var out = "**tab** \(index + 1) of \(project.appCode.tabs.count)"
        if let root { out += ", root `\(root)`" }
        if let icon = tab.icon?.value { out += ", icon `\(icon)`" }
        out += "\n\n| locale | tab bar label |\n|---|---|\n"
        for locale in locales {
            if let label = tab.label?.value {
                out += "| \(locale) | \(catalogLabel(label, locale)) |\n"
            } else if let root, let route = project.catalog.route(named: root) {
                out += "| \(locale) | \(describe(route.title, locale)) |\n"
            } else {
                out += "| \(locale) | *(no label)* |\n"
            }
        }
        return out
    }

    private func relative(_ path: String) -> String { PathUtilities.relative(path, to: project.config.root) }

    /// Text for a Markdown table cell: pipes escaped, line breaks shown as `⏎`.
    private func cell(_ text: String) -> String {
        if text.isEmpty { return "*(empty)*" }
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n", "\r\n": out += "⏎"
            case "`", "*", "_", "<", ">", "[", "]": out += "\\\(character)"
            default: out.append(character)
            }
        }
        return out
    }
}
