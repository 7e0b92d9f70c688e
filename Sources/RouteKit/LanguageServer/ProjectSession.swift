/// One project the language server serves: its `.routekit.yml`, the last lint of it (with the
/// editor's unsaved texts in place of the files), and the files it last published findings for.
final class ProjectSession {
    /// The config's absolute, normalized path.
    let configPath: String
    var root: String { PathUtilities.directory(of: configPath) }

    private(set) var project: Project?
    private(set) var result: LintResult?
    /// Why the last lint could not run (a bad config, an input missing): shown at the config.
    private(set) var loadErrors: [ConfigError] = []
    /// Every file the last lint read: what a change must re-lint the project for.
    private(set) var inputs: Set<String> = []
    /// What was last published per file (the diagnostics' JSON), so a file whose findings did
    /// not change is not sent again, and one that has none left is cleared.
    var published: [String: String] = [:]
    private var cachedResolver: TitleResolver?

    init(configPath: String) { self.configPath = PathUtilities.normalize(configPath) }

    /// Loads and lints the project as `routekit lint` does (suppressions, severities and the
    /// config's baseline applied), with the overlay's texts in place of the files.
    func lint() {
        cachedResolver = nil
        do throws(ConfigError) {
            let config = try ProjectConfig.load(path: configPath)
            let loaded = try Project.load(config: config)
            var baseline: Baseline?
            if let path = config.baseline.map({ PathUtilities.join(config.root, $0.value) }) {
                switch InputFile.read(path) {
                case .success(let bytes):
                    do {
                        baseline = try Baseline.decode(String(decoding: bytes, as: UTF8.self))
                    } catch let error {
                        throw ConfigError("the baseline cannot be read: \(error)", at: config.baseline?.location)
                    }
                case .failure(let failure):
                    throw ConfigError("the baseline cannot be read: \(failure.message)", at: config.baseline?.location)
                }
            }
            result = Linter.lint(loaded, baseline: baseline)
            project = loaded
            loadErrors = []
            var read = Set(loaded.files + loaded.appCode.kotlinFiles + loaded.appCode.swiftFiles + loaded.appCode.stringCatalogFiles)
            for set in loaded.stringSets { read.formUnion(set.files) }
            read.insert(configPath)
            if let baselinePath = config.baseline.map({ PathUtilities.join(config.root, $0.value) }) { read.insert(baselinePath) }
            inputs = Set(read.map(PathUtilities.normalize))
        } catch {
            // The model of the last good lint stays for hover and navigation; the findings go.
            result = nil
            loadErrors = [error] + error.more
            inputs.insert(configPath)
        }
    }

    /// Whether a change to `path` can change this project's findings: a file it read, or, while
    /// it cannot be read, anything under its root.
    func reads(_ path: String) -> Bool {
        inputs.contains(path) || (!loadErrors.isEmpty && PathUtilities.isInside(path, root: root))
    }

    /// The project's findings as diagnostics: each with its file (the config for findings about
    /// the project as a whole), the load errors as `config` errors at their place.
    var findings: [Finding] {
        if !loadErrors.isEmpty {
            return loadErrors.map { error in
                Finding(rule: "config", severity: .error, message: error.message,
                        location: error.location, file: error.location?.file ?? error.file ?? configPath)
            }
        }
        return result?.diagnostics ?? []
    }

    /// Resolves titles over the last model, made once per lint.
    var resolver: TitleResolver? {
        if cachedResolver == nil, let project { cachedResolver = TitleResolver(project: project) }
        return cachedResolver
    }
}
