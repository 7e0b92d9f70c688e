// routekit-fuzz: one libFuzzer target over the YAML reader and every loader (see SECURITY.md).
//
// Built by Scripts/fuzz.sh with `-sanitize=fuzzer,address -DFUZZING -parse-as-library`: then
// libFuzzer provides `main` and calls `LLVMFuzzerTestOneInput`. In a normal `swift build` this is
// a small tool that runs files through the same harness (replaying a corpus or a crash):
//
//     routekit-fuzz [--target NAME] FILE...
//
// Which loader an input goes to: `ROUTEKIT_FUZZ_TARGET=NAME` (or `--target NAME`) sends every
// input to that one; otherwise the first byte selects it (byte % 12) and the rest is the input.
@_spi(Fuzzing) import RouteKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FuzzTarget: String, CaseIterable {
    case yaml, config, catalog, strings, flow, json, glob, project, kotlin, swift, xml, xcstrings
}

/// Runs one input through one target. Nothing here may crash, whatever the bytes.
func runOne(_ target: FuzzTarget, _ bytes: [UInt8]) {
    switch target {
    case .yaml:
        let file = YAMLReader.read(bytes: bytes, path: "/fuzz/input.yml")
        _ = file.diagnostics.map(\.message)
        if let root = file.root { _ = walk(root) }
    case .config:
        FuzzEntry.config(bytes)
    case .catalog:
        let file = YAMLReader.read(bytes: bytes, path: "/fuzz/routes.yml")
        _ = CatalogLoader.load([file])
    case .strings:
        FuzzEntry.strings(bytes)
    case .flow:
        FuzzEntry.flow(bytes)
    case .json:
        // One batch line (the command reads lines, so a newline ends it).
        let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        switch TitleLookup.request(fromJSONLine: line) {
        case .success(let request): _ = request.route
        case .failure(let error): _ = TitleLookup.json(error: error, route: nil)
        }
    case .glob:
        // "pattern NUL name": brace expansion and segment matching, against a root that does not exist.
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let pattern = String(decoding: bytes[..<split], as: UTF8.self)
        let name = split < bytes.endIndex ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : "routes.yml"
        _ = Glob.matches(name: name, pattern: pattern)
        // Walk only what routekit would walk without `allow-outside-root`: nothing absolute and
        // no `..` (an absolute `/**` walks the whole disk, which is what the user opted into).
        let alternatives = Glob.braceAlternatives(pattern) ?? []
        if !alternatives.contains(where: { $0.hasPrefix("/") || $0.hasPrefix("~") || $0.split(separator: "/").contains("..") }) {
            _ = Glob.expand(pattern, root: "/nonexistent-routekit-fuzz-root")
        }
    case .xml:
        FuzzEntry.xml(bytes)
    case .xcstrings:
        FuzzEntry.xcstrings(bytes)
    case .kotlin:
        FuzzEntry.kotlin(bytes)
    case .swift:
        FuzzEntry.swift(bytes)
    case .project:
        // "catalog \n%%%\n strings": both loaded and linted together, every report rendered.
        let separator: [UInt8] = Array("\n%%%\n".utf8)
        var split = bytes.endIndex
        if bytes.count >= separator.count {
            for index in 0...(bytes.count - separator.count) where bytes[index..<(index + separator.count)].elementsEqual(separator) {
                split = index
                break
            }
        }
        let catalog = Array(bytes[..<split])
        let strings = split < bytes.endIndex ? Array(bytes[(split + separator.count)...]) : []
        // Rendering every report is slow; one input in four does it (decided by the input, so
        // runs stay reproducible).
        FuzzEntry.project(catalog: catalog, strings: strings, renderReports: bytes.count % 4 == 0)
    }
}

/// Visits the tree without recursion; returns the node count.
func walk(_ root: YAMLNode) -> Int {
    var stack = [root]
    var count = 0
    while let node = stack.popLast() {
        count += 1
        switch node {
        case .scalar(let scalar): _ = scalar.value.utf8.count
        case .sequence(let sequence): stack += sequence.items
        case .mapping(let mapping):
            for entry in mapping.entries { stack.append(entry.value) }
        }
    }
    return count
}

func selectedTarget(_ name: String?) -> FuzzTarget? {
    guard let name, !name.isEmpty else { return nil }
    guard let target = FuzzTarget(rawValue: name) else {
        complain("routekit-fuzz: unknown target '\(name)'; known: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n")
        exit(2)
    }
    return target
}

/// Applies the target selection to one raw input.
func dispatch(_ bytes: [UInt8], fixed: FuzzTarget?) {
    if let fixed {
        runOne(fixed, bytes)
    } else if let first = bytes.first {
        let targets = FuzzTarget.allCases
        runOne(targets[Int(first) % targets.count], Array(bytes.dropFirst()))
    }
}

/// Writes to standard error (file descriptor 2, no shared `FILE`).
func complain(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
/// The target every input goes to, if one was named. A global `let`: set once, by its lazy
/// (thread-safe) initializer, so there is no shared mutable state.
let fixedTarget: FuzzTarget? = selectedTarget(getenv("ROUTEKIT_FUZZ_TARGET").map { String(cString: $0) })

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = fixedTarget  // an unknown target name stops the run here, before any input
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    dispatch(bytes, fixed: fixedTarget)
    return 0
}

typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// libFuzzer's driver (compiler-rt, LLVM 11 and later).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback) -> CInt

/// SwiftPM links an executable with `main` defined as this symbol, so it must start libFuzzer
/// itself rather than rely on libFuzzer's own `main`.
@_cdecl("routekit_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    var dummy = CInt(0)
    _ = fuzzInitialize(&dummy, withUnsafeMutablePointer(to: &arguments) { $0 })
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
@main
struct FuzzReplay {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var name = getenv("ROUTEKIT_FUZZ_TARGET").map { String(cString: $0) }
        if let index = arguments.firstIndex(of: "--target"), index + 1 < arguments.count {
            name = arguments[index + 1]
            arguments.removeSubrange(index...(index + 1))
        }
        if arguments.isEmpty || arguments.contains("--help") {
            print("""
                Usage: routekit-fuzz [--target NAME] FILE...
                Runs each FILE through the fuzz harness (built without libFuzzer: see Scripts/fuzz.sh).
                Targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")); without one, the first byte selects.
                """)
            return
        }
        let fixed = selectedTarget(name)
        for path in arguments {
            guard let handle = fopen(path, "rb") else {
                complain("routekit-fuzz: cannot open \(path)\n")
                exit(2)
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&buffer, 1, buffer.count, handle)
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            fclose(handle)
            dispatch(bytes, fixed: fixed)
            print("ok \(path) (\(bytes.count) bytes)")
        }
    }
}
#endif
