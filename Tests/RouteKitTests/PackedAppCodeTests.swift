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

    /// Pushes packed as differences from the one before: random routes, calls, files, lines and
    /// columns (backwards, far apart, the largest) come back the same by index and by iteration.
    @Test func pushSitesRoundTripRandomPositions() {
        var random = SeededGenerator(seed: 30_12)
        var pushes: [PushSite] = []
        var line = 1, column = 1
        for index in 0 ..< 5_000 {
            switch Int.random(in: 0 ..< 6, using: &random) {
            case 0: line += Int.random(in: 1 ..< 3, using: &random)
            case 1: column = Int.random(in: 1 ..< 1 << 24, using: &random)
            case 2: column = [1, Int(UInt32.max), 1 << 31, (1 << 31) + 1][Int.random(in: 0 ..< 4, using: &random)]
            case 3: column = max(1, column - Int.random(in: 0 ..< 100, using: &random))
            default: column = min(Int(UInt32.max), column + Int.random(in: 0 ..< 9, using: &random))
            }
            let file = ["a.kt", "b.kt", "a.kt"][Int.random(in: 0 ..< 3, using: &random)]
            pushes.append(PushSite(route: "R\(Int.random(in: 0 ..< 4, using: &random) * 1000)", location: Self.at(file, line, column),
                                   via: index % 7 == 0 ? nil : ["navigator.add", "navigate"][index % 2],
                                   title: Self.titles[index % Self.titles.count], subtitle: Self.titles[(index / 3) % Self.titles.count]))
        }
        let packed = PushSites(pushes)
        #expect(packed.count == pushes.count)
        #expect(packed.map(Self.description) == pushes.map(Self.description))
        #expect(Array(packed).map(Self.description) == pushes.map(Self.description))
        for index in stride(from: 4_999, through: 0, by: -37) {
            #expect(Self.description(packed[index]) == Self.description(pushes[index]))
            #expect(packed.route(at: index) == pushes[index].route)
        }
    }

    /// The packing keeps a code base of pushes small: `D(x)` on one line is two bytes a push.
    @Test func pushesOnOneLineTakeAboutTwoBytes() {
        var pushes = PushSites()
        for index in 0 ..< 10_000 {
            pushes.append(PushSite(route: "D", location: Self.at("N.kt", 2, 1 + 4 * index), via: nil, title: .noSlot, subtitle: .noSlot))
        }
        #expect(pushes.packedBytes < 2 * 10_000 + 10_000 / 16 * 32, "\(pushes.packedBytes)")
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

    /// Declarations as the scanner reads them, packed: each comes back whole (the oracle is the
    /// value appended), and what the importer reads without making one agrees with it.
    @Test func kotlinDeclarationsRoundTripThroughTheirPacking() {
        let source = """
        sealed interface AppRoute
        @Serializable sealed interface TabRoute : AppRoute, com.x.Other<Int>
        data object Home : TabRoute { override val title = Res.string.home }
        data class Session(val id: String, override val title: String? = null, val n: Int = 1) : AppRoute
        class Room(val name: String) : AppRoute { override val title get() = name; override val subtitle = "Grüße" }
        private abstract class Base<T> : AppRoute
        enum class Mode { A, B }
        object `dotted.name` : AppRoute, `dotted.name`
        """
        let scanner = KotlinDeclarationScanner(source, file: "Routes.kt")
        let packed = scanner.declarations
        #expect(packed.count == 8)
        #expect(packed.map(\.name) == ["AppRoute", "TabRoute", "Home", "Session", "Room", "Base", "Mode", "dotted.name"])
        var again = PackedKotlinDeclarations(file: "Routes.kt")
        for declaration in packed { again.append(declaration) }
        for use in packed.typeUses { again.append(use) }
        #expect(again == packed)
        for index in packed.indices {
            let declaration = packed[index]
            #expect(packed.name(at: index) == declaration.name)
            #expect(packed.kind(at: index) == declaration.kind)
            #expect(packed.modifiers(at: index) == declaration.modifiers)
            #expect(packed.supertypes(at: index) == declaration.supertypes)
            #expect(packed.line(at: index) == declaration.line)
            #expect(packed.typeParameters(at: index) == declaration.typeParameters)
            #expect(declaration.file == "Routes.kt")
        }
        #expect(packed[1].supertypes == ["AppRoute", "Other"])
        #expect(packed[3].parameters.map(\.name) == ["id", "title", "n"] && packed[3].title == .constructorParameter("title"))
        #expect(packed[4].title != nil && packed[4].subtitle != nil && packed[4].subtitleLine == 5)
        #expect(packed[2].titleLine == 3 && packed[0].titleLine == nil && packed[5].typeParameters)
        // Backticks go, dots stay: a name interned by its dotted segments comes back whole.
        #expect(packed[7].supertypes == ["AppRoute", "dotted.name"])
    }

    /// The hierarchy finds a route by name without a dictionary: the first of a name, none for a
    /// dotted name's prefix, and the names it hands over are those `KotlinRoutes` finds them by.
    @Test func theRouteHierarchyFindsRoutesByName() throws {
        let source = """
        sealed interface AppRoute
        data object A : AppRoute
        data object `x.y` : AppRoute
        """
        let other = "data object A : AppRoute\ndata object B : AppRoute\n"
        let files = [KotlinSourceFile(display: "R.kt", text: source), KotlinSourceFile(display: "S.kt", text: other)]
        var hierarchy = try KotlinRouteImporter().resolve(files)
        #expect(hierarchy.routes.count == 3)
        #expect(hierarchy.route(named: "A") == 0 && hierarchy.route(named: "B") == 2)
        #expect(hierarchy.route(named: "x.y") == 1 && hierarchy.route(named: "x") == nil)
        #expect(hierarchy.notes.contains { $0.message.contains("already declared at R.kt:2") })
        let (names, firstWithName) = hierarchy.handNamesOver()
        #expect(hierarchy.route(named: "A") == nil)
        var routes = KotlinRoutes(names: names, firstWithName: firstWithName)
        for (index, ref) in hierarchy.routes.enumerated() {
            let declaration = files[declaration: ref]
            routes.append(KotlinRoute(name: declaration.name, location: Self.at(declaration.file, declaration.nameLine, declaration.nameColumn),
                                      isObject: true, isTab: hierarchy.isTab[index], params: [], title: nil, subtitle: nil))
        }
        #expect(routes.map(\.name) == ["A", "x.y", "B"])
        #expect(routes.route(named: "B")?.location.file == "S.kt" && routes.route(named: "A")?.location.file == "R.kt")
    }
}
