/// Values worked out once per file path, e.g. a path as a report shows it (findings come sorted
/// by file, so the last one usually hits).
struct PerFileCache<Value> {
    private var memo = LastHitMemo<String, Value>()
    let make: (String) -> Value

    init(_ make: @escaping (String) -> Value) { self.make = make }

    mutating func callAsFunction(_ file: String) -> Value {
        if let value = memo[file] { return value }
        let value = make(file)
        memo[file] = value
        return value
    }
}

/// Values by key, the last one asked for first: what the per-file caches share.
struct LastHitMemo<Key: Hashable, Value> {
    private var cache: [Key: Value] = [:]
    private var last: (key: Key, value: Value)?

    /// The value kept for `key` (the last one asked for first); nil when it is new. Set: keep one.
    subscript(key: Key) -> Value? {
        mutating get {
            if let last, last.key == key { return last.value }
            guard let value = cache[key] else { return nil }
            last = (key, value)
            return value
        }
        set {
            cache[key] = newValue
            last = newValue.map { (key, $0) }
        }
    }
}

/// A finding's file by index (`FindingPlace.indexed`): what holds the paths (a batch's key places,
/// an entry finding's string storage) and the file's index there. It names the file without its
/// path, which every finding of the file shares (a retain of it per finding, on both cores, cost
/// more than the rest).
struct PlacedFileKey: Hashable {
    var places: ObjectIdentifier
    var file: Int32
}

/// `PerFileCache` for findings placed by key, by `PlacedFileKey`: the path is asked of the
/// finding only when its file is new.
struct PlacedFileCache<Value> {
    private var memo = LastHitMemo<PlacedFileKey, Value>()
    let make: (String) -> Value

    init(_ make: @escaping (String) -> Value) { self.make = make }

    /// The value for the file of `diagnostic`, placed by key in file `key`; nil when it has no file.
    mutating func callAsFunction(_ diagnostic: Finding, _ key: PlacedFileKey) -> Value? {
        if let value = memo[key] { return value }
        guard let value = diagnostic.file.map(make) else { return nil }
        memo[key] = value
        return value
    }
}
