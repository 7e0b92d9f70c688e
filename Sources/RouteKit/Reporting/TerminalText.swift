/// Text from inputs (titles, route names, messages) made safe for a terminal or a CI log: every
/// control character, ANSI escape, line or paragraph separator and bidi control is shown as a
/// visible escape (`\n`, `\u{1B}`), so printed text is one line that cannot recolour the
/// terminal, move the cursor, reorder what is shown or forge a log line.
public enum TerminalText {
    /// `text` as one safe line.
    public static func line(_ text: String) -> String { ReportText.neutralized(text) }

    /// `text` safe for a terminal, keeping its line breaks (for messages the program composes
    /// over several lines; untrusted parts should go through `line` first).
    public static func keepingLineBreaks(_ text: String) -> String { ReportText.neutralized(text, keeping: ["\n"]) }
}
