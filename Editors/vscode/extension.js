// The smallest client for `routekit lsp`: start the binary over stdio for the files routekit reads.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("routekit");
  const command = settings.get("path", "routekit");
  client = new LanguageClient(
    "routekit",
    "routekit",
    { command, args: ["lsp"] },
    {
      documentSelector: [
        { scheme: "file", language: "kotlin" },
        { scheme: "file", language: "swift" },
        { scheme: "file", language: "yaml" },
        { scheme: "file", pattern: "**/*.{xml,xcstrings}" },
      ],
      initializationOptions: { debounceMilliseconds: settings.get("debounceMilliseconds", 10) },
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/{.routekit.yml,*.yml,*.yaml,*.xml,*.xcstrings,*.kt,*.swift}") },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
