import Foundation
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
        for place in Self.textPlaces(table) {
            #expect(ranges[place.file].contains(place.address), "\(place.locale) \(place.key): a text copied out of the reader's buffer")
        }
    }

    /// Where each text of `table` that is not empty lies: its locale, key, file and address.
    static func textPlaces(_ table: StringTable) -> [(locale: String, key: String, file: Int, address: UInt)] {
        var places: [(locale: String, key: String, file: Int, address: UInt)] = []
        for locale in table.locales {
            let strings = table[locale]!
            for index in strings.entries.indices {
                let entry = strings.entries[index]
                strings.forEachTextAndForm(of: entry) { ref, _ in
                    guard ref.length > 0 else { return }
                    let address = table.storage.withBytes(entry.file, ref) { UInt(bitPattern: $0.baseAddress!) }
                    places.append((locale, table.storage.name(entry.key), Int(entry.file), address))
                }
            }
        }
        return places
    }

    /// A file large enough to map (`MappedFile.threshold`): the special cases above among
    /// thousands of plain strings, some with something to decode.
    static func large(_ file: (path: String, text: String), locale: String) -> String {
        var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let close = lines.removeLast()
        var index = 0
        var size = 0
        while size < MappedFile.threshold + 10_000 {
            let line = index % 7 == 3
                ? "    <string name=\"k\(index)\">\\'\(locale)\\' \\\"\(index)\\\" &amp; more</string>"
                : "    <string name=\"k\(index)\">Text \(index) in \(locale)</string>"
            lines.append(line)
            size += line.utf8.count + 1
            index += 1
        }
        return (lines + [close]).joined(separator: "\n")
    }

    /// A mapped file's buffer is its arena (`InputFile.withBytes(…, keepable: true)`): names and
    /// texts with nothing to decode are read where they lie in the file, only the others written
    /// after it, and the table and its findings are those of the same bytes read into arrays.
    @Test func aMappedFileKeepsItsNamesAndTextsWhereTheyLie() throws {
        let dir = try TemporaryDirectory().write([:])
        let large = Self.files.map { (path: $0.path, text: Self.large($0, locale: $0.path.contains("-de") ? "de" : "en")) }
        for file in large {
            let url = dir.url.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
        var fileRanges: [Range<UInt>] = []
        var files = try large.map { file in
            try InputFile.withBytes(dir.url.appendingPathComponent(file.path).path, maxSize: 1 << 30, reusing: nil,
                                    keepable: true) { bytes, mapped -> StringsFileData in
                #expect(mapped != nil)
                fileRanges.append(UInt(bitPattern: bytes.baseAddress!) ..< UInt(bitPattern: bytes.baseAddress! + bytes.count))
                var data = NativeStringsReader.read(buffer: bytes, path: file.path, format: .androidXML, baseLocale: "en",
                                                    limits: .default, mapped: mapped).data
                data.path = file.path
                // Only the texts with something to decode (one in seven) were written past the file.
                let written = data.keptArena!.count - MappedFile.pageRounded(bytes.count)
                #expect(written > 0 && written < bytes.count / 10, "\(written) bytes written for \(bytes.count)")
                return data
            }.get()
        }
        #expect(files.allSatisfy { $0.keptArena != nil && $0.mergesInPlace })
        var copied = large.map {
            NativeStringsReader.readAndroidXML(bytes: Array($0.text.utf8), path: $0.path, baseLocale: "en", limits: .default).data
        }
        let (table, findings) = StringsLoader.merge(&files, baseLocale: "en")
        let (oracle, oracleFindings) = StringsLoader.merge(&copied, baseLocale: "en")
        #expect(findings.map(\.message) == oracleFindings.map(\.message))
        let texts = Self.texts(table)
        let same = texts == Self.texts(oracle)
        #expect(same)
        #expect(texts.count > 40_000)
        for text in ["en k3 - 'en' \"3\" & more", "de k11 - Text 11 in de", "en twice - First", "de twice - Erst", "en decoded - Line\nbreak A 'kept'"] {
            let found = texts.contains(text)
            #expect(found, "\(text)")
        }
        // A text as written is the file's own bytes.
        let strings = table["de"]!
        let entry = try #require(strings.entries.first { table.storage.name($0.key) == "k11" })
        let address = table.storage.withBytes(entry.file, entry.text) { UInt(bitPattern: $0.baseAddress!) }
        #expect(fileRanges[Int(entry.file)].contains(address))
    }

    /// `Project.load` reads a large strings.xml that way: the table's texts of each file begin
    /// with the file itself, and lint finds what is in it.
    @Test func aProjectReadsLargeStringsFilesInPlace() throws {
        var files = [".routekit.yml": "base-locale: en\nstrings: [\"res/values*/strings.xml\"]\n"]
        for file in Self.files { files[file.path] = Self.large(file, locale: file.path.contains("-de") ? "de" : "en") }
        let dir = try TemporaryDirectory().write(files)
        let config = try ProjectConfig.load(path: dir.path(".routekit.yml"))
        let project = try Project.load(config: config)
        let storage = project.strings.storage
        #expect(storage.paths.count == 2)
        for (index, path) in storage.paths.enumerated() {
            let bytes = Array(try #require(files[Self.files.first { path.hasSuffix($0.path) }!.path]).utf8)
            let inPlace = storage.texts(of: Int32(index)).starts(with: bytes)
            #expect(inPlace, "\(path): its texts do not start with the file")
        }
        let messages = Linter.lint(project).report(config: config).diagnostics.map(\.message)
        #expect(messages.count { $0.contains("defined again in this file") } == 2)
        #expect(messages.count { $0.hasPrefix("key 'extra'") } == 1)
    }
}
