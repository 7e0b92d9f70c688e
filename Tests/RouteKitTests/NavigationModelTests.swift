import Testing
@testable import RouteKit

@Suite struct NavigationModelTests {
    func model(_ locales: [String] = ["en"]) throws -> NavigationModel {
        try NavigationModel(resolver: Example.resolver(), locales: locales)
    }

    @Test func startsWithTabRootsInCatalogOrder() throws {
        let model = try model(["de"])
        #expect(model.tabBar.map(\.route) == ["ScheduleScreen", "SpeakersScreen", "MapScreen", "FavoritesScreen", "InfoScreen"])
        #expect(model.tabBar.map(\.label) == ["Programm", "Sprecher", "", "Favoriten", "Info"])
        #expect(model.tabBar.first?.isSelected == true)
        #expect(model.selected.stack.isEmpty)
        #expect(model.backStackMenu.isEmpty)
    }

    @Test func sameRouteTwiceGivesTwoEntries() throws {
        var model = try model()
        let first = try model.navigate("SearchScreen")
        let second = try model.navigate("SearchScreen")
        #expect(model.selected.stack.count == 2)
        #expect(first.id != second.id)
        #expect(model.backStackMenu == ["Search", "Schedule"])
    }

    @Test func titlesAreFrozenAtPushTime() throws {
        var model = try model()
        try model.navigate("SessionScreen", params: ["sessionId": "1", "roomName": "A", "sessionTitle": "Keynote"])
        try model.navigate("SessionScreen", params: ["sessionId": "2", "roomName": "B"])
        #expect(model.selected.stack.map(\.displayTitle) == ["Keynote", "Session"])
        #expect(model.selected.stack.map(\.displaySubtitle) == ["Room A", "Room B"])
    }

    @Test func backPopsAndIsANoOpOnAnEmptyStack() throws {
        var model = try model()
        try model.navigate("SearchScreen")
        #expect(model.back()?.route == "SearchScreen")
        #expect(model.back() == nil)
        #expect(model.selected.stack.isEmpty)
    }

    @Test func setToATabRootPopsThenActivates() throws {
        var model = try model()
        try model.navigate("SearchScreen")
        try model.navigate("FilterScreen")
        try model.set("InfoScreen")
        #expect(model.selected.root.route == "InfoScreen")
        #expect(model.tabs[0].stack.isEmpty)   // the Schedule tab was popped to its root
    }

    @Test func setToADetailRoutePopsThenPushes() throws {
        var model = try model()
        try model.navigate("SearchScreen")
        try model.navigate("FilterScreen")
        try model.set("PrivacyPolicyScreen")
        #expect(model.selected.root.route == "ScheduleScreen")
        #expect(model.selected.stack.map(\.route) == ["PrivacyPolicyScreen"])
    }

    @Test func switchingTabsKeepsEveryStack() throws {
        var model = try model()
        try model.navigate("SearchScreen")
        try model.activate("InfoScreen")
        try model.navigate("PartnersScreen")
        try model.activate("ScheduleScreen")
        #expect(model.selected.stack.map(\.route) == ["SearchScreen"])
        try model.activate("InfoScreen")
        #expect(model.selected.stack.map(\.route) == ["PartnersScreen"])
    }

    @Test func activateNeedsATabRoot() throws {
        var model = try model()
        #expect(throws: NavigationError("'SearchScreen' is not a tab root; only tab roots can be activated")) {
            try model.activate("SearchScreen")
        }
        #expect(throws: NavigationError("no route 'Nowhere' in the catalog")) { try model.activate("Nowhere") }
    }

    @Test func failedPushLeavesTheStackAlone() throws {
        var model = try model()
        #expect(throws: NavigationError.self) { try model.navigate("SessionScreen") }
        #expect(model.selected.stack.isEmpty)
    }
}
