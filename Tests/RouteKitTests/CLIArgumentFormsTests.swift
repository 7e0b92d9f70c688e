import Foundation
import Testing
@testable import RouteKit

/// The argument forms people type (issue 31 item 10): `--flag=true`, `-fjson`, `routekit version`,
/// did-you-mean for rule ids, and one punctuation mark between sentences.
@Suite struct CLIArgumentFormsTests {
    static let warningsOnly: [String: String] = [
        ".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\n",
        "routes.yml": "routes:\n  ScheduleScreen:\n    tab: {}\n    title: schedule\n",
        "strings.yml": "en:\n  schedule: Schedule\n",
    ]

    @Test func aFlagTakesTrueOrFalse() throws {
        let dir = try TemporaryDirectory().write(Self.warningsOnly)
        // A warning (tab-missing-icon) fails only with --strict.
        #expect(try CLI.run(["lint", "--strict=true"], in: dir.url).status == 1)
        #expect(try CLI.run(["lint", "--strict=false"], in: dir.url).status == 0)
        let odd = try CLI.run(["lint", "--strict=maybe"], in: dir.url)
        #expect(odd.status == 2)
        #expect(odd.stderr.contains("--strict takes no value (true or false at most), found 'maybe'"))
    }

    @Test func aShortOptionTakesItsValueAttached() throws {
        let dir = try TemporaryDirectory().write(Self.warningsOnly)
        let run = try CLI.run(["lint", "-fjson"], in: dir.url)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("{"))
    }

    @Test func versionIsACommandToo() throws {
        let word = try CLI.run(["version"])
        #expect(word.status == 0)
        #expect(word.stdout == (try CLI.run(["--version"])).stdout)
    }

    @Test func aMisspelledRuleGetsADidYouMean() throws {
        let dir = try TemporaryDirectory().write(Self.warningsOnly)
        let lint = try CLI.run(["lint", "--only", "tab-root-missng-title"], in: dir.url)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("unknown rule 'tab-root-missng-title'; did you mean 'tab-root-missing-title'? See 'routekit rules'."))
        let rules = try CLI.run(["rules", "tab-root-missng-title"])
        #expect(rules.status == 2)
        #expect(rules.stderr.contains("did you mean 'tab-root-missing-title'? Run 'routekit rules' for the list."))
    }

    @Test func oneMarkBetweenSentences() throws {
        let near = try CLI.run(["completions", "bsh"])
        #expect(near.stderr.contains("unknown shell 'bsh'; did you mean 'bash'? Use one of bash, zsh, fish"))
        #expect(!near.stderr.contains("?;"))
        let far = try CLI.run(["completions", "xyzzy"])
        #expect(far.stderr.contains("unknown shell 'xyzzy'; use one of bash, zsh, fish"))
    }
}

extension CLIArgumentFormsTests {
    /// Issue 31 item 6: `lint routes.yml` with no project above it linted nothing and passed.
    /// A routekit input that no project holds is refused; any other file stays ignored (pre-commit).
    @Test func anInputNoProjectHoldsIsRefused() throws {
        let dir = try TemporaryDirectory().write([
            "routes.yml": "routes:\n  A: { title: a }\n", "locales/de.yml": "de:\n  a: A\n",
            "values/strings.xml": "<resources/>\n", "notes.yml": "x: 1\n",
        ])
        for (file, kind) in [("routes.yml", "a route catalog"), ("locales/de.yml", "a strings file"), ("values/strings.xml", "a strings file")] {
            let run = try CLI.run(["lint", file], in: dir.url)
            #expect(run.status == 2, "\(file)")
            #expect(run.stderr.contains("\(file) is \(kind), but no .routekit.yml is above it"), "\(run.stderr)")
        }
        #expect(try CLI.run(["lint", "notes.yml"], in: dir.url).status == 0)
    }
}
