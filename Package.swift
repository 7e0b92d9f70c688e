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
        // libFuzzer harness over the reader and every loader; Scripts/fuzz.sh builds it with
        // -sanitize=fuzzer. A plain build gives a tool that replays inputs through the same code.
        .executableTarget(name: "routekit-fuzz", dependencies: ["RouteKit"]),
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "routekit"], exclude: ["Fixtures"]),
    ]
)
