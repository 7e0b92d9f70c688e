/// Options the command line passes to whichever reporter it makes.
public struct ReporterOptions: Hashable, Sendable {
    /// ANSI colours (text only). The caller decides: a terminal, and no `NO_COLOR`.
    public var color: Bool
    /// Findings only, no summary (text only).
    public var quiet: Bool
    /// Warnings fail the run (`--strict`): JUnit makes them failures.
    public var strict: Bool
    /// Where findings link to on the code host (Markdown), when known.
    public var links: BlobLinks?

    public init(color: Bool = false, quiet: Bool = false, strict: Bool = false, links: BlobLinks? = nil) {
        self.color = color
        self.quiet = quiet
        self.strict = strict
        self.links = links
    }
}

/// Every report format by its `--format` name.
public enum ReporterRegistry {
    /// The format names, `text` (the default) first.
    public static let formats: [String] = [
        TextReporter.format, JSONReporter.format, SARIFReporter.format, GitHubReporter.format,
        JUnitReporter.format, CheckstyleReporter.format, MarkdownReporter.format, GitLabReporter.format,
    ]

    /// The reporter for `format`, or `nil` for an unknown name (a usage error for the caller).
    public static func make(format: String, options: ReporterOptions = ReporterOptions()) -> (any Reporter)? {
        switch format {
        case TextReporter.format: TextReporter(color: options.color, quiet: options.quiet)
        case JSONReporter.format: JSONReporter()
        case SARIFReporter.format: SARIFReporter()
        case GitHubReporter.format: GitHubReporter()
        case JUnitReporter.format: JUnitReporter(strict: options.strict)
        case CheckstyleReporter.format: CheckstyleReporter()
        case MarkdownReporter.format: MarkdownReporter(links: options.links)
        case GitLabReporter.format: GitLabReporter()
        default: nil
        }
    }

    /// Splits a `--format` value `FMT[:FILE]` at its first `:`: `sarif:out/r.sarif` gives
    /// `("sarif", "out/r.sarif")`, `json` gives `("json", nil)`. An empty file (`json:`) is `nil`.
    public static func parseSpecifier(_ value: String) -> (format: String, path: String?) {
        guard let colon = value.firstIndex(of: ":") else { return (value, nil) }
        let path = String(value[value.index(after: colon)...])
        return (String(value[..<colon]), path.isEmpty ? nil : path)
    }
}
