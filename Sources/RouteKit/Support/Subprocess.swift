#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program found on `PATH` with `posix_spawnp`, its standard input from /dev/null, and
/// collects its standard output and error (Foundation's `Process` is not in FoundationEssentials).
enum Subprocess {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    struct LaunchError: Error {
        var message: String
    }

    static func run(_ program: String, _ arguments: [String]) throws(LaunchError) -> Result {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw LaunchError(message: String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for descriptor in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard spawned == 0 else { throw LaunchError(message: String(cString: strerror(spawned))) }
        // Both streams at once, so that neither pipe fills while the other is read.
        var output: [UInt8] = [], error: [UInt8] = []
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open[0] || open[1] {
            var fds = [pollfd(fd: open[0] ? outPipe[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open[1] ? errPipe[0] : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in 0 ..< 2 where open[index] && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if index == 0 { output += buffer[..<count] } else { error += buffer[..<count] }
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return Result(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output: output, error: error)
    }
}
