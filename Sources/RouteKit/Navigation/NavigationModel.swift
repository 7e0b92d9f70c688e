/// The native shell's navigation state: one `NavigationStack` per tab of the `TabView`, tab roots
/// in catalog order, and a selected tab. Titles are resolved when a route is pushed and then
/// frozen in its entry, as the app does.
public struct NavigationModel: Sendable {
    public struct Tab: Sendable, Hashable {
        /// The tab root, resolved once: its title is the tab bar label.
        public var root: StackEntry
        /// Entries pushed above the root, oldest first: the `NavigationStack` path.
        public var stack: [StackEntry]

        public var label: String { root.displayTitle }
        public var top: StackEntry { stack.last ?? root }
    }

    public struct TabBarItem: Sendable, Hashable {
        public var route: String
        public var label: String
        public var isSelected: Bool
    }

    public let resolver: TitleResolver
    public let locales: [String]
    public private(set) var tabs: [Tab]
    public private(set) var selectedTab: Int

    /// Starts with every tab root resolved and the first tab selected.
    public init(resolver: TitleResolver, locales: [String]) throws(NavigationError) {
        self.resolver = resolver
        self.locales = locales
        var tabs: [Tab] = []
        for route in resolver.catalog.tabRoots {
            do {
                tabs.append(Tab(root: try resolver.push(route.name, locales: locales), stack: []))
            } catch {
                throw NavigationError("tab root '\(route.name)': \(error.message)")
            }
        }
        guard !tabs.isEmpty else { throw NavigationError("the catalog has no tab roots (routes with `tab:`)") }
        self.tabs = tabs
        self.selectedTab = 0
    }

    public var selected: Tab { tabs[selectedTab] }

    /// Pushes `route` onto the selected tab's stack, resolving its title now.
    @discardableResult
    public mutating func navigate(_ route: String, params: [String: String] = [:]) throws(NavigationError) -> StackEntry {
        let entry: StackEntry
        do {
            entry = try resolver.push(route, params: params, locales: locales)
        } catch {
            throw NavigationError(error.message)
        }
        tabs[selectedTab].stack.append(entry)
        return entry
    }

    /// Pops the top entry; nil (and nothing changes) when the stack is already at its root.
    @discardableResult
    public mutating func back() -> StackEntry? {
        tabs[selectedTab].stack.popLast()
    }

    /// Pops the selected tab to its root, then activates `route` if it is a tab root, or pushes it.
    public mutating func set(_ route: String, params: [String: String] = [:]) throws(NavigationError) {
        guard resolver.catalog.route(named: route) != nil else {
            throw NavigationError("no route '\(route)' in the catalog")
        }
        tabs[selectedTab].stack.removeAll()
        if let index = tabIndex(of: route) {
            selectedTab = index
        } else {
            try navigate(route, params: params)
        }
    }

    /// Selects a tab; every tab keeps its stack.
    public mutating func activate(_ route: String) throws(NavigationError) {
        guard let index = tabIndex(of: route) else {
            let isRoute = resolver.catalog.route(named: route) != nil
            throw NavigationError(isRoute ? "'\(route)' is not a tab root; only tab roots can be activated"
                                          : "no route '\(route)' in the catalog")
        }
        selectedTab = index
    }

    /// Labels in tab order, as the floating tab bar shows them.
    public var tabBar: [TabBarItem] {
        tabs.enumerated().map { TabBarItem(route: $1.root.route, label: $1.label, isSelected: $0 == selectedTab) }
    }

    /// The long-press back-stack menu of the selected tab: the titles below the top, nearest first,
    /// ending with the root.
    public var backStackMenu: [String] {
        let entries = [selected.root] + selected.stack
        return entries.dropLast().reversed().map(\.displayTitle)
    }

    private func tabIndex(of route: String) -> Int? {
        tabs.firstIndex { $0.root.route == route }
    }
}

public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
