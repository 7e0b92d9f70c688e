import Testing

@Suite struct CLIBasicsTests {
    @Test func versionPrintsAndExitsZero() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("0."))
    }

    @Test func unknownCommandIsUsageError() throws {
        let result = try CLI.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"))
    }
}
