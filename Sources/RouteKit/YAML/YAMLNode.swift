/// A YAML tree in which every node remembers where it was written. Every scalar is text:
/// routekit never reads `no`, `yes`, `on` or `off` as booleans.
public indirect enum YAMLNode: Sendable {
    case scalar(YAMLScalar)
    case mapping(YAMLMapping)
    case sequence(YAMLSequence)

    public var location: SourceLocation {
        switch self {
        case .scalar(let scalar): scalar.location
        case .mapping(let mapping): mapping.location
        case .sequence(let sequence): sequence.location
        }
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    public var mapping: YAMLMapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }

    public var sequence: YAMLSequence? {
        if case .sequence(let sequence) = self { return sequence }
        return nil
    }

    /// True for a plain `~`, `null` or empty value: "absent" in routekit's formats.
    public var isNull: Bool { scalar?.isNull ?? false }

    /// The node's kind in words, for messages ("expected a mapping, found a sequence").
    public var kindName: String {
        switch self {
        case .scalar(let scalar): scalar.isNull ? "an empty value" : "a text value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

public struct YAMLScalar: Sendable, Hashable {
    public var value: String
    /// A plain (unquoted) `~`, `null`, `Null`, `NULL` or nothing at all.
    public var isNull: Bool
    public var location: SourceLocation

    public init(value: String, isNull: Bool = false, location: SourceLocation) {
        self.value = value
        self.isNull = isNull
        self.location = location
    }
}

public struct YAMLMapping: Sendable {
    public struct Entry: Sendable {
        public var key: YAMLScalar
        public var value: YAMLNode
    }

    /// In file order; duplicate keys were reported by the reader and only the first is kept.
    public var entries: [Entry]
    public var location: SourceLocation

    public init(entries: [Entry], location: SourceLocation) {
        self.entries = entries
        self.location = location
    }

    public subscript(key: String) -> YAMLNode? {
        entries.first { $0.key.value == key }?.value
    }

    public func entry(_ key: String) -> Entry? {
        entries.first { $0.key.value == key }
    }
}

public struct YAMLSequence: Sendable {
    public var items: [YAMLNode]
    public var location: SourceLocation

    public init(items: [YAMLNode], location: SourceLocation) {
        self.items = items
        self.location = location
    }
}
