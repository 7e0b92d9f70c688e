/// A navigation script for `routekit replay`:
///
/// ```yaml
/// locale: [de-AT, en]
/// steps:
///   - activate: InfoScreen
///   - navigate: { route: SessionScreen, params: { sessionId: "42" } }
///   - back
///   - set: ScheduleScreen
/// expect:                       # optional, checked after the last step
///   selected-tab: ScheduleScreen
///   stack: [SessionScreen, { route: SpeakerDetailScreen, title: Jane }]
///   tab-labels: [Programm, Sprecher]
///   back-menu: [Vortrag, Programm]
/// ```
public struct Flow: Sendable {
    public enum Action: Sendable, Hashable {
        case navigate(route: Located<String>, params: [String: String])
        case back
        case set(route: Located<String>, params: [String: String])
        case activate(route: Located<String>)

        public var route: Located<String>? {
            switch self {
            case .navigate(let route, _), .set(let route, _), .activate(let route): route
            case .back: nil
            }
        }

        public var verb: String {
            switch self {
            case .navigate: "navigate"
            case .back: "back"
            case .set: "set"
            case .activate: "activate"
            }
        }
    }

    public struct Step: Sendable {
        public var action: Action
        public var location: SourceLocation
    }

    public struct ExpectedEntry: Sendable {
        public var route: Located<String>
        public var title: Located<String>?
        public var subtitle: Located<String>?
    }

    public struct Expectation: Sendable {
        public var selectedTab: Located<String>?
        public var stack: (items: [ExpectedEntry], location: SourceLocation)?
        public var tabLabels: (items: [Located<String>], location: SourceLocation)?
        public var backMenu: (items: [Located<String>], location: SourceLocation)?
    }

    public var path: String
    public var locales: [Located<String>] = []
    public var steps: [Step] = []
    public var expectation: Expectation?
}

/// Reads a flow file; every problem is a finding at its position.
public enum FlowLoader {
    public static func load(_ file: YAMLFile) -> (Flow, [Finding]) {
        var sink = FindingSink()
        sink.append(contentsOf: file.diagnostics)
        var flow = Flow(path: file.path)
        guard let root = file.root else {
            if file.diagnostics.isEmpty {
                sink.report("invalid-field", "the flow is empty; it needs `steps:`", at: SourceLocation(file: file.path, line: 1, column: 1))
            }
            return (flow, sink.diagnostics)
        }
        guard let mapping = root.mapping else {
            sink.report("invalid-field", "a flow must be a mapping with `steps:`, found \(root.kindName)", at: root.location)
            return (flow, sink.diagnostics)
        }
        for entry in mapping.entries {
            switch entry.key.value {
            case "locale", "locales":
                flow.locales = entry.value.texts(entry.key.value, into: &sink)
            case "steps":
                guard let sequence = entry.value.sequence else {
                    sink.report("invalid-field", "'steps' must be a list, found \(entry.value.kindName)", at: entry.value.location)
                    continue
                }
                flow.steps = sequence.items.compactMap { step($0, into: &sink) }
            case "expect":
                flow.expectation = expectation(entry.value, into: &sink)
            default:
                sink.report("unknown-field", "unknown flow field '\(entry.key.value)'\(suggestion(entry.key.value, among: ["locale", "steps", "expect"]))",
                            at: entry.key.location)
            }
        }
        return (flow, sink.diagnostics)
    }

    static let verbs = ["navigate", "back", "set", "activate"]

    private static func step(_ node: YAMLNode, into sink: inout FindingSink) -> Flow.Step? {
        if let scalar = node.scalar, scalar.value == "back" {
            return Flow.Step(action: .back, location: node.location)
        }
        guard let mapping = node.mapping, mapping.entries.count == 1, let entry = mapping.entries.first else {
            let shown = node.scalar?.value ?? node.kindName
            sink.report("unknown-field", "unknown step '\(shown)'; a step is `back` or one of `navigate:`, `set:`, `activate:` with a route",
                        at: node.location)
            return nil
        }
        let verb = entry.key.value
        if verb == "back" {
            // `- back:` with nothing after it is still just `back`.
            if entry.value.isNull { return Flow.Step(action: .back, location: node.location) }
            sink.report("invalid-field", "'back' takes no argument: write the step as `- back`", at: entry.key.location)
            return nil
        }
        guard verbs.contains(verb) else {
            sink.report("unknown-field", "unknown step '\(verb)'\(suggestion(verb, among: verbs)); steps are navigate, back, set, activate",
                        at: entry.key.location)
            return nil
        }
        var route: Located<String>?
        var params: [String: String] = [:]
        switch entry.value {
        case .scalar(let scalar) where !scalar.isNull:
            route = scalar.located
        case .mapping(let target):
            for field in target.entries {
                switch field.key.value {
                case "route": route = field.value.text("route", into: &sink)
                case "params":
                    guard verb != "activate" else {
                        sink.report("invalid-field", "'activate' selects a tab and takes no params", at: field.key.location)
                        continue
                    }
                    guard let values = field.value.mapping else {
                        sink.report("invalid-field", "'params' must map names to values", at: field.value.location)
                        continue
                    }
                    for value in values.entries where !value.value.isNull {
                        if let text = value.value.text("params.\(value.key.value)", into: &sink) { params[value.key.value] = text.value }
                    }
                default:
                    sink.report("unknown-field", "unknown step field '\(field.key.value)'\(suggestion(field.key.value, among: ["route", "params"]))",
                                at: field.key.location)
                }
            }
        default:
            break
        }
        guard let route else {
            sink.report("invalid-field", "'\(verb)' needs a route", at: entry.value.location)
            return nil
        }
        let action: Flow.Action = switch verb {
        case "navigate": .navigate(route: route, params: params)
        case "set": .set(route: route, params: params)
        default: .activate(route: route)
        }
        return Flow.Step(action: action, location: entry.key.location)
    }

    private static func expectation(_ node: YAMLNode, into sink: inout FindingSink) -> Flow.Expectation? {
        guard let mapping = node.mapping else {
            sink.report("invalid-field", "'expect' must be a mapping", at: node.location)
            return nil
        }
        var expectation = Flow.Expectation()
        for entry in mapping.entries {
            switch entry.key.value {
            case "selected-tab":
                expectation.selectedTab = entry.value.text("selected-tab", into: &sink)
            case "stack":
                let items = entry.value.sequence?.items ?? []
                if entry.value.sequence == nil && !entry.value.isNull {
                    sink.report("invalid-field", "'stack' must be a list of routes or {route, title, subtitle}", at: entry.value.location)
                }
                expectation.stack = (items.compactMap { expectedEntry($0, into: &sink) }, entry.value.location)
            case "tab-labels":
                expectation.tabLabels = (entry.value.texts("tab-labels", into: &sink), entry.value.location)
            case "back-menu":
                expectation.backMenu = (entry.value.texts("back-menu", into: &sink), entry.value.location)
            default:
                sink.report("unknown-field",
                            "unknown expectation '\(entry.key.value)'\(suggestion(entry.key.value, among: ["selected-tab", "stack", "tab-labels", "back-menu"]))",
                            at: entry.key.location)
            }
        }
        return expectation
    }

    private static func expectedEntry(_ node: YAMLNode, into sink: inout FindingSink) -> Flow.ExpectedEntry? {
        if let scalar = node.scalar, !scalar.isNull { return Flow.ExpectedEntry(route: scalar.located) }
        guard let mapping = node.mapping, let route = mapping["route"]?.text("route", into: &sink) else {
            sink.report("invalid-field", "a stack entry is a route name or {route, title, subtitle}", at: node.location)
            return nil
        }
        for entry in mapping.entries where !["route", "title", "subtitle"].contains(entry.key.value) {
            sink.report("unknown-field", "unknown stack entry field '\(entry.key.value)'", at: entry.key.location)
        }
        return Flow.ExpectedEntry(route: route, title: mapping["title"]?.scalar?.located, subtitle: mapping["subtitle"]?.scalar?.located)
    }
}
