/// One self-contained HTML page: summary, per-locale completion, routes × locales matrix (titles
/// and subtitles), tab bar previews and findings grouped by rule and file (`HTMLFindings`); a
/// section without content (no routes, no tab roots, no strings) is left out. No scripts, no
/// network, no external fonts; every catalog and translation text is escaped.
///
/// Every element holding localized text says which language it is in (`lang`: the locale that
/// supplied the string, which for a fallback is not the column's locale) and which way it runs
/// (`dir`, from `TextDirection`), so Japanese is shaped as Japanese and Arabic runs right to left.
/// The page fits a phone (390 CSS px): tables and tab bars scroll inside their own boxes, never
/// the page; a dark scheme follows `prefers-color-scheme`.
public enum HTMLReport {
    /// Where findings link to: the code host (`BlobLinks`, paths relative to `repositoryRoot`)
    /// when set, else the file relative to `outputDirectory` (the page's own directory).
    public struct Links: Sendable {
        public var blob: BlobLinks?
        public var repositoryRoot: String?
        public var outputDirectory: String?

        public init(blob: BlobLinks? = nil, repositoryRoot: String? = nil, outputDirectory: String? = nil) {
            self.blob = blob
            self.repositoryRoot = repositoryRoot
            self.outputDirectory = outputDirectory
        }

        /// The href for `file` at `line`, or nil when there is nowhere to point.
        func href(file: String, line: Int?, projectRoot: String) -> String? {
            if let blob {
                let path = PathUtilities.relative(file, to: repositoryRoot ?? projectRoot)
                if !path.hasPrefix("/") { return blob.url(path: path, line: line) }
            }
            guard let outputDirectory else { return nil }
            return SARIFReporter.percentEncoded(PathUtilities.relativeLink(to: file, from: outputDirectory))
        }
    }

    public static func render(project: Project, lint: LintResult, matrix: CoverageMatrix, links: Links = Links()) -> String {
        let summary = lint.summary
        var html = """
        <!DOCTYPE html>
        <html lang="en" dir="ltr">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <title>routekit report</title>
        <style>\(style)</style>
        </head>
        <body>
        <h1>routekit report</h1>
        <p class="summary"><span class="error">\(summary.errors) errors</span> · <span class="warning">\(summary.warnings) warnings</span> · <span class="info">\(summary.infos) infos</span> · \(summary.routes) routes · \(summary.locales) locales · \(summary.files) files</p>

        """
        // Sections only with content: a strings-only project has no tab bar nor titles.
        if matrix.completion.contains(where: { $0.total > 0 }) {
            html += "<h2>Translated</h2>\n<ul class=\"completion\">"
            for (index, locale) in matrix.locales.enumerated() {
                let completion = matrix.completion[index]
                html += "<li><span class=\"locale\">\(escape(locale))</span> <meter min=\"0\" max=\"100\" value=\"\(completion.percent)\"></meter> <span class=\"percent\">\(completion.percent)%</span> <small>\(completion.translated) of \(completion.total) keys</small></li>"
            }
            html += "</ul>\n"
        }
        let tabRows = matrix.rows.filter(\.isTabRoot)
        if !tabRows.isEmpty {
            html += "<h2>Tab bar</h2>\n<div class=\"tabbars\">\n"
            for (index, locale) in matrix.locales.enumerated() {
                html += "<div class=\"tabbar\"><span class=\"locale\">\(escape(locale))</span><ul\(languageAttributes(locale))>"
                for row in tabRows {
                    let cell = row.cells[index]
                    let label = cell.text.isEmpty ? "" : truncated(cell.text, to: matrix.tabLabelLimit)
                    let classes = cell.text.isEmpty ? " class=\"blank\"" : (label != cell.text ? " class=\"truncated\"" : "")
                    let language = cell.language.map(languageAttributes) ?? ""
                    html += "<li\(classes)\(language) title=\"\(escape(row.route))\"><span class=\"icon\"></span>\(label.isEmpty ? "&nbsp;" : escape(label))</li>"
                }
                html += "</ul></div>\n"
            }
            html += "</div>\n"
        }
        if !matrix.rows.isEmpty {
            html += "<h2>Titles</h2>\n<div class=\"scroll\"><table class=\"matrix\">\n<thead><tr><th>Route</th>"
            for (index, locale) in matrix.locales.enumerated() {
                html += "<th>\(escape(locale))<small>\(matrix.completion[index].percent)%</small></th>"
            }
            html += "</tr></thead>\n<tbody>\n"
            for row in matrix.rows {
                html += "<tr><th>\(escape(row.route))\(row.isTabRoot ? " <small>tab</small>" : "")</th>"
                for (index, cell) in row.cells.enumerated() {
                    let note = cell.note.map { "<small class=\"note\" lang=\"en\" dir=\"ltr\">\(escape($0))</small>" } ?? ""
                    var subtitle = ""
                    if let sub = row.subtitles?[index] {
                        let subNote = sub.note.map { " <small class=\"note\" lang=\"en\" dir=\"ltr\">\(escape($0))</small>" } ?? ""
                        subtitle = "<span class=\"subtitle \(sub.status.rawValue)\"\(sub.language.map(languageAttributes) ?? "")>\(escape(sub.text))</span>\(subNote)"
                    }
                    // The column's locale on the cell (`data-l`): a phone shows each row as a card that
                    // names it before each title (a span per cell made a 100,000-cell page 5 MB larger).
                    html += "<td class=\"\(cell.status.rawValue)\"\(cell.language.map(languageAttributes) ?? "") data-l=\"\(escape(matrix.locales[index]))\">\(escape(cell.text))\(note)\(subtitle)</td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n</table></div>\n"
            if matrix.omittedRoutes > 0 {
                html += "<p class=\"omitted\">\(matrix.omittedRoutes) more routes are not shown: the matrix stops at \(CoverageMatrix.cellLimit) cells (routes × locales).</p>\n"
            }
            html += "<p class=\"legend\"><span class=\"ok\">resolved</span> <span class=\"fallback\">fallback locale</span> <span class=\"missing\">missing</span> <span class=\"too-long\">too long</span> <span class=\"runtime\">runtime value</span> <span class=\"subtitle\">subtitle</span></p>\n"
        }
        html += pushSites(project)
        html += HTMLFindings(lint.diagnostics).render(project: project, links: links, limit: findingRowLimit)
        html += "<footer>routekit \(escape(RouteKitInfo.version))</footer>\n</body>\n</html>\n"
        return html
    }

    /// Findings (rows and missing keys) the page lists at most: a million missing translations
    /// (`limits.findings`) made a page of 240 MB that no browser shows, and 40,000 findings in one
    /// table took 14 s to paint. Groups count them all (`HTMLFindings`).
    public static let findingRowLimit = 5_000

    /// ` lang="ja" dir="ltr"`: the language and direction of text from `locale`.
    static func languageAttributes(_ locale: String) -> String {
        " lang=\"\(escape(locale))\" dir=\"\(TextDirection(locale: locale).rawValue)\""
    }

    /// Where the app's Kotlin code pushes each route and with which title (`sources:`).
    static func pushSites(_ project: Project) -> String {
        let pushes = project.appCode.pushSites
        guard !pushes.isEmpty else { return "" }
        var html = "<h2>Push sites</h2>\n<div class=\"scroll\"><table class=\"pushes\">\n<thead><tr><th>Route</th><th>Pushed from</th><th>Title</th></tr></thead>\n<tbody>\n"
        for push in pushes.sorted(by: { ($0.route, $0.location) < ($1.route, $1.location) }) {
            let place = "\(PathUtilities.relative(push.location.file, to: project.config.root)):\(push.location.line)"
            let via = push.via.map { " <small>\(escape($0))</small>" } ?? ""
            let missing = push.title.isMissing ? " class=\"missing\"" : ""
            html += "<tr><th>\(escape(push.route))</th><td><code>\(escape(place))</code>\(via)</td><td\(missing)>\(escape(push.title.summary))</td></tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    /// As a tab bar would cut a label: the first `limit` characters and an ellipsis.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    /// Escapes the five HTML specials and shows invisible controls, so no text can open a tag,
    /// end an attribute or hide itself.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value) {
                    out += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    // Phone width (under 600 px): nothing is wider than the viewport and nothing hides in a scroll
    // box: the titles matrix and the findings become stacked cards (a route with each locale's
    // title under it; a finding's message first), and a tab bar shrinks its tabs to fit, as iOS
    // does. Wider, tables scroll inside their own boxes (`.scroll`). Long unbroken words wrap.
    // Dark: the same palette's dark counterparts under `prefers-color-scheme: dark`.
    static let style = """
    :root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fafafa;--panel:#fff;--line:#e3e3e8;--head:#f0f0f5;--muted:#5c5c61;--error:#c0262d;--warning:#8a4f00;--info:#2d6bb5;--accent:#007aff;--selected:#0058c4;--link:#005fcc;--fallback:#fff7d6;--missing:#ffe0e0;--too-long:#ffe9d1;--runtime:#eef3ff;--bar:rgba(255,255,255,.75);--icon:#c7c7cc}
    @media (prefers-color-scheme: dark){:root{--fg:#f2f2f7;--bg:#1c1c1e;--panel:#2c2c2e;--line:#3a3a3c;--head:#3a3a3c;--muted:#aeaeb2;--error:#ff6961;--warning:#ffb340;--info:#70a7ff;--accent:#0a84ff;--selected:#6cb4ff;--link:#64a8ff;--fallback:#4a3f12;--missing:#5c1f22;--too-long:#5a3815;--runtime:#1f2c4a;--bar:rgba(44,44,46,.85);--icon:#636366}}
    *,*::before,*::after{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK JP",sans-serif;margin:16px;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
    @media (min-width:700px){body{margin:24px}}
    a{color:var(--link)}
    h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
    .summary .error{color:var(--error);font-weight:600}.summary .warning{color:var(--warning);font-weight:600}.summary .info{color:var(--info)}
    .scroll{max-width:100%;overflow-x:auto}
    table{border-collapse:collapse;background:var(--panel);box-shadow:0 1px 2px rgba(0,0,0,.08)}
    th,td{border:1px solid var(--line);padding:5px 8px;text-align:start;vertical-align:top;overflow-wrap:normal}
    .findings td:last-child{min-width:16em;overflow-wrap:anywhere}
    thead th{background:var(--head);position:sticky;top:0}
    td small,th small{display:block;color:var(--muted);font-size:11px}
    td .subtitle{display:block;color:var(--muted);font-size:12px;border-top:1px dotted var(--line);margin-top:3px;padding-top:2px}
    td.fallback,.subtitle.fallback{background:var(--fallback)}td.missing{background:var(--missing)}td.missing::before{content:"missing";color:var(--error);font-size:11px}
    .subtitle.missing::before{content:"subtitle missing";color:var(--error);font-size:11px}
    td.too-long{background:var(--too-long)}td.runtime{background:var(--runtime);font-style:italic}
    .legend span{display:inline-block;padding:2px 8px;margin:0 6px 4px 0;border:1px solid var(--line);font-size:12px}
    .legend .fallback{background:var(--fallback)}.legend .missing{background:var(--missing)}.legend .too-long{background:var(--too-long)}.legend .runtime{background:var(--runtime)}.legend .subtitle{color:var(--muted)}
    .completion{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px 18px}
    .completion .locale{font-weight:600;display:inline-block;min-width:3em}.completion meter{width:90px;vertical-align:middle}.completion small{color:var(--muted)}
    .tabbars{display:flex;flex-direction:column;gap:10px}
    .tabbar{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;min-width:0}.tabbar .locale{width:60px;font-weight:600;color:var(--muted)}
    .tabbar ul{display:flex;list-style:none;margin:0;padding:6px 10px;gap:4px;border-radius:28px;background:var(--bar);box-shadow:0 2px 12px rgba(0,0,0,.12);border:1px solid rgba(127,127,127,.15);max-width:100%;overflow-x:auto}
    .tabbar li{flex:0 0 76px;text-align:center;font-size:10px;padding:4px 2px;border-radius:18px;overflow:hidden;white-space:nowrap}
    .tabbar li .icon{display:block;width:18px;height:18px;margin:0 auto 2px;border-radius:5px;background:var(--icon)}
    .tabbar li:first-child{background:rgba(0,122,255,.12);color:var(--selected)}.tabbar li:first-child .icon{background:var(--accent)}
    .tabbar li.blank{outline:2px dashed var(--error);outline-offset:-2px}.tabbar li.truncated{color:var(--warning)}
    .findings tr.error td:nth-child(2){color:var(--error);font-weight:600}.findings tr.warning td:nth-child(2){color:var(--warning)}
    details.rule{background:var(--panel);border:1px solid var(--line);margin:6px 0;padding:2px 10px}
    details details{margin:2px 0 2px 10px}
    summary{cursor:pointer;padding:4px 0}summary code{font-weight:600}
    summary .count{font-variant-numeric:tabular-nums;margin:0 4px}
    summary .about{color:var(--muted);font-size:12px}
    summary .error{color:var(--error)}summary .warning{color:var(--warning)}summary .info{color:var(--info)}
    details.locale .name{font-weight:600;display:inline-block;min-width:3em}
    .keys{margin:4px 0 8px;line-height:1.8}.keys code{font-size:12px}
    .omitted{color:var(--muted)}
    footer{margin-top:32px;color:var(--muted);font-size:12px}
    @media (max-width:599px){
    .tabbar ul{width:100%;overflow-x:visible;padding:6px 6px}
    .tabbar li{flex:1 1 0;min-width:0;text-overflow:ellipsis}
    .matrix,.matrix tbody,.matrix tr,.matrix th,.matrix td{display:block}
    .matrix{box-shadow:none;background:none}.matrix thead{display:none}
    .matrix tr{background:var(--panel);border:1px solid var(--line);margin:0 0 8px}
    .matrix th,.matrix td{border:0;border-top:1px solid var(--line)}.matrix th{border-top:0}
    .matrix td::before{content:attr(data-l);display:inline-block;min-width:3.5em;font-weight:600;color:var(--muted);font-size:12px}
    .matrix td.missing::before{content:attr(data-l) " · missing";display:block;color:var(--error)}
    .findings,.findings tbody,.pushes,.pushes tbody{display:block;box-shadow:none;background:none}.pushes thead{display:none}
    .findings tr,.pushes tr{display:flex;flex-direction:column;background:var(--panel);border:1px solid var(--line);margin:0 0 6px;padding:4px 8px}
    .findings td,.pushes th,.pushes td{border:0;padding:1px 0;min-width:0;overflow-wrap:anywhere}.findings td:last-child{order:-1;min-width:0}
    }
    """
}
