// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routekit",
    products: [
        .library(name: "RouteKit", targets: ["RouteKit"]),
        .executable(name: "routekit", targets: ["routekit"]),
    ],
    targets: [
        // libyaml, the one C dependency (Debian: libyaml-dev).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The core: reading, modelling, resolving, linting, reporting. Never prints, never exits.
        .target(name: "RouteKit", dependencies: ["CYAML"]),
        // The thin command-line front end.
        .executableTarget(name: "routekit", dependencies: ["RouteKit"]),
        // Benchmarks: `swift run -c release routekit-bench` (see BENCHMARKS.md).
        .executableTarget(name: "routekit-bench", dependencies: ["RouteKit", "CYAML"]),
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "routekit"], exclude: ["Fixtures"]),
    ]
)
