/// A place in an input file. Lines and columns are 1-based; a column counts Unicode scalars
/// (code points) from the start of the line, the unit libyaml reports and SARIF calls
/// `unicodeCodePoints`. A UTF-8 BOM is not counted.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// The path as routekit was given it (absolute, or relative to the working directory).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

extension SourceLocation: CustomStringConvertible {
    public var description: String { "\(file):\(line):\(column)" }
}
