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
        // The benchmark and the fuzz harness are the package in Tools/ (users never build them).
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "routekit"], exclude: ["Fixtures"]),
    ]
)
