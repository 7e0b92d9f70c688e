import RouteKit

/// A small argument reader over the command's option table (`OptionSpec`): an option the table
/// does not declare is reported before the command runs (with the closest declared name), and
/// anything left over is reported, so a typo never passes silently.
struct Arguments {
    private var remaining: [String]
    private(set) var positionals: [String] = []
    /// The command's table; reading an option it does not declare is a programming error.
    private let options: [OptionSpec]
    /// The arguments as given.
    private let given: [String]
    /// A flag given a value other than true or false (`--strict=maybe`), reported before the command runs.
    private var flagValueProblem: String?

    init(_ arguments: [String], options: [OptionSpec]) {
        self.options = options + [OptionSpec.helpOption]
        given = arguments
        // `--name=value` and `-fVALUE` are split so every option reads the same way; a flag given
        // `=true` is the flag, `=false` leaves it out (what a CI template's `--strict=${{ … }}` gives).
        var expanded: [String] = []
        var afterDoubleDash = false
        let table = self.options
        var problem: String?
        for argument in arguments {
            if afterDoubleDash {
                expanded.append(argument)
            } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                let name = String(argument[..<equals]), value = String(argument[argument.index(after: equals)...])
                if let option = table.first(where: { $0.names.contains(name) }), !option.takesValue {
                    switch value.lowercased() {
                    case "true", "yes", "1": expanded.append(name)
                    case "false", "no", "0": break
                    default:
                        problem = problem ?? "\(name) takes no value (true or false at most), found '\(value)'"
                    }
                } else {
                    expanded += [name, value]
                }
            } else if argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--"),
                      let option = table.first(where: { $0.names.contains(String(argument.prefix(2))) }), option.takesValue {
                expanded += [String(argument.prefix(2)), String(argument.dropFirst(2))]
            } else {
                if argument == "--" { afterDoubleDash = true }
                expanded.append(argument)
            }
        }
        remaining = expanded
        flagValueProblem = problem
    }

    /// Every option-looking argument (before `--`) must be in the table; an option's value is
    /// skipped. Throws "unknown option --formt; did you mean '--format'?".
    func checkDeclared() throws(UsageError) {
        if let flagValueProblem { throw UsageError(flagValueProblem) }
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == "--" { return }
            if let option = options.first(where: { $0.names.contains(argument) }) {
                index += option.takesValue ? 2 : 1
                continue
            }
            if argument.hasPrefix("-") && argument != "-" {
                let names = options.flatMap(\.names).filter { $0.hasPrefix("--") == argument.hasPrefix("--") }
                let hint = closestMatch(to: argument, among: names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option \(argument)\(hint)")
            }
            index += 1
        }
    }

    /// The first argument before `--` that reads as an option but is also the name of an
    /// existing file or directory, relative to the working directory: what a tool that appends
    /// file names after the options (pre-commit with `pass_filenames`) passes when a committed
    /// file is named `--format=json:docker-compose.yml` (or `--write-baseline`, followed by a
    /// file named like its value). A file name is never read as an option: the caller refuses
    /// to run. (An option's value that names a file is normal: `--write-baseline baseline.json`.)
    func optionNamingAFile(exists: (String) -> Bool) -> String? {
        for argument in given {
            if argument == "--" { return nil }
            if argument.hasPrefix("-") && argument != "-" && exists(argument) { return argument }
        }
        return nil
    }

    private func assertDeclared(_ names: [String]) {
        assert(names.allSatisfy { name in options.contains { $0.names.contains(name) } },
               "\(names) is read but not declared in the command's options table")
    }

    /// True when `name` (or an alias) is present; removes every occurrence.
    mutating func flag(_ names: String...) -> Bool {
        assertDeclared(names)
        var found = false
        remaining.removeAll { argument in
            guard names.contains(argument) else { return false }
            found = true
            return true
        }
        return found
    }

    /// Every value given for a repeatable option, in order.
    mutating func values(_ names: String...) throws(UsageError) -> [String] {
        assertDeclared(names)
        var result: [String] = []
        var index = 0
        while index < remaining.count {
            if remaining[index] == "--" { break }
            if names.contains(remaining[index]) {
                guard index + 1 < remaining.count else {
                    throw UsageError("\(remaining[index]) needs a value")
                }
                result.append(remaining[index + 1])
                remaining.removeSubrange(index...index + 1)
            } else {
                index += 1
            }
        }
        return result
    }

    /// The value of a single-valued option; given twice is a usage error.
    mutating func value(_ names: String...) throws(UsageError) -> String? {
        var result: [String] = []
        for name in names { result += try values(name) }
        guard result.count <= 1 else { throw UsageError("\(names[0]) given more than once") }
        return result.first
    }

    /// Call after reading every option: whatever is left must be positional.
    mutating func finish(maxPositionals: Int) throws(UsageError) -> [String] {
        var positional: [String] = []
        var afterDoubleDash = false
        for argument in remaining {
            if !afterDoubleDash && argument == "--" { afterDoubleDash = true; continue }
            if !afterDoubleDash && argument.hasPrefix("-") && argument != "-" {
                let names = options.flatMap(\.names)
                throw UsageError("unknown option \(argument)" + (closestMatch(to: argument, among: names).map { "; did you mean '\($0)'?" } ?? ""))
            }
            positional.append(argument)
        }
        guard positional.count <= maxPositionals else {
            throw UsageError("unexpected argument \(positional[maxPositionals])")
        }
        positionals = positional
        return positional
    }
}

/// Bad command-line usage: exit 2 with the message and a pointer to `--help`.
struct UsageError: Error, CustomStringConvertible {
    var description: String { message }
    var message: String
    init(_ message: String) { self.message = message }
}
