import Testing
@testable import RouteKit

@Suite struct YAMLReaderTests {
    private func read(_ text: String) -> YAMLFile { YAMLReader.read(text: text, path: "t.yml") }
    private func read(_ bytes: [UInt8]) -> YAMLFile { YAMLReader.read(bytes: bytes, path: "t.yml") }

    @Test func keepsOrderAndPositions() throws {
        let file = read("b: 1\na:\n  c: x\n")
        let root = try #require(file.root?.mapping)
        #expect(root.entries.map(\.key.value) == ["b", "a"])
        #expect(root.entries[1].key.location == SourceLocation(file: "t.yml", line: 2, column: 1))
        let c = try #require(root["a"]?.mapping?.entries.first)
        #expect(c.key.location.line == 3 && c.key.location.column == 3)
        #expect(c.value.location.column == 6)
        #expect(file.diagnostics.isEmpty)
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        // "ü" is 2 bytes, "😀" is 4 bytes and 2 UTF-16 units: both count as one column.
        let file = read("t: \"ü😀\"\nx: [ü😀, y, ]\n")
        let list = try #require(file.root?.mapping?["x"]?.sequence)
        #expect(list.items[1].location.column == 9)
    }

    @Test func everyScalarIsTextAndNullsAreAbsent() throws {
        let root = try #require(read("no: yes\non: off\nn: ~\ne:\nq: \"null\"\nz: null\n").root?.mapping)
        #expect(root["no"]?.scalar?.value == "yes")
        #expect(root["on"]?.scalar?.value == "off")
        #expect(root["n"]?.isNull == true)
        #expect(root["e"]?.isNull == true)
        #expect(root["z"]?.isNull == true)
        #expect(root["q"]?.isNull == false)
    }

    @Test func duplicateKeyPointsAtSecondAndNamesFirst() throws {
        let file = read("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n")
        let found = file.diagnostics.filter { $0.rule == "duplicate-key" }
        #expect(found.count == 2)
        #expect(found[0].location?.line == 4 && found[0].location?.column == 3)
        #expect(found[0].message == "key 'c' is already defined earlier in this mapping")
        #expect(found[1].location?.line == 5)
        #expect(file.root?.mapping?["a"]?.scalar?.value == "1")
    }

    /// Keys are told apart by their bytes whether the mapping is small (compared one by one) or
    /// large (a set, made at the eighth key): a key given again is found on both sides, and `é`
    /// written precomposed or as `e` with a combining accent are two keys.
    @Test(arguments: [1, 6, 7, 8, 9, 20])
    func keysGivenAgainAreFoundInMappingsOfAnySize(keys: Int) throws {
        var text = (0 ..< keys).map { "k\($0): v\($0)\n" }.joined()
        text += "\u{E9}: a\ne\u{301}: b\nk0: again\n"
        if keys > 1 { text += "k\(keys - 1): again\n" }
        let file = read(text)
        let found = file.diagnostics.filter { $0.rule == "duplicate-key" }
        #expect(found.map(\.key) == (keys > 1 ? ["k0", "k\(keys - 1)"] : ["k0"]))
        #expect(file.root?.mapping?["k0"]?.scalar?.value == "v0")
        #expect(file.root?.mapping?["\u{E9}"]?.scalar?.value == "a" && file.root?.mapping?.entries.count == keys + 2)
    }

    @Test func unterminatedQuoteIsSyntaxErrorWithPosition() throws {
        let file = read("a: 1\nb: \"open\n")
        let finding = try #require(file.diagnostics.first)
        #expect(finding.rule == "yaml-syntax")
        #expect(finding.message.contains("while scanning a quoted scalar"))
        #expect(finding.message.contains("started at line 2, column 4"))
        #expect(file.root == nil)
    }

    @Test func tabIndentationGetsAHint() throws {
        let file = read("a:\n\tb: 1\n")
        let finding = try #require(file.diagnostics.first)
        #expect(finding.location?.line == 2)
        #expect(finding.message.contains("tabs"))
    }

    @Test func bomAndCRLFAreAccepted() throws {
        let file = read([0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 2\r\n".utf8))
        #expect(file.diagnostics.isEmpty)
        let b = try #require(file.root?.mapping?.entry("b"))
        #expect(b.key.location.line == 2 && b.key.location.column == 1)
        #expect(b.value.scalar?.value == "2")
    }

    @Test func invalidUTF8IsLocated() throws {
        let file = read(Array("a: ok\nb: x".utf8) + [0xFF] + Array("\n".utf8))
        let finding = try #require(file.diagnostics.first)
        #expect(finding.rule == "yaml-syntax")
        #expect(finding.message.hasPrefix("invalid UTF-8"))
        #expect(finding.location?.line == 2 && finding.location?.column == 5)
    }

    @Test func overlongEncodingIsInvalid() throws {
        let file = read(Array("a: ".utf8) + [0xC0, 0xAF])
        #expect(file.diagnostics.first?.message.hasPrefix("invalid UTF-8") == true)
    }

    @Test func nulByteIsLocated() throws {
        let file = read(Array("a: 1\nbb: x".utf8) + [0] + Array("y\n".utf8))
        let finding = try #require(file.diagnostics.first)
        #expect(finding.message == "a NUL byte is not allowed in YAML text")
        #expect(finding.location?.line == 2 && finding.location?.column == 6)
    }

    @Test func utf16IsRefused() throws {
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x61, 0x00], [0x00, 0x61, 0x00, 0x3A], [0x61, 0x00, 0x3A, 0x00]] {
            let file = read(bytes)
            #expect(file.diagnostics.first?.message.contains("UTF-16") == true)
        }
    }

    @Test func deepNestingStopsAtTheLimit() throws {
        let file = read(String(repeating: "[", count: 100_000))
        let finding = try #require(file.diagnostics.first)
        #expect(finding.message.contains("nesting deeper than 200"))
        #expect(finding.location?.line == 1 && finding.location?.column == 201)
        let braces = read(String(repeating: "{a: ", count: 100_000))
        #expect(braces.diagnostics.first?.message.contains("nesting deeper") == true)
    }

    @Test func aliasChainsAreRejectedNotExpanded() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...12 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let file = read(text)
        #expect(file.diagnostics.count == 120)
        #expect(file.diagnostics.allSatisfy { $0.message.hasPrefix("aliases (*a") })
    }

    @Test func keyThatIsASequenceIsReported() throws {
        let file = read("? [a, b]\n: x\nc: d\n")
        #expect(file.diagnostics.first?.message == "a key must be a plain value, not a list")
        #expect(file.root?.mapping?.entries.map(\.key.value) == ["c"])
    }

    @Test func secondDocumentIsReported() throws {
        let file = read("a: 1\n---\nb: 2\n")
        let finding = try #require(file.diagnostics.first)
        #expect(finding.location?.line == 2)
        #expect(file.root?.mapping?["a"] != nil)
    }

    @Test func tagsAreReported() throws {
        let file = read("a: !!python/object x\nb: !!str y\n")
        #expect(file.diagnostics.count == 1)
        #expect(file.diagnostics.first?.message.contains("!!python/object") == true)
    }

    @Test func emptyAndWhitespaceFilesHaveNoRoot() {
        #expect(read("").root == nil && read("").diagnostics.isEmpty)
        #expect(read("  \n\n# only a comment\n").root == nil)
    }

    @Test func sizeAndScalarLimits() throws {
        var limits = InputLimits()
        limits.fileSize = 10
        #expect(YAMLReader.read(text: "a: 12345678901", path: "t", limits: limits).diagnostics.first?.message.contains("limits.file-size") == true)
        limits = InputLimits()
        limits.scalarLength = 4
        #expect(YAMLReader.read(text: "a: 12345", path: "t", limits: limits).diagnostics.first?.message.contains("limits.scalar-length") == true)
    }

    @Test func suppressionComments() {
        let text = """
        a: 1 # routekit:disable-line
        # routekit:disable-next-line unknown-field, tab-missing-icon
        b: 2
        c: "# routekit:disable-line"
        """
        let file = read(text)
        #expect(file.suppressions.suppresses(rule: "anything", line: 1))
        #expect(file.suppressions.suppresses(rule: "unknown-field", line: 3))
        #expect(file.suppressions.suppresses(rule: "tab-missing-icon", line: 3))
        #expect(!file.suppressions.suppresses(rule: "literal-title", line: 3))
        #expect(!file.suppressions.suppresses(rule: "x", line: 4))
    }

    /// The same directives in the comment syntax of Kotlin/Swift and of XML.
    @Test(arguments: [
        (Suppressions.CommentSyntax.slashes, "val a = 1 // routekit:disable-line\n// routekit:disable-next-line push-without-title, literal-title\nb\nval url = \"http://x// routekit:disable-line\"\n# routekit:disable-line"),
        (.xml, "<string name=\"a\">A</string> <!-- routekit:disable-line -->\n<!-- routekit:disable-next-line push-without-title, literal-title -->\nb\n<string>x<!-- routekit:disable-line --></string>\n# routekit:disable-line"),
    ])
    func suppressionCommentsInOtherSyntaxes(syntax: Suppressions.CommentSyntax, text: String) {
        var bytes = Array(text.utf8)
        let suppressions = bytes.withUnsafeMutableBufferPointer { Suppressions.scan(UnsafeBufferPointer($0), syntax: syntax) }
        #expect(suppressions.suppresses(rule: "anything", line: 1))
        #expect(suppressions.suppresses(rule: "push-without-title", line: 3))
        #expect(suppressions.suppresses(rule: "literal-title", line: 3))
        #expect(!suppressions.suppresses(rule: "tab-parity", line: 3))
        // An opener not after white space, and another syntax's opener, are not comments.
        #expect(!suppressions.suppresses(rule: "x", line: 4))
        #expect(!suppressions.suppresses(rule: "x", line: 5))
    }

    /// The marker is found by either byte `containsMarker` looks for, wherever it is (at the
    /// file's first or last byte, among near misses), and a near miss alone is no marker.
    @Test(arguments: [Suppressions.CommentSyntax.hash, .slashes, .xml])
    func markerFoundByItsPivotAnywhere(syntax: Suppressions.CommentSyntax) {
        let marker = "routekit:disable"
        for text in [marker, "x" + marker, marker + "x", "routekit:disabl routekit; k: " + marker, "rk:: kk " + marker + " ::"] {
            let found = Array(text.utf8).withUnsafeBufferPointer { Suppressions.containsMarker($0, pivot: syntax.markerPivot) }
            #expect(found, "\(text)")
        }
        for text in ["", "routekit:disabl", "outekit:disable", "routekit disable", "kkkk::::routekit:disablx"] {
            let found = Array(text.utf8).withUnsafeBufferPointer { Suppressions.containsMarker($0, pivot: syntax.markerPivot) }
            #expect(!found, "\(text)")
        }
    }
}
