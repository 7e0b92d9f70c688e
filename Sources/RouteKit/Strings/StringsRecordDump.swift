/// The records and findings of one strings file as comparable lines: how the streaming reader is
/// held to the plain tree path (`StringsReaderDifferentialTests`, the `strings` fuzz target).
enum StringsRecordDump {
    static func lines(_ data: StringsFileData, _ file: YAMLFile) -> [String] {
        func text(_ start: Int32, _ length: Int32) -> String {
            data.withArena { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start) ..< Int(start + length)]), as: UTF8.self) }
        }
        func place(_ diagnostic: Finding, extent: Bool = false) -> String {
            guard let at = diagnostic.location else { return "-" }
            // The reader's findings with their extent: a key given again has one (SARIF's region).
            return "\(at.line):\(at.column)" + (extent ? at.endLine.map { "-\($0):\(at.endColumn ?? 0)" } ?? "" : "")
        }
        // In the order a report gives them (place, rule, message): findings at single nodes are
        // stored apart (`nodeFindings`), so two at one place may come in either order.
        let findings = file.allDiagnostics.enumerated().sorted {
            ($0.element.location?.line ?? 0, $0.element.location?.column ?? 0, $0.element.rule, $0.element.message, $0.offset)
                < ($1.element.location?.line ?? 0, $1.element.location?.column ?? 0, $1.element.rule, $1.element.message, $1.offset)
        }
        var lines = findings.map { "finding \($0.element.rule) \(place($0.element, extent: true)) \($0.element.message)" }
        lines += data.diagnostics.map { "shape \($0.rule) \(place($0)) \($0.message)" }
        for locale in data.locales {
            lines.append("locale \(locale.name) \(locale.line):\(locale.column) \(locale.items.map { "\($0.count) items" } ?? "null")")
            for item in locale.items.map({ Array(data.items[$0]) }) ?? [] {
                let key = text(item.keyStart, item.keyLength)
                let value = item.isGroup ? "group(\(item.value.length))"
                    : "'\(text(item.value.start, item.value.length))' \(item.value.line):\(item.value.column)"
                lines.append("  \(key) \(item.keyLine):\(item.keyColumn) flags=\(item.flags) \(value)")
            }
        }
        lines.append("suppressions \(file.suppressions.lines.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.sorted())" })")
        return lines
    }

    /// Nil when the streaming reader and the tree path agree on `bytes`, else where they part.
    static func difference(_ bytes: [UInt8], limits: InputLimits = .default) -> String? {
        let streamed = StringsReader.read(bytes: bytes, path: "t.yml", limits: limits)
        let tree = YAMLReader.read(bytes: bytes, path: "t.yml", limits: limits)
        return parting(("streamed", lines(streamed.data, streamed.file)), ("plain", lines(StringsFileData(tree: tree), tree)))
    }

    /// Nil when the two dumps are equal, else each one's next three lines from where they part,
    /// under its name.
    static func parting(_ one: (name: String, lines: [String]), _ other: (name: String, lines: [String])) -> String? {
        guard one.lines != other.lines else { return nil }
        let index = zip(one.lines, other.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(one.lines.count, other.lines.count)
        let width = max(one.name.count, other.name.count)
        func shown(_ dump: (name: String, lines: [String])) -> String {
            String(repeating: " ", count: width - dump.name.count) + "\(dump.name): \(dump.lines.dropFirst(index).prefix(3))"
        }
        return shown(one) + "\n" + shown(other)
    }
}

extension StringsRecordDump {
    /// Nil when the streaming String Catalog reader (also with its members read on another core,
    /// as a large file's are) and the whole-document one agree on `bytes`, else where they part
    /// (`XCStringsReaderDifferentialTests`, the `xcstrings` fuzz target).
    static func catalogDifference(_ bytes: [UInt8], baseLocale: String = "en", limits: InputLimits = .default) -> String? {
        func dump(_ read: StringsReader.Result) -> [String] {
            lines(read.data, read.file) + ["untranslatable \(read.data.untranslatable)"]
        }
        let whole = ("whole", dump(XCStringsDocumentReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: baseLocale, limits: limits)))
        let streamed = XCStringsReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: baseLocale, limits: limits)
        if let parting = parting(("streamed", dump(streamed)), whole) { return parting }
        let beside = XCStringsReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: baseLocale, limits: limits, besideFrom: 0)
        return parting(("streamed on another core", dump(beside)), whole)
    }
}

extension StringsRecordDump {
    /// Nil when reading a `strings.xml` in place gives the same records and findings with the
    /// common `<string>` read from its bytes as through the importer's converter, else where they
    /// part (`AndroidXMLReaderDifferentialTests`).
    static func androidXMLDifference(_ bytes: [UInt8], path: String = "composeResources/values/strings.xml") -> String? {
        func dump(_ fromBytes: Bool) -> [String] {
            let read = NativeStringsReader.readAndroidXML(bytes: bytes, path: path, baseLocale: "en", limits: .default,
                                                          plainStringsFromBytes: fromBytes)
            return lines(read.data, read.file) + ["untranslatable \(read.data.untranslatable)"]
        }
        return parting(("from bytes", dump(true)), ("converted", dump(false)))
    }
}
