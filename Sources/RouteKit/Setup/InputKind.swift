/// What a file given on the command line is to routekit, judged from its name and (for YAML) its
/// top level: a project config, a route catalog, a strings file, or nothing routekit reads. `lint`
/// uses it to refuse an input that no project holds rather than pass without linting it.
public enum InputKind: String, Sendable {
    case config = "a project config"
    case catalog = "a route catalog"
    case strings = "a strings file"

    /// The kind of the file at `path`, or nil for anything else (or a file that cannot be read).
    public static func of(_ path: String) -> InputKind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == ProjectConfig.fileName { return .config }
        if name.hasSuffix(".xcstrings") { return .strings }
        if name == "strings.xml" {
            let folder = PathUtilities.directory(of: path).split(separator: "/").last.map(String.init) ?? ""
            return folder.hasPrefix("values") ? .strings : nil
        }
        guard InputDetector.isYAML(name), case .success(let bytes) = InputFile.read(path, maxSize: 4 << 20) else { return nil }
        let file = YAMLReader.read(bytes: bytes, path: path)
        guard let root = file.root?.mapping else { return nil }
        if root.entry("routes")?.value.mapping != nil { return .catalog }
        return InputDetector.stringsLocales(root) != nil ? .strings : nil
    }
}
