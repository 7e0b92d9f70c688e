import Foundation
import Testing
@testable import RouteKit

/// Ruby I18n's interpolation, held to Ruby I18n itself (`I18n.t` through its Simple backend).
@Suite struct RailsDialectTests {
    @Test func onlyRubyPlaceholdersAreFilled() {
        #expect(DialectProbe.tokens(.rails, "%{room} %<n>.1f %d %1$s %% %{x-y}") == [
            "arg:%{room}", "arg:%<n>.1f", "verbatim:%d", "verbatim:%1$s", "escape(\"%\"):%%",
        ])
        #expect(DialectProbe.tokens(.rails, "%{scope}") == ["crash(I18n::ReservedInterpolationKey: reserved key :scope used):%{scope}"])
        // strftime and number patterns are no placeholders.
        #expect(DialectProbe.tokens(.rails, "%e %B %Y") == [])
        #expect(RailsDialect.isFormatPatternKey("date.formats.with_month_name"))
        #expect(RailsDialect.isFormatPatternKey("number.human.decimal_units.format"))
        #expect(!RailsDialect.isFormatPatternKey("formats.short"))
    }

    /// Every reserved name is told by its bytes, and no other name: the names themselves, each
    /// cut or grown by a byte, and names of the same lengths.
    @Test func reservedNamesAreToldByTheirBytes() {
        func isReserved(_ name: String) -> Bool { Array(name.utf8).withUnsafeBufferPointer(RailsDialect.isReserved) }
        for name in RailsDialect.reservedNames {
            #expect(isReserved(name), "\(name)")
            #expect(!isReserved(String(name.dropLast())), "\(name)")
            #expect(!isReserved(name + "s"), "\(name)")
            #expect(!isReserved(String(name.dropFirst()) + "x"), "\(name)")
            #expect(!isReserved(name.uppercased()), "\(name)")
        }
        for name in ["count", "name", "", "n", "user", "scopes", "defaults", "formats", "objects"] {
            #expect(!isReserved(name), "\(name)")
        }
    }

    /// The same templates and values through Ruby I18n and through routekit: the same text, or
    /// both fail with the same exception class.
    @Test(.requires(.rubyI18n)) func agreesWithRubyI18n() throws {
        let templates = ["Room %{room}", "100%% %{room}", "%d talks in %{room}", "%<n>.1f stars", "%<n>05.1f", "%<room>s!",
                         "%{missing}", "plain 100%%", "%{room} %{room}", "%{a|b}", "%1$s and %{room}", "%{scope}"]
        let valueSets: [[String: String]] = [["room": "A", "n": "3.14159"], [:]]
        var cases: [(String, [String: String])] = []
        for template in templates { for values in valueSets { cases.append((template, values)) } }
        let lines = cases.map { template, values in
            ([template] + values.keys.sorted().flatMap { [$0, values[$0]!] }).joined(separator: "\t")
        }
        let dir = try TemporaryDirectory().write([
            "oracle.rb": """
            require 'i18n'
            I18n.available_locales = [:en]
            STDOUT.sync = true
            File.readlines(ARGV[0], chomp: true).each_with_index do |line, i|
              template, *pairs = line.split("\\t", -1)
              values = {}
              pairs.each_slice(2) { |k, v| values[k.to_sym] = (k == "n" ? v.to_f : v) }
              I18n.backend.store_translations(:en, { "k#{i}": template })
              begin
                puts I18n.t(:"k#{i}", locale: :en, **values)
              rescue => e
                puts "ERR #{e.class}"
              end
            end
            """,
            "cases.tsv": lines.joined(separator: "\n") + "\n",
        ])
        let run = try ReportFixtures.runTool(["ruby", dir.path("oracle.rb"), dir.path("cases.tsv")])
        #expect(run.status == 0, "\(run.output)")
        let answers = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(answers.count >= cases.count)
        var disagreements: [String] = []
        for (index, (template, values)) in cases.enumerated() {
            var mine = DialectProbe.render(.rails, template, named: values)
            if mine.hasPrefix("error: ") { mine = "ERR " + (String(mine.dropFirst("error: ".count)).components(separatedBy: ": ").first ?? "") }
            if mine != answers[index] { disagreements.append("\(template) \(values): routekit '\(mine)', Ruby '\(answers[index])'") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// Mastodon's `be` date formats use `%e` (strftime's day), never a printf float: no finding.
    @Test func dateFormatsAreNotPlaceholders() throws {
        let findings = try DialectProbe.lint([
            (".routekit.yml", "strings: [\"*.yml\"]\nbase-locale: en\n"),
            ("en.yml", "en:\n  date:\n    formats:\n      with_month_name: \"%B %d, %Y\"\n  number:\n    human:\n      decimal_units:\n        format: \"%n %u\"\n"),
            ("be.yml", "be:\n  date:\n    formats:\n      with_month_name: \"%e %B %Y\"\n  number:\n    human:\n      decimal_units:\n        format: \"%n %u\"\n"),
        ], only: ["placeholder-mismatch", "placeholder-shown-verbatim", "format-crash"])
        #expect(findings == [])
    }
}
