import Foundation
@_spi(Fuzzing) @testable import RouteKit
import Testing

/// Every case of the official yaml-test-suite (vendored inputs, see the fixture's README) read as
/// a strings file, a catalog, a config and a flow, linted and rendered in every format: nothing
/// crashes or hangs. Wherever the block-mapping scanner (the fast path for strings files)
/// accepts a case, its events equal libyaml's, and it never accepts a case the suite marks as an
/// error.
@Suite struct YAMLTestSuiteTests {
    static let directory = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/yaml-test-suite")

    static let cases: [(id: String, bytes: [UInt8])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("cases").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("cases/\(name)").path) else { return nil }
            return (String(name.dropLast(5)), [UInt8](data))
        }
    }()

    static let errorCases: Set<String> = {
        let text = (try? String(contentsOf: directory.appendingPathComponent("errors.txt"), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init))
    }()

    @Test func theWholeSuiteIsVendored() {
        #expect(Self.cases.count == 402)
        #expect(Self.errorCases.count == 94)
        #expect(Self.errorCases.isSubset(of: Set(Self.cases.map(\.id))))
    }

    @Test func scannerAgreesWithLibYAMLOnEveryCase() {
        var accepted: [String] = []
        for (id, bytes) in Self.cases where EventTrace.scanned(bytes) != nil {
            accepted.append(id)
            #expect(!Self.errorCases.contains(id), "the scanner accepted \(id), an error case")
            #expect(BlockMappingScannerTests.agreesWithLibYAML(bytes), "\(id)")
        }
        // The suite is mostly outside the scanner's subset, but some plain block mappings are in.
        #expect(accepted.count >= 5, "accepted: \(accepted)")
    }

    @Test func stringsReadersTakeEveryCase() {
        for (_, bytes) in Self.cases {
            _ = StringsReader.read(bytes: bytes, path: "/suite/strings.yml", limits: .default)
            let file = YAMLReader.read(bytes: bytes, path: "/suite/strings.yml")
            _ = StringsLoader.load([file], baseLocale: "en")
        }
    }

    @Test func configCatalogAndFlowReadersTakeEveryCase() {
        var configErrors = 0
        for (_, bytes) in Self.cases {
            if FuzzEntry.config(bytes) != nil { configErrors += 1 }
            _ = FuzzEntry.flow(bytes)
        }
        // None of the suite's documents is a valid routekit config.
        #expect(configErrors == Self.cases.count)
    }

    /// Each case as the catalog and as the strings of one project: loaded, linted, every report
    /// format and the HTML page rendered, titles resolved.
    @Test func projectsLintAndRenderEveryCase() {
        var findings = 0
        for (_, bytes) in Self.cases {
            findings += FuzzEntry.project(catalog: bytes, strings: bytes, renderReports: true)
        }
        #expect(findings > Self.cases.count)
    }
}
