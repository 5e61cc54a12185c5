// swift-tools-version:6.0
//
// NavScript: an embedded Lua 5.4 runtime for the Nivelir navigation DSL.
//
// The layering is the architecture (see README.md):
//
//   navscript   the command line (target NavScriptCommand): run, watch, check; reporters.
//   NavScript   the `nav` Lua module, scenarios, the script engine with hot reload, deeplinks.
//   LuaKit      a safe Swift layer over the Lua VM; knows nothing of screens.
//   ScreenKit   the navigation DSL over a simulated screen hierarchy; knows nothing of Lua.
//   CLua        Lua 5.4 from the system (liblua5.4-dev), with C shims and the bridge.
//
// Each target imports only the ones below it.
import PackageDescription

let package = Package(
    name: "NavScript",
    // What the code needs of macOS (Swift concurrency, FileHandle's throwing reads, JSON
    // without escaped slashes: 10.15.4) rounded up to the oldest macOS that runs a Swift 6
    // toolchain's Xcode. A package that uses NavScriptTesting declares at least this.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "navscript", targets: ["NavScriptCommand"]),
        // The same command under its target's name: what the plugin's tool is built as
        // (SwiftPM looks a plugin's executable target up as a product of its name).
        .executable(name: "NavScriptCommand", targets: ["NavScriptCommand"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "LuaKit", targets: ["LuaKit"]),
        .library(name: "NavScript", targets: ["NavScript"]),
        // Lua scenario suites as Swift Testing cases, for an app's own test target.
        .library(name: "NavScriptTesting", targets: ["NavScriptTesting"]),
        // `swift package navscript run lua/...`: the command, with nothing to install.
        .plugin(name: "NavScriptPlugin", targets: ["NavScriptPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        // Every target names each module it imports, not only what brings it in: SwiftPM rebuilds
        // a target when a module it names changes, and one imported through another (LuaKit
        // through NavScript) can change its layout without a rebuild, leaving a binary that
        // reads values the old way and crashes (swiftlang/swift#89636,
        // swiftlang/swift-package-manager#10502).
        .target(name: "CLuaBridge", dependencies: ["CLua"]),
        .target(name: "LuaKit", dependencies: ["CLua", "CLuaBridge"]),
        .target(name: "ScreenKit"),
        .target(name: "NavScript", dependencies: ["LuaKit", "ScreenKit"]),
        .target(name: "NavScriptTesting", dependencies: ["NavScript", "LuaKit"]),
        // What the runner and its workers need from C: copies of a worker (WorkerFork), its
        // resident memory on Darwin, and the runner's interrupts.
        .target(name: "CWorkerCopy"),
        // The `navscript` command. Its folder is not named `navscript`: beside `NavScript`,
        // the two would be one folder on a case-insensitive volume (macOS's default).
        .executableTarget(name: "NavScriptCommand", dependencies: [
            "NavScript", "LuaKit", "ScreenKit", "CWorkerCopy",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .plugin(
            name: "NavScriptPlugin",
            // No write permission is asked for, so that a plain `swift package navscript run`
            // works everywhere; on macOS, whose plugin sandbox then refuses writes, snapshots
            // and reports need `swift package --disable-sandbox navscript ...` (README).
            capability: .command(
                intent: .custom(verb: "navscript", description: "Run navscript (run, watch, check, init...) on this package's Lua suites.")
            ),
            dependencies: [.target(name: "NavScriptCommand")]
        ),
        // The benchmark program (scripts/bench) and the hand-written C floors it measures against.
        .target(name: "CBenchFloor", dependencies: ["CLua"]),
        .executableTarget(name: "navscript-bench", dependencies: ["NavScript", "LuaKit", "ScreenKit", "CBenchFloor"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit"]),
        .testTarget(name: "NavScriptTests", dependencies: ["NavScript", "LuaKit", "ScreenKit"]),
        .testTarget(name: "NavScriptTestingTests", dependencies: ["NavScriptTesting", "NavScript", "ScreenKit"], exclude: ["Fixtures"]),
        .testTarget(name: "NavScriptCLITests", dependencies: ["NavScriptCommand", "NavScript"], exclude: ["Schemas", "Golden"]),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit"]),
    ]
)
