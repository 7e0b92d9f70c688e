"""`routekit lsp` driven by a real LSP client (pytest-lsp) on the conference app."""
import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from helpers import (CATALOG, CONTENT_VIEW, NAVHOST, ROUTES_KT, STRINGS_DE, STRINGS_EN, change_document,
                     diagnostics_where, line_of, open_document, position_of, uri)

PUSH = "SessionScreen(sessionId, null)"


def codes(diagnostics):
    return sorted(d.code for d in diagnostics)


async def test_initialize_reports_capabilities_and_utf16(bare: LanguageClient, project):
    from conftest import start
    result = await start(bare, project)
    capabilities = result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.hover_provider and capabilities.definition_provider and capabilities.references_provider
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert "." in capabilities.completion_provider.trigger_characters
    assert result.server_info.name == "routekit"
    await bare.shutdown_session()


async def test_diagnostics_on_open(client: LanguageClient, project):
    text = open_document(client, project, NAVHOST, language="kotlin")
    found = await diagnostics_where(client, uri(project, NAVHOST), lambda d: "push-without-title" in codes(d))
    push = next(d for d in found if d.code == "push-without-title")
    start = position_of(text, PUSH, offset=len("SessionScreen(sessionId, "))
    assert push.range.start == start
    assert push.range.end == types.Position(line=start.line, character=start.character + 4)  # `null`
    assert push.severity == types.DiagnosticSeverity.Warning
    assert push.source == "routekit"
    assert push.message == ("SessionScreen is pushed (NavRequest) with title null: "
                            "a blank navigation bar title and back-menu entry")
    assert push.code_description.href.endswith("/lint-rules/push-without-title.yml")
    assert codes(found) == ["literal-title"] * 4 + ["push-without-title"]
    # Files that are not open are published too: the catalog's findings, the strings'.
    catalog = await diagnostics_where(client, uri(project, CATALOG), lambda d: len(d) > 0)
    assert "detail-missing-title" in codes(catalog)
    missing = await diagnostics_where(client, uri(project, STRINGS_EN), lambda d: len(d) > 0)
    assert "missing-translation" in codes(missing)


async def test_scripted_edit_clears_push_without_title_and_hover_shows_the_title(client: LanguageClient, project):
    """The issue's editing run: the notification push's `null` title becomes a stringResource value."""
    navhost = uri(project, NAVHOST)
    text = open_document(client, project, NAVHOST, language="kotlin")
    await diagnostics_where(client, navhost, lambda d: "push-without-title" in codes(d))
    null = position_of(text, PUSH, offset=len("SessionScreen(sessionId, "))
    function = position_of(text, "fun navigateToSession(sessionId: SessionId) {\n", offset=len("fun navigateToSession(sessionId: SessionId) {\n"))
    change_document(client, project, NAVHOST, 2, [
        # The null first (later in the text), then the line that binds the value.
        types.TextDocumentContentChangePartial(
            range=types.Range(start=null, end=types.Position(line=null.line, character=null.character + 4)), text="sessionTitle"),
        types.TextDocumentContentChangePartial(
            range=types.Range(start=function, end=function),
            text="    val sessionTitle = stringResource(Res.string.session_title)\n"),
    ])
    after = await diagnostics_where(client, navhost, lambda d: "push-without-title" not in codes(d))
    assert codes(after) == ["literal-title"] * 4
    # Moved a line down by the insertion: positions follow the unsaved text.
    assert [d.range.start.line for d in after] == [348, 348, 569, 569]
    edited = text.replace(PUSH, "SessionScreen(sessionId, sessionTitle)").replace(
        "fun navigateToSession(sessionId: SessionId) {\n",
        "fun navigateToSession(sessionId: SessionId) {\n    val sessionTitle = stringResource(Res.string.session_title)\n")
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=navhost),
        position=position_of(edited, "SessionScreen(sessionId, sessionTitle)", offset=3)))
    value = hover.contents.value
    assert value.startswith("**route** `SessionScreen` — class")
    assert "Title pushed as `session_title`: en: Session · de: Sitzung" in value
    assert "| en | param `title`, else empty | *(none)* |" in value
    start = position_of(edited, "SessionScreen(sessionId, sessionTitle)")
    assert hover.range == types.Range(start=start, end=types.Position(line=start.line, character=start.character + len("SessionScreen")))
    # The catalog's finding about the push that left the title out is gone too (the catalog is
    # not open): every push now passes one.
    await diagnostics_where(client, uri(project, CATALOG), lambda d: len(d) > 0 and "optional-title-without-fallback" not in codes(d))


async def test_change_in_strings_updates_the_catalog_across_files(client: LanguageClient, project):
    strings = open_document(client, project, STRINGS_EN, language="xml")
    await diagnostics_where(client, uri(project, CATALOG), lambda d: len(d) > 0)
    start = position_of(strings, '"nav_destination_schedule"', offset=1)
    change_document(client, project, STRINGS_EN, 2, [types.TextDocumentContentChangePartial(
        range=types.Range(start=start, end=types.Position(line=start.line, character=start.character + len("nav_destination_schedule"))),
        text="nav_destination_timetable")])
    catalog_text = (project / CATALOG).read_text()
    found = await diagnostics_where(client, uri(project, CATALOG), lambda d: "unknown-string-key" in codes(d))
    unknown = next(d for d in found if d.code == "unknown-string-key")
    assert unknown.severity == types.DiagnosticSeverity.Error
    assert unknown.range.start == position_of(catalog_text, "nav_destination_schedule")
    assert unknown.message.startswith("string key 'nav_destination_schedule' of route 'ScheduleScreen' is not defined in base locale 'en'")
    # Saved text is unchanged: closing the document goes back to the file, and the error goes.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(project, STRINGS_EN))))
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "unknown-string-key" not in codes(d))


async def test_full_document_sync(client: LanguageClient, project):
    text = open_document(client, project, NAVHOST, language="kotlin")
    await diagnostics_where(client, uri(project, NAVHOST), lambda d: "push-without-title" in codes(d))
    change_document(client, project, NAVHOST, 2, [types.TextDocumentContentChangeWholeDocument(
        text=text.replace(PUSH, "SessionScreen(sessionId, \"\")"))])
    found = await diagnostics_where(client, uri(project, NAVHOST), lambda d: any("with title \"\"" in x.message for x in d))
    assert "push-without-title" in codes(found)


async def hover_at(client, project, relative, text, needle, occurrence=0, offset=1):
    return await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, relative)),
        position=position_of(text, needle, occurrence, offset)))


async def test_hover_on_a_key_in_kotlin_in_strings_and_in_the_catalog(client: LanguageClient, project):
    navhost = open_document(client, project, NAVHOST, language="kotlin")
    hover = await hover_at(client, project, NAVHOST, navhost, "Res.string.about_app_title", offset=len("Res.string.") + 2)
    value = hover.contents.value
    assert value.startswith("**string key** `about_app_title`")
    assert "| en | About the app | app/shared/src/commonMain/composeResources/values/strings.xml:" in value
    assert "| de | Über die App | app/shared/src/commonMain/composeResources/values-de/strings.xml:" in value

    strings = open_document(client, project, STRINGS_EN, language="xml")
    hover = await hover_at(client, project, STRINGS_EN, strings, '"settings_external_navigation"')
    value = hover.contents.value
    assert value.startswith("**string key** `settings_external_navigation`")
    # Missing in German: the English text, marked as the fallback.
    line = line_of(strings, '"settings_external_navigation"') + 1
    assert f"*(fallback: en)* | app/shared/src/commonMain/composeResources/values/strings.xml:{line} |" in value

    catalog = open_document(client, project, CATALOG, language="yaml")
    hover = await hover_at(client, project, CATALOG, catalog, "nav_destination_schedule")
    assert "| en | Schedule |" in hover.contents.value and "| de | Programm |" in hover.contents.value


async def test_hover_on_plural_forms(client: LanguageClient, project):
    strings = open_document(client, project, STRINGS_EN, language="xml")
    name = strings[strings.rindex('<plurals name="', 0, strings.index('quantity="one">%1$d session found')):].split('"')[1]
    hover = await hover_at(client, project, STRINGS_EN, strings, f'"{name}"')
    assert "one: %1$d session found · other: %1$d sessions found" in hover.contents.value


async def test_hover_on_routes(client: LanguageClient, project):
    catalog = open_document(client, project, CATALOG, language="yaml")
    hover = await hover_at(client, project, CATALOG, catalog, "ScheduleScreen:")
    value = hover.contents.value
    assert value.startswith("**route** `ScheduleScreen` — object, tab root")
    assert "| en | Schedule | *(none)* |" in value and "| de | Programm | *(none)* |" in value
    # A tab root: the tab bar's label from the String Catalog, per locale.
    assert "**tab** 1 of 5, root `ScheduleScreen`, icon `clock`" in value
    routes = open_document(client, project, ROUTES_KT, language="kotlin")
    hover = await hover_at(client, project, ROUTES_KT, routes, "data class SessionScreen", offset=len("data class "))
    assert hover.contents.value.startswith("**route** `SessionScreen` — class; params: `sessionId: SessionId`, `title: String?`")
    assert "Pushed at 5 sites, with the title: null (1), the value `title` (4)" in hover.contents.value


async def test_hover_on_a_tab(client: LanguageClient, project):
    view = open_document(client, project, CONTENT_VIEW, language="swift")
    hover = await hover_at(client, project, CONTENT_VIEW, view, 'Tab(String(localized: "Golden Kodee")', offset=1)
    value = hover.contents.value
    assert value.startswith("**tab** 3 of 5, root `GoldenKodeeScreen`, icon `trophy`")
    assert "| en | Golden Kodee |" in value
    assert "| de | Golden Kodee |" in value


async def test_hover_on_a_swift_localized_key(client: LanguageClient, project):
    view = open_document(client, project, CONTENT_VIEW, language="swift")
    hover = await hover_at(client, project, CONTENT_VIEW, view, 'title: String(localized: "Schedule")', offset=len('title: String(localized: "') + 2)
    value = hover.contents.value
    assert value.startswith("**string key** `Schedule`")
    assert "| de | Programm | app/iosApp/Localizable.xcstrings:" in value
    start = position_of(view, 'title: String(localized: "Schedule")', offset=len('title: String(localized: "'))
    assert hover.range == types.Range(start=start, end=types.Position(line=start.line, character=start.character + len("Schedule")))


async def test_hover_on_nothing_is_null(client: LanguageClient, project):
    navhost = open_document(client, project, NAVHOST, language="kotlin")
    assert await hover_at(client, project, NAVHOST, navhost, "fun navigateToSession", offset=1) is None


def location_lines(locations, project):
    return sorted((loc.uri.replace(project.as_uri() + "/", ""), loc.range.start.line) for loc in locations)


async def test_definition_of_a_key_and_of_routes_both_ways(client: LanguageClient, project):
    catalog = open_document(client, project, CATALOG, language="yaml")
    strings = (project / STRINGS_EN).read_text()
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, CATALOG)), position=position_of(catalog, "nav_destination_schedule", offset=3)))
    assert location_lines(result, project) == [(STRINGS_EN, line_of(strings, '"nav_destination_schedule"'))]
    assert result[0].range.start == position_of(strings, '<string name="nav_destination_schedule"')
    routes = (project / ROUTES_KT).read_text()
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, CATALOG)), position=position_of(catalog, "SessionScreen:", offset=2)))
    assert location_lines(result, project) == [(ROUTES_KT, line_of(routes, "data class SessionScreen"))]
    open_document(client, project, ROUTES_KT, language="kotlin")
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, ROUTES_KT)),
        position=position_of(routes, "data class SessionScreen", offset=len("data class ") + 1)))
    assert location_lines(result, project) == [(CATALOG, line_of(catalog, "  SessionScreen:"))]


async def test_references_of_a_key(client: LanguageClient, project):
    catalog = open_document(client, project, CATALOG, language="yaml")
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, CATALOG)), position=position_of(catalog, "nav_destination_schedule", offset=1),
        context=types.ReferenceContext(include_declaration=True)))
    en = (project / STRINGS_EN).read_text()
    de = (project / STRINGS_DE).read_text()
    assert location_lines(result, project) == sorted([
        (STRINGS_EN, line_of(en, '"nav_destination_schedule"')),
        (STRINGS_DE, line_of(de, '"nav_destination_schedule"')),
        (CATALOG, line_of(catalog, "title: nav_destination_schedule")),
    ] + [(f"app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation/NavScaffold.kt", line)
         for line in kotlin_lines(project, "Res.string.nav_destination_schedule")])


def kotlin_lines(project, needle):
    text = (project / "app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation/NavScaffold.kt").read_text()
    return [i for i, line in enumerate(text.split("\n")) if needle in line]


async def test_references_of_a_route(client: LanguageClient, project):
    routes = open_document(client, project, ROUTES_KT, language="kotlin")
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, ROUTES_KT)),
        position=position_of(routes, "data class SessionScreen", offset=len("data class ") + 1),
        context=types.ReferenceContext(include_declaration=True)))
    files = [f for f, _ in location_lines(result, project)]
    assert files.count(NAVHOST) == 5  # the five pushes
    assert files.count(ROUTES_KT) == 1 and files.count(CATALOG) >= 1


async def code_actions(client, project, relative, text, needle, offset=0):
    at = position_of(text, needle, offset=offset)
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, relative)),
        range=types.Range(start=at, end=at), context=types.CodeActionContext(diagnostics=[])))


def apply(text, edits):
    """`text` with LSP edits applied (UTF-16 positions; the texts here are ASCII where edited)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start = offsets[edit.range.start.line] + edit.range.start.character
        end = offsets[edit.range.end.line] + edit.range.end.character
        text = text[:start] + edit.new_text + text[end:]
    return text


async def test_code_actions_for_a_mistyped_key(client: LanguageClient, project):
    catalog = (project / CATALOG).read_text().replace("title: nav_destination_schedule", "title: nav_destination_shedule")
    open_document(client, project, CATALOG, text=catalog, language="yaml")
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "unknown-string-key" in codes(d))
    actions = await code_actions(client, project, CATALOG, catalog, "nav_destination_shedule", offset=2)
    titles = [a.title for a in actions]
    assert titles == ["Change 'nav_destination_shedule' to 'nav_destination_schedule'",
                      "Add 'nav_destination_shedule' to base locale 'en' (placeholder text)"]
    fix = actions[0]
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    assert fix.diagnostics[0].code == "unknown-string-key"
    (edits,) = fix.edit.changes.values()
    assert apply(catalog, edits) == (project / CATALOG).read_text()
    # The other: the key added before </resources>, indented as its neighbours, marked as a placeholder.
    (target, edits), = actions[1].edit.changes.items()
    assert target == uri(project, STRINGS_EN)
    strings = (project / STRINGS_EN).read_text()
    added = apply(strings, edits)
    assert added == strings.replace("</resources>", '    <string name="nav_destination_shedule">TODO: nav_destination_shedule</string>\n</resources>')
    # Applied (saved), the key exists: the error goes.
    (project / STRINGS_EN).write_text(added)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri(project, STRINGS_EN), type=types.FileChangeType.Changed)]))
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "unknown-string-key" not in codes(d))


async def test_code_action_data_object_to_class(client: LanguageClient, project):
    original = (project / CATALOG).read_text()
    catalog = original.replace("  AboutConferenceScreen:\n", "  AboutConferenceScreen:\n    declaration: object\n")
    open_document(client, project, CATALOG, text=catalog, language="yaml")
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "data-object-needs-instance-title" in codes(d))
    marker = "AboutConferenceScreen:\n    declaration: object"
    actions = await code_actions(client, project, CATALOG, catalog, marker, offset=len(marker) - len("object"))
    (action,) = [a for a in actions if a.diagnostics[0].code == "data-object-needs-instance-title"]
    assert action.title == "Declare 'AboutConferenceScreen' as a class (declaration: class)"
    (edits,) = action.edit.changes.values()
    assert apply(catalog, edits) == original.replace("  AboutConferenceScreen:\n", "  AboutConferenceScreen:\n    declaration: class\n")


async def test_code_action_entry_true(client: LanguageClient, project):
    original = (project / CATALOG).read_text()
    catalog = original.replace("routes:\n", "routes:\n  OnboardingScreen:  # shown first\n    title: session_title\n", 1)
    open_document(client, project, CATALOG, text=catalog, language="yaml")
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "unreachable-route" in codes(d))
    actions = await code_actions(client, project, CATALOG, catalog, "OnboardingScreen", offset=1)
    (action,) = [a for a in actions if a.diagnostics[0].code == "unreachable-route"]
    assert action.title == "Mark 'OnboardingScreen' as an entry route (entry: true)"
    (edits,) = action.edit.changes.values()
    fixed = apply(catalog, edits)
    assert fixed == catalog.replace("  OnboardingScreen:  # shown first\n", "  OnboardingScreen:  # shown first\n    entry: true\n")
    change_document(client, project, CATALOG, 2, [types.TextDocumentContentChangeWholeDocument(text=fixed)])
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "unreachable-route" not in codes(d))


async def test_completion_of_keys_in_kotlin_and_in_the_catalog(client: LanguageClient, project):
    text = open_document(client, project, NAVHOST, language="kotlin")
    marker = "stringResource(Res.string.about_app_title)"
    typed = text.replace(marker, "stringResource(Res.string.nav_dest)", 1)
    change_document(client, project, NAVHOST, 2, [types.TextDocumentContentChangeWholeDocument(text=typed)])
    at = position_of(typed, "Res.string.nav_dest", offset=len("Res.string.nav_dest"))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, NAVHOST)), position=at))
    labels = [item.label for item in result.items]
    assert "nav_destination_schedule" in labels and all(label.startswith("nav_dest") for label in labels)
    item = next(item for item in result.items if item.label == "nav_destination_schedule")
    assert item.detail == "Schedule"
    assert item.text_edit.range == types.Range(start=types.Position(line=at.line, character=at.character - len("nav_dest")), end=at)

    catalog = (project / CATALOG).read_text().replace("title: nav_destination_schedule", "title: nav_")
    open_document(client, project, CATALOG, text=catalog, language="yaml")
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, CATALOG)), position=position_of(catalog, "title: nav_", offset=len("title: nav_"))))
    assert "nav_destination_schedule" in [item.label for item in result.items]
    # Not a key position: nothing.
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(project, CATALOG)), position=position_of(catalog, "routes:", offset=3)))
    assert result is None or result.items == []


async def test_a_malformed_document_is_a_diagnostic_and_the_server_goes_on(client: LanguageClient, project):
    catalog = (project / CATALOG).read_text().replace("  ScheduleScreen:\n", "  ScheduleScreen: [\n", 1)
    open_document(client, project, CATALOG, text=catalog, language="yaml")
    found = await diagnostics_where(client, uri(project, CATALOG), lambda d: "yaml-syntax" in codes(d))
    error = next(d for d in found if d.code == "yaml-syntax")
    assert error.severity == types.DiagnosticSeverity.Error
    assert error.range.start.line >= line_of(catalog, "ScheduleScreen: [")
    # Garbage bytes, a NUL, a huge line: still diagnostics, and the server answers.
    change_document(client, project, CATALOG, 2, [types.TextDocumentContentChangeWholeDocument(text="routes:\n  \x00bad: {" + "x" * 100000)])
    await diagnostics_where(client, uri(project, CATALOG), lambda d: "yaml-syntax" in codes(d) and d != found)
    navhost = open_document(client, project, NAVHOST, language="kotlin")
    hover = await hover_at(client, project, NAVHOST, navhost, "Res.string.about_app_title", offset=len("Res.string.") + 2)
    assert hover.contents.value.startswith("**string key** `about_app_title`")


async def test_a_broken_config_is_an_error_at_the_config_and_a_fix_clears_it(client: LanguageClient, project):
    config = project / ".routekit.yml"
    good = config.read_text()
    open_document(client, project, ".routekit.yml", text=good.replace("base-locale: en", "base-locale: [en"), language="yaml")
    found = await diagnostics_where(client, uri(project, ".routekit.yml"), lambda d: len(d) > 0)
    assert found[0].severity == types.DiagnosticSeverity.Error
    change_document(client, project, ".routekit.yml", 2, [types.TextDocumentContentChangeWholeDocument(text=good)])
    await diagnostics_where(client, uri(project, ".routekit.yml"), lambda d: len(d) == 0)
    catalog = await diagnostics_where(client, uri(project, CATALOG), lambda d: len(d) > 0)
    assert "detail-missing-title" in codes(catalog)


async def test_unknown_requests_are_errors_not_exits(client: LanguageClient, project):
    with pytest.raises(Exception) as raised:
        await client.protocol.send_request_async("routekit/nonsense", None)
    assert "routekit does not handle 'routekit/nonsense'" in str(raised.value)
    navhost = open_document(client, project, NAVHOST, language="kotlin")
    hover = await hover_at(client, project, NAVHOST, navhost, "Res.string.about_app_title", offset=len("Res.string.") + 2)
    assert hover is not None


async def test_neovim_capabilities_get_utf32_positions(bare: LanguageClient, project):
    from conftest import start
    from pytest_lsp import client_capabilities
    result = await start(bare, project, client_capabilities("neovim"))
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf32
    # A literal title with an emoji (two UTF-16 units, one scalar) and its variation selector:
    # the finding's end counts each as one.
    catalog = (project / CATALOG).read_text().replace(
        "    title: nav_destination_schedule", '    title: { text: "🗓️ Schedule" }', 1)
    open_document(bare, project, CATALOG, text=catalog, language="yaml")
    found = await diagnostics_where(bare, uri(project, CATALOG), lambda d: "literal-title" in codes(d))
    literal = next(d for d in found if d.code == "literal-title")
    line = catalog.split("\n")[literal.range.start.line]
    assert line == '    title: { text: "🗓️ Schedule" }'
    assert literal.range.start.character == line.index('"')
    assert literal.range.end.character == len(line) - 2  # after the closing quote, in scalars
    await bare.shutdown_session()


async def test_shutdown_then_exit_ends_the_server_with_0(bare: LanguageClient, project):
    from conftest import start
    await start(bare, project)
    await bare.shutdown_session()
    assert bare._server.returncode == 0


async def test_a_crash_in_a_request_is_an_error_and_a_new_server_takes_over(crashing: LanguageClient, project):
    """The server process dies in a request: that request fails, the request after it is answered
    by a new server, which has the unsaved text (an incremental change computed against it lands
    where it should)."""
    from conftest import start
    await start(crashing, project)
    navhost = uri(project, NAVHOST)
    text = open_document(crashing, project, NAVHOST, language="kotlin")
    edited = text.replace(PUSH, 'SessionScreen(sessionId, "")')
    change_document(crashing, project, NAVHOST, 2, [types.TextDocumentContentChangeWholeDocument(text=edited)])
    await diagnostics_where(crashing, navhost, lambda d: any('with title ""' in x.message for x in d))
    crash = crashing.protocol.send_request_async("routekit/crashForTesting", None)
    hover = crashing.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=navhost),
        position=position_of(edited, 'SessionScreen(sessionId, "")', offset=3)))
    crashed, answered = await asyncio.gather(crash, hover, return_exceptions=True)
    assert isinstance(crashed, Exception)
    assert "routekit's server stopped (signal" in str(crashed) and "it was restarted" in str(crashed)
    assert answered.contents.value.startswith("**route** `SessionScreen` — class")
    assert any(m.message.startswith("routekit: the server stopped (signal") and "while handling 'routekit/crashForTesting'" in m.message
               for m in crashing.log_messages)
    # `""` back to `null`, at the place it has in the unsaved text only.
    quote = position_of(edited, 'SessionScreen(sessionId, "")', offset=len("SessionScreen(sessionId, "))
    change_document(crashing, project, NAVHOST, 3, [types.TextDocumentContentChangePartial(
        range=types.Range(start=quote, end=types.Position(line=quote.line, character=quote.character + 2)), text="null")])
    found = await diagnostics_where(crashing, navhost, lambda d: any("with title null" in x.message for x in d))
    push = next(d for d in found if d.code == "push-without-title")
    assert push.range.start == quote
    await crashing.shutdown_session()
    assert crashing._server.returncode == 0


async def test_a_server_that_keeps_crashing_is_not_restarted_forever(crashing: LanguageClient, project):
    from conftest import start
    await start(crashing, project)
    for attempt in range(6):
        with pytest.raises(Exception) as raised:
            await crashing.protocol.send_request_async("routekit/crashForTesting", None)
        assert "routekit's server stopped" in str(raised.value)
    assert await asyncio.wait_for(crashing._server.wait(), 20) == 1
    assert any("stopped 6 times within 60 s and is not restarted" in m.message for m in crashing.messages)
