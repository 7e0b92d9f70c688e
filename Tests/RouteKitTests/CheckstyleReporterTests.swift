import Foundation
import Testing
@testable import RouteKit

@Suite struct CheckstyleReporterTests {
    @Test func parsesAndGroupsByFile() throws {
        let elements = try ReportFixtures.parseXML(CheckstyleReporter().render(ReportFixtures.report))
        #expect(elements.first?.name == "checkstyle")
        #expect(elements.first?.attributes["version"] == "4.3")
        #expect(elements.filter { $0.name == "file" }.map { $0.attributes["name"]! }
            == [".routekit.yml", "routes.yml", "strings/de.yml", "strings/ja.yml"])
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.count == ReportFixtures.diagnostics.count)
        #expect(errors.map { $0.attributes["source"]! }.allSatisfy { $0.hasPrefix("routekit.") })
    }
}
