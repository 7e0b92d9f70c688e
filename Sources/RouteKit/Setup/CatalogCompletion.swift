/// What `init` adds to a catalog imported from Kotlin, from what the rest of the app's code shows:
/// the tab order, icons and label keys of the Swift `TabView`, and the entry routes. Each step
/// says what it inferred and what it had to leave, so the user sees both.
public struct CatalogCompletion: Sendable {
    /// One line each: what was filled in, and from where.
    public var inferred: [String] = []
    /// One line each: what is still a TODO in the catalog.
    public var left: [String] = []
    /// Files are named relative to it.
    var root: String?

    /// Completes `catalog` in place.
    /// - `tabs`: the `TabView`'s tabs in order; `labels`: the String Catalog's base-locale values
    ///   (a label key shows as its value, else as itself); `strings`: the set titles resolve in;
    ///   `pushes`: the Kotlin push sites.
    public static func complete(_ catalog: inout ImportedRouteCatalog, tabs: [SwiftTab], labels: [String: String],
                                strings: StringTable, pushes: PushSites, root: String? = nil) -> CatalogCompletion {
        var completion = CatalogCompletion()
        completion.root = root
        completion.orderTabs(&catalog, tabs: tabs)
        completion.titleTabs(&catalog, tabs: tabs, labels: labels, strings: strings)
        completion.markEntries(&catalog, pushes: pushes)
        for route in catalog.routes where !route.isTab && route.title == nil && route.entryReason == nil {
            completion.left.append("\(route.name): no title in the Kotlin code (detail-missing-title says where it shows)")
        }
        return completion
    }

    /// The tab root each Swift tab shows: the first name its content instantiates that is a tab root.
    private static func tabRoutes(_ tabs: [SwiftTab], catalog: ImportedRouteCatalog) -> [(tab: SwiftTab, route: Int)] {
        tabs.compactMap { tab in
            for candidate in tab.rootCandidates {
                if let index = catalog.routes.firstIndex(where: { $0.isTab && $0.name == candidate.value }) { return (tab, index) }
            }
            return nil
        }
    }

    /// Tab roots in the `TabView`'s order (in the places the Kotlin order gave tab roots), each
    /// with the tab's `systemImage:`.
    mutating func orderTabs(_ catalog: inout ImportedRouteCatalog, tabs: [SwiftTab]) {
        let shown = Self.tabRoutes(tabs, catalog: catalog)
        guard !shown.isEmpty else {
            if catalog.routes.contains(where: \.isTab) {
                left.append("tab order and icons: no Swift `TabView` showing the tab roots was found; the Kotlin order is kept")
            }
            return
        }
        for (tab, index) in shown {
            if let icon = tab.icon?.value { catalog.routes[index].icon = icon }
        }
        let names = shown.map { catalog.routes[$0.route].name }
        let slots = catalog.routes.indices.filter { catalog.routes[$0].isTab }
        let inSwiftOrder = shown.map(\.route) + slots.filter { slot in !shown.contains { $0.route == slot } }
        let reordered = inSwiftOrder.map { catalog.routes[$0] }
        for (slot, route) in zip(slots, reordered) { catalog.routes[slot] = route }
        catalog.tabOrder = "the Swift TabView's order"
        inferred.append("tab order from the TabView (\(root.map { PathUtilities.relative(shown[0].tab.location.file, to: $0) } ?? shown[0].tab.location.file)): \(names.joined(separator: ", "))")
        let icons = reordered.filter { $0.icon != nil }.count
        inferred.append("tab icons from systemImage: \(icons) of \(slots.count)")
        for route in reordered where route.icon == nil {
            left.append("\(route.name): no tab icon (no Swift tab shows it with systemImage:)")
        }
    }

    /// A tab root without a title gets the string key whose base-locale text is the tab's label.
    mutating func titleTabs(_ catalog: inout ImportedRouteCatalog, tabs: [SwiftTab], labels: [String: String], strings: StringTable) {
        let shown = Self.tabRoutes(tabs, catalog: catalog)
        var candidates: [(route: Int, label: String, keys: [String])] = []
        for (tab, index) in shown where catalog.routes[index].title == nil {
            guard let key = tab.label?.value else { continue }
            let label = labels[key] ?? key
            candidates.append((index, label, TabLabelKeys.keys(showing: label, in: strings)))
        }
        let choices = TabLabelKeys.choose(candidates.map { ($0.label, $0.keys) })
        for (candidate, choice) in zip(candidates, choices) {
            let name = catalog.routes[candidate.route].name
            guard let choice else {
                left.append("\(name): no string in the base locale reads \"\(candidate.label)\" (its Swift tab label); add `title:`")
                continue
            }
            catalog.routes[candidate.route].title = .key(choice.key)
            if choice.others.isEmpty {
                inferred.append("\(name): title \(choice.key) (the only string reading \"\(candidate.label)\", its tab label)")
            } else {
                let note = "also reads \"\(candidate.label)\": " + choice.others.joined(separator: ", ")
                catalog.routes[candidate.route].titleNote = note + " (routekit init chose by the other tabs' keys)"
                inferred.append("\(name): title \(choice.key), ambiguous: \(note); chosen because the other tabs' keys are named alike")
            }
        }
    }

    /// A route no push site shows, and no tab, is shown by the shared UI itself: a start route.
    mutating func markEntries(_ catalog: inout ImportedRouteCatalog, pushes: PushSites) {
        guard !catalog.routes.isEmpty else { return }
        let pushed = Set(pushes.map(\.route))
        // Without any push site read, "never pushed" says nothing.
        guard !pushed.isEmpty else { return }
        for index in catalog.routes.indices where !catalog.routes[index].isTab && !pushed.contains(catalog.routes[index].name) {
            catalog.routes[index].entryReason = "no push site in the code shows it (routekit init): a start route; remove if it is unused"
            inferred.append("\(catalog.routes[index].name): entry: true (no push site in the code shows it)")
        }
    }
}

/// Which string key a tab's label is: the keys whose base-locale text is the label, and among
/// several, the one named like the other tabs' keys.
enum TabLabelKeys {
    /// Keys of `strings`' base locale whose text is `label`, in file order.
    static func keys(showing label: String, in strings: StringTable) -> [String] {
        guard let base = strings.base else { return [] }
        var exact: [String] = []
        for entry in base.allEntries {
            if case .text(let text) = entry.value, text.value == label { exact.append(entry.key) }
        }
        return exact
    }

    /// The pattern a key makes with its label taken out: `nav_destination_{}` for
    /// `nav_destination_schedule` and "Schedule", `{}_title` for `map_title` and "Map".
    static func pattern(of key: String, label: String) -> String {
        let word = String(label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let lowered = key.lowercased()
        for candidate in [word, word.replacing("_", with: ""), word.replacing("_", with: ".")] {
            if !candidate.isEmpty, let range = lowered.firstRange(of: candidate) {
                return String(lowered[..<range.lowerBound]) + "{}" + String(lowered[range.upperBound...])
            }
        }
        return key
    }

    /// For each tab (label, keys), the chosen key and the others; nil with no key. With several
    /// keys, the one whose pattern the most tabs share wins; a tie keeps file order.
    static func choose(_ tabs: [(label: String, keys: [String])]) -> [(key: String, others: [String])?] {
        var shared: [String: Int] = [:]
        for tab in tabs {
            for pattern in Set(tab.keys.map { pattern(of: $0, label: tab.label) }) { shared[pattern, default: 0] += 1 }
        }
        return tabs.map { tab in
            guard let first = tab.keys.first else { return nil }
            var best = first
            for key in tab.keys.dropFirst()
            where shared[pattern(of: key, label: tab.label), default: 0] > shared[pattern(of: best, label: tab.label), default: 0] {
                best = key
            }
            return (best, tab.keys.filter { $0 != best })
        }
    }
}
