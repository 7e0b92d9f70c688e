// Starts `routekit lsp` from PATH for the languages listed in extension.toml.
use zed_extension_api as zed;

struct Routekit;

impl zed::Extension for Routekit {
    fn new() -> Self {
        Routekit
    }

    fn language_server_command(
        &mut self,
        _server: &zed::LanguageServerId,
        worktree: &zed::Worktree,
    ) -> zed::Result<zed::Command> {
        let path = worktree
            .which("routekit")
            .ok_or_else(|| "routekit is not on PATH (see docs/EDITORS.md)".to_string())?;
        Ok(zed::Command { command: path, args: vec!["lsp".into()], env: Default::default() })
    }
}

zed::register_extension!(Routekit);
