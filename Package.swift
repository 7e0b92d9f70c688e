// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routekit",
    products: [
        .library(name: "RouteKit", targets: ["RouteKit"]),
        .executable(name: "routekit", targets: ["routekit"]),
        .plugin(name: "RouteKitLintPlugin", targets: ["RouteKitLintPlugin"]),
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
        // argv as the C library passes it, for systems without /proc (where the Swift runtime
        // would see no arguments).
        .target(name: "CArguments"),
        // The thin command-line front end.
        .executableTarget(name: "routekit", dependencies: ["RouteKit", "CArguments"]),
        // `swift package routekit-lint [lint options]`: runs `routekit lint` on the package directory.
        .plugin(
            name: "RouteKitLintPlugin",
            capability: .command(intent: .custom(
                verb: "routekit-lint", description: "Lint route metadata (.routekit.yml) with routekit")),
            dependencies: ["routekit"]
        ),
        // libFuzzer harness over the reader and every loader; Scripts/fuzz.sh builds it with
        // -sanitize=fuzzer. A plain build gives a tool that replays inputs through the same code.
        .executableTarget(name: "routekit-fuzz", dependencies: ["RouteKit"]),
        // Benchmarks: `swift run -c release routekit-bench` (see BENCHMARKS.md).
        .executableTarget(name: "routekit-bench", dependencies: ["RouteKit", "CYAML"]),
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "routekit"], exclude: ["Fixtures"]),
    ]
)
