import Foundation

/// Issue 34: `routekit report --html` on a project with about 40,000 findings (the L generator
/// at 200 routes, 20 locales, 10,000 keys, each non-base locale lacking its own 23% of them).
/// The page's size, the `report` process's time (median and min of `runs`), and, where
/// `chromium` and `python3` are found, its first contentful paint in headless Chromium at desktop
/// and phone width (`Scripts/report-layout.py --max-paint-ms 1000`, which also checks the phone
/// layout: no sideways scroll, readable contrast). Goal: ≤ 2 MB and < 1 s to first paint.
enum HTMLReportBench {
    static let spec = SizeSpec(name: "H", routes: 200, locales: 20, keys: 10_000, filesPerLocale: 4, missingPercent: 23)
    static let byteGoal = 2_000_000
    static let paintGoalMilliseconds = 1_000.0

    struct Result {
        var findings: Int
        var pageBytes: Int
        var median: Double
        var minimum: Double
        /// The slowest first contentful paint of the layout checks, and their lines; nil without Chromium.
        var paintMilliseconds: Double?
        /// The slowest load (the load event's end, from the navigation's start).
        var loadMilliseconds: Double?
        var layout: [String]
        var layoutPassed: Bool
    }


    static func measure(binary: String, work: String, runs: Int, findings: (String) -> Int) throws -> Result {
        let directory = work + "/html-report"
        log("generating the HTML report corpus in \(directory)…")
        try Generator.generate(spec, into: directory)
        let page = directory + "/report.html"
        var times: [Double] = []
        log("measuring routekit report --html on it (\(runs) runs)…")
        for _ in 0..<runs {
            times.append(spawn(binary, ["report", directory, "--html", page], captureOutput: false).seconds)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: page)[.size] as? Int) ?? 0
        var result = Result(findings: findings(directory), pageBytes: bytes, median: median(times), minimum: times.min() ?? 0,
                            paintMilliseconds: nil, layout: [], layoutPassed: true)
        let script = packageRoot.path + "/Scripts/report-layout.py"
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let chromium = ["/usr/bin/chromium", "/usr/local/bin/chromium"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        if let python, chromium, FileManager.default.fileExists(atPath: script) {
            log("loading the page in headless Chromium…")
            let run = spawn(python, [script, page, "--max-paint-ms", String(Int(paintGoalMilliseconds)), "1280:light", "390:light", "390:dark"],
                            captureOutput: true)
            result.layout = run.output.split(separator: "\n").map(String.init)
            result.layoutPassed = run.status == 0
            func slowest(_ label: String) -> Double? {
                result.layout.compactMap { line -> Double? in
                    guard let range = line.range(of: label) else { return nil }
                    return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
                }.max()
            }
            result.paintMilliseconds = slowest("first paint ")
            result.loadMilliseconds = slowest(" ms, load ")
        }
        return result
    }

    static func markdown(_ result: Result) -> String {
        var out = "\n| `report --html`, \(result.findings) findings | page MB | median ms | min ms | first paint ms (slowest of 3) | load ms (slowest of 3) | layout |\n"
            + "|---|---:|---:|---:|---:|---:|---|\n"
        out += "| H (\(spec.routes) routes, \(spec.locales) locales, \(spec.keys) keys) | \(String(format: "%.2f", Double(result.pageBytes) / 1_000_000)) "
            + "| \(String(format: "%.0f", result.median * 1000)) | \(String(format: "%.0f", result.minimum * 1000)) "
            + "| \(result.paintMilliseconds.map { String(format: "%.0f", $0) } ?? "—") "
            + "| \(result.loadMilliseconds.map { String(format: "%.0f", $0) } ?? "—") "
            + "| \(result.layout.isEmpty ? "not checked (no Chromium)" : result.layoutPassed ? "ok" : "**fails**") |\n"
        return out
    }

    static func checks(_ result: Result) -> [(String, Bool, String)] {
        var checks = [("report --html, \(result.findings) findings: page ≤ 2 MB", result.pageBytes <= byteGoal,
                       String(format: "%.2f MB", Double(result.pageBytes) / 1_000_000))]
        if let paint = result.paintMilliseconds {
            checks.append(("report --html, \(result.findings) findings: first paint < 1 s in Chromium, phone layout holds",
                           paint < paintGoalMilliseconds && result.layoutPassed, String(format: "%.0f ms", paint)))
        }
        return checks
    }
}
