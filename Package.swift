// swift-tools-version:6.0
//
// NavScript: an embedded Lua 5.4 runtime for the Nivelir navigation DSL.
//
// The layering is the architecture (see README.md):
//
//   navscript   the command line: run, watch, check; reporters.
//   NavScript   the `nav` Lua module, scenarios, the script engine with hot reload, deeplinks.
//   LuaKit      a safe Swift layer over the Lua VM; knows nothing of screens.
//   ScreenKit   the navigation DSL over a simulated screen hierarchy; knows nothing of Lua.
//   CLua        Lua 5.4 from the system (liblua5.4-dev), with C shims and the bridge.
//
// Each target imports only the ones below it.
import PackageDescription

let package = Package(
    name: "NavScript",
    products: [
        .executable(name: "navscript", targets: ["navscript"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "LuaKit", targets: ["LuaKit"]),
        .library(name: "NavScript", targets: ["NavScript"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaBridge", dependencies: ["CLua"]),
        .target(name: "LuaKit", dependencies: ["CLua", "CLuaBridge"]),
        .target(name: "ScreenKit"),
        .target(name: "NavScript", dependencies: ["LuaKit", "ScreenKit"]),
        .executableTarget(name: "navscript", dependencies: [
            "NavScript",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The benchmark program (scripts/bench) and the hand-written C floors it measures against.
        .target(name: "CBenchFloor", dependencies: ["CLua"]),
        .executableTarget(name: "navscript-bench", dependencies: ["NavScript", "CBenchFloor"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit"]),
        .testTarget(name: "NavScriptTests", dependencies: ["NavScript"]),
        .testTarget(name: "NavScriptCLITests", dependencies: ["navscript"]),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit"]),
    ]
)
