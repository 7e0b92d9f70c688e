import CArguments

/// The command line. The Swift runtime reads it from /proc/self/cmdline on Linux; without /proc
/// (a chroot, a minimal container) it sees none, and routekit answered `routekit --version` with
/// the general help. The C library's own argv, saved by a constructor, is read first.
enum ProcessArguments {
    static let all: [String] = {
        let count = Int(routekit_argc())
        if count > 0, let argv = routekit_argv() {
            return (0 ..< count).map { argv[$0].map { String(cString: $0) } ?? "" }
        }
        return CommandLine.arguments
    }()
}
