/// Hard limits that keep hostile input from exhausting memory or time. Each is configurable
/// under `limits:` in `.routekit.yml`; the defaults fit any real project with room to spare.
public struct InputLimits: Sendable, Hashable {
    /// Bytes in one input file.
    public var fileSize: Int = 16 * 1024 * 1024
    /// Bytes across all inputs of one run.
    public var totalSize: Int = 512 * 1024 * 1024
    /// Nested mappings and lists.
    public var depth: Int = 200
    /// Bytes in one scalar.
    public var scalarLength: Int = 64 * 1024
    /// Nodes in one file.
    public var nodeCount: Int = 2_000_000

    public init() {}

    public static let `default` = InputLimits()
}
