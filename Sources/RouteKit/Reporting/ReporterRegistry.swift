/// How reporters are chosen by `--format`.
public struct ReporterOptions: Sendable {
    public var color: Bool
    public var quiet: Bool

    public init(color: Bool = false, quiet: Bool = false) {
        self.color = color
        self.quiet = quiet
    }
}

public enum ReporterRegistry {
    public static let formats = ["text", "json"]

    public static func make(format: String, options: ReporterOptions) -> (any Reporter)? {
        switch format {
        case "text": TextReporter(color: options.color, quiet: options.quiet)
        case "json": JSONReporter()
        default: nil
        }
    }
}
