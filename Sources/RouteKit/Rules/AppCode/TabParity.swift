/// The Swift `TabView` and the catalog's tab roots disagree: a tab on one side only, the order,
/// the icon (`systemImage` vs `tab.icon`), or the root route a tab shows.
struct TabParity: LintRule {
    static let id = "tab-parity"
    static let needsNativeNavigation = true

    func check(_ context: LintContext) -> [Finding] {
        let code = context.project.appCode
        let catalog = context.project.catalog
        guard code.readsSwift, context.project.hasCatalog, !code.tabs.isEmpty else { return [] }
        var findings: [Finding] = []
        var shown: [(tab: SwiftTab, root: Route)] = []
        var seen: [String: SwiftTab] = [:]
        for tab in code.tabs {
            guard let root = code.rootRoute(of: tab, catalog: catalog) else {
                findings.append(finding("tab \(tab.displayName) shows no route of the catalog: a tab on the Swift side only", at: tab.location))
                continue
            }
            guard let route = catalog.route(named: root.value) else {
                findings.append(finding("tab \(tab.displayName) shows \(root.value), which is not in the catalog", at: root.location, route: root.value))
                continue
            }
            guard route.isTabRoot else {
                findings.append(finding("tab \(tab.displayName) shows \(root.value), which is not a tab root in the catalog (\(context.place(route.location)))",
                                        at: root.location, route: root.value))
                continue
            }
            if let first = seen[root.value] {
                findings.append(finding("tab \(tab.displayName) shows \(root.value), which tab \(first.displayName) (\(context.place(first.location))) shows already",
                                        at: root.location, route: root.value))
                continue
            }
            seen[root.value] = tab
            shown.append((tab, route))
            if let icon = tab.icon, let catalogIcon = route.tab?.icon, icon.value != catalogIcon.value {
                findings.append(finding("tab \(tab.displayName) uses systemImage \"\(icon.value)\" but the catalog's icon for \(route.name) is "
                    + "\"\(catalogIcon.value)\" (\(context.place(catalogIcon.location)))", at: icon.location, route: route.name))
            }
        }
        let tabViewPlace = code.tabViewLocation.map { " (\(context.place($0)))" } ?? ""
        let roots = catalog.tabRoots
        for route in roots where seen[route.name] == nil {
            findings.append(finding("tab root '\(route.name)' has no Tab in the Swift TabView\(tabViewPlace): a tab on the catalog side only",
                                    at: route.tab?.location ?? route.location, route: route.name))
        }
        // Order: the tabs outside a longest common subsequence of the two orders are the moved ones.
        let swiftOrder = shown.map(\.root.name)
        let catalogOrder = roots.map(\.name).filter { seen[$0] != nil }
        let kept = Self.longestCommonSubsequence(swiftOrder, catalogOrder)
        for (index, entry) in shown.enumerated() where !kept.contains(index) {
            let catalogPosition = (roots.firstIndex { $0.name == entry.root.name } ?? 0) + 1
            findings.append(finding("tab \(entry.tab.displayName) is tab \(index + 1) in the TabView but \(entry.root.name) is tab root "
                + "\(catalogPosition) in the catalog (\(context.place(entry.root.location))): the orders differ",
                at: entry.tab.location, route: entry.root.name))
        }
        return findings
    }

    /// Indices into `a` of one longest common subsequence of `a` and `b` (tab lists are short).
    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Set<Int> {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var kept: Set<Int> = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                kept.insert(i)
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return kept
    }
}
