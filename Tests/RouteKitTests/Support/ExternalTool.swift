import Foundation
import Synchronization
import Testing

/// A program outside the toolchain that a test uses as an oracle (a schema validator, a JUnit
/// reader, a YAML library, git). A test that needs one says so with a trait:
///
///     @Test(.requires(.checkJSONSchema)) func reportIsValidSARIF() throws { … }
///
/// Where the tool is absent the test is skipped, and `swift test` names it with the reason
/// ("skipped: needs check-jsonschema; it is not installed (pip install check-jsonschema); …"), so a bare clone
/// passes. Where `ROUTEKIT_REQUIRE_ORACLES=1` is set (`.ci/run` sets it) an absent tool fails the
/// test instead: CI never silently loses an oracle.
struct ExternalTool: Sendable, CustomStringConvertible {
    /// What the skip message calls it.
    var description: String
    /// How to get it.
    var install: String
    /// A command that exits 0 only when the tool works (run through `/usr/bin/env`, output ignored).
    var probe: [String]

    static let python3 = ExternalTool(
        description: "python3", install: "apt-get install python3", probe: ["python3", "-c", "pass"])
    static let pyYAML = ExternalTool(
        description: "PyYAML", install: "pip install pyyaml", probe: ["python3", "-c", "import yaml"])
    static let checkJSONSchema = ExternalTool(
        description: "check-jsonschema", install: "pip install check-jsonschema", probe: ["check-jsonschema", "--version"])
    static let junitparser = ExternalTool(
        description: "junitparser", install: "pip install junitparser", probe: ["python3", "-c", "import junitparser"])
    static let git = ExternalTool(description: "git", install: "apt-get install git", probe: ["git", "--version"])
    static let chromium = ExternalTool(
        description: "chromium", install: "apt-get install chromium fonts-noto-cjk", probe: ["chromium", "--version"])
    /// java.util.Formatter, what Android's `String.format(Locale, …)` runs (`java File.java`).
    static let java = ExternalTool(
        description: "java", install: "apt-get install openjdk-17-jdk-headless", probe: ["java", "-version"])
    /// ICU through PyICU, Debian's build for the system python (ICU 72, CLDR 42).
    static let pyICU = ExternalTool(
        description: "PyICU", install: "apt-get install python3-icu", probe: ["/usr/bin/python3", "-c", "import icu"])
    /// Ruby I18n (Debian's ruby-i18n), what interpolates Rails YAML strings.
    static let rubyI18n = ExternalTool(
        description: "Ruby I18n", install: "apt-get install ruby ruby-i18n", probe: ["ruby", "-e", "require 'i18n'"])
    static let bash = ExternalTool(description: "bash", install: "apt-get install bash", probe: ["bash", "-c", "true"])
    static let zsh = ExternalTool(description: "zsh", install: "apt-get install zsh", probe: ["zsh", "-c", "true"])
    static let fish = ExternalTool(description: "fish", install: "apt-get install fish", probe: ["fish", "-c", "true"])
    /// util-linux `script`: runs a command on a pseudo-terminal (colour decisions need a TTY).
    static let script = ExternalTool(
        description: "script (util-linux)", install: "apt-get install bsdutils", probe: ["script", "-q", "-e", "-c", "true", "/dev/null"])

    /// util-linux `setpriv`: runs the binary as another user (a test run as root checks what
    /// `nobody` cannot read).
    static let setpriv = ExternalTool(
        description: "setpriv (util-linux)", install: "apt-get install util-linux", probe: ["/usr/bin/setpriv", "--version"])

    /// Whether CI asked for every oracle (`ROUTEKIT_REQUIRE_ORACLES=1`).
    static var oraclesRequired: Bool { ProcessInfo.processInfo.environment["ROUTEKIT_REQUIRE_ORACLES"] == "1" }

    /// Whether the probe succeeds (checked once per tool and process).
    var isAvailable: Bool { ExternalTool.known.withLock { answer(updating: &$0) } }

    /// Probe → answer; held while probing, so each tool is probed once.
    private static let known = Mutex<[String: Bool]>([:])

    private func answer(updating known: inout [String: Bool]) -> Bool {
        let key = probe.joined(separator: "\u{0}")
        if let answer = known[key] { return answer }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = probe
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var answer = false
        if (try? process.run()) != nil {
            process.waitUntilExit()
            answer = process.terminationReason == .exit && process.terminationStatus == 0
        }
        known[key] = answer
        return answer
    }
}

/// Thrown from a test's condition when CI requires an oracle that is absent: Swift Testing records
/// an error thrown while evaluating a trait as a failure of that test.
struct MissingOracle: Error, CustomStringConvertible {
    var tool: ExternalTool
    var description: String {
        "\(tool) is required (ROUTEKIT_REQUIRE_ORACLES=1) but not installed: \(tool.install)"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every tool is available; see `ExternalTool`.
    static func requires(_ tools: ExternalTool...) -> Self {
        let names = tools.map(\.description).joined(separator: " and ")
        let how = tools.map(\.install).joined(separator: "; ")
        let missing = tools.count == 1 ? "it is not installed" : "not all are installed"
        return .enabled("skipped: needs \(names); \(missing) (\(how)); ROUTEKIT_REQUIRE_ORACLES=1 makes this a failure") {
            for tool in tools where !tool.isAvailable {
                if ExternalTool.oraclesRequired { throw MissingOracle(tool: tool) }
                return false
            }
            return true
        }
    }
}
