import Foundation
import Testing
@testable import RouteKit

/// Compose resources' `replaceWithArgs`, per library version, as its source has it (a table written
/// from JetBrains/compose-multiplatform's history: `%(\d)\$[ds]` until 1.7.x, `%(\d+)\$[ds]` from
/// 1.8.0; nothing else is ever replaced). See docs/DIALECTS.md.
@Suite struct ComposeDialectTests {
    static let old = StringDialect.compose(ComposeResourcesVersion(1, 7, 3))
    static let new = StringDialect.compose(ComposeResourcesVersion(1, 8, 0))

    @Test func fillsIndexedStringsAndDigitsOnly() {
        let text = "%1$s, %2$d, %s, %d, %.2f, %,d, %%, %@, %1$x, %1$S"
        #expect(DialectProbe.tokens(Self.new, text) == [
            "arg1:%1$s", "arg2:%2$d", "verbatim:%s", "verbatim:%d", "verbatim:%.2f", "verbatim:%,d", "verbatim:%%", "verbatim:%@",
            "verbatim:%1$x", "verbatim:%1$S",
        ])
        #expect(DialectProbe.render(Self.new, "%.2f km from %1$s (%2$d%%)", ["Berlin", "7"]) == "%.2f km from Berlin (7%%)")
    }

    /// Before 1.8.0 the index is one digit: `%10$s` is no placeholder (shown as typed).
    @Test func multiDigitIndexesFrom1_8() {
        let args = (1 ... 10).map { "a\($0)" }
        #expect(DialectProbe.render(Self.old, "%10$s|%1$s", args) == "%10$s|a1")
        #expect(DialectProbe.render(Self.new, "%10$s|%1$s", args) == "a10|a1")
        #expect(DialectProbe.tokens(Self.old, "%10$s") == ["verbatim:%10$s"])
    }

    /// What the library throws: the list lookup past its end (JVM wording). Bare `%s` with two
    /// arguments throws nothing: no released version fills bare placeholders.
    @Test func outOfRangeThrowsAndBareIsShown() {
        #expect(DialectProbe.render(Self.new, "%2$s", ["x"]) == "error: IndexOutOfBoundsException: Index 1 out of bounds for length 1")
        #expect(DialectProbe.render(Self.new, "%0$s", ["x"]) == "error: IndexOutOfBoundsException: Index -1 out of bounds for length 1")
        #expect(DialectProbe.render(Self.new, "%s %s", ["a", "b"]) == "%s %s")
        // `stringResource(res)` without arguments replaces nothing.
        #expect(DialectProbe.render(Self.new, "%1$s", []) == "%1$s")
        #expect(DialectProbe.tokens(Self.new, "%1$s", formatted: false) == ["verbatim:%1$s"])
    }

    @Test func versionFromTheGradleCatalog() {
        let plugin = """
        [versions]
        composeMultiplatform = "1.7.3"   # the plugin
        kotlin = "2.1.0"
        [plugins]
        composeMultiplatform = { id = "org.jetbrains.compose", version.ref = "composeMultiplatform" }
        """
        #expect(GradleVersionCatalog.composeVersion(in: plugin) == ComposeResourcesVersion(1, 7, 3))
        let library = """
        [libraries]
        resources = { module = "org.jetbrains.compose.components:components-resources", version = "1.8.0-beta01" }
        """
        #expect(GradleVersionCatalog.composeVersion(in: library) == ComposeResourcesVersion(1, 8, 0))
        #expect(GradleVersionCatalog.composeVersion(in: "[versions]\ncompose-multiplatform = \"1.6.11\"\n") == ComposeResourcesVersion(1, 6, 11))
        // `compose` alone may be AndroidX Compose: not read.
        #expect(GradleVersionCatalog.composeVersion(in: "[versions]\ncompose = \"1.5.4\"\n") == nil)
        #expect(ComposeResourcesVersion("1.x") == nil && ComposeResourcesVersion("1.8") == ComposeResourcesVersion(1, 8, 0))
    }

    /// End to end: the version comes from `gradle/libs.versions.toml`, and the config overrides it.
    @Test func lintReadsTheVersionOfTheProject() throws {
        let files: [(String, String)] = [
            ("gradle/libs.versions.toml", "[versions]\ncompose-multiplatform = \"1.7.3\"\n"),
            ("composeResources/values/strings.xml", "<resources>\n  <string name=\"t\">%10$s</string>\n</resources>\n"),
        ]
        let config = (".routekit.yml", "strings: [\"composeResources/values*/strings.xml\"]\nbase-locale: en\n")
        #expect(try DialectProbe.lint(files + [config], only: ["placeholder-shown-verbatim"])
                == ["placeholder-shown-verbatim composeResources/values/strings.xml:2"])
        let newer = (".routekit.yml", config.1 + "compose-version: 1.8.0\n")
        #expect(try DialectProbe.lint(files + [newer], only: ["placeholder-shown-verbatim"]) == [])
    }
}
