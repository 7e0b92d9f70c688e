extension AppCode {
    /// The route a Swift tab shows: the first name instantiated in its content that is a route
    /// of the catalog or of the Kotlin code.
    func rootRoute(of tab: SwiftTab, catalog: RouteCatalog) -> Located<String>? {
        tab.rootCandidates.first { catalog.route(named: $0.value) != nil || kotlinRoute(named: $0.value) != nil }
    }
}

extension SwiftTab {
    /// How messages name the tab: its label, else where it is.
    var displayName: String { label.map { "'\($0.value)'" } ?? "at line \(location.line)" }
}
