/// One finding: a rule, where it is, and what it is about.
///
/// A finding is small: its fields live in a shared, immutable box, or, for a finding of a
/// `FindingBatch` (many findings that differ only in their key), in the batch, with the message
/// made when asked for. A project can have 100k findings; moving, sorting and reporting them then
/// moves 16 bytes each instead of a large value with seven strings.
public struct Finding: Hashable, Sendable {
    // In this order the two fit in 16 bytes.
    private var storage: Storage
    public var severity: Severity

    private enum Storage: Sendable {
        case single(Single)
        /// `batch.keys.names[item]`'s finding.
        case batched(FindingBatch, item: Int32)
    }

    /// Every field but the severity.
    private struct Fields: Hashable, Sendable {
        var rule: String
        var message: String
        var location: SourceLocation?
        var file: String?
        var route: String?
        var key: String?
        var locale: String?
    }

    private final class Single: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    public init(
        rule: String, severity: Severity, message: String,
        location: SourceLocation? = nil, file: String? = nil,
        route: String? = nil, key: String? = nil, locale: String? = nil
    ) {
        self.severity = severity
        storage = .single(Single(Fields(rule: rule, message: message, location: location, file: file ?? location?.file,
                                        route: route, key: key, locale: locale)))
    }

    /// The finding for `batch.keys.names[item]`.
    init(_ batch: FindingBatch, item: Int, severity: Severity) {
        self.severity = severity
        storage = .batched(batch, item: Int32(item))
    }

    public var rule: String {
        get {
            switch storage {
            case .single(let single): single.fields.rule
            case .batched(let batch, _): batch.rule
            }
        }
        set { fields.rule = newValue }
    }

    public var message: String {
        get {
            switch storage {
            case .single(let single): single.fields.message
            case .batched(let batch, let item): batch.messagePrefix + batch.keys.names[Int(item)] + batch.messageSuffix
            }
        }
        set { fields.message = newValue }
    }

    /// `nil` for a finding about the project as a whole (a missing file has a file but no line).
    public var location: SourceLocation? {
        get {
            switch storage {
            case .single(let single): single.fields.location
            case .batched(let batch, _): batch.location
            }
        }
        set { fields.location = newValue }
    }

    /// A file without a position, for findings such as "file not found".
    public var file: String? {
        get {
            switch storage {
            case .single(let single): single.fields.file
            case .batched(let batch, _): batch.file
            }
        }
        set { fields.file = newValue }
    }

    public var route: String? {
        get {
            switch storage {
            case .single(let single): single.fields.route
            case .batched(let batch, _): batch.route
            }
        }
        set { fields.route = newValue }
    }

    public var key: String? {
        get {
            switch storage {
            case .single(let single): single.fields.key
            case .batched(let batch, let item): batch.keys.names[Int(item)]
            }
        }
        set { fields.key = newValue }
    }

    public var locale: String? {
        get {
            switch storage {
            case .single(let single): single.fields.locale
            case .batched(let batch, _): batch.locale
            }
        }
        set { fields.locale = newValue }
    }

    /// All fields but the severity; a change makes a box of its own (boxes are never changed).
    private var fields: Fields {
        get {
            switch storage {
            case .single(let single): single.fields
            case .batched: Fields(rule: rule, message: message, location: location, file: file, route: route, key: key, locale: locale)
            }
        }
        set { storage = .single(Single(newValue)) }
    }

    public static func == (lhs: Finding, rhs: Finding) -> Bool {
        guard lhs.severity == rhs.severity else { return false }
        switch (lhs.storage, rhs.storage) {
        case let (.single(left), .single(right)) where left === right:
            return true
        case let (.batched(left, leftItem), .batched(right, rightItem)) where left === right:
            return left.keys.names[Int(leftItem)] == right.keys.names[Int(rightItem)]
        default:
            return lhs.fields == rhs.fields
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(fields)
    }
}

extension Finding {
    /// The message in pieces whose concatenation is `message`, so reporters can write it without
    /// making it (a batch's findings share all but their key).
    func forEachMessagePiece(_ body: (String) -> Void) {
        switch storage {
        case .single(let single):
            body(single.fields.message)
        case .batched(let batch, let item):
            body(batch.messagePrefix)
            body(batch.keys.names[Int(item)])
            body(batch.messageSuffix)
        }
    }

    /// The batch this finding is one of, if any: its message is `batch.messagePrefix + key +
    /// batch.messageSuffix`, and all its other fields but the severity are the batch's.
    var batch: FindingBatch? {
        if case .batched(let batch, _) = storage { return batch }
        return nil
    }

    /// True when both are findings of one batch: they differ only in their key and severity.
    func isInSameBatch(as other: Finding) -> Bool {
        if case .batched(let batch, _) = storage, case .batched(let otherBatch, _) = other.storage { return batch === otherBatch }
        return false
    }

    /// How `lhs.message` compares to `rhs.message`: below, equal or above zero. Two findings of
    /// one batch whose keys are in message order are compared by position, without their messages.
    static func compareMessages(_ lhs: Finding, _ rhs: Finding) -> Int {
        if case let .batched(left, leftItem) = lhs.storage, case let .batched(right, rightItem) = rhs.storage,
           left === right, left.keysInMessageOrder {
            return Int(leftItem) - Int(rightItem)
        }
        let left = lhs.message, right = rhs.message
        return left == right ? 0 : left < right ? -1 : 1
    }
}

/// Findings of one rule at one place that differ only in their key: the message of each is
/// `messagePrefix + key + messageSuffix`, made only when asked for. missing-translation's 100k
/// findings in a hundred locales are a hundred batches over one list of keys.
final class FindingBatch: Sendable {
    /// Keys shared by batches; a finding is one of them, by position.
    final class Keys: Sendable {
        let names: [String]
        /// `separator` when the keys are distinct, printable ASCII without it, and sorted by
        /// `name + separator` bytewise; else nil. Then, for any prefix and a suffix that starts
        /// with `separator`, position order is message order (where a key that begins another
        /// ends, the suffix's `separator` meets a different character of the other) and
        /// different positions mean different messages.
        let orderedBefore: Character?

        init(_ names: [String], sortedBefore separator: Character) {
            self.names = names
            let separatorByte = separator.asciiValue ?? 0
            let ascii = separator.isASCII && names.allSatisfy { name in
                name.utf8.allSatisfy { (0x20..<0x7F).contains($0) && $0 != separatorByte }
            }
            let sorted = zip(names, names.dropFirst()).allSatisfy { pair in
                (pair.0 + String(separator)).utf8.lexicographicallyPrecedes((pair.1 + String(separator)).utf8)
            }
            orderedBefore = ascii && sorted ? separator : nil
        }
    }

    let rule: String
    let location: SourceLocation?
    let file: String?
    let route: String?
    let locale: String?
    let messagePrefix: String
    let messageSuffix: String
    let keys: Keys
    /// Position order is message order (see `Keys.orderedBefore`).
    let keysInMessageOrder: Bool

    init(rule: String, location: SourceLocation?, file: String? = nil, route: String? = nil, locale: String?,
         messagePrefix: String, keys: Keys, messageSuffix: String) {
        self.rule = rule
        self.location = location
        self.file = file ?? location?.file
        self.route = route
        self.locale = locale
        self.messagePrefix = messagePrefix
        self.messageSuffix = messageSuffix
        self.keys = keys
        keysInMessageOrder = keys.orderedBefore != nil && messageSuffix.first == keys.orderedBefore
    }
}

/// The type's name before it was `Finding`; kept so library users keep compiling.
@available(*, deprecated, renamed: "Finding") public typealias Diagnostic = Finding
