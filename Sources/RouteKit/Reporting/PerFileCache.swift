/// Values worked out once per file path, e.g. a path as a report shows it (findings come sorted
/// by file, so the last one usually hits).
struct PerFileCache<Value> {
    private var cache: [String: Value] = [:]
    private var lastFile: String?
    private var lastValue: Value?
    let make: (String) -> Value

    init(_ make: @escaping (String) -> Value) { self.make = make }

    mutating func callAsFunction(_ file: String) -> Value {
        if file == lastFile, let lastValue { return lastValue }
        let value: Value
        if let cached = cache[file] {
            value = cached
        } else {
            value = make(file)
            cache[file] = value
        }
        lastFile = file
        lastValue = value
        return value
    }
}

/// A file of a finding placed by key (`Finding.keyPlace`): the places it was read from and its
/// index there. It names the file without its path, which every finding of the batches over the
/// same keys shares (a retain of it per finding, on both cores, cost more than the rest).
struct PlacedFileKey: Hashable {
    var places: ObjectIdentifier
    var file: Int32
}

/// `PerFileCache` for findings placed by key, by `PlacedFileKey`: the path is asked of the
/// finding only when its file is new.
struct PlacedFileCache<Value> {
    private var cache: [PlacedFileKey: Value] = [:]
    private var last: (key: PlacedFileKey, value: Value)?
    let make: (String) -> Value

    init(_ make: @escaping (String) -> Value) { self.make = make }

    /// The value for the file of `diagnostic`, placed by key in file `key`; nil when it has no file.
    mutating func callAsFunction(_ diagnostic: Finding, _ key: PlacedFileKey) -> Value? {
        if let last, last.key == key { return last.value }
        guard let value = cache[key] ?? diagnostic.file.map(make) else { return nil }
        cache[key] = value
        last = (key, value)
        return value
    }
}
