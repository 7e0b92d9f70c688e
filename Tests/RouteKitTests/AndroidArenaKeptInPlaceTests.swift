import Testing
@testable import RouteKit

/// An Android file's arena, written by the reader into the buffer the merge keeps as its texts
/// (`StringsFileData.keptArena`, `mergesInPlace`): every text of the table lies in the buffer the
/// reader wrote, where it was read, and the table is the one a merge that copies the texts builds
/// (the same files with their arenas as arrays).
@Suite struct AndroidArenaKeptInPlaceTests {
    static let files: [(path: String, text: String)] = [
        ("res/values/strings.xml", """
        <resources>
            <string name="plain">Plain</string>
            <string name="decoded">Line\\nbreak \\u0041 \\'kept\\'</string>
            <string name="twice">First</string>
            <string name="twice">Second, dropped</string>
            <string name="marked">Some <b>bold</b> text</string>
            <string name="untranslatable" translatable="false">Fixed</string>
            <plurals name="items">
                <item quantity="one">%d item</item>
                <item quantity="other">%d items</item>
            </plurals>
            <string name="last">Last</string>
        </resources>
        """),
        ("res/values-de/strings.xml", """
        <resources>
            <string name="plain">Schlicht</string>
            <string name="twice">Erst</string>
            <string name="twice">Dann</string>
            <string name="decoded">Zeile\\numbruch</string>
            <plurals name="items">
                <item quantity="other">%d Dinge</item>
                <item quantity="one">%d Ding</item>
            </plurals>
            <string name="extra">Nur hier</string>
        </resources>
        """),
    ]

    static func read(plainStringsFromBytes: Bool) -> [StringsFileData] {
        files.map {
            NativeStringsReader.readAndroidXML(bytes: Array($0.text.utf8), path: $0.path, baseLocale: "en", limits: .default,
                                               plainStringsFromBytes: plainStringsFromBytes).data
        }
    }

    /// Every text of every entry and form, by locale and key.
    static func texts(_ table: StringTable) -> [String] {
        table.locales.flatMap { locale -> [String] in
            let strings = table[locale]!
            return strings.entries.indices.flatMap { index -> [String] in
                let entry = strings.entries[index]
                var texts: [String] = []
                strings.forEachTextAndForm(of: entry) { ref, form in
                    texts.append("\(locale) \(table.storage.name(entry.key)) \(form.map(String.init) ?? "-") \(table.storage.string(entry.file, ref))")
                }
                return texts
            }
        }
    }

    @Test(arguments: [true, false])
    func textsStayWhereTheReaderWroteThem(plainStringsFromBytes: Bool) {
        var files = Self.read(plainStringsFromBytes: plainStringsFromBytes)
        #expect(files.allSatisfy { $0.keptArena != nil && $0.arena.isEmpty && $0.mergesInPlace })
        let buffers = files.map { $0.keptArena! }
        let ranges = buffers.map { buffer in buffer.withBytes { UInt(bitPattern: $0.baseAddress!) ..< UInt(bitPattern: $0.baseAddress! + $0.count) } }
        // The oracle: the same records, their arenas copied into arrays (the merge copies the texts).
        var copied = files
        for index in copied.indices {
            copied[index].arena = copied[index].withArena { Array($0) }
            copied[index].keptArena = nil
        }
        let (table, findings) = StringsLoader.merge(&files, baseLocale: "en")
        let (oracle, oracleFindings) = StringsLoader.merge(&copied, baseLocale: "en")
        #expect(findings.map(\.message) == oracleFindings.map(\.message))
        #expect(Self.texts(table) == Self.texts(oracle))
        #expect(Self.texts(table).contains("en decoded - Line\nbreak A 'kept'"))
        #expect(Self.texts(table).contains("en twice - First") && Self.texts(table).contains("de twice - Erst"))
        for locale in table.locales {
            let strings = table[locale]!
            for index in strings.entries.indices {
                let entry = strings.entries[index]
                strings.forEachTextAndForm(of: entry) { ref, _ in
                    guard ref.length > 0 else { return }
                    let address = table.storage.withBytes(entry.file, ref) { UInt(bitPattern: $0.baseAddress!) }
                    #expect(ranges[Int(entry.file)].contains(address), "\(locale) \(table.storage.name(entry.key)): a text copied out of the reader's buffer")
                }
            }
        }
    }
}
