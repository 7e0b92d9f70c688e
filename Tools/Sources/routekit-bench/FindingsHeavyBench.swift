import Foundation
import RouteKit

/// Issue 20: the cost of each report format on a findings-heavy project — about 50 MB of strings
/// in 50 locales where every non-base locale lacks about a quarter (24%) of the 20,000 keys (so nearly every key
/// is missing somewhere): ≈ 200,000 missing-translation findings. Each format is one
/// `routekit lint DIR --format F` process with standard output to /dev/null, formats interleaved
/// run by run so load on a shared machine spreads over all of them; min and median are reported.
/// Target: json, sarif and junit at most 1.2× the text report (median); every format at most the
/// raw libyaml parse of the same files (issue 32: one thread, in-process, measured in the same run).
enum FindingsHeavyBench {
    static let spec = SizeSpec(name: "F", routes: 2_500, locales: 50, keys: 20_000, filesPerLocale: 8, missingPercent: 24)
    static let limitedFormats = ["json", "sarif", "junit"]

    struct Row {
        var format: String
        var median: Double
        var minimum: Double
        var outputBytes: Int
        var rssKilobytes: Int
    }

    struct Result {
        var inputBytes: Int
        var findings: Int
        var runs: Int
        var rows: [Row]
        /// Raw libyaml over the same files (median seconds).
        var raw: Double
    }

    static func measure(binary: String, work: String, runs: Int, findings: (String) -> Int,
                        raw: (String) -> Double) throws -> Result {
        let directory = work + "/findings-heavy"
        log("generating the findings-heavy corpus in \(directory)…")
        try Generator.generate(spec, into: directory)
        let inputBytes = readLines(directory + "/files.txt").reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
        let formats = ReporterRegistry.formats
        var times = [String: [Double]](), rss = [String: [Double]]()
        log("measuring every report format on it (\(runs) runs each)…")
        for _ in 0..<runs {
            for format in formats {
                times[format, default: []].append(spawn(binary, ["lint", directory, "--format", format], captureOutput: false).seconds)
                // The peak from a run of its own through `__peak`: spawned by the bench, a child's
                // peak counts the bench's own.
                rss[format, default: []].append(Double(spawnForPeak(binary, ["lint", directory, "--format", format]).maxRSSKilobytes))
            }
        }
        var rows: [Row] = []
        for format in formats {
            // Output size from one more run to a file (written atomically, then removed).
            let file = directory + "/out." + format
            _ = spawn(binary, ["lint", directory, "--format", "\(format):\(file)"], captureOutput: false)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            try? FileManager.default.removeItem(atPath: file)
            rows.append(Row(format: format, median: median(times[format]!), minimum: times[format]!.min()!,
                            outputBytes: bytes, rssKilobytes: Int(median(rss[format]!))))
        }
        log("the raw libyaml parse of the same files…")
        return Result(inputBytes: inputBytes, findings: findings(directory), runs: runs, rows: rows, raw: raw(directory))
    }

    static func markdown(_ result: Result) -> String {
        guard let text = result.rows.first(where: { $0.format == "text" }) else { return "" }
        var out = "\n| findings-heavy (\(String(format: "%.1f", Double(result.inputBytes) / 1_000_000)) MB, \(result.findings) findings): `--format` "
            + "| median ms | min ms | × text (median) | × text (min) | × raw libyaml (\(String(format: "%.0f", result.raw * 1000)) ms) "
            + "| output MB | peak RSS MB |\n|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in result.rows {
            out += "| \(row.format) | \(String(format: "%.0f", row.median * 1000)) | \(String(format: "%.0f", row.minimum * 1000)) "
                + "| \(String(format: "%.2f", row.median / text.median)) | \(String(format: "%.2f", row.minimum / text.minimum)) "
                + "| \(String(format: "%.2f", row.median / result.raw)) "
                + "| \(String(format: "%.1f", Double(row.outputBytes) / 1_000_000)) | \(String(format: "%.0f", Double(row.rssKilobytes) / 1024)) |\n"
        }
        return out
    }

    static func checks(_ result: Result) -> [(String, Bool, String)] {
        guard let text = result.rows.first(where: { $0.format == "text" }) else { return [] }
        let againstText = result.rows.filter { limitedFormats.contains($0.format) }.map { row in
            let ratio = row.median / text.median
            return ("findings-heavy: `--format \(row.format)` ≤ 1.2× text", ratio <= 1.2,
                    String(format: "%.2f× (min %.2f×)", ratio, row.minimum / text.minimum))
        }
        let slowest = result.rows.max { $0.median < $1.median }!
        let againstRaw = ("findings-heavy: every `--format` ≤ 1.0× raw libyaml of the same files (issue 32)",
                          slowest.median <= result.raw,
                          String(format: "%@ %.2f× at most (%.2f–%.2f×)", slowest.format, slowest.median / result.raw,
                                 result.rows.map(\.median).min()! / result.raw, slowest.median / result.raw))
        return againstText + [againstRaw]
    }
}
