extension BenchmarkEntry {
    /// A String Catalog's bytes through routekit's JSON parser (what lint reads them with).
    /// Returns the number of JSON values.
    public static func parseJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        (try? JSONDocument.parse(bytes, maxNodes: Int(Int32.max)))?.nodes.count ?? 0
    }
}
