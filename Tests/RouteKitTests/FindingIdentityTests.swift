import Foundation
@testable import RouteKit
import Testing

/// One finding identity: baselines key on `FindingIdentity`, and report fingerprints hash
/// exactly its fields, so a finding that moves keeps both.
@Suite struct FindingIdentityTests {
    static func diagnostic(line: Int, severity: Severity = .warning) -> Finding {
        Finding(rule: "missing-translation", severity: severity, message: "'nav.title' is missing in locale 'de'",
                   location: SourceLocation(file: "/p/strings/de.yml", line: line, column: 3), key: "nav.title", locale: "de")
    }

    @Test func positionAndSeverityAreNotPartOfTheIdentity() {
        let moved = FindingIdentity(Self.diagnostic(line: 40, severity: .error), root: "/p")
        #expect(FindingIdentity(Self.diagnostic(line: 4), root: "/p") == moved)
        #expect(moved.file == "strings/de.yml")
        #expect(Self.diagnostic(line: 4) != Self.diagnostic(line: 40))
    }

    @Test func theFingerprintHashesTheIdentitysFields() {
        let identity = FindingIdentity(Self.diagnostic(line: 4), root: "/p")
        let joined = [identity.rule, identity.file ?? "", identity.route ?? "", identity.key ?? "", identity.locale ?? "", identity.message]
            .joined(separator: "\u{1F}")
        #expect(Self.diagnostic(line: 4).fingerprintHash(relativePath: identity.file ?? "").hash == StableHash.value(joined))
        #expect(Self.diagnostic(line: 40).fingerprintHash(relativePath: "strings/de.yml").hash == StableHash.value(joined))
    }

    @Test func aBaselineAcceptsTheFindingWhereverItMoves() {
        let baseline = Baseline.make(from: [Self.diagnostic(line: 4)], root: "/p")
        #expect(baseline.entries.map(\.identity) == [FindingIdentity(Self.diagnostic(line: 4), root: "/p")])
        let (kept, suppressed, stale) = baseline.apply(to: [Self.diagnostic(line: 90)], root: "/p")
        #expect(kept.isEmpty && suppressed == 1 && stale.isEmpty)
    }
}
