import Foundation
import Testing

/// The README's "Architecture" map names every folder of the library, and no other: a newcomer
/// finds each part by folder name (issue 16).
@Suite struct ArchitectureMapTests {
    @Test func theMapNamesEveryLibraryFolder() throws {
        let root = CLI.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Architecture").map { readme[$0.upperBound...] })
        let block = section.components(separatedBy: "```")[1]
        let mapped = Set(block.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let slash = line.firstIndex(of: "/") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 2) ..< slash])
        })
        let library = root.appendingPathComponent("Sources/RouteKit")
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: library.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: library.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        })
        #expect(mapped == folders)
    }
}
