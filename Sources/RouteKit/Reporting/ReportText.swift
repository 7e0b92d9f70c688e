import FoundationEssentials

/// Neutralizing hostile text for reports, and the summary lines several formats print.
enum ReportText {
    /// True for scalars that can move a terminal cursor, forge a line, recolour output or reorder
    /// displayed text: C0 controls, DEL, C1 controls (including the 8-bit CSI), the Unicode line
    /// and paragraph separators, bidi embeddings/overrides/isolates, and the noncharacters
    /// U+FFFE/U+FFFF, and the bidi marks U+200E, U+200F and U+061C (they reorder neighbouring
    /// text as an embedding does).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The visible spelling of an unsafe scalar: `\n`, `\r`, `\t`, otherwise `\u{1B}`.
    static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// `text` with every unsafe scalar replaced by its visible escape; `keep` lists scalars that
    /// stay as they are (e.g. newlines a format encodes itself).
    static func neutralized(_ text: String, keeping keep: Set<Unicode.Scalar> = []) -> String {
        // Fast path: printable ASCII (most messages) has nothing to escape.
        if text.utf8.withContiguousStorageIfAvailable(isPrintableASCII) == true { return text }
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !keep.contains($0) }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) && !keep.contains(scalar) {
                result += visibleEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when every byte is printable ASCII (0x20 to 0x7E): text that needs no escaping. Eight
    /// bytes at a time, as reports check every message.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        if count < 8 {
            // A message's short pieces ("' for '"): one word of two loads that may overlap (each
            // byte is checked alone), spaces above them.
            let start = UnsafeRawPointer(base), end = start + count
            let word: UInt64
            if count >= 4 {
                word = UInt64(start.loadUnaligned(as: UInt32.self)) | UInt64((end - 4).loadUnaligned(as: UInt32.self)) << 32
            } else if count >= 2 {
                word = UInt64(start.loadUnaligned(as: UInt16.self)) | UInt64((end - 2).loadUnaligned(as: UInt16.self)) << 16
                    | 0x2020_2020_0000_0000
            } else {
                word = count == 0 ? 0x2020_2020_2020_2020 : UInt64(base[0]) | 0x2020_2020_2020_2000
            }
            return ByteWord.isPrintableASCII(word)
        }
        var offset = 0
        while offset + 8 <= count {
            if !ByteWord.isPrintableASCII(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) { return false }
            offset += 8
        }
        // The tail as the word that ends the text (its first bytes checked twice): a byte loop
        // cost more than all the words of a short piece.
        return offset == count || ByteWord.isPrintableASCII(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
    }

    static func plural(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// `2 errors, 1 warning, 0 infos in 5 files (17 routes, 3 locales)`
    static func summaryLine(_ summary: LintSummary) -> String {
        plural(summary.errors, "error", "errors") + ", "
            + plural(summary.warnings, "warning", "warnings") + ", "
            + plural(summary.infos, "info", "infos") + " in "
            + plural(summary.files, "file", "files") + " ("
            + plural(summary.routes, "route", "routes") + ", "
            + plural(summary.locales, "locale", "locales") + ")"
    }

    /// `3 findings suppressed by the baseline, 1 baseline entry no longer occurs`
    static func baselineLine(_ outcome: BaselineOutcome) -> String {
        var line = plural(outcome.suppressed, "finding", "findings") + " suppressed by the baseline"
        let stale = outcome.stale.reduce(0) { $0 + $1.count }
        if stale > 0 {
            line += ", " + plural(stale, "baseline entry no longer occurs", "baseline entries no longer occur")
                + " (refresh it with --write-baseline)"
        }
        return line
    }
}
