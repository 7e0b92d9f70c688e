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

    /// The vendored cases, or why they could not be read: a missing directory or file fails every
    /// test that reads them (issue 35, item 4), it never makes them loop over nothing.
    static let loaded: Result<[(id: String, bytes: [UInt8])], LoadError> = {
        let folder = directory.appendingPathComponent("cases")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return .failure(LoadError(description: "cannot list \(folder.path)"))
        }
        var cases: [(id: String, bytes: [UInt8])] = []
        for name in names.filter({ $0.hasSuffix(".yaml") }).sorted() {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                return .failure(LoadError(description: "cannot read cases/\(name)"))
            }
            cases.append((String(name.dropLast(5)), [UInt8](data)))
        }
        guard cases.count == 402 else { return .failure(LoadError(description: "\(cases.count) cases, not the suite's 402")) }
        return .success(cases)
    }()

    struct LoadError: Error, CustomStringConvertible { var description: String }

    /// Every case; throws (failing the test) when the suite is not all there.
    static func cases() throws -> [(id: String, bytes: [UInt8])] { try loaded.get() }

    static let errorCases: Set<String> = {
        let text = (try? String(contentsOf: directory.appendingPathComponent("errors.txt"), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init))
    }()

    /// A finding from reading `path` is placed in it, at a line and column that exist.
    static func expectPlaced(_ findings: [Finding], in path: String, lines: Int, _ id: String,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for finding in findings {
            guard let location = finding.location else {
                Issue.record("\(id): a finding without a position: \(finding.message)", sourceLocation: sourceLocation)
                continue
            }
            #expect(location.file == path && (1...lines + 1).contains(location.line) && location.column >= 1,
                    "\(id): \(location) \(finding.message)", sourceLocation: sourceLocation)
            #expect(!finding.message.isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func theWholeSuiteIsVendored() throws {
        let cases = try Self.cases()
        #expect(cases.count == 402)
        #expect(Self.errorCases.count == 94)
        #expect(Self.errorCases.isSubset(of: Set(cases.map(\.id))))
    }

    @Test func scannerAgreesWithLibYAMLOnEveryCase() throws {
        var accepted: [String] = []
        for (id, bytes) in try Self.cases() where EventTrace.scanned(bytes) != nil {
            accepted.append(id)
            #expect(!Self.errorCases.contains(id), "the scanner accepted \(id), an error case")
            #expect(BlockMappingScannerTests.agreesWithLibYAML(bytes), "\(id)")
        }
        // The suite is mostly outside the scanner's subset, but some plain block mappings are in.
        #expect(accepted.count >= 5, "accepted: \(accepted)")
    }

    /// Per case: both strings readers place every finding in the file at a line that exists, and
    /// agree on whether the file has a syntax error; an error case the tree reader accepts is
    /// one libyaml accepts too (counted, and the count is pinned). Seen to fail: with the line
    /// check set to `line == 0`, and with the pinned count changed.
    @Test func stringsReadersTakeEveryCase() throws {
        var errorCasesAccepted = 0
        for (id, bytes) in try Self.cases() {
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let streamed = StringsReader.read(bytes: bytes, path: "/suite/strings.yml", limits: .default)
            let file = YAMLReader.read(bytes: bytes, path: "/suite/strings.yml")
            Self.expectPlaced(streamed.file.allDiagnostics, in: "/suite/strings.yml", lines: lines, id)
            Self.expectPlaced(file.diagnostics, in: "/suite/strings.yml", lines: lines, id)
            let syntax = { (findings: [Finding]) in findings.contains { $0.rule == "yaml-syntax" } }
            #expect(syntax(streamed.file.allDiagnostics) == syntax(file.diagnostics), "\(id): the readers disagree on a syntax error")
            if Self.errorCases.contains(id) && !syntax(file.diagnostics) { errorCasesAccepted += 1 }
            let (_, findings) = StringsLoader.load([file], baseLocale: "en")
            Self.expectPlaced(findings, in: "/suite/strings.yml", lines: lines, id)
        }
        #expect(errorCasesAccepted == Self.errorCasesLibYAMLAccepts, "error cases read without a syntax error: \(errorCasesAccepted)")
    }

    /// How many of the suite's 94 error cases libyaml 0.2.5 reads without an error (it is
    /// lenient there); a change means the reader changed.
    static let errorCasesLibYAMLAccepts = 12

    @Test func configCatalogAndFlowReadersTakeEveryCase() throws {
        var configErrors = 0
        let cases = try Self.cases()
        for (id, bytes) in cases {
            let configError = FuzzEntry.config(bytes)
            if let configError {
                configErrors += 1
                #expect(!configError.isEmpty, "\(id)")
            }
            _ = FuzzEntry.flow(bytes)
        }
        // None of the suite's documents is a valid routekit config.
        #expect(configErrors == cases.count)
    }

    /// Each case as the catalog and as the strings of one project: loaded, linted, every report
    /// format and the HTML page rendered, titles resolved.
    @Test func projectsLintAndRenderEveryCase() throws {
        var findings = 0
        let cases = try Self.cases()
        for (id, bytes) in cases {
            let count = FuzzEntry.project(catalog: bytes, strings: bytes, renderReports: true)
            // Every case is a broken catalog (none has `routes:` as routekit reads it) or a syntax
            // error, but for the empty documents (only comments, or `---` alone).
            #expect(count > 0 || YAMLReader.read(bytes: bytes, path: "/suite/routes.yml").root == nil, "\(id): no finding")
            findings += count
        }
        #expect(findings > cases.count)
    }
}
