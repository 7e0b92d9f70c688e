/// Trimming without Foundation: what `trimmingCharacters(in:)` did for routekit.
extension StringProtocol {
    /// Without leading and trailing characters of `set`.
    func trimmed(of set: String) -> String { trimmed { set.contains($0) } }

    /// Without leading and trailing spaces and tabs (Foundation's `.whitespaces`: Unicode space
    /// separators and the tab).
    func trimmingWhitespace() -> String {
        trimmed { $0 == "\t" || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator } }
    }

    /// Without leading and trailing white space and line breaks (`.whitespacesAndNewlines`).
    func trimmingWhitespaceAndNewlines() -> String { trimmed { $0.isWhitespace } }

    private func trimmed(_ drop: (Character) -> Bool) -> String {
        var kept = Substring(self)
        while let first = kept.first, drop(first) { kept.removeFirst() }
        while let last = kept.last, drop(last) { kept.removeLast() }
        return String(kept)
    }
}
