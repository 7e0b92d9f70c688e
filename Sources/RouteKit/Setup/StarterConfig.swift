import FoundationEssentials

/// The text of the `.routekit.yml` that `routekit init` writes: every field explained in a
/// comment, the detected ones set, the optional ones commented out.
public enum StarterConfig {
    /// Used for `strings:` when no strings file was found: the conventional place, a glob that
    /// matches nothing yet (an empty glob is not an error, so the config lints cleanly).
    public static let defaultStringsGlob = "strings/*.yml"
    public static let defaultBaseLocale = "en"

    public static func render(_ inputs: DetectedInputs, sources: DetectedSources = DetectedSources()) -> String {
        var lines = [
            "# routekit project config, written by `routekit init`.",
            "# Paths and globs are relative to this file and may not leave its directory.",
            "# Check the project with `routekit lint`; list the rules with `routekit rules`.",
            "",
            "# The route catalog: one file or a list of files/globs. Leave it out for a strings-only project.",
        ]
        switch inputs.catalogs.count {
        case 0: lines.append("# catalog: routes.yml")
        case 1: lines.append("catalog: \(quote(inputs.catalogs[0]))")
        default: lines.append("catalog: \(list(inputs.catalogs))")
        }

        lines += ["", "# String resources in Rails-i18n layout (the top-level key is the locale): globs."]
        if inputs.strings.isEmpty {
            lines.append("# Nothing found yet: put files such as strings/en.yml here.")
            lines.append("strings: \(list([defaultStringsGlob]))")
        } else {
            lines.append("strings: \(list(inputs.strings))")
        }

        lines += ["", "# The source language: every key must exist in it."]
        lines.append("base-locale: \(quote(inputs.baseLocale ?? defaultBaseLocale))")

        lines += ["", "# Locales that must be complete. Leave it out to require every locale found."]
        if inputs.locales.isEmpty {
            lines.append("# locales: [en, de, ja]")
        } else {
            lines.append("locales: \(list(inputs.locales))")
        }

        lines += ["", "# The app's own code, checked against the catalog: Kotlin routes and push sites, the Swift TabView",
                  "# and the String Catalogs of its labels (see \"Checking the app's code\" in docs/GUIDE.md)."]
        if sources.isEmpty {
            lines += ["# sources:", "#   kotlin: [shared/src/commonMain/kotlin/**/*.kt]", "#   swift: [iosApp/**/*.swift, iosApp/**/*.xcstrings]"]
        } else {
            lines.append("sources:")
            if !sources.kotlin.isEmpty {
                let named = [("route-interface", sources.routeInterface), ("tab-interface", sources.tabInterface)]
                    .compactMap { field, name in name.map { "\(field): \(quote($0))" } }
                lines.append("  kotlin: " + (named.isEmpty ? list(sources.kotlin)
                    : "{ globs: \(list(sources.kotlin)), \(named.joined(separator: ", ")) }"))
            }
            if !sources.swift.isEmpty { lines.append("  swift: \(list(sources.swift))") }
        }

        lines += [
            "",
            "# Each strings file is read as its platform reads it (its dialect: compose, android, apple, rails),",
            "# from its path: composeResources/values*/ compose, res/values*/ android, .xcstrings apple, YAML rails.",
            "# Set it per glob for YAML that mirrors another platform: - { glob: strings/*.yml, dialect: compose }",
            "# The Compose resources library's version (read from gradle/libs.versions.toml when it is there).",
            "# compose-version: 1.8.0",
            "",
            "# Extra fallbacks per locale, tried before the CLDR chain.",
            "# fallbacks: { pt-AO: [pt-PT] }",
            "",
            "# Per-rule severity: off | info | warning | error, or { severity: ..., option: value }.",
            "# rules:",
            "#   untranslated: off",
            "#   title-too-long: { severity: warning, tab-label: 12, title: 30 }",
            "",
            "# Findings to hide, recorded with `routekit lint --write-baseline .routekit-baseline.json`.",
            "# baseline: .routekit-baseline.json",
            "",
            "# Keys whose findings to hide, by rule ([] hides all): String Catalogs have no comments.",
            "# ignore-keys:",
            "#   \"Golden Kodee\": [untranslated]",
            "",
            "# Allow inputs outside this directory (default false).",
            "# allow-outside-root: true",
            "",
            "# Input limits (defaults shown): bytes per file and in total, nesting depth,",
            "# bytes per value and per dotted key, YAML nodes per file, locales, listed findings",
            "# of a rule whose count multiplies, bytes across the catalog files.",
            "# limits:",
            "#   file-size: \(InputLimits.default.fileSize)",
            "#   total-size: \(InputLimits.default.totalSize)",
            "#   depth: \(InputLimits.default.depth)",
            "#   scalar-length: \(InputLimits.default.scalarLength)",
            "#   key-length: \(InputLimits.default.keyLength)",
            "#   node-count: \(InputLimits.default.nodeCount)",
            "#   locales: \(InputLimits.default.locales)",
            "#   findings: \(InputLimits.default.findings)",
            "#   catalog-size: \(InputLimits.default.catalogSize)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[a, b]` in YAML flow style, each item quoted when it has to be.
    static func list(_ items: [String]) -> String {
        "[" + items.map(quote).joined(separator: ", ") + "]"
    }

    /// A plain scalar when that reads back as the same text (in block and flow context),
    /// otherwise a double-quoted one.
    static func quote(_ text: String) -> String {
        let safeFirst = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./")
        let safeRest = safeFirst.union("-*?")
        let nulls: Set<String> = ["~", "null", "Null", "NULL"]
        if let first = text.first, safeFirst.contains(first), text.allSatisfy({ safeRest.contains($0) }),
           !nulls.contains(text) {
            return text
        }
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += CFormat.format("\\x%02X", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
