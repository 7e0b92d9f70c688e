import Foundation
import Testing
@testable import RouteKit

/// Reads YAML back with PyYAML (a YAML 1.1 reader, the stricter case for `no`, `on`, `1:30`…)
/// when python3 and PyYAML are installed (tests say `.requires(.pyYAML)`); the exact-text tests
/// do not need it.
enum PythonYAML {
    static var available: Bool { ExternalTool.pyYAML.isAvailable }

    /// The document as JSON-compatible values, or nil when PyYAML is missing.
    static func load(_ yaml: String) throws -> Any? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))",
        ]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(Data(yaml.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
