/// Hard limits that keep hostile input from exhausting memory or time. Each is configurable
/// under `limits:` in `.routekit.yml`; the defaults fit any real project with room to spare.
public struct InputLimits: Sendable, Hashable {
    /// Bytes in one input file.
    public var fileSize: Int = 16 * 1024 * 1024
    /// Bytes across all inputs of one run: catalog, strings and `sources:` files.
    /// 64 MiB: the worst measured inputs (strings with a finding per line, Kotlin of nothing but
    /// route declarations and push sites) peak under 4 times their size above an empty run's, so
    /// a run at this limit fits a 4 GB CI runner with room to spare (BENCHMARKS.md, "Memory
    /// worst case").
    public var totalSize: Int = 64 * 1024 * 1024
    /// Nested mappings and lists.
    public var depth: Int = 200
    /// Bytes in one scalar.
    public var scalarLength: Int = 64 * 1024
    /// Bytes in one strings key, dotted in full (`a.b.c`, or a String Catalog key): a key is not
    /// one scalar (nesting joins up to `depth` of them) and every finding about it repeats it, so
    /// 8 MB of nested keys missing in 200 stubs took 2 GB. 4 KiB holds a String Catalog key that
    /// is a paragraph of English; a longer key is one finding and is not read.
    public var keyLength: Int = 4 * 1024
    /// Nodes in one file.
    public var nodeCount: Int = 2_000_000
    /// Locales across the strings files. Each costs a few kilobytes whatever its size, and a
    /// stub is a dozen bytes (`x1:\n  a: b\n`): without a limit, 100,000 stubs (1.6 MB) took
    /// 250 MB. CLDR knows about a thousand locales.
    public var locales: Int = 2_000
    /// Findings of a rule whose count can grow as a product of the input (missing-translation:
    /// keys × locales, where a locale costs four bytes, `xx:\n`); past it, one finding counts the rest.
    public var findings: Int = 1_000_000
    /// Bytes across the catalog files. A catalog is a tree of small values and routes of
    /// hundreds of bytes, about 60 bytes of memory per byte at worst (a route per line), where
    /// strings take under 4: real catalogs are kilobytes (the conference app's is 5 KB; 10,000
    /// routes with titles and params about 1 MB), so 1 MiB bounds the worst case to about 65 MB,
    /// a constant beside the other inputs' 4 bytes per byte.
    public var catalogSize: Int = 1024 * 1024

    public init() {}

    public static let `default` = InputLimits()
}
