import Foundation
@testable import RouteKit

/// The bundled example project, loaded once for in-process tests.
enum Example {
    static let directory = CLI.packageRoot.appendingPathComponent("Resources/Examples/Conference").path

    static let project: Project = {
        let config = try! ProjectConfig.load(path: directory + "/.routekit.yml")
        return try! Project.load(config: config)
    }()

    static func resolver(isolate: Bool = false) -> TitleResolver {
        TitleResolver(project: project, isolateUserValues: isolate)
    }
}
