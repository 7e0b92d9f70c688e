import Foundation
import Testing

/// `routekit title` end to end on the bundled example.
@Suite struct TitleCommandTests {
    let example = CLI.packageRoot.appendingPathComponent("Resources/Examples/Conference")

    @Test func oneLookupAsText() throws {
        let result = try CLI.run(["title", "SessionScreen", "--locale", "de-AT", "--param", "sessionId=42", "--param", "roomName=A"], in: example)
        #expect(result.status == 0)
        #expect(result.stdout == "Vortrag\nRaum A\n")
    }

    @Test func pluralAndParamFallbackAsJSON() throws {
        let plural = try CLI.run(["title", "SessionsInRoomScreen", "-l", "de", "-p", "room=A", "-p", "count=1", "--json"], in: example)
        #expect(plural.stdout == #"{"fallback":false,"locale":"de","route":"SessionsInRoomScreen","subtitle":null,"title":"1 Vortrag in diesem Raum"}"# + "\n")
        let fallback = try CLI.run(["title", "LanguageScreen", "-l", "de-CH", "-l", "en", "--json"], in: example)
        #expect(fallback.stdout == #"{"fallback":true,"locale":"en","route":"LanguageScreen","subtitle":null,"title":"Language"}"# + "\n")
        let param = try CLI.run(["title", "SessionScreen", "-l", "ja", "-p", "sessionId=1", "-p", "roomName=B", "--json", "--project", example.path])
        #expect(param.stdout.contains(#""title":"セッション""#))
    }

    @Test func failedLookupExitsOneAndUsageTwo() throws {
        let missing = try CLI.run(["title", "SessionScreen", "--json"], in: example)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains(#""error":"route 'SessionScreen' needs param 'sessionId' (SessionId)""#))
        #expect(try CLI.run(["title"], in: example).status == 2)
        #expect(try CLI.run(["title", "X", "--param", "novalue"], in: example).status == 2)
        #expect(try CLI.run(["title", "--batch", "X"], in: example).status == 2)
    }

    @Test func batchAnswersEveryLineAndGoesOnAfterBadOnes() throws {
        let input = """
        {"route":"SearchScreen","locales":["ja"]}
        not json

        {"route":"SessionScreen","locale":"de","params":{"sessionId":"1","roomName":"C","sessionTitle":"Keynote"}}
        {"route":"Nope"}
        """
        let result = try CLI.run(["title", "--batch"], in: example, stdin: input + "\n")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"fallback":false,"locale":"ja","route":"SearchScreen","subtitle":null,"title":"検索"}"#)
        #expect(lines[1].contains(#""error":"invalid JSON"#))
        #expect(lines[2].contains(#""error":"invalid JSON at column 1: expected a value, found the end of the file"#))
        #expect(lines[3] == #"{"fallback":false,"locale":"de","route":"SessionScreen","subtitle":"Raum C","title":"Keynote"}"#)
        #expect(lines[4].contains(#""route":"Nope""#) && lines[4].contains(#""error":"no route 'Nope' in the catalog""#))
        #expect(result.status == 1)
    }

    /// A piped batch comes in blocks of lines, answered on all cores: through the binary, every
    /// answer is in its line's place and one failure among thousands makes the exit status 1.
    @Test func aLargeBatchAnswersInOrder() throws {
        let lines = (0 ..< 3_000).map { index in
            index == 1_500 ? #"{"route":"Nope"}"# : #"{"route":"RoomScreen","locale":"en","params":{"room":"R\#(index)"}}"#
        }
        let result = try CLI.run(["title", "--batch"], in: example, stdin: lines.joined(separator: "\n") + "\n")
        let answers = result.stdout.split(separator: "\n")
        #expect(answers.count == lines.count)
        for (index, answer) in answers.enumerated() where index != 1_500 && !answer.contains("R\(index)\"") {
            Issue.record("line \(index + 1): \(answer)")
            break
        }
        #expect(answers.count > 1_500 && answers[1_500].contains(#""error":"no route 'Nope' in the catalog""#))
        #expect(result.status == 1)
    }

    /// 100,000 lines complete, and peak memory does not grow with the number of lines.
    @Test(.requires(.python3)) func largeBatchRunsInConstantMemory() throws {
        let line = #"{"route":"SessionsInRoomScreen","locales":["de-AT","en"],"params":{"room":"A","count":"3"}}"# + "\n"
        let dir = try TemporaryDirectory()
        try String(repeating: line, count: 10_000).write(toFile: dir.path("small.jsonl"), atomically: true, encoding: .utf8)
        try String(repeating: line, count: 100_000).write(toFile: dir.path("large.jsonl"), atomically: true, encoding: .utf8)
        func run(_ input: String) throws -> (lines: Int, maxRSSKiB: Int) {
            let script = """
            import resource, subprocess, sys
            with open(sys.argv[2]) as stdin, open(sys.argv[3], "w") as stdout:
                code = subprocess.call([sys.argv[1], "title", "--batch", "--project", sys.argv[4]], stdin=stdin, stdout=stdout)
            print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
            let output = dir.path(input + ".out")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, CLI.binary.path, dir.path(input), output, example.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let fields = text.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
            #expect(fields.first == 0)
            let produced = try String(contentsOfFile: output, encoding: .utf8)
            #expect(produced.hasPrefix(#"{"fallback":false,"locale":"de","route":"SessionsInRoomScreen","subtitle":null,"title":"3 Vorträge in diesem Raum"}"#))
            return (produced.split(separator: "\n").count, fields.last ?? -1)
        }
        let small = try run("small.jsonl"), large = try run("large.jsonl")
        #expect(small.lines == 10_000 && large.lines == 100_000)
        // 90,000 more lines of ~120 bytes would add ~10 MB if anything were kept per line.
        #expect(large.maxRSSKiB - small.maxRSSKiB < 4_096, "\(small.maxRSSKiB) KiB vs \(large.maxRSSKiB) KiB")
    }
}
