import Testing
@testable import RouteKit

/// The pieces that carry 100k findings cheaply. Each must give exactly what the plain version would.
@Suite struct FindingPipelineTests {
    @Test func concurrentMapKeepsIndexOrder() {
        #expect(Concurrent.map(count: 0) { $0 }.isEmpty)
        #expect(Concurrent.map(count: 1) { $0 * 3 } == [0])
        #expect(Concurrent.map(count: 1000) { String($0) } == (0..<1000).map { String($0) })
    }

    @Test func concurrentJoinFillsEachPartInPlace() {
        let counts = [3, 0, 1, 0, 5, 2]
        let joined: [String] = Concurrent.joined(partCounts: counts) { part, out in
            for item in 0..<counts[part] { out.append("\(part).\(item)") }
        }
        #expect(joined == counts.indices.flatMap { part in (0..<counts[part]).map { "\(part).\($0)" } })
        #expect(Concurrent.joined(partCounts: []) { (_: Int, _: inout PartWriter<Int>) in }.isEmpty)
        #expect(Concurrent.joined(partCounts: [0, 0]) { (_: Int, _: inout PartWriter<Int>) in }.isEmpty)
    }
}
