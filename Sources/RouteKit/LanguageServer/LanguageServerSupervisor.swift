#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the editor's language server alive through a crash. Swift stops a process at a failed
/// precondition or an out-of-range index, and no handler can turn that into an error response;
/// so `routekit lsp` runs the server (`LanguageServerLoop`) in a child process and relays every
/// message. When the child dies without the client's `exit`, the request it was handling gets an
/// InternalError response, and a new child is brought to where the old one was (`ServerRelay`):
/// the client's `initialize` and `initialized`, the workspace folders, the open documents with
/// their unsaved text, then the requests still unanswered. The editor sees one failed request.
///
/// A server that keeps dying (more than `maxRestarts` within `restartWindow` seconds: a file that
/// crashes every lint, say) is not restarted again: the client is told, and `run` returns 1.
public enum LanguageServerSupervisor {
    static let maxRestarts = 5
    static let restartWindow: UInt64 = 60

    /// Relays between the client (`input`, `output`) and children started as `command` with
    /// `environment` added, until the client's `exit` or the end of its input. Returns the exit
    /// status: the last child's, 1 when it could not be started or kept running.
    public static func run(input: Int32, output: Int32, command: [String], environment: [String: String]) -> Int32 {
        // A write to a child that just died must fail with EPIPE, not end the supervisor.
        signal(SIGPIPE, SIG_IGN)
        let inbox = LanguageServerLoop.Inbox<Event>()
        let clientReader = LanguageServerLoop.Reader(input: input) { pieces, ended in
            inbox.post(pieces.map { piece in
                switch piece {
                case .message(let body): .client(body)
                // Told to the client as the server would: the server never sees the bad bytes.
                case .problem(let problem): .toClient(LanguageServer.logMessage(problem, type: 2))
                }
            } + (ended ? [.clientEnded] : []))
        }
        clientReader.start(detached: true)
        var relay = ServerRelay()
        var generation = 0
        var crashes: [UInt64] = []
        guard var child = Child.start(command, environment: environment, generation: generation, inbox: inbox) else { return 1 }
        func toClient(_ body: [UInt8]) { LanguageServerLoop.writeAll(output, MessageFraming.frame(body)) }
        var clientEnded = false
        while true {
            switch inbox.next() {
            case .client(let body)?:
                relay.fromClient(body)
                child.send(body)
            case .toClient(let body)?:
                toClient(body)
            case .clientEnded?:
                // The server sees the end too, and exits (1: no `exit` came).
                clientEnded = true
                child.closeInput()
            case .server(let from, let body)? where from == generation:
                switch relay.fromServer(body) {
                case .forward: toClient(body)
                case .drop: break
                case .answer(let answer): child.send(answer)
                }
            case .serverEnded(let from)? where from == generation:
                let status = child.finish()
                // A server that exited when told to (or when its input ended) is done; one killed by
                // a signal crashed, even after the client's `exit` (it may not have reached it).
                if status.signal == nil && (relay.exitSent || clientEnded) { return status.exitCode }
                let now = LanguageServer.monotonicNanoseconds()
                crashes = crashes.filter { now - $0 < restartWindow * 1_000_000_000 } + [now]
                let (messages, replay) = relay.serverDied(status.description)
                for message in messages { toClient(message) }
                guard crashes.count <= maxRestarts else {
                    toClient(LanguageServer.notification("window/showMessage", .object(["type": .int(1), "message": .string(
                        "routekit: the language server stopped \(crashes.count) times within \(restartWindow) s and is not restarted; its log has the details")])))
                    return 1
                }
                generation += 1
                guard let next = Child.start(command, environment: environment, generation: generation, inbox: inbox) else { return 1 }
                child = next
                for message in replay { child.send(message) }
                if clientEnded { child.closeInput() }
            default: break  // What a previous child said after its end was taken.
            }
        }
    }

    enum Event {
        case client([UInt8])
        case toClient([UInt8])
        case clientEnded
        case server(generation: Int, [UInt8])
        case serverEnded(generation: Int)
    }

    /// How a child ended.
    struct Status {
        var exited: Int32?
        var signal: Int32?

        var exitCode: Int32 { exited ?? 1 }
        var description: String {
            if let signal { return "signal \(signal)" }
            return "exit status \(exited ?? -1)"
        }
    }

    /// A server process, its input a pipe the supervisor writes and its output read by a thread
    /// that posts each message to the inbox; its standard error is the supervisor's (the editor's log).
    struct Child {
        let pid: pid_t
        private(set) var input: Int32
        let reader: LanguageServerLoop.Reader

        static func start(_ command: [String], environment: [String: String], generation: Int,
                          inbox: LanguageServerLoop.Inbox<Event>) -> Child? {
            var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
            guard pipe(&toChild) == 0 else { return nil }
            guard pipe(&fromChild) == 0 else {
                close(toChild[0]); close(toChild[1])
                return nil
            }
            // The supervisor's ends are not inherited by later children.
            _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
            posix_spawn_file_actions_addclose(&actions, toChild[0])
            posix_spawn_file_actions_addclose(&actions, fromChild[1])
            var variables: [String] = []
            var index = 0
            while let entry = environ[index] {
                let text = String(cString: entry)
                if let name = text.split(separator: "=", maxSplits: 1).first, environment[String(name)] == nil { variables.append(text) }
                index += 1
            }
            variables += environment.map { "\($0.key)=\($0.value)" }
            let argv = command.map { strdup($0) } + [nil]
            let envp = variables.map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
            close(toChild[0])
            close(fromChild[1])
            guard spawned == 0 else {
                close(toChild[1]); close(fromChild[0])
                return nil
            }
            let output = fromChild[0]
            let reader = LanguageServerLoop.Reader(input: output) { pieces, ended in
                var events: [Event] = pieces.compactMap { if case .message(let body) = $0 { .server(generation: generation, body) } else { nil } }
                if ended {
                    close(output)
                    events.append(.serverEnded(generation: generation))
                }
                inbox.post(events)
            }
            reader.start(detached: false)
            return Child(pid: pid, input: toChild[1], reader: reader)
        }

        func send(_ body: [UInt8]) {
            guard input >= 0 else { return }
            LanguageServerLoop.writeAll(input, MessageFraming.frame(body))
        }

        mutating func closeInput() {
            guard input >= 0 else { return }
            close(input)
            input = -1
        }

        /// After its output ended: reaps the process.
        mutating func finish() -> Status {
            reader.join()
            closeInput()
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status & 0x7F == 0 ? Status(exited: (status >> 8) & 0xFF) : Status(signal: status & 0x7F)
        }
    }
}
