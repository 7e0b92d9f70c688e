/// One option of a rule, declared once, as a static property of the rule's type: its name, type
/// and range, default and a one-line description. Config validation (`.routekit.yml` is checked
/// against it when it is loaded), `routekit rules <id>` and the rule's own reading of the value all
/// come from this declaration.
///
/// ```swift
/// struct TitleTooLong: LintRule {
///     static let title = RuleOption.integer("title", default: 30, in: 1...1000, "maximum characters of a title")
///     static let options: [any RuleOptionDeclaration] = [title]
///     func check(_ context: LintContext) -> [Finding] {
///         let limit = context.value(Self.title, for: Self.self)   // an Int, validated
///         …
/// ```
public struct RuleOption<Value: Sendable & Equatable>: RuleOptionDeclaration {
    public let name: String
    public let summary: String
    public let defaultValue: Value
    public let expected: String
    private let parse: @Sendable (String) -> Value?
    private let format: @Sendable (Value) -> String

    public init(_ name: String, default defaultValue: Value, expected: String, _ summary: String,
                parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.expected = expected
        self.parse = parse
        self.format = format
    }

    /// The value written in the config, or nil when it is not one.
    public func value(_ text: String) -> Value? { parse(text) }

    public var defaultText: String { format(defaultValue) }

    public func accepts(_ text: String) -> Bool { parse(text) != nil }
}

/// What config validation and `routekit rules` need of an option, whatever its type.
public protocol RuleOptionDeclaration: Sendable {
    var name: String { get }
    /// One line: what the option sets.
    var summary: String { get }
    /// The values it takes, as a phrase: "a whole number from 1 to 1000".
    var expected: String { get }
    var defaultText: String { get }
    func accepts(_ text: String) -> Bool
}

extension RuleOption where Value == Int {
    /// A whole number in `range`, written in decimal digits (no sign, fraction or exponent).
    public static func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>,
                               _ summary: String) -> RuleOption {
        RuleOption(name, default: defaultValue,
                   expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", summary,
                   parse: { text in
                       guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                             let number = Int(text), range.contains(number) else { return nil }
                       return number
                   },
                   format: { String($0) })
    }
}

extension RuleOption where Value == Severity? {
    /// `off`, `info`, `warning` or `error`.
    public static func severity(_ name: String, default defaultValue: Severity?, _ summary: String) -> RuleOption {
        RuleOption(name, default: defaultValue, expected: "one of off, info, warning, error", summary,
                   parse: { SeverityLevel.parse($0) },
                   format: { $0?.rawValue ?? "off" })
    }
}

extension RuleOption where Value == Bool {
    /// `true` or `false` (YAML's other spellings of booleans are text in routekit).
    public static func boolean(_ name: String, default defaultValue: Bool, _ summary: String) -> RuleOption {
        RuleOption(name, default: defaultValue, expected: "true or false", summary,
                   parse: { $0 == "true" ? true : $0 == "false" ? false : nil },
                   format: { $0 ? "true" : "false" })
    }
}

extension RuleOption where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the cases of an enumeration, by raw value.
    public static func choice(_ name: String, default defaultValue: Value, _ summary: String) -> RuleOption {
        RuleOption(name, default: defaultValue,
                   expected: "one of " + Value.allCases.map(\.rawValue).joined(separator: ", "), summary,
                   parse: { Value(rawValue: $0) },
                   format: { $0.rawValue })
    }
}

extension LintContext {
    /// The option's value for `rule`: from the config (validated when it was loaded), else its default.
    public func value<Rule: LintRule, Value>(_ option: RuleOption<Value>, for rule: Rule.Type) -> Value {
        settings[Rule.id]?.options[option.name].flatMap { option.value($0.value) } ?? option.defaultValue
    }
}
