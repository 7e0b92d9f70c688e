extension LintContext {
    /// `path:line:col` relative to the config's directory, for messages that name a second place.
    func place(_ location: SourceLocation) -> String {
        "\(PathUtilities.relative(location.file, to: project.config.root)):\(location.line):\(location.column)"
    }
}
