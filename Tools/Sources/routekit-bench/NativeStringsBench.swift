import Foundation
@_spi(Benchmarking) import RouteKit

/// Strings in their native formats (issue 17): `routekit lint` in-process over a generated
/// Compose XML project and a generated String Catalog, each against the raw single-threaded parse
/// of the same bytes in C: libxml2's SAX2 parser (`Tools/References/xml-sax.c`; `xmllint --stream`
/// without it) for XML, simdjson's DOM parser (`json-simdjson.cpp`) for JSON, with routekit's own
/// position-keeping JSON parser (the one lint uses) and Foundation's `JSONSerialization` beside it.
enum NativeStringsBench {
    static let locales = ["", "-de", "-fr", "-es", "-it", "-ja", "-pt-rBR", "-zh-rTW", "-b+sr+Latn", "-nl"]

    /// `TREE/values*/strings.xml` in two Compose trees, ten locales each, until `megabytes` MB.
    static func generateXML(megabytes: Int, into directory: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        let trees = ["shared/src/commonMain/composeResources", "ui/src/commonMain/composeResources"]
        let perFile = megabytes * 1_000_000 / (trees.count * locales.count)
        var files: [String] = []
        for (treeIndex, tree) in trees.enumerated() {
            for (localeIndex, suffix) in locales.enumerated() {
                var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
                text.reserveCapacity(perFile + 4096)
                var key = 0
                while text.utf8.count < perFile {
                    if key % 50 == 49 {
                        text += "    <plurals name=\"t\(treeIndex)_count_\(key)\">\n"
                        text += "        <item quantity=\"one\">%d session in room \(key) &amp; hall</item>\n"
                        text += "        <item quantity=\"other\">%d sessions in room \(key) &amp; hall</item>\n"
                        text += "    </plurals>\n"
                    } else if key % 7 == 3 {
                        text += "    <string name=\"t\(treeIndex)_key_\(key)\">Don\\'t miss \\\"%1$s\\\" (\(localeIndex)/\(key))</string>\n"
                    } else {
                        text += "    <string name=\"t\(treeIndex)_key_\(key)\">Schedule for day \(key) in locale \(localeIndex)</string>\n"
                    }
                    key += 1
                }
                text += "</resources>\n"
                let path = "\(directory)/\(tree)/values\(suffix)/strings.xml"
                try manager.createDirectory(atPath: PathUtilities.directory(of: path), withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: false, encoding: .utf8)
                files.append(path)
            }
        }
        try (files.joined(separator: "\n") + "\n").write(toFile: directory + "/files.txt", atomically: true, encoding: .utf8)
        try """
            base-locale: en
            strings: ["*/src/commonMain/composeResources/values*/strings.xml"]

            """.write(toFile: directory + "/.routekit.yml", atomically: true, encoding: .utf8)
    }

    /// One `Localizable.xcstrings` of `megabytes` MB: entries with eight localizations, every
    /// tenth a plural; the file-size limit raised to fit it.
    static func generateCatalog(megabytes: Int, into directory: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let languages = ["de", "fr", "es", "it", "ja", "pt-BR", "zh-Hant", "nl"]
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text.reserveCapacity(megabytes * 1_000_000 + 4096)
        var key = 0
        while text.utf8.count < megabytes * 1_000_000 {
            if key > 0 { text += ",\n" }
            text += "    \"Key \(key) %@\" : {\n      \"comment\" : \"A label on screen \(key).\",\n      \"localizations\" : {\n"
            for (index, language) in languages.enumerated() {
                if index > 0 { text += ",\n" }
                if key % 10 == 9 {
                    text += "        \"\(language)\" : {\n          \"variations\" : {\n            \"plural\" : {\n"
                    text += "              \"one\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Eintrag \(key)\" } },\n"
                    text += "              \"other\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld Einträge \(key)\" } }\n"
                    text += "            }\n          }\n        }"
                } else {
                    text += "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                    text += "            \"value\" : \"Übersetzung \(key) %@ \\\"\(language)\\\"\"\n          }\n        }"
                }
            }
            text += "\n      }\n    }"
            key += 1
        }
        text += "\n  },\n  \"version\" : \"1.0\"\n}\n"
        let path = directory + "/Localizable.xcstrings"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try (path + "\n").write(toFile: directory + "/files.txt", atomically: true, encoding: .utf8)
        try """
            base-locale: en
            strings: [Localizable.xcstrings]
            limits: { file-size: 67108864 }

            """.write(toFile: directory + "/.routekit.yml", atomically: true, encoding: .utf8)
    }

    struct Row {
        var name: String
        var bytes: Int
        var files: Int
        var rawLabel: String
        var raw: Double
        var references: [(label: String, seconds: Double)] = []
        var lint: ChildResult
        /// The most lint may take, in times the raw parse (issue 32: 1× libxml2 SAX, 2× simdjson).
        var goal = 1.0
    }

    /// The reference program `name` (`Tools/References`, built by Scripts/bench.sh into
    /// `directory`); nil when it was not built.
    static func reference(_ name: String, in directory: String?) -> String? {
        guard let directory, FileManager.default.isExecutableFile(atPath: directory + "/" + name) else { return nil }
        return directory + "/" + name
    }

    /// One run of the reference program `path` over `files`, as it times itself (its first
    /// output field): reading and parsing, no process start.
    static func referenceRun(_ path: String, files: [String]) -> ChildResult {
        let run = spawn(path, files, captureOutput: true)
        guard run.status == 0, let seconds = run.output.split(separator: " ").first.flatMap({ Double($0) }) else {
            log("\(path) failed with status \(run.status): \(run.output)")
            exit(1)
        }
        return ChildResult(seconds: seconds, bytes: 0, rssKilobytes: 0, count: 0)
    }

    static func xmllint() -> String? {
        for candidate in ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
            where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return nil
    }

    static func measureAll(work: String, runs: Int, xmlMegabytes: Int, catalogMegabytes: Int, references: String?) throws -> [Row] {
        var rows: [Row] = []
        let xmlDirectory = work + "/native/compose-\(xmlMegabytes)MB"
        log("generating \(xmlMegabytes) MB of Compose strings.xml in \(xmlDirectory)…")
        try generateXML(megabytes: xmlMegabytes, into: xmlDirectory)
        let xmlFiles = readLines(xmlDirectory + "/files.txt")
        if let sax = reference("xml-sax", in: references) {
            // Lint and reference in turn, so that their ratio holds (`interleaved`).
            let timed = interleaved(runs: runs, [{ measure("lint", xmlDirectory, runs: 1) }, { referenceRun(sax, files: xmlFiles) }])
            rows.append(Row(name: "Compose strings.xml", bytes: timed[0].bytes, files: xmlFiles.count,
                            rawLabel: "libxml2 SAX2 (C, `xml-sax`)", raw: timed[1].seconds, lint: timed[0]))
        } else if let xmllint = xmllint() {
            log("routekit-bench: no xml-sax reference (Scripts/bench.sh builds it with libxml2-dev); xmllint instead")
            let timed = interleaved(runs: runs, [{ measure("lint", xmlDirectory, runs: 1) }, {
                let run = spawn(xmllint, ["--stream", "--noout"] + xmlFiles, captureOutput: false)
                guard run.status == 0 else {
                    log("xmllint failed with status \(run.status)")
                    exit(1)
                }
                return ChildResult(seconds: run.seconds, bytes: 0, rssKilobytes: 0, count: 0)
            }])
            rows.append(Row(name: "Compose strings.xml", bytes: timed[0].bytes, files: xmlFiles.count,
                            rawLabel: "`xmllint --stream --noout` (libxml2 SAX), one process", raw: timed[1].seconds, lint: timed[0]))
        } else {
            log("routekit-bench: no libxml2 reference (apt-get install libxml2-dev); the Compose XML row is skipped")
        }
        let catalogDirectory = work + "/native/catalog-\(catalogMegabytes)MB"
        log("generating a \(catalogMegabytes) MB String Catalog in \(catalogDirectory)…")
        try generateCatalog(megabytes: catalogMegabytes, into: catalogDirectory)
        let ownLabel = "routekit's JSON parser (positions, the one lint uses)"
        var measures = ["lint", "json", "foundation-json"].map { kind in { measure(kind, catalogDirectory, runs: 1) } }
        let simdjson = reference("json-simdjson", in: references)
        if let simdjson {
            let files = readLines(catalogDirectory + "/files.txt")
            measures.append { referenceRun(simdjson, files: files) }
        }
        let timed = interleaved(runs: runs, measures)
        let (lint, own, foundation) = (timed[0], timed[1], timed[2])
        if simdjson != nil {
            rows.append(Row(name: "String Catalog", bytes: lint.bytes, files: 1, rawLabel: "simdjson DOM (C++, `json-simdjson`)", raw: timed[3].seconds,
                            references: [(ownLabel, own.seconds), ("Foundation `JSONSerialization`", foundation.seconds)], lint: lint, goal: 2.0))
        } else {
            log("routekit-bench: no json-simdjson reference (Scripts/bench.sh builds it with libsimdjson-dev); routekit's parser is the raw row")
            rows.append(Row(name: "String Catalog", bytes: lint.bytes, files: 1, rawLabel: ownLabel, raw: own.seconds,
                            references: [("Foundation `JSONSerialization`", foundation.seconds)], lint: lint))
        }
        return rows
    }

    static func markdown(_ rows: [Row]) -> String {
        var out = "\n| native strings | files | input MB | raw parse | raw ms (MB/s) | lint ms (MB/s) | lint / raw | peak RSS MB | findings |\n"
        out += "|---|---:|---:|---|---:|---:|---:|---:|---:|\n"
        for row in rows {
            let rawCell = "\(ms(row.raw)) (\(rate(row.bytes, row.raw)))"
            out += "| \(row.name) | \(row.files) | \(mb(row.bytes)) | \(row.rawLabel) | \(rawCell) "
                + "| \(ms(row.lint.seconds)) (\(rate(row.bytes, row.lint.seconds))) | \(String(format: "%.2f", row.lint.seconds / row.raw)) "
                + "| \(mb(row.lint.rssKilobytes * 1024)) | \(row.lint.count) |\n"
            for reference in row.references {
                out += "| ↳ for reference | | | \(reference.label) | \(ms(reference.seconds)) (\(rate(row.bytes, reference.seconds))) "
                    + "| | \(String(format: "%.2f", row.lint.seconds / reference.seconds)) | | |\n"
            }
        }
        return out
    }
}

extension Child {
    static func json(_ directory: String) -> Int32 { timeOverFiles(directory, BenchmarkEntry.parseJSON) }
    static func foundationJSON(_ directory: String) -> Int32 {
        timeOverFiles(directory) { buffer in
            let object = try? JSONSerialization.jsonObject(with: Data(buffer: buffer), options: [])
            return (object as? [String: Any])?.count ?? 0
        }
    }
}
