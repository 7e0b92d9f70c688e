/// A placeholder-looking sequence that the string's platform never fills: users see it as typed.
/// `%.2f`, `%s` or `%%` in a Compose resource (the library fills `%1$s` and `%1$d` only), `%d` or
/// `%1$s` in Rails YAML (I18n fills `%{name}`), `%1$s` in an Android or Compose text that the app
/// shows without arguments. An error on a string a route's title or subtitle reads (a visible
/// `%s` in the navigation bar), a warning elsewhere. Rails date and time formats
/// (`date.formats.*`) are strftime patterns, not placeholders.
struct PlaceholderShownVerbatim: LintRule {
    static let id = "placeholder-shown-verbatim"
    static let checksEachStringSet = true

    func check(_ context: LintContext) -> [Finding] {
        let strings = context.project.strings
        let storage = strings.storage
        let arguments = context.stringCache.keyArguments()
        // The keys a title or subtitle reads, by id: their findings are errors.
        var titleKeys: Set<Int32> = []
        for route in context.project.catalog.routes {
            for spec in [route.title, route.subtitle].compactMap({ $0 }) {
                let key: String? = switch spec {
                case .key(let key, _): key.value
                case .param(_, let fallback): fallback?.value
                case .text: nil
                }
                if let key, let id = strings.keyID(key) { titleKeys.insert(id) }
            }
        }
        var findings: [Finding] = []
        // The texts worth reading again, found in one scan shared with `format-crash`.
        let scans = context.stringCache.formatScans()
        // Why, in the words of each dialect the files use: made once per dialect, not per message
        // (a version's words were two fifths of a message's cost), and found by the file's index
        // (the files of a dialect share its Strings).
        var reasons: [StringDialect: (escapedPercent: String, other: String)] = [:]
        for dialect in storage.dialects where reasons[dialect] == nil {
            reasons[dialect] = (" as typed: " + Self.why(dialect, escapedPercent: true), " as typed: " + Self.why(dialect, escapedPercent: false))
        }
        let reasonOfFile = storage.dialects.map { reasons[$0]! }
        for (localeIndex, locale) in strings.locales.enumerated() {
            guard let table = strings[locale] else { continue }
            // In pieces: a message of eight parts is never joined into one String for a report
            // (a joined one was 5,200 instructions a finding of 25,880 in a Compose lint), and
            // the words that are the same in each come joined (a piece costs some 140).
            let inLocale = "' in locale '\(locale)' shows "
            let group = EntryFindings(rule: Self.id, table: table, place: .text, message: .inPieces { index, form, offset, piece in
                let entry = table.entries[index]
                let ref = form.map { table.forms[$0].text } ?? entry.text
                // The detail is where the sequence starts and how long it is: its text is read
                // from there, without scanning the text again (a text may hold thousands).
                let written = storage.withBytes(entry.file, ref) { text -> String in
                    let start = Swift.min((offset ?? 0) >> 8, text.count), length = (offset ?? 0) & 0xFF
                    return String(decoding: UnsafeBufferPointer(rebasing: text[start ..< Swift.min(text.count, start + length)]), as: UTF8.self)
                }
                let reason = reasonOfFile[Int(entry.file)]
                piece("'")
                piece(storage.name(entry.key))
                piece(inLocale)
                piece(written)
                piece(written == "%%" ? reason.escapedPercent : reason.other)
            }, itemsInMessageOrder: true)
            for candidate in scans[localeIndex].candidates where candidate.mayShowVerbatim {
                let index = Int(candidate.entry), form = candidate.formIndex
                let entry = table.entries[index]
                let rules = storage.rules(entry.file)
                guard rules.mayShowVerbatim else { continue }
                let severity: Severity = titleKeys.contains(entry.key) ? .error : .warning
                let ref = form.map { table.forms[$0].text } ?? entry.text
                // Most texts have one such sequence: it is kept aside, and an array made only for more.
                var first: Range<Int>?, more: [Range<Int>] = []
                storage.withBytes(entry.file, ref) { text in
                    guard UTF8Text.firstIndex(of: UInt8(ascii: "%"), in: text) != nil else { return }
                    rules.scan(text, formatted: arguments.formatted(entry.key, text: text, rules: rules)) { token in
                        guard case .verbatim = token.kind, token.range.lowerBound < 1 << 23 else { return }
                        if first == nil { first = token.range } else { more.append(token.range) }
                    }
                }
                // Rails date and number formats are not placeholders (the key is named only here: most texts have none).
                guard let first, !(storage.dialects[Int(entry.file)] == .rails && RailsDialect.isFormatPatternKey(storage.name(entry.key))) else {
                    continue
                }
                // One finding per sequence as written (a repeat would be the same finding), in message
                // order; most texts have one.
                func add(_ range: Range<Int>) {
                    group.add(entry: index, form: form, detail: range.lowerBound << 8 | Swift.min(range.count, 0xFF), severity: severity,
                              to: &findings)
                }
                if more.isEmpty {
                    add(first)
                    continue
                }
                // Several: their Strings order them and tell repeats apart.
                let written = storage.withBytes(entry.file, ref) { text in
                    ([first] + more).map { (range: $0, text: String(decoding: UnsafeBufferPointer(rebasing: text[$0]), as: UTF8.self)) }
                }
                var seen: Set<String> = []
                for sequence in written.sorted(by: { $0.text < $1.text }) where seen.insert(sequence.text).inserted { add(sequence.range) }
            }
        }
        return findings
    }

    /// Why the platform leaves a sequence alone (`escapedPercent`: the sequence is `%%`).
    static func why(_ dialect: StringDialect, escapedPercent: Bool) -> String {
        switch dialect {
        case .compose(let version):
            return escapedPercent
                ? "Compose resources never unescape %% (the library fills %1$s and %1$d only)"
                : "Compose resources \(version) fill only %1$s and %1$d\(version.fillsMultiDigitIndexes ? "" : " with a one-digit index"); use %1$s, or format the value in code"
        case .android:
            return "the app shows this string without arguments (getString(id)), so nothing is formatted; pass arguments or write the text without placeholders"
        case .apple:
            return "String(format:) does not fill it"
        case .rails:
            return "Ruby I18n fills only %{name} and %<name>s; use %{name}"
        }
    }
}
