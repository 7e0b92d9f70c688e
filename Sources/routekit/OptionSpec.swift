import RouteKit

/// One command-line option, declared once in its command's `options` table. The table is the
/// single source for everything about options: `Arguments` accepts exactly the declared names
/// (anything else is an unknown option, with a did-you-mean), `--help` prints the table as
/// aligned columns, and `routekit completions` generates the shell scripts from it.
struct OptionSpec: Sendable {
    /// What follows the option, for help (`F`, `FMT[:FILE]`) and for completion.
    enum Value: Sendable {
        /// A flag: nothing follows.
        case none
        /// Free text (a locale, a name): no completion.
        case text(String)
        /// A path to a file.
        case file(String)
        /// A path to a directory.
        case directory(String)
        /// One of fixed words.
        case choice(String, [String])
        /// A rule id.
        case rule(String)

        var placeholder: String? {
            switch self {
            case .none: nil
            case .text(let name), .file(let name), .directory(let name), .choice(let name, _), .rule(let name): name
            }
        }
    }

    /// Long name first (`--format`), then aliases (`-f`).
    var names: [String]
    var value: Value
    /// The help text; further lines continue it in the same column.
    var help: String
    /// Accepted, but neither in help nor in completions (init's `--force`, read only to explain
    /// why init has none).
    var hidden: Bool

    init(_ names: String..., value: Value = .none, help: String, hidden: Bool = false) {
        self.names = names
        self.value = value
        self.help = help
        self.hidden = hidden
    }

    var takesValue: Bool { value.placeholder != nil }

    /// Accepted by every command: `routekit CMD --help`.
    static let helpOption = OptionSpec("--help", "-h", help: "show this help")

    /// The table as help lines: names and placeholder in one column, padded to the widest, the
    /// help beside it (continuation lines in the same column).
    static func helpText(_ options: [OptionSpec]) -> String {
        let rows = (options + [helpOption]).filter { !$0.hidden }.map { option in
            (option.names.joined(separator: ", ") + (option.value.placeholder.map { " " + $0 } ?? ""), option.help)
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 3
        let indent = String(repeating: " ", count: 2 + width)
        return rows.map { left, help in
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            return "  " + left.padded(to: width) + lines[0]
                + lines.dropFirst().map { "\n" + indent + $0 }.joined()
        }.joined(separator: "\n")
    }
}

/// What a command's positional arguments are, for completion.
enum Operands: Sendable {
    case none
    case files
    case directories
    case rules
    case commands
    /// A fixed first word (import's kind, the shell of `completions`), then files.
    case words([String], thenFiles: Bool)
}

/// Two columns, the first padded to its widest entry: the command list of `routekit --help`.
func alignedColumns(_ rows: [(String, String)], indent: Int = 2, width: Int? = nil) -> [String] {
    let width = width ?? (rows.map(\.0.count).max() ?? 0) + 3
    return rows.map { String(repeating: " ", count: indent) + $0.0.padded(to: width) + $0.1 }
}

extension String {
    /// Spaces appended up to `width` characters, or cut to it (as Foundation's `padding` does).
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
