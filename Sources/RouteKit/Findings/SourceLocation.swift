/// A place in an input file. Lines and columns are 1-based; a column counts Unicode scalars
/// (code points) from the start of the line, the unit libyaml reports and SARIF calls
/// `unicodeCodePoints`. A UTF-8 BOM is not counted.
///
/// A location may carry the end of the text it points at (`endLine`/`endColumn`: the position
/// just after the last character, as SARIF's `endColumn`) when the reader knows it — a YAML
/// scalar's key or value span. The end is extra detail for reports that show extents: equality,
/// hashing and ordering look at the start only, so a finding is the same finding with or without it.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// The path as routekit was given it (absolute, or relative to the working directory).
    public var file: String
    public var line: Int
    public var column: Int
    /// Where the text ends (exclusive), when known; both or neither are set.
    public var endLine: Int?
    public var endColumn: Int?

    public init(file: String, line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        if let endLine, let endColumn, (endLine, endColumn) > (line, column) {
            self.endLine = endLine
            self.endColumn = endColumn
        }
    }

    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.file == rhs.file
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

extension SourceLocation: CustomStringConvertible {
    public var description: String { "\(file):\(line):\(column)" }
}
