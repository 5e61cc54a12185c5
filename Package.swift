// swift-tools-version:6.0
//
// NavScript: an embedded Lua 5.4 runtime for the Nivelir navigation DSL.
//
// The layering is the architecture (see README.md):
//
//   ScreenKit   the navigation DSL over a simulated screen hierarchy; knows nothing of Lua.
//
// Each target imports only the ones below it.
import PackageDescription

let package = Package(
    name: "NavScript",
    products: [
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
    ],
    targets: [
        .target(name: "ScreenKit"),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit"]),
    ]
)
