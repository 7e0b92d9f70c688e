@testable import RouteKit

extension TemporaryDirectory {
    /// The project its `.routekit.yml` describes, loaded as `routekit lint` loads it.
    func loadProject() throws -> Project {
        try Project.load(config: try ProjectConfig.load(path: path(".routekit.yml")))
    }
}
