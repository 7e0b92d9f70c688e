import Testing
@testable import RouteKit

/// `placeholder-mismatch` words a finding when its message is asked for, from the base's
/// placeholders of the finding's key, of which it keeps the last few keys' (`RecentBases`): each
/// message must name its own key's placeholders, whatever the order of asking.
@Suite struct PlaceholderMismatchMessageTests {
    @Test func eachMessageNamesItsOwnKeysPlaceholders() throws {
        // 300 keys: more than the kept slots, so keys share slots and replace each other.
        let keys = 300
        let base = (0 ..< keys).map { "  k\($0): '%{p\($0)} %{q\($0 % 7)}'\n" }.joined()
        let plain = (0 ..< keys).map { "  k\($0): v\n" }.joined()
        let findings = try StringsFindingsLimitTests.lint(["s0.yml": "en:\n" + base, "s1.yml": "de:\n" + plain, "s2.yml": "fr:\n" + plain],
                                                          rule: "placeholder-mismatch", limit: nil)
        #expect(findings.count == 2 * keys)
        // Asked in file order, then backwards, then every 37th: each the same, and its key's.
        let orders = [Array(findings.indices), findings.indices.reversed(), (0 ..< findings.count).map { $0 * 37 % findings.count }]
        var first: [String?] = Array(repeating: nil, count: findings.count)
        for order in orders {
            for index in order {
                let finding = findings[index], message = finding.message
                let number = Int(finding.key?.dropFirst() ?? "") ?? -1
                #expect(message == "'k\(number)' in locale '\(finding.locale ?? "")' lacks %{p\(number)}, %{q\(number % 7)}", "\(message)")
                if let earlier = first[index] { #expect(earlier == message) } else { first[index] = message }
            }
        }
    }
}
