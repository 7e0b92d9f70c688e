/// The findings part of the HTML page, shaped for thousands: grouped by rule (most first), then
/// by file, each group with its count, in native `<details>` (no script). missing-translation is
/// listed as each locale's missing keys. What is listed is capped (`groupRowLimit` rows a file,
/// `localeKeyLimit` keys a locale, `findingRowLimit` in all), each group saying how many it leaves
/// out; the JSON report lists them all. A closed `<details>` is not laid out, so the page paints
/// its summaries only.
struct HTMLFindings {
    /// Rows a file's group lists at most.
    static let groupRowLimit = 100
    /// Keys a locale's list of missing translations names at most.
    static let localeKeyLimit = 1_000
    /// Up to this many findings in all, every group is open.
    static let openLimit = 100

    private struct FileGroup {
        var file: String?
        var count = 0
        var rows: [Int32] = []
    }

    private struct LocaleGroup {
        var locale: String
        var count = 0
        var keys: [String] = []
    }

    private struct RuleGroup {
        var rule: String
        var count = 0
        var bySeverity: [Severity: Int] = [:]
        var files: [FileGroup] = []
        var fileIndex: [String: Int] = [:]
        var projectWide: Int?
        var locales: [LocaleGroup] = []
        var localeIndex: [String: Int] = [:]
    }

    private var rules: [RuleGroup] = []
    private let diagnostics: [Finding]

    init(_ diagnostics: [Finding]) {
        self.diagnostics = diagnostics
        var ruleIndex: [String: Int] = [:]
        var last = -1
        for (index, diagnostic) in diagnostics.enumerated() {
            let rule = diagnostic.rule
            if last < 0 || rules[last].rule != rule {
                if let known = ruleIndex[rule] {
                    last = known
                } else {
                    rules.append(RuleGroup(rule: rule))
                    last = rules.count - 1
                    ruleIndex[rule] = last
                }
            }
            rules[last].count += 1
            rules[last].bySeverity[diagnostic.severity, default: 0] += 1
            if rule == MissingTranslation.id, let locale = diagnostic.locale, let key = diagnostic.key {
                let group: Int
                if let known = rules[last].localeIndex[locale] {
                    group = known
                } else {
                    rules[last].locales.append(LocaleGroup(locale: locale))
                    group = rules[last].locales.count - 1
                    rules[last].localeIndex[locale] = group
                }
                rules[last].locales[group].count += 1
                if rules[last].locales[group].keys.count < Self.localeKeyLimit { rules[last].locales[group].keys.append(key) }
                continue
            }
            let file = FindingPlace(diagnostic).file
            let group: Int
            if let file {
                if let known = rules[last].fileIndex[file] {
                    group = known
                } else {
                    rules[last].files.append(FileGroup(file: file))
                    group = rules[last].files.count - 1
                    rules[last].fileIndex[file] = group
                }
            } else if let known = rules[last].projectWide {
                group = known
            } else {
                rules[last].files.append(FileGroup(file: nil))
                group = rules[last].files.count - 1
                rules[last].projectWide = group
            }
            rules[last].files[group].count += 1
            if rules[last].files[group].rows.count < Self.groupRowLimit { rules[last].files[group].rows.append(Int32(index)) }
        }
        rules.sort { lhs, rhs in
            lhs.count != rhs.count ? lhs.count > rhs.count : lhs.rule.utf8.lexicographicallyPrecedes(rhs.rule.utf8)
        }
        for index in rules.indices {
            rules[index].files.sort { lhs, rhs in
                lhs.count != rhs.count ? lhs.count > rhs.count : (lhs.file ?? "").utf8.lexicographicallyPrecedes((rhs.file ?? "").utf8)
            }
            rules[index].locales.sort { lhs, rhs in
                lhs.count != rhs.count ? lhs.count > rhs.count : lhs.locale.utf8.lexicographicallyPrecedes(rhs.locale.utf8)
            }
        }
    }

    /// The section, from its heading on.
    func render(project: Project, links: HTMLReport.Links, limit: Int) -> String {
        let escape = HTMLReport.escape
        var html = "<h2>Findings <small>\(diagnostics.count)</small></h2>\n"
        guard !diagnostics.isEmpty else { return html + "<p>No findings.</p>\n" }
        let open = diagnostics.count <= Self.openLimit ? " open" : ""
        var budget = limit
        var unlisted = 0
        let root = project.config.root
        for group in rules {
            let severities = Severity.allCases.reversed().compactMap { severity in
                group.bySeverity[severity].map { "<span class=\"\(severity.rawValue)\">\($0) \(severity.rawValue)</span>" }
            }.joined(separator: " ")
            let summary = RuleDocs.descriptor(group.rule).map { " <span class=\"about\">\(escape($0.summary))</span>" } ?? ""
            html += "<details class=\"rule\"\(open)><summary><code>\(escape(group.rule))</code> <b class=\"count\">\(group.count)</b> \(severities)\(summary)</summary>\n"
            for locale in group.locales {
                let shown = min(locale.keys.count, budget)
                budget -= shown
                html += "<details class=\"locale\"><summary><span class=\"name\">\(escape(locale.locale))</span> <b class=\"count\">\(locale.count)</b> missing</summary><p class=\"keys\">"
                html += locale.keys.prefix(shown).map { "<code>\(escape($0))</code>" }.joined(separator: " ")
                html += "</p>"
                if locale.count > shown {
                    unlisted += locale.count - shown
                    html += "<p class=\"omitted\">\(locale.count - shown) more keys are not listed here.</p>"
                }
                html += "</details>\n"
            }
            for file in group.files {
                let shown = min(file.rows.count, budget)
                budget -= shown
                let name = file.file.map { escape(PathUtilities.relative($0, to: root)) } ?? "the project as a whole"
                html += "<details class=\"file\"\(open)><summary><code>\(name)</code> <b class=\"count\">\(file.count)</b></summary>"
                if shown > 0 {
                    html += "<div class=\"scroll\"><table class=\"findings\">\n<tbody>\n"
                    for index in file.rows.prefix(shown) { html += row(diagnostics[Int(index)], project: project, links: links) }
                    html += "</tbody>\n</table></div>"
                }
                if file.count > shown {
                    unlisted += file.count - shown
                    html += "<p class=\"omitted\">\(file.count - shown) more are not listed here.</p>"
                }
                html += "</details>\n"
            }
            html += "</details>\n"
        }
        if unlisted > 0 {
            html += "<p class=\"omitted\">\(unlisted) findings are not listed: the page lists at most \(Self.groupRowLimit) a file, \(Self.localeKeyLimit) keys a locale and \(limit) in all. The JSON report lists them all: <code>routekit lint --format json:findings.json</code>.</p>\n"
        }
        return html
    }

    private func row(_ diagnostic: Finding, project: Project, links: HTMLReport.Links) -> String {
        let escape = HTMLReport.escape
        let file = diagnostic.file.map { PathUtilities.relative($0, to: project.config.root) } ?? ""
        let place = diagnostic.location.map { "\(file):\($0.line):\($0.column)" } ?? file
        var whereCell = "<code>\(escape(place))</code>"
        if let path = diagnostic.file, let href = links.href(file: path, line: diagnostic.location?.line, projectRoot: project.config.root) {
            whereCell = "<a href=\"\(escape(href))\">\(whereCell)</a>"
        }
        return "<tr class=\"\(diagnostic.severity.rawValue)\"><td>\(whereCell)</td><td>\(diagnostic.severity.rawValue)</td><td>\(escape(diagnostic.message))</td></tr>\n"
    }
}
