import Foundation
import Testing
@testable import RouteKit

/// Command-line conventions users know from git and swift-argument-parser, each end to end on the
/// built binary: did-you-mean, `help <command>`, completion scripts from the option tables,
/// colour switches, `rules --json`, aligned help columns.
@Suite struct CLIConventionsTests {
    static let project: [String: String] = [
        ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n",
        "routes.yml": "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    titel: nav.schedule\n",
        "strings/en.yml": "en:\n  nav:\n    schedule: Schedule\n",
    ]
    static let commands = ["lint", "rules", "title", "replay", "report", "import", "init", "install-hook", "lsp", "completions", "help"]

    // MARK: - Did you mean

    @Test func unknownCommandSuggestsTheClosest() throws {
        let result = try CLI.run(["lnt"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "routekit: unknown command 'lnt'; did you mean 'lint'?\nRun 'routekit --help' for the list of commands.\n")
        // Nothing close: no guess.
        let far = try CLI.run(["frobnicate"])
        #expect(far.status == 2)
        #expect(!far.stderr.contains("did you mean"))
        #expect(try CLI.run(["--verison"]).stderr.contains("did you mean '--version'?"))
    }

    @Test func unknownOptionSuggestsTheClosestBeforeTheCommandRuns() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        for arguments in [["lint", "--formt", "json"], ["lint", "--formt=json"]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "routekit lint: unknown option --formt; did you mean '--format'?\nRun 'routekit lint --help' for usage.\n")
        }
        #expect(try CLI.run(["title", "X", "--lokale", "de"], in: dir.url).stderr.contains("did you mean '--locale'?"))
        #expect(try CLI.run(["rules", "--jsno"]).stderr.contains("did you mean '--json'?"))
        let far = try CLI.run(["lint", "--zzzzzzzz"], in: dir.url)
        #expect(far.status == 2)
        #expect(far.stderr.contains("unknown option --zzzzzzzz\n"))
        // An option's value is not taken for an option, nor anything after `--`.
        #expect(try CLI.run(["title", "ScheduleScreen", "--param", "-x=1"], in: dir.url).stderr.contains("unknown option") == false)
    }

    // MARK: - help <command>

    @Test func helpCommandPrintsTheCommandsHelp() throws {
        for command in Self.commands {
            let viaHelp = try CLI.run(["help", command])
            let viaFlag = try CLI.run([command, "--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(command)")
            #expect(viaHelp.stdout == viaFlag.stdout, "\(command)")
            #expect(viaHelp.stdout.hasPrefix("Usage: routekit \(command)") || viaHelp.stdout.hasPrefix("Usage:\n  routekit \(command)"), "\(command)")
            #expect(viaHelp.stderr.isEmpty)
        }
        let main = try CLI.run(["help"])
        #expect(main.status == 0)
        #expect(main.stdout == (try CLI.run(["--help"])).stdout)
        let unknown = try CLI.run(["help", "lnt"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("unknown command 'lnt'; did you mean 'lint'?"))
    }

    // MARK: - Aligned columns

    /// The column where each option row's help starts, for every `--help`: one per command.
    @Test func helpColumnsAreAligned() throws {
        for command in Self.commands {
            let rows = Self.optionRows(try CLI.run([command, "--help"]).stdout)
            #expect(!rows.isEmpty, "\(command) has no options section")
            let columns = Set(rows.map(\.column))
            #expect(columns.count == 1, "\(command): help starts at columns \(columns.sorted())")
        }
        // The command list and the options of `routekit --help` share one column.
        let main = try CLI.run(["--help"]).stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        let columns = Set(main.map { line in Self.helpColumn(String(line)) })
        #expect(columns.count == 1, "\(columns)")
        #expect(main.count == Self.commands.count + 2)
    }

    /// Lines `  --name, -n VALUE   help` of the Options section, with the help's column.
    static func optionRows(_ help: String) -> [(names: [String], column: Int)] {
        guard let start = help.range(of: "\nOptions:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  -") }
            .map { line in
                let head = line.prefix(helpColumn(String(line)))
                let names = head.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init).filter { $0.hasPrefix("-") }
                return (names, helpColumn(String(line)))
            }
    }

    /// Where the text after the first run of two or more spaces past the indentation starts.
    static func helpColumn(_ line: String) -> Int {
        let characters = Array(line)
        var index = 2
        while index + 1 < characters.count, !(characters[index] == " " && characters[index + 1] == " ") { index += 1 }
        while index < characters.count, characters[index] == " " { index += 1 }
        return index
    }

    // MARK: - Completions

    @Test(.requires(.bash)) func bashCompletionParsesAndOffersWhatHelpLists() throws {
        let script = try CLI.run(["completions", "bash"])
        #expect(script.status == 0 && script.stderr.isEmpty)
        let dir = try TemporaryDirectory().write(["routekit.bash": script.stdout])
        let syntax = try ReportFixtures.runTool(["bash", "-n", dir.path("routekit.bash")])
        #expect(syntax.status == 0, "bash -n: \(syntax.output)")
        func complete(_ words: [String]) throws -> Set<String> {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try ReportFixtures.runTool([
                "bash", "-c", "source '\(dir.path("routekit.bash"))'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _routekit; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
            #expect(result.status == 0, "\(result.output)")
            return Set(result.output.split(separator: "\n").map(String.init))
        }
        #expect(try complete(["routekit", "li"]) == ["lint"])
        #expect(try complete(["routekit", "lint", "--for"]) == ["--format"])
        #expect(try complete(["routekit", "lint", "--format", "s"]) == ["sarif"])
        #expect(try complete(["routekit", "lint", "--only", "title-too"]) == ["title-too-long"])
        #expect(try complete(["routekit", "completions", "f"]) == ["fish"])
        #expect(try complete(["routekit", "help", "inst"]) == ["install-hook"])
        // One table: every option `--help` lists is offered, and nothing else.
        for command in Self.commands {
            let listed = Set(Self.optionRows(try CLI.run([command, "--help"]).stdout).flatMap(\.names))
            #expect(try complete(["routekit", command, "-"]) == listed, "\(command)")
        }
    }

    @Test(.requires(.zsh)) func zshCompletionParses() throws {
        let script = try CLI.run(["completions", "zsh"])
        #expect(script.status == 0)
        #expect(script.stdout.hasPrefix("#compdef routekit\n"))
        let dir = try TemporaryDirectory().write(["_routekit": script.stdout])
        let syntax = try ReportFixtures.runTool(["zsh", "-n", dir.path("_routekit")])
        #expect(syntax.status == 0, "zsh -n: \(syntax.output)")
        // Sourced after compinit, it registers itself for routekit.
        let loaded = try ReportFixtures.runTool([
            "zsh", "-f", "-c", "autoload -U compinit && compinit -u -D && source '\(dir.path("_routekit"))' && print -r -- ${_comps[routekit]}",
        ])
        #expect(loaded.status == 0 && loaded.output.contains("_routekit"), "\(loaded.output)")
        #expect(script.stdout.contains("'--format:output format"))
    }

    @Test(.requires(.fish)) func fishCompletionParsesAndCompletes() throws {
        let script = try CLI.run(["completions", "fish"])
        #expect(script.status == 0)
        let dir = try TemporaryDirectory().write(["routekit.fish": script.stdout])
        let syntax = try ReportFixtures.runTool(["fish", "--no-execute", dir.path("routekit.fish")])
        #expect(syntax.status == 0, "fish --no-execute: \(syntax.output)")
        let completed = try ReportFixtures.runTool([
            "fish", "--no-config", "-c", "source '\(dir.path("routekit.fish"))'; complete -C 'routekit lint --format s'; complete -C 'routekit l'",
        ])
        let words = Set(completed.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        #expect(words.isSuperset(of: ["sarif", "lint"]), "\(completed.output)")
    }

    @Test func completionsNeedAKnownShell() throws {
        let result = try CLI.run(["completions", "bsh"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown shell 'bsh'; did you mean 'bash'?"))
        #expect(try CLI.run(["completions"]).status == 2)
    }

    // MARK: - Colour

    static let escape = "\u{1B}["

    @Test func forceColorAndNoColorDecideWithoutATerminal() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        func lint(_ environment: [String: String], _ extra: [String] = []) throws -> CLI.Result {
            // Start from "nothing set", whatever the test run's own environment says.
            var env = ["NO_COLOR": "", "FORCE_COLOR": "", "CLICOLOR_FORCE": "", "CLICOLOR": "", "TERM": "xterm"]
            for (key, value) in environment { env[key] = value }
            let result = try CLI.run(["lint"] + extra, in: dir.url, environment: env)
            #expect(result.status == 1, "\(result.stderr)")
            return result
        }
        #expect(!(try lint([:])).stdout.contains(Self.escape), "a pipe is no terminal")
        #expect(try lint(["FORCE_COLOR": "1"]).stdout.contains(Self.escape + "1;31merror"))
        #expect(try lint(["CLICOLOR_FORCE": "1"]).stdout.contains(Self.escape))
        #expect(try lint(["FORCE_COLOR": "1", "TERM": "dumb"]).stdout.contains(Self.escape), "forcing wins over TERM")
        #expect(!(try lint(["FORCE_COLOR": "0"])).stdout.contains(Self.escape))
        #expect(!(try lint(["CLICOLOR_FORCE": "0"])).stdout.contains(Self.escape))
        #expect(!(try lint(["FORCE_COLOR": "1", "NO_COLOR": "1"])).stdout.contains(Self.escape), "NO_COLOR wins")
        #expect(!(try lint(["FORCE_COLOR": "1"], ["--no-color"])).stdout.contains(Self.escape), "--no-color wins")
        // Never in a file, whatever is forced.
        _ = try lint(["FORCE_COLOR": "1"], ["--format", "text:out.txt"])
        #expect(!(try String(contentsOfFile: dir.path("out.txt"), encoding: .utf8)).contains(Self.escape))
    }

    /// On a real terminal (a pseudo-terminal from `script`): colour, but not for TERM=dumb,
    /// NO_COLOR or --no-color.
    @Test(.requires(.script)) func terminalColourHonoursTermDumbAndNoColor() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        func onTerminal(_ environment: [String: String], _ extra: String = "") throws -> String {
            var env = ["NO_COLOR": "", "FORCE_COLOR": "", "CLICOLOR_FORCE": "", "CLICOLOR": "", "TERM": "xterm"]
            for (key, value) in environment { env[key] = value }
            let command = "cd '\(dir.url.path)' && exec '\(CLI.binary.path)' lint \(extra)"
            let result = try CLI.runProgram(["script", "-q", "-e", "-c", command, "/dev/null"], environment: env)
            #expect(result.status == 1, "\(result.stdout)")
            return result.stdout
        }
        #expect(try onTerminal([:]).contains(Self.escape))
        #expect(!(try onTerminal(["TERM": "dumb"])).contains(Self.escape))
        #expect(!(try onTerminal(["NO_COLOR": "1"])).contains(Self.escape))
        #expect(!(try onTerminal([:], "--no-color")).contains(Self.escape))
    }

    // MARK: - rules --json

    @Test func rulesJSONListsEveryRuleWithSeverityAndOptions() throws {
        let result = try CLI.run(["rules", "--json"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let rules = try #require(try ReportFixtures.parseJSON(result.stdout) as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleDocs.ids.map(Optional.some))
        let text = try CLI.run(["rules"]).stdout.split(separator: "\n")
        #expect(rules.count == text.count)
        let tooLong = try #require(rules.first { $0["id"] as? String == "title-too-long" })
        #expect(tooLong["severity"] as? String == "warning")
        #expect((tooLong["summary"] as? String)?.isEmpty == false)
        let options = try #require(tooLong["options"] as? [[String: String]])
        #expect(options.contains { $0["name"] == "title" && $0["default"] == "30" && $0["expected"]?.contains("whole number") == true })
        #expect(rules.first { $0["id"] as? String == "untranslated" }?["severity"] as? String == "off")
        let one = try CLI.run(["rules", "title-too-long", "--json"])
        let object = try #require(try ReportFixtures.parseJSON(one.stdout) as? [String: Any])
        #expect(object["id"] as? String == "title-too-long")
        #expect((object["options"] as? [Any])?.count == options.count)
    }
}
