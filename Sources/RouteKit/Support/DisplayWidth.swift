/// How many columns a text takes where the app shows it (UAX #11): wide and fullwidth characters
/// (CJK, kana, Hangul) and emoji take two, combining marks and format characters none, the rest
/// one. Measured per grapheme cluster: a flag (two regional indicators), an emoji with U+FE0F or a
/// ZWJ sequence is one picture, two columns wide.
public enum DisplayWidth {
    /// The columns of a text.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns of one grapheme cluster: 0, 1 or 2 (3 at most, for a halfwidth kana with its
    /// halfwidth sound mark, which take a column each).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
        if first.value < 0x7F && single { return first.value < 0x20 ? 0 : 1 }
        // Emoji presentation (Swift's Unicode data, newer than the table: recent emoji too) or
        // requested by VARIATION SELECTOR-16, or a keycap (`1️⃣`, `#️⃣`: a digit with U+20E3).
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return 2 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        // Halfwidth katakana with a halfwidth voiced or semi-voiced mark (`ｶﾞ`): one cluster, two cells.
        if (0xFF66 ... 0xFF9D).contains(first.value), scalars.contains(where: { $0.value == 0xFF9E || $0.value == 0xFF9F }) {
            return 1 + scalars.filter { $0.value == 0xFF9E || $0.value == 0xFF9F }.count
        }
        // Default-ignorable (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0): no column of its own.
        if first.properties.isDefaultIgnorableCodePoint {
            return scalars.dropFirst().map { of(Character($0)) }.max() ?? 0
        }
        if contains(tables.wide, first.value) || isUnassignedWide(first) { return 2 }
        if contains(tables.zero, first.value) {
            // A mark or format character alone takes no column; before a base it leads a cluster.
            return scalars.dropFirst().map { contains(tables.wide, $0.value) ? 2 : contains(tables.zero, $0.value) ? 0 : 1 }.max() ?? 0
        }
        return 1
    }

    /// UAX #11 gives unassigned code points of the CJK ideograph blocks and of planes 2 and 3 the
    /// width W (Extension H at U+31350, Extension I at U+2EBF0, U+2FFFD…), whatever a table of
    /// assigned characters says.
    static func isUnassignedWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x3400 ... 0x4DBF).contains(value) || (0x4E00 ... 0x9FFF).contains(value) || (0xF900 ... 0xFAFF).contains(value)
            || (0x2_0000 ... 0x2_FFFD).contains(value) || (0x3_0000 ... 0x3_FFFD).contains(value)
    }

    /// Sorted, disjoint ranges: each a first and a last code point, in one flat array the
    /// generator wrote as literals, so nothing is parsed at start-up.
    static let tables = (wide: Generated.wide, zero: Generated.zero)

    static func contains(_ bounds: [UInt32], _ value: UInt32) -> Bool {
        var low = 0, high = bounds.count / 2
        while low < high {
            let mid = (low + high) / 2
            if bounds[2 * mid + 1] < value { low = mid + 1 } else { high = mid }
        }
        return low < bounds.count / 2 && bounds[2 * low] <= value
    }
}
