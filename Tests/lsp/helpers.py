import asyncio
import pathlib

from lsprotocol import types

NAV = "app/shared/src/commonMain/kotlin/org/jetbrains/kotlinconf/navigation"
NAVHOST = f"{NAV}/NavHost.kt"
ROUTES_KT = f"{NAV}/Routes.kt"
STRINGS_EN = "app/shared/src/commonMain/composeResources/values/strings.xml"
STRINGS_DE = "app/shared/src/commonMain/composeResources/values-de/strings.xml"
CONTENT_VIEW = "app/iosApp/iosApp/ContentView.swift"
CATALOG = "routes.yml"


def uri(project: pathlib.Path, relative: str) -> str:
    return (project / relative).as_uri()


def open_document(client, project, relative, text=None, language="plaintext", version=1):
    path = project / relative
    text = path.read_text() if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id=language, version=version, text=text)))
    return text


def change_document(client, project, relative, version, changes):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(project, relative), version=version),
        content_changes=changes))


async def diagnostics_where(client, document_uri, predicate, timeout=20.0):
    """The diagnostics last published for `document_uri` once `predicate` holds for them."""
    async def wait():
        while True:
            current = client.diagnostics.get(document_uri)
            if current is not None and predicate(current):
                return current
            await client.wait_for_notification("textDocument/publishDiagnostics")
    return await asyncio.wait_for(wait(), timeout)


def position_of(text: str, needle: str, occurrence: int = 0, offset: int = 0) -> types.Position:
    """The 0-based position of the `occurrence`th `needle` (plus `offset` characters), in UTF-16."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += offset
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=len(text[start:index].encode("utf-16-le")) // 2)


def line_of(text: str, needle: str) -> int:
    return position_of(text, needle).line
