import Foundation
import Testing

/// Runs the built `navscript` binary, as a user would.
struct Command {
    let status: Int32
    let output: String
    let errors: String
}

/// Whether the system has /proc (Linux; not macOS), which some tests read.
let hasProc = FileManager.default.fileExists(atPath: "/proc/self")

enum Binary {
    /// `.build/<triple>/debug/navscript`, beside the test bundle.
    static let url: URL = {
        // On Linux the tests are an executable in the build folder; on macOS a bundle there
        // that xctest or Xcode loads (argv[0] is then the toolchain's). Found once:
        // Foundation on Linux leaks an array each time it lists its bundles.
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #if canImport(Darwin)
        // swift test's testing helper opens the bundle with dlopen, so that allBundles may
        // not list it: the image of this code says where it is.
        let bundles = [testImageBundle].compactMap { $0?.deletingLastPathComponent() }
            + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        #else
        let bundles: [URL] = []
        #endif
        for folder in bundles + [beside, beside.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = folder.appendingPathComponent("navscript")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return packageRoot.appendingPathComponent(".build/debug/navscript")
    }()

    #if canImport(Darwin)
    /// The `.xctest` bundle around the image this code is in, on macOS
    /// (`…/NavScriptPackageTests.xctest/Contents/MacOS/NavScriptPackageTests`).
    static var testImageBundle: URL? {
        var info = Dl_info()
        guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
        let bundle = URL(fileURLWithPath: String(cString: name)).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return bundle.pathExtension == "xctest" ? bundle : nil
    }
    #endif

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

func navscript(_ arguments: [String], in folder: URL = Binary.packageRoot, environment: [String: String] = [:]) throws -> Command {
    let process = Process()
    process.executableURL = Binary.url
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var env = ProcessInfo.processInfo.environment
    env["CI"] = nil
    env["NO_COLOR"] = nil
    for (key, value) in environment {
        env[key] = value
    }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes at once: a child that fills one while the other is read would wait forever.
    let errors = ReadToEnd(err.fileHandleForReading)
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Command(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors.data, as: UTF8.self))
}

/// A file handle read to its end on a thread of its own.
final class ReadToEnd: @unchecked Sendable {
    private var read = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            read = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// What was read, once the handle's end is reached.
    var data: Data {
        done.wait()
        done.signal()
        return read
    }
}

/// Runs a shell command line in `folder` with `$0` the built `navscript`, for what
/// `navscript(...)` cannot arrange (redirections, closed descriptors, a deleted folder);
/// its exit status.
func navscriptInShell(_ script: String, in folder: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, Binary.url.path]
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// A scratch suite of scenario files.
final class Fixture {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, text)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }
}

let passingSuite = """
    local Feed = nav.screen("Feed")
    local Chat = nav.screen("Chat")
    describe("chat", function()
      local app
      before_each(function() app = nav.app { root = nav.stack { Feed() } } end)
      scenario("opens", { tags = { "smoke" } }, function()
        expect(app:navigate(nav.route():top(nav.stack):push(Chat { chatId = 1 }))):toBe(true)
        expect(app:top()):toShow(Chat { chatId = 1 })
      end)
      scenario("closes", function()
        app:navigate(nav.route():top(nav.stack):push(Chat()))
        expect(app:navigate(nav.route():top(nav.stack):pop())):toBe(true)
      end)
      pending("shares")
    end)
    """

let failingSuite = """
    local Feed = nav.screen("Feed")
    scenario("fails", { tags = { "broken" } }, function()
      local app = nav.app { root = Feed() }
      expect(app:top()):toShow(nav.screen("Chat")())
    end)
    scenario("errors", function()
      nav.route():push(Feed())
    end)
    scenario("passes", function() expect(1):toBe(1) end)
    """

/// A pseudo-terminal, for a command that reads keys. The POSIX calls are looked up at run
/// time: Glibc's module hides them behind _XOPEN_SOURCE.
enum PseudoTerminal {
    /// The controlling end (what a test types into) and the terminal the command reads.
    static func open() throws -> (master: FileHandle, device: FileHandle) {
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Grant = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let libc = dlopen(nil, RTLD_NOW)
        guard let openpt = dlsym(libc, "posix_openpt"), let grantpt = dlsym(libc, "grantpt"),
              let unlockpt = dlsym(libc, "unlockpt"), let ptsname = dlsym(libc, "ptsname") else {
            throw CocoaError(.featureUnsupported)
        }
        let master = unsafeBitCast(openpt, to: Open.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, unsafeBitCast(grantpt, to: Grant.self)(master) == 0,
              unsafeBitCast(unlockpt, to: Grant.self)(master) == 0,
              let name = unsafeBitCast(ptsname, to: Name.self)(master),
              let device = FileHandle(forUpdatingAtPath: String(cString: name)) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return (FileHandle(fileDescriptor: master, closeOnDealloc: true), device)
    }
}
