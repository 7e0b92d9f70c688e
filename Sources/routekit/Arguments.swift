/// A small argument reader: options are declared by the command that reads them, and anything
/// left over is reported, so a typo never passes silently.
struct Arguments {
    private var remaining: [String]
    private(set) var positionals: [String] = []

    init(_ arguments: [String]) {
        // `--name=value` is split so every option reads the same way.
        var expanded: [String] = []
        var afterDoubleDash = false
        for argument in arguments {
            if afterDoubleDash || !argument.hasPrefix("--") || !argument.contains("=") {
                if argument == "--" { afterDoubleDash = true }
                expanded.append(argument)
            } else {
                let parts = argument.split(separator: "=", maxSplits: 1)
                expanded.append(String(parts[0]))
                expanded.append(parts.count > 1 ? String(parts[1]) : "")
            }
        }
        remaining = expanded
    }

    /// True when `name` (or an alias) is present; removes every occurrence.
    mutating func flag(_ names: String...) -> Bool {
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
                throw UsageError("unknown option \(argument)")
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
