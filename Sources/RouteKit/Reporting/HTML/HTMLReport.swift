/// One self-contained HTML page: summary, routes × locales matrix, tab bar previews and findings.
/// No scripts, no network, no external fonts; every catalog and translation text is escaped.
public enum HTMLReport {
    public static func render(project: Project, lint: LintResult, matrix: CoverageMatrix) -> String {
        let summary = lint.summary
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <title>routekit report</title>
        <style>\(style)</style>
        </head>
        <body>
        <h1>routekit report</h1>
        <p class="summary"><span class="error">\(summary.errors) errors</span> · <span class="warning">\(summary.warnings) warnings</span> · <span class="info">\(summary.infos) infos</span> · \(summary.routes) routes · \(summary.locales) locales · \(summary.files) files</p>

        """
        html += "<h2>Tab bar</h2>\n<div class=\"tabbars\">\n"
        let tabRows = matrix.rows.filter(\.isTabRoot)
        for (index, locale) in matrix.locales.enumerated() {
            html += "<div class=\"tabbar\"><span class=\"locale\">\(escape(locale))</span><ul>"
            for row in tabRows {
                let cell = row.cells[index]
                let label = cell.text.isEmpty ? "" : truncated(cell.text, to: matrix.tabLabelLimit)
                let classes = cell.text.isEmpty ? " class=\"blank\"" : (label != cell.text ? " class=\"truncated\"" : "")
                html += "<li\(classes) title=\"\(escape(row.route))\"><span class=\"icon\"></span>\(label.isEmpty ? "&nbsp;" : escape(label))</li>"
            }
            html += "</ul></div>\n"
        }
        html += "</div>\n<h2>Titles</h2>\n<table class=\"matrix\">\n<thead><tr><th>Route</th>"
        for locale in matrix.locales { html += "<th>\(escape(locale))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in matrix.rows {
            html += "<tr><th>\(escape(row.route))\(row.isTabRoot ? " <small>tab</small>" : "")</th>"
            for cell in row.cells {
                let note = cell.note.map { "<small>\(escape($0))</small>" } ?? ""
                html += "<td class=\"\(cell.status.rawValue)\">\(escape(cell.text))\(note)</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n<p class=\"legend\"><span class=\"ok\">resolved</span> <span class=\"fallback\">fallback locale</span> <span class=\"missing\">missing</span> <span class=\"too-long\">too long</span> <span class=\"runtime\">runtime value</span></p>\n"
        html += pushSites(project)
        html += "<h2>Findings</h2>\n"
        if lint.diagnostics.isEmpty {
            html += "<p>No findings.</p>\n"
        } else {
            html += "<table class=\"findings\">\n<thead><tr><th>Where</th><th>Severity</th><th>Rule</th><th>Message</th></tr></thead>\n<tbody>\n"
            for diagnostic in lint.diagnostics {
                let file = diagnostic.file.map { PathUtilities.relative($0, to: project.config.root) } ?? ""
                let place = diagnostic.location.map { "\(file):\($0.line):\($0.column)" } ?? file
                html += "<tr class=\"\(diagnostic.severity.rawValue)\"><td><code>\(escape(place))</code></td><td>\(diagnostic.severity.rawValue)</td><td><code>\(escape(diagnostic.rule))</code></td><td>\(escape(diagnostic.message))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        html += "<footer>routekit \(escape(RouteKitInfo.version))</footer>\n</body>\n</html>\n"
        return html
    }

    /// Where the app's Kotlin code pushes each route and with which title (`sources:`).
    static func pushSites(_ project: Project) -> String {
        let pushes = project.appCode.pushSites
        guard !pushes.isEmpty else { return "" }
        var html = "<h2>Push sites</h2>\n<table class=\"pushes\">\n<thead><tr><th>Route</th><th>Pushed from</th><th>Title</th></tr></thead>\n<tbody>\n"
        for push in pushes.sorted(by: { ($0.route, $0.location) < ($1.route, $1.location) }) {
            let place = "\(PathUtilities.relative(push.location.file, to: project.config.root)):\(push.location.line)"
            let via = push.via.map { " <small>\(escape($0))</small>" } ?? ""
            let missing = push.title.isMissing ? " class=\"missing\"" : ""
            html += "<tr><th>\(escape(push.route))</th><td><code>\(escape(place))</code>\(via)</td><td\(missing)>\(escape(push.title.summary))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
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

    static let style = """
    body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
    h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
    .summary .error{color:#c0262d;font-weight:600}.summary .warning{color:#a15c00;font-weight:600}.summary .info{color:#2d6bb5}
    table{border-collapse:collapse;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08)}
    th,td{border:1px solid #e3e3e8;padding:5px 8px;text-align:left;vertical-align:top}
    thead th{background:#f0f0f5;position:sticky;top:0}
    td small,th small{display:block;color:#6e6e73;font-size:11px}
    td.fallback{background:#fff7d6}td.missing{background:#ffe0e0}td.missing::before{content:"missing";color:#c0262d;font-size:11px}
    td.too-long{background:#ffe9d1}td.runtime{background:#eef3ff;font-style:italic}
    .legend span{display:inline-block;padding:2px 8px;margin-right:6px;border:1px solid #e3e3e8;font-size:12px}
    .legend .fallback{background:#fff7d6}.legend .missing{background:#ffe0e0}.legend .too-long{background:#ffe9d1}.legend .runtime{background:#eef3ff}
    .tabbars{display:flex;flex-direction:column;gap:10px}
    .tabbar{display:flex;align-items:center;gap:12px}.tabbar .locale{width:60px;font-weight:600;color:#6e6e73}
    .tabbar ul{display:flex;list-style:none;margin:0;padding:6px 10px;gap:4px;border-radius:28px;background:rgba(255,255,255,.75);box-shadow:0 2px 12px rgba(0,0,0,.12);border:1px solid rgba(0,0,0,.06)}
    .tabbar li{width:76px;text-align:center;font-size:10px;padding:4px 2px;border-radius:18px;overflow:hidden;white-space:nowrap}
    .tabbar li .icon{display:block;width:18px;height:18px;margin:0 auto 2px;border-radius:5px;background:#c7c7cc}
    .tabbar li:first-child{background:rgba(0,122,255,.12);color:#007aff}.tabbar li:first-child .icon{background:#007aff}
    .tabbar li.blank{outline:2px dashed #c0262d}.tabbar li.truncated{color:#a15c00}
    .findings tr.error td:nth-child(2){color:#c0262d;font-weight:600}.findings tr.warning td:nth-child(2){color:#a15c00}
    footer{margin-top:32px;color:#6e6e73;font-size:12px}
    """
}
