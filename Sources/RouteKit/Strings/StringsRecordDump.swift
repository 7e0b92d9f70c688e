/// The records and findings of one strings file as comparable lines: how the streaming reader is
/// held to the plain tree path (`StringsReaderDifferentialTests`, the `strings` fuzz target).
enum StringsRecordDump {
    static func lines(_ data: StringsFileData, _ file: YAMLFile) -> [String] {
        func text(_ start: Int32, _ length: Int32) -> String {
            String(decoding: data.arena[Int(start) ..< Int(start + length)], as: UTF8.self)
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
        let fast = lines(streamed.data, streamed.file)
        let plain = lines(StringsFileData(tree: tree), tree)
        guard fast != plain else { return nil }
        let index = zip(fast, plain).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(fast.count, plain.count)
        return "streamed: \(fast.dropFirst(index).prefix(3))\n   plain: \(plain.dropFirst(index).prefix(3))"
    }
}

extension StringsRecordDump {
    /// Nil when the streaming String Catalog reader (also with its members read on another core,
    /// as a large file's are) and the whole-document one agree on `bytes`, else where they part
    /// (`XCStringsReaderDifferentialTests`, the `xcstrings` fuzz target).
    static func catalogDifference(_ bytes: [UInt8], baseLocale: String = "en", limits: InputLimits = .default) -> String? {
        let streamed = XCStringsReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: baseLocale, limits: limits)
        let whole = XCStringsDocumentReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: baseLocale, limits: limits)
        let beside = XCStringsReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: baseLocale, limits: limits, besideFrom: 0)
        var fast = lines(streamed.data, streamed.file) + ["untranslatable \(streamed.data.untranslatable)"]
        let plain = lines(whole.data, whole.file) + ["untranslatable \(whole.data.untranslatable)"]
        let pipelined = lines(beside.data, beside.file) + ["untranslatable \(beside.data.untranslatable)"]
        if fast == plain, pipelined != plain { fast = pipelined }
        guard fast != plain else { return nil }
        let index = zip(fast, plain).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(fast.count, plain.count)
        return "streamed: \(fast.dropFirst(index).prefix(3))\n   whole: \(plain.dropFirst(index).prefix(3))"
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
        let fast = dump(true), plain = dump(false)
        guard fast != plain else { return nil }
        let index = zip(fast, plain).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(fast.count, plain.count)
        return "from bytes: \(fast.dropFirst(index).prefix(3))\n converted: \(plain.dropFirst(index).prefix(3))"
    }
}
