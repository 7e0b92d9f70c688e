/// Facts about this build of routekit, for `--version` and report metadata.
public enum RouteKitInfo {
    public static let name = "routekit"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/routekit/routekit"
}
