import Foundation
import Testing
@testable import RouteKit

@Suite struct ReporterRegistryTests {
    @Test func everyFormatHasAReporter() {
        #expect(ReporterRegistry.formats == ["text", "json", "sarif", "github", "junit", "checkstyle", "markdown", "gitlab"])
        for format in ReporterRegistry.formats {
            let reporter = ReporterRegistry.make(format: format, options: ReporterOptions())
            #expect(reporter.map { type(of: $0).format } == format)
        }
        #expect(ReporterRegistry.make(format: "yaml", options: ReporterOptions()) == nil)
    }

    @Test func textOptionsArePassedOn() {
        let reporter = ReporterRegistry.make(format: "text", options: ReporterOptions(color: true, quiet: true)) as? TextReporter
        #expect(reporter?.color == true)
        #expect(reporter?.quiet == true)
    }

    @Test func formatSpecifiers() {
        #expect(ReporterRegistry.parseSpecifier("json") == ("json", nil))
        #expect(ReporterRegistry.parseSpecifier("sarif:out/a:b.sarif") == ("sarif", "out/a:b.sarif"))
        #expect(ReporterRegistry.parseSpecifier("junit:") == ("junit", nil))
    }
}
