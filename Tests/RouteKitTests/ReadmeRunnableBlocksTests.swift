import Foundation
import Testing

/// The README's examples are run: every fenced block whose info string is `console runnable`
/// holds `$ command` lines, each followed by exactly what it prints (standard output and error).
/// The commands run in one shell from the package root, in order (a `cd` or `$?` carries on), with
/// the built `routekit` first on PATH; `swift run routekit` is that binary too. So the README
/// cannot drift from what routekit does.
@Suite struct ReadmeRunnableBlocksTests {
    struct Step {
        var command: String
        var expected: String
    }

    /// The runnable blocks of a Markdown text, each a list of steps.
    static func runnableBlocks(in markdown: String) -> [[Step]] {
        var blocks: [[Step]] = []
        var current: [Step]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let steps = current {
                    blocks.append(steps)
                    current = nil
                } else if line.split(separator: " ").dropFirst().contains("runnable") {
                    current = []
                }
                continue
            }
            guard current != nil else { continue }
            if line.hasPrefix("$ ") {
                current!.append(Step(command: String(line.dropFirst(2)), expected: ""))
            } else if !current!.isEmpty {
                current![current!.count - 1].expected += line + "\n"
            }
        }
        return blocks
    }

    /// Runs the steps in one shell; what each printed.
    static func run(_ steps: [Step]) throws -> [String] {
        let marker = "\u{1}routekit-readme-step\u{1}"
        var script = ""
        for step in steps {
            let command = step.command.replacingOccurrences(of: "swift run routekit", with: "routekit")
            script += "printf '%s\\n' '\(marker)'\n\(command) 2>&1\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for name in ["NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "GITHUB_ACTIONS"] { environment[name] = nil }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.components(separatedBy: marker + "\n").dropFirst().map { $0 }
    }

    @Test func theReadmesRunnableBlocksPrintWhatTheyShow() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.runnableBlocks(in: readme)
        // The example walk-through at least; a block that loses its marker is not run.
        #expect(blocks.count >= 2)
        for steps in blocks {
            let printed = try Self.run(steps)
            #expect(printed.count == steps.count)
            for (step, output) in zip(steps, printed) {
                #expect(output == step.expected, "$ \(step.command)")
            }
        }
    }

    @Test func aBlockIsReadAsStepsAndOutputs() {
        let blocks = Self.runnableBlocks(in: "```console runnable\n$ a\none\ntwo\n$ b\n```\n```console\n$ c\n```\n")
        #expect(blocks.count == 1)
        #expect(blocks.first?.map(\.command) == ["a", "b"])
        #expect(blocks.first?.map(\.expected) == ["one\ntwo\n", ""])
    }
}
