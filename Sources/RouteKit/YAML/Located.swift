/// A value and where it was written.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension YAMLScalar {
    public var located: Located<String> { Located(value, at: location) }
}
