/// A title longer than the room it has: tab labels truncate in the floating tab bar, inline titles
/// in the navigation bar, and they truncate by width. Lengths are display columns by default (UAX
/// #11: wide characters and emoji take two, combining marks none; `DisplayWidth`), or grapheme
/// clusters (what a reader counts as characters) with `measure: graphemes`; each placeholder
/// counts as one.
struct TitleTooLong: LintRule {
    static let id = "title-too-long"
    static let tabLabel = RuleOption.integer("tab-label", default: 12, in: 1...1000,
                                             "maximum length of a tab root's title (its tab bar label)")
    static let title = RuleOption.integer("title", default: 30, in: 1...1000,
                                          "maximum length of any other route's title")
    static let measure = RuleOption<TitleMeasure>.choice("measure", default: .width,
        "how lengths are counted: display columns (wide characters and emoji count 2) or grapheme clusters")
    static let options: [any RuleOptionDeclaration] = [tabLabel, title, measure]

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let tabLimit = context.value(Self.tabLabel, for: Self.self)
        let titleLimit = context.value(Self.title, for: Self.self)
        let measure = context.value(Self.measure, for: Self.self)
        let storage = strings.storage
        let routes = context.project.catalog.routes
        // Every title key some locale defines: which route and key, its id, and its route's limit.
        var titles: [(route: Int, key: Int, id: Int32, limit: Int)] = []
        for (routeIndex, route) in routes.enumerated() {
            guard let keys = route.title?.keys else { continue }
            for (keyIndex, key) in keys.enumerated() {
                guard let id = strings.keyID(key.value) else { continue }
                titles.append((routeIndex, keyIndex, id, route.isTabRoot ? tabLimit : titleLimit))
            }
        }
        var findings: [Finding] = []
        // Locale by locale: each locale's tables are then read in order, not one entry per locale
        // in turn (the engine sorts the findings).
        for locale in context.requiredLocales {
            guard let table = strings[locale] else { continue }
            for (routeIndex, keyIndex, id, limit) in titles {
                guard let index = table.index(of: id) else { continue }
                let entry = table.entries[index]
                table.forEachText(of: entry) { ref in
                    // A display length never exceeds the byte count: short texts need no counting.
                    if Int(ref.length) <= limit { return }
                    // Plain ASCII without `%` or CR: one character per byte, no String needed.
                    let quick = storage.withBytes(entry.file, ref) { bytes -> Int? in
                        for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "%") || byte == 0x0D { return nil }
                        return bytes.count
                    }
                    if let quick, quick <= limit { return }
                    let text = storage.string(entry.file, ref)
                    let lengths = quick.map { (graphemes: $0, width: $0) } ?? Self.lengths(text, rules: storage.rules(entry.file))
                    let length = measure == .width ? lengths.width : lengths.graphemes
                    guard length > limit else { return }
                    let route = routes[routeIndex], key = route.title!.keys[keyIndex]
                    let what = route.isTabRoot ? "tab label" : "title"
                    let columns = "\(lengths.width) column\(lengths.width == 1 ? "" : "s") wide"
                    let characters = "\(lengths.graphemes) character\(lengths.graphemes == 1 ? "" : "s")"
                    let size = measure == .width ? "\(columns) (\(characters))" : "\(characters) (\(columns))"
                    let unit = measure == .width ? "columns" : "characters"
                    findings.append(finding(
                        "\(what) of '\(route.name)' in locale '\(locale)' is \(size), over the limit of \(limit) \(unit): \"\(text)\"",
                        at: storage.location(entry.file, ref.line, ref.column), route: route.name, key: key.value, locale: locale))
                }
            }
        }
        return findings
    }

    /// Grapheme clusters and display columns, with every placeholder its dialect fills counted as
    /// one character, an escape as what it shows (`%%` → `%` where the platform unescapes it), and
    /// a sequence the platform shows as typed as typed.
    static func lengths(_ text: String, rules: (any DialectRules)? = nil) -> (graphemes: Int, width: Int) {
        var shown = text
        if let rules, text.utf8.contains(UInt8(ascii: "%")) {
            var bytes = text
            shown = bytes.withUTF8 { b in
                var output: [UInt8] = []
                var cursor = 0
                rules.scan(b, formatted: true) { token in
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: b[cursor ..< token.range.lowerBound]))
                    cursor = token.range.upperBound
                    switch token.kind {
                    case .argument: output.append(UInt8(ascii: "#"))
                    case .escape(let replacement): output.append(contentsOf: replacement.utf8)
                    case .verbatim, .crash: output.append(contentsOf: UnsafeBufferPointer(rebasing: b[token.range]))
                    }
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: b[cursor...]))
                return String(decoding: output, as: UTF8.self)
            }
        }
        return (shown.count, DisplayWidth.of(shown))
    }
}

/// What `title-too-long` counts.
enum TitleMeasure: String, CaseIterable, Sendable {
    /// Display columns (UAX #11): what a tab bar truncates by.
    case width
    /// Grapheme clusters: what a reader counts as characters.
    case graphemes
}
