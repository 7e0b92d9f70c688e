/// A title longer than the room it has: tab labels truncate in the floating tab bar, inline titles
/// in the navigation bar. Lengths are grapheme clusters (what a reader counts as characters), with
/// each placeholder counted as one.
struct TitleTooLong: LintRule {
    static let id = "title-too-long"

    func check(_ context: LintContext) -> [Diagnostic] {
        let strings = context.project.strings
        guard let tabLimit = context.intOption("tab-label", of: Self.id),
              let titleLimit = context.intOption("title", of: Self.id) else { return [] }
        let storage = strings.storage
        let locales = context.requiredLocales.map { (name: $0, table: strings[$0]) }
        var findings: [Diagnostic] = []
        for route in context.project.catalog.routes {
            guard let keys = route.title?.keys, !keys.isEmpty else { continue }
            let (limit, what) = route.isTabRoot ? (tabLimit, "tab label") : (titleLimit, "title")
            for key in keys {
                guard let id = strings.keyID(key.value) else { continue }
                for (locale, table) in locales {
                    guard let table, let index = table.index(of: id) else { continue }
                    let entry = table.entries[index]
                    for ref in table.textRefs(entry) {
                        // Plain ASCII without `%` or CR: one character per byte, no String needed.
                        // A display length never exceeds the byte count: short texts need no counting.
                        if Int(ref.length) <= limit { continue }
                        let quick = storage.withBytes(entry.file, ref) { bytes -> Int? in
                            for byte in bytes where byte >= 0x80 || byte == UInt8(ascii: "%") || byte == 0x0D { return nil }
                            return bytes.count
                        }
                        if let quick, quick <= limit { continue }
                        let text = storage.string(entry.file, ref)
                        let length = quick ?? Self.displayLength(text)
                        guard length > limit else { continue }
                        findings.append(finding(
                            "\(what) of '\(route.name)' in locale '\(locale)' is \(length) characters, over the limit of \(limit): \"\(text)\"",
                            at: storage.location(entry.file, ref.line, ref.column), route: route.name, key: key.value, locale: locale))
                    }
                }
            }
        }
        return findings
    }

    /// Grapheme clusters, with every placeholder counted as one character.
    static func displayLength(_ text: String) -> Int {
        let placeholders = PlaceholderParser.parse(text)
        guard !placeholders.isEmpty else { return text.count }
        var scalars = Array(text.unicodeScalars)
        for placeholder in placeholders.reversed() {
            scalars.replaceSubrange(placeholder.offset..<(placeholder.offset + placeholder.text.unicodeScalars.count), with: ["#"])
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result).replacingOccurrences(of: "%%", with: "%").count
    }
}
