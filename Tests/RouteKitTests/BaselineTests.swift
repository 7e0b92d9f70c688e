import Foundation
import Testing
@testable import RouteKit

@Suite struct BaselineTests {
    let diagnostics = ReportFixtures.diagnostics

    func moved(_ diagnostic: Finding, by lines: Int) -> Finding {
        var copy = diagnostic
        if var location = copy.location {
            location.line += lines
            location.column += 1
            copy.location = location
        }
        return copy
    }

    @Test func roundTripsThroughItsFile() throws {
        let baseline = Baseline.make(from: diagnostics, root: "/project")
        let decoded = try Baseline.decode(baseline.encoded())
        #expect(decoded == baseline)
        #expect(decoded.encoded() == baseline.encoded())
    }

    @Test func encodingIsIndependentOfOrderAndHasNoLines() {
        let forward = Baseline.make(from: diagnostics, root: "/project").encoded()
        let backward = Baseline.make(from: diagnostics.reversed(), root: "/project").encoded()
        #expect(forward == backward)
        #expect(!forward.contains("\"line\""))
        #expect(!forward.contains("\"column\""))
        #expect(!forward.contains("/project"))
        #expect(forward.hasSuffix("}\n"))
    }

    @Test func suppressesEverythingItWasMadeFrom() {
        let baseline = Baseline.make(from: diagnostics, root: "/project")
        let result = baseline.apply(to: diagnostics, root: "/project")
        #expect(result.kept.isEmpty)
        #expect(result.suppressed == diagnostics.count)
        #expect(result.stale.isEmpty)
    }

    @Test func movingAFindingToAnotherLineKeepsItMatched() {
        let baseline = Baseline.make(from: diagnostics, root: "/project")
        let result = baseline.apply(to: diagnostics.map { moved($0, by: 40) }, root: "/project")
        #expect(result.kept.isEmpty)
        #expect(result.stale.isEmpty)
    }

    @Test func reorderingFilesKeepsItMatched() {
        let baseline = Baseline.make(from: diagnostics, root: "/project")
        let reordered = diagnostics.sorted { ($0.file ?? "") > ($1.file ?? "") }
        let result = baseline.apply(to: reordered, root: "/project")
        #expect(result.kept.isEmpty)
        #expect(result.stale.isEmpty)
    }

    @Test func anotherCheckoutOrWorkingDirectoryKeepsItMatched() {
        let baseline = Baseline.make(from: diagnostics, root: "/project")
        let elsewhere = diagnostics.map { diagnostic -> Finding in
            var copy = diagnostic
            copy.file = copy.file.map { $0.replacingOccurrences(of: "/project/", with: "/ci/work/checkout/") }
            if var location = copy.location {
                location.file = location.file.replacingOccurrences(of: "/project/", with: "/ci/work/checkout/")
                copy.location = location
            }
            return copy
        }
        let result = baseline.apply(to: elsewhere, root: "/ci/work/checkout")
        #expect(result.kept.isEmpty)
        #expect(result.stale.isEmpty)
    }

    @Test func aFixedFindingIsStaleAndANewOneIsKept() {
        let baseline = Baseline.make(from: diagnostics, root: "/project")
        var current = Array(diagnostics.dropFirst(2))  // two fixed
        let new = Finding(rule: "literal-title", severity: .warning, message: "literal title 'Winner'",
                             location: SourceLocation(file: "/project/routes.yml", line: 30, column: 15), route: "FinalistScreen")
        current.insert(new, at: 1)
        let result = baseline.apply(to: current, root: "/project")
        #expect(result.kept == [new])
        #expect(result.suppressed == diagnostics.count - 2)
        #expect(result.stale.map(\.rule) == ["invalid-locale", "unknown-field"])
        #expect(result.stale.allSatisfy { $0.count == 1 })
    }

    @Test func aCountedEntryMatchesThatManyFindings() {
        let twice = ReportFixtures.diagnostics[4]
        let baseline = Baseline.make(from: [twice, moved(twice, by: 1)], root: "/project")
        #expect(baseline.entries.count == 1)
        #expect(baseline.entries[0].count == 2)
        #expect(baseline.encoded().contains("\"count\": 2"))

        let three = baseline.apply(to: [twice, twice, moved(twice, by: 5)], root: "/project")
        #expect(three.kept.count == 1)
        #expect(three.suppressed == 2)
        #expect(three.stale.isEmpty)

        let one = baseline.apply(to: [twice], root: "/project")
        #expect(one.kept.isEmpty)
        #expect(one.stale.count == 1)
        #expect(one.stale.first?.count == 1)
    }

    @Test func keepsTheOrderOfWhatItDoesNotSuppress() {
        let baseline = Baseline.make(from: [diagnostics[2]], root: "/project")
        let result = baseline.apply(to: diagnostics, root: "/project")
        #expect(result.kept == diagnostics.enumerated().filter { $0.offset != 2 }.map(\.element))
    }

    @Test func decodeErrorsSayWhatIsWrong() {
        func message(_ text: String) -> String {
            do {
                _ = try Baseline.decode(text)
                return "decoded"
            } catch {
                return error.message
            }
        }
        #expect(message("{ not json").hasPrefix("the baseline is not valid JSON"))
        #expect(message("").hasPrefix("the baseline is not valid JSON"))
        #expect(message("{\n  \"entries\": [\n    {,\n  ]\n}").hasSuffix("(line 3, column 6)"))
        #expect(message("{\n  \"entries\": [],\n  \"entries\": []\n}")
            == "the baseline is not valid JSON: member \"entries\" given twice (line 3, column 3)")
        #expect(message("[]") == "the baseline must be a JSON object with an \"entries\" list")
        #expect(message(#"{"version": 2, "entries": []}"#).hasPrefix("unsupported baseline version 2"))
        #expect(message(#"{"entries": [{"message": "m"}]}"#) == "baseline entry 1 has no \"rule\"")
        #expect(message(#"{"entries": [{"rule": "r", "message": 3}]}"#) == "baseline entry 1: \"message\" must be a string")
        #expect(message(#"{"entries": [{"rule": "r", "message": "m", "count": 0}]}"#)
            == "baseline entry 1: \"count\" must be a whole number of at least 1")
        #expect(message(#"{"entries": [{"rule": "r", "message": "m", "count": 2}, {"rule": "r", "message": "m"}]}"#) == "decoded")
        #expect(message(#"{"entries": [{"rule": "r", "message": "m", "count": 1}]}"#) == "decoded")
        #expect(message(#"{"entries": [{"rule": "r", "message": "m", "count": 1.5}]}"#)
            == "baseline entry 1: \"count\" must be a whole number of at least 1")
        #expect(message(#"{"entries": [{"rule": "r", "message": "m", "count": "2"}]}"#)
            == "baseline entry 1: \"count\" must be a whole number of at least 1")
    }

    @Test func duplicateEntriesInAFileAreMerged() throws {
        let baseline = try Baseline.decode(
            #"{"entries": [{"rule": "r", "message": "m", "file": "./a.yml"}, {"rule": "r", "message": "m", "file": "a.yml", "count": 2}]}"#)
        #expect(baseline.entries == [Baseline.Entry(rule: "r", file: "a.yml", message: "m", count: 3)])
    }
}
