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
