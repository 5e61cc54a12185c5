import Foundation
import PackagePlugin

/// `swift package navscript <arguments>`: runs the `navscript` command of this package,
/// built for the plugin, from the package's folder, so that a team runs its suites with
/// nothing else installed:
///
///     swift package navscript run lua/scenarios
///     swift package --disable-sandbox navscript run lua --update-snapshots   # macOS, to write
///
/// A failed run (status 1 or 2) fails the plugin, so that `swift package` exits non-zero.
@main
struct NavScriptPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "NavScriptCommand")
        let process = Process()
        process.executableURL = tool.url
        // Xcode's menu adds `--target <name>` for the targets chosen in its sheet, which
        // navscript does not take.
        var extractor = ArgumentExtractor(arguments)
        _ = extractor.extractOption(named: "target")
        process.arguments = extractor.remainingArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw NavScriptFailed(status: process.terminationStatus)
        }
    }
}

struct NavScriptFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "navscript exited with status \(status)" }
}
