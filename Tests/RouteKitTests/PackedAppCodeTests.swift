import Testing
@testable import RouteKit

/// `AppCode.kotlinRoutes` and `AppCode.pushSites` keep packed records and side tables; what
/// comes out is what went in, for every kind of title, params, positions and non-ASCII names.
@Suite struct PackedAppCodeTests {
    static func at(_ file: String, _ line: Int, _ column: Int) -> RouteKit.SourceLocation {
        RouteKit.SourceLocation(file: file, line: line, column: column)
    }

    static let titles: [PushedTitle] = [
        .noSlot, .defaulted(nil), .defaulted("\"\""), .defaulted("null"), .defaulted("\"Grüße\""),
        .null(at("Nav.kt", 3, 9)), .empty(at("Nav.kt", 4, 10)), .key("settings_title", at("Nav.kt", 5, 11)),
        .literals([Located("Ä", at: at("Nav.kt", 6, 12)), Located("日本", at: at("Nav.kt", 6, 20))]), .literals([]),
        .value("route.name", at("Nav.kt", 7, 13)), .computed, .notFollowed("a title built by a function call", at("Nav.kt", 8, 14)),
    ]

    static func description(_ push: PushSite) -> String {
        "\(push.route)|\(push.location)|\(push.via ?? "-")|\(push.title)|\(push.subtitle)"
    }

    @Test func pushSitesRoundTripEveryTitle() {
        var pushes: [PushSite] = []
        for (index, title) in Self.titles.enumerated() {
            for (offset, subtitle) in Self.titles.enumerated() {
                pushes.append(PushSite(route: index % 2 == 0 ? "Über\(index)" : "SettingsScreen",
                                       location: Self.at(offset % 3 == 0 ? "a/Nav.kt" : "b/Ñav.kt", 100_000 + index, 1 + offset),
                                       via: offset % 2 == 0 ? nil : "navigator.add", title: title, subtitle: subtitle))
            }
        }
        let packed = PushSites(pushes)
        #expect(packed.count == pushes.count)
        #expect(packed.map(Self.description) == pushes.map(Self.description))
        for (stored, original) in zip(packed, pushes) {
            #expect(stored.title == original.title && stored.subtitle == original.subtitle)
            #expect(stored.location == original.location && stored.location.file == original.location.file)
        }
        var appended = PushSites()
        appended += pushes.prefix(3)
        #expect(appended.map(Self.description) == pushes.prefix(3).map(Self.description))
    }

    static func description(_ route: KotlinRoute) -> String {
        let params = route.params.map { "\($0.name):\($0.type):\($0.isOptional):\($0.location)" }
        return "\(route.name)|\(route.location)|\(route.isObject)|\(route.isTab)|\(params)|\(route.title.map(\.description) ?? "-")|"
            + (route.subtitle.map(\.description) ?? "-")
    }

    @Test func kotlinRoutesRoundTripParamsPositionsAndNames() {
        var routes: [KotlinRoute] = []
        for index in 0 ..< 40 {
            let file = index % 3 == 0 ? "Routes.kt" : "ä/Routes.kt"
            var params: [KotlinRoute.Param] = []
            for number in 0 ..< index % 4 {
                params.append(KotlinRoute.Param(name: "p\(number)é", type: "List<String>", isOptional: number % 2 == 1,
                                                location: Self.at(file, 10 * index + number, 30 + number)))
            }
            let name = index % 5 == 0 ? "Écran\(index)" : "Route\(index)"
            let title: RouteKit.SourceLocation? = index % 4 == 1 ? Self.at(file, 10 * index + 1, 5) : nil
            let subtitle: RouteKit.SourceLocation? = index % 6 == 2 ? Self.at(file, 10 * index + 2, 6) : nil
            routes.append(KotlinRoute(name: name, location: Self.at(file, 10 * index, 1 + index % 7), isObject: index % 2 == 0,
                                      isTab: index % 3 == 1, params: params, title: title, subtitle: subtitle))
        }
        let packed = KotlinRoutes(routes)
        #expect(packed.count == routes.count)
        #expect(packed.map(Self.description) == routes.map(Self.description))
        for (index, route) in routes.enumerated() {
            #expect(packed.name(at: index) == route.name)
            #expect(packed.route(named: route.name).map(Self.description) == Self.description(route))
        }
        #expect(packed.route(named: "Nowhere") == nil)
        #expect(packed.route(named: "Route1") != nil && packed.route(named: "Route") == nil)
    }

    /// A name declared twice finds the first, as a search in declaration order did.
    @Test func theFirstRouteOfANameIsFound() {
        let first = KotlinRoute(name: "Twice", location: Self.at("A.kt", 1, 1), isObject: true, isTab: false, params: [], title: nil, subtitle: nil)
        var second = first
        second.location = Self.at("B.kt", 2, 2)
        let packed: KotlinRoutes = [first, second]
        #expect(packed.route(named: "Twice")?.location.file == "A.kt")
        #expect(packed.last?.location.file == "B.kt")
    }
}
