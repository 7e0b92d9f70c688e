/// Runs a flow against the navigation model and checks its expectations.
public enum Replay {
    public struct StepRecord: Sendable {
        public var step: Flow.Step
        /// A note such as "back on an empty stack: nothing to pop".
        public var note: String?
        /// The selected tab after the step.
        public var tab: NavigationModel.Tab
    }

    public struct Result: Sendable {
        public var records: [StepRecord]
        /// Unknown routes, failed steps, and unmet expectations, with positions in the flow file.
        public var diagnostics: [Finding]
        /// The state after the last step that ran; nil when the model could not start.
        public var model: NavigationModel?
    }

    public static func run(_ flow: Flow, resolver: TitleResolver, locales overrideLocales: [String] = []) -> Result {
        var diagnostics: [Finding] = []
        func report(_ rule: String, _ message: String, at location: SourceLocation) {
            diagnostics.append(Finding(rule: rule, severity: .error, message: message, location: location))
        }
        // Every unknown route up front, so all typos show at once.
        let names = resolver.catalog.routes.map(\.name)
        for step in flow.steps {
            if let route = step.action.route, resolver.catalog.route(named: route.value) == nil {
                report("unknown-route", "step '\(step.action.verb)' names route '\(route.value)', which is not in the catalog\(suggestion(route.value, among: names))",
                       at: route.location)
            }
        }
        let locales = overrideLocales.isEmpty ? flow.locales.map(\.value) : overrideLocales
        var model: NavigationModel
        do {
            model = try NavigationModel(resolver: resolver, locales: locales)
        } catch {
            report("replay", error.message, at: SourceLocation(file: flow.path, line: 1, column: 1))
            return Result(records: [], diagnostics: diagnostics, model: nil)
        }
        guard diagnostics.isEmpty else { return Result(records: [], diagnostics: diagnostics, model: model) }
        var records: [StepRecord] = []
        for step in flow.steps {
            var note: String?
            do {
                switch step.action {
                case .navigate(let route, let params): try model.navigate(route.value, params: params)
                case .set(let route, let params): try model.set(route.value, params: params)
                case .activate(let route): try model.activate(route.value)
                case .back:
                    if model.back() == nil { note = "back on an empty stack: nothing to pop" }
                }
            } catch {
                report("replay", "step '\(step.action.verb)' failed: \(error.message)", at: step.action.route?.location ?? step.location)
                break
            }
            records.append(StepRecord(step: step, note: note, tab: model.selected))
        }
        if diagnostics.isEmpty, let expectation = flow.expectation {
            diagnostics += check(expectation, against: model)
        }
        return Result(records: records, diagnostics: diagnostics, model: model)
    }

    /// Mismatches are reported like failed test assertions: expected versus actual, at the line.
    static func check(_ expectation: Flow.Expectation, against model: NavigationModel) -> [Finding] {
        var found: [Finding] = []
        func mismatch(_ message: String, _ location: SourceLocation) {
            found.append(Finding(rule: "replay-expectation", severity: .error, message: message, location: location))
        }
        if let tab = expectation.selectedTab, tab.value != model.selected.root.route {
            mismatch("expected selected tab '\(tab.value)', but it is '\(model.selected.root.route)'", tab.location)
        }
        if let (items, location) = expectation.stack {
            let stack = model.selected.stack
            if items.count != stack.count {
                mismatch("expected a stack of \(items.count) (\(items.map(\.route.value).joined(separator: ", "))), but it has \(stack.count) (\(stack.map(\.route).joined(separator: ", ")))",
                         location)
            }
            for (expected, actual) in zip(items, stack) {
                if expected.route.value != actual.route {
                    mismatch("expected route '\(expected.route.value)', but the stack has '\(actual.route)'", expected.route.location)
                }
                if let title = expected.title, title.value != actual.displayTitle {
                    mismatch("expected title '\(title.value)', but '\(actual.route)' shows '\(actual.displayTitle)'", title.location)
                }
                if let subtitle = expected.subtitle, subtitle.value != actual.displaySubtitle {
                    mismatch("expected subtitle '\(subtitle.value)', but '\(actual.route)' shows '\(actual.displaySubtitle)'", subtitle.location)
                }
            }
        }
        if let (items, location) = expectation.tabLabels {
            let labels = model.tabBar.map(\.label)
            if items.map(\.value) != labels {
                mismatch("expected tab labels [\(items.map(\.value).joined(separator: ", "))], but they are [\(labels.joined(separator: ", "))]", location)
            }
        }
        if let (items, location) = expectation.backMenu {
            let menu = model.backStackMenu
            if items.map(\.value) != menu {
                mismatch("expected back menu [\(items.map(\.value).joined(separator: ", "))], but it is [\(menu.joined(separator: ", "))]", location)
            }
        }
        return found
    }

    /// The final state in DESIGN's stable JSON shape.
    public static func json(_ model: NavigationModel) -> String {
        func entry(_ entry: StackEntry) -> JSONValue {
            .object([
                "id": .string(entry.id), "route": .string(entry.route),
                "title": entry.title.map { .string($0.text) } ?? .null,
                "subtitle": entry.subtitle.map { .string($0.text) } ?? .null,
                "locale": entry.locale.map { .string($0) } ?? .null,
            ])
        }
        return JSONValue.object([
            "selectedTab": .string(model.selected.root.route),
            "tabs": .array(model.tabs.map { tab in
                .object(["route": .string(tab.root.route), "label": .string(tab.label), "stack": .array(tab.stack.map(entry))])
            }),
            "backStackMenu": .array(model.backStackMenu.map { .string($0) }),
        ]).rendered()
    }
}
