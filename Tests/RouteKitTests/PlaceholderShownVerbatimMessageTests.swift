import Testing
@testable import RouteKit

/// `placeholder-shown-verbatim` words each finding when its message is asked for, with the reason
/// of the file's dialect (made once per dialect, not per message): one finding per sequence as
/// written, in message order, and `%%` with its own reason.
@Suite struct PlaceholderShownVerbatimMessageTests {
    @Test func eachSequenceIsWordedWithItsDialectsReason() throws {
        let directory = try TemporaryDirectory()
        try directory.write([
            ".routekit.yml": "strings: [\"composeResources/values*/strings.xml\", \"s.yml\"]\nbase-locale: en\ncompose-version: 1.8.0\n",
            "composeResources/values/strings.xml": """
                <resources>
                    <string name="a">%1$s %.2f km</string>
                    <string name="b">%s, %d, %s and 50%%</string>
                </resources>

                """,
            "s.yml": "en:\n  c: '%d sessions'\n",
        ])
        let project = try directory.loadProject()
        let messages = Linter.lint(project, selection: LintSelection(only: ["placeholder-shown-verbatim"])).diagnostics.map(\.message)
        let compose = "fill only %1$s and %1$d; use %1$s, or format the value in code"
        #expect(messages == [
            "'a' in locale 'en' shows %.2f as typed: Compose resources 1.8.0 \(compose)",
            "'b' in locale 'en' shows %% as typed: Compose resources never unescape %% (the library fills %1$s and %1$d only)",
            "'b' in locale 'en' shows %d as typed: Compose resources 1.8.0 \(compose)",
            "'b' in locale 'en' shows %s as typed: Compose resources 1.8.0 \(compose)",
            "'c' in locale 'en' shows %d as typed: Ruby I18n fills only %{name} and %<name>s; use %{name}",
        ])
    }
}
