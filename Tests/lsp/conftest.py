"""Fixtures for the end-to-end tests of `routekit lsp` with a real LSP client (pytest-lsp).

Each test gets its own copy of the KotlinConf fixture (the conference app: Compose strings in en
and de, a String Catalog, Kotlin routes and pushes, the SwiftUI TabView) and its own server.
ROUTEKIT_BIN names the binary under test (default: the debug build).
"""
import asyncio
import os
import pathlib
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

PACKAGE = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("ROUTEKIT_BIN") or str(PACKAGE / ".build" / "debug" / "routekit")
FIXTURE = PACKAGE / "Tests" / "RouteKitTests" / "Fixtures" / "KotlinConf"


@pytest.fixture
def project(tmp_path):
    """A fresh copy of the conference app, so a test may change files on disk."""
    target = tmp_path / "KotlinConf"
    shutil.copytree(FIXTURE, target)
    return target


async def start(client: LanguageClient, project: pathlib.Path, capabilities=None):
    params = types.InitializeParams(
        capabilities=capabilities or types.ClientCapabilities(),
        root_uri=project.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=project.as_uri(), name="KotlinConf")],
        # No debounce in tests: each change is linted at once, so waits are short.
        initialization_options={"debounceMilliseconds": 0},
    )
    return await client.initialize_session(params)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient, project):
    """A server initialized on the project, as VS Code would (UTF-16 positions)."""
    await start(lsp_client, project)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def neovim(lsp_client: LanguageClient, project):
    """A server initialized with Neovim 0.10's recorded capabilities (it offers UTF-8/16/32)."""
    await start(lsp_client, project, client_capabilities("neovim"))
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def bare(lsp_client: LanguageClient):
    """A server not yet initialized: the test drives the lifecycle itself. A test that failed
    before it shut the server down has it shut down here (the client's stop waits for the exit)."""
    yield
    await stop(lsp_client)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"],
                                              server_env={**os.environ, "ROUTEKIT_LSP_CRASH_FOR_TESTING": "1",
                                                          "SWIFT_BACKTRACE": "enable=no"}))
async def crashing(lsp_client: LanguageClient):
    """A server not yet initialized whose `routekit/crashForTesting` request stops its process,
    as a failed precondition would: the supervisor's tests. Shut down as `bare` is."""
    yield
    await stop(lsp_client)


async def stop(lsp_client: LanguageClient):
    """Shuts down a server a test left running: killed before initialize, else shutdown and exit."""
    if lsp_client._server is not None and lsp_client._server.returncode is None:
        if lsp_client.capabilities is None:
            lsp_client._server.kill()
        else:
            await asyncio.wait_for(lsp_client.shutdown_session(), 20)
