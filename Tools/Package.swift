// swift-tools-version:6.0
import PackageDescription

// What routekit's own engineers run and users never do: the benchmark and the fuzz harness. Apart
// from the root package, so that `swift build -c release` there (the source pre-commit hook)
// builds routekit and nothing else.
let package = Package(
    name: "routekit-tools",
    dependencies: [.package(name: "routekit", path: "..")],
    targets: [
        // libFuzzer harness over the reader and every loader; Scripts/fuzz.sh builds it with
        // -sanitize=fuzzer. A plain build gives a tool that replays inputs through the same code.
        .executableTarget(name: "routekit-fuzz", dependencies: [.product(name: "RouteKit", package: "routekit")]),
        // Benchmarks: Scripts/bench.sh (see BENCHMARKS.md).
        .executableTarget(name: "routekit-bench", dependencies: [.product(name: "RouteKit", package: "routekit")]),
    ]
)
