import Foundation
import Testing
@testable import RouteKit

/// In a streamed file's last merge pass, the arena behind the record being read goes back to the
/// system as the records do (`SystemAllocator.discardPages`): the table is the one the tree path
/// builds, which keeps its arena whole, over files of several record chunks.
@Suite struct ArenaGiveBackTests {
    /// Whole pages inside the range read as zeros after; the partial pages at its ends and the
    /// bytes outside it keep theirs.
    @Test func discardsOnlyWholePagesInsideTheRange() {
        let bytes = [UInt8](repeating: 7, count: 1 << 20)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let (from, to) = (100, 900_001)
        var first = 0, last = 0
        bytes.withUnsafeBufferPointer { buffer in
            let base = Int(bitPattern: buffer.baseAddress!)
            first = (base + from + page - 1) / page * page - base
            last = (base + to) / page * page - base
            SystemAllocator.discardPages(of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[from ..< to])))
        }
        #expect(first > from && last < to && last - first > 200 * page)
        #expect(bytes[..<first].allSatisfy { $0 == 7 } && bytes[last...].allSatisfy { $0 == 7 })
        #if os(Linux)
        #expect(bytes[first ..< last].allSatisfy { $0 == 0 })
        #endif
    }

    /// A base-only file (given back in the first pass) of texts, nested keys, plurals, texts on
    /// the next line and quoted texts; a file of two translations around a base part (given back
    /// in the second pass, behind a range the first pass read).
    static let files: [(path: String, text: String)] = {
        var base = "en:\n"
        for index in 0 ..< 30_000 {
            switch index % 5 {
            case 0: base += "  k\(index): \"text \(index)\"\n"
            case 1: base += "  g\(index):\n    a: x\(index)\n    b:\n      c: y\(index)\n"
            case 2: base += "  p\(index):\n    one: one \(index)\n    other: other \(index)\n"
            case 3: base += "  n\(index):\n    next line \(index)\n"
            default: base += "  d.e\(index): dotted \(index)\n"
            }
        }
        let translations = "de:\n" + (0 ..< 20_000).map { "  k\($0 * 5): d\($0)\n  p\($0 * 5 + 2): { one: e, other: f }\n" }.joined()
            + "en:\n  only.here: x\n"
            + "fr:\n" + (0 ..< 20_000).map { "  g\($0 * 5 + 1).b.c: f\($0)\n" }.joined()
        return [("/p/a.yml", base), ("/p/b.yml", translations)]
    }()

    @Test func theMergedTableIsTheTreePaths() {
        var streamed = Self.files.map { StringsReader.read(bytes: Array($0.text.utf8), path: $0.path, limits: .default).data }
        #expect(streamed.allSatisfy(\.arenaInRecordOrder) && streamed.map(\.items.count).min()! > 3 * RawItems.chunkSize)
        let (table, findings) = StringsLoader.merge(&streamed, baseLocale: "en")
        let (oracle, oracleFindings) = StringsLoader.load(Self.files.map { YAMLReader.read(text: $0.text, path: $0.path) }, baseLocale: "en")
        #expect(findings.map(\.message) == oracleFindings.map(\.message))
        #expect(table.locales == oracle.locales && table.locales.count == 3)
        for locale in oracle.locales {
            let entries = table[locale]!.allEntries.map { "\($0)" }, expected = oracle[locale]!.allEntries.map { "\($0)" }
            #expect(entries.count == expected.count && entries.count > 1)
            if let index = entries.indices.first(where: { $0 < expected.count && entries[$0] != expected[$0] }) {
                Issue.record("\(locale) entry \(index): \(entries[index]) instead of \(expected[index])")
            }
        }
    }
}
