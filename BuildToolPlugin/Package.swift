// swift-tools-version:6.1
import PackageDescription

// routekit's build-tool plugin, a package of its own. SwiftPM runs prebuild commands only from
// binaries, so the plugin takes routekit from an artifact bundle instead of building it:
// `Scripts/package.sh BuildToolPlugin` writes `routekit.artifactbundle` here (it is not committed).
// A release of this package points the binary target at the published zip instead:
//     .binaryTarget(name: "routekit", url: "https://…/routekit.artifactbundle.zip", checksum: "…")
let package = Package(
    name: "routekit-build-tool-plugin",
    products: [
        .plugin(name: "RouteKitBuildToolPlugin", targets: ["RouteKitBuildToolPlugin"]),
    ],
    targets: [
        // Runs `routekit lint` before each build of a target that applies it.
        .plugin(name: "RouteKitBuildToolPlugin", capability: .buildTool(), dependencies: ["routekit"]),
        .binaryTarget(name: "routekit", path: "routekit.artifactbundle"),
    ]
)
