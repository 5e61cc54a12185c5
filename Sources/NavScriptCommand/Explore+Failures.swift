import ArgumentParser
import Foundation
import NavScript

/// What `navscript explore` does with a failure it found: shrinks it to the fewest, simplest
/// actions that fail the same way, prints them step by step with the hierarchy, and with
/// --save-failures writes a scenario that reproduces it.
extension Explore {
    /// What explore prints, a model's control characters written visibly, as `run`'s console
    /// writes them: a failure's message may carry a terminal's escapes.
    func print(_ text: String) {
        Swift.print(Format.visibleLines(text))
    }

    func report(_ found: Found, runner: ExploreRunner, starts: Int,
                model: ScenarioFile, workingDirectory: URL) throws {
        // Ctrl-C stops the replays where they are (they run again for the report below).
        let (shrunk, cutShort, start, searchStopped) = try RunInterrupt.stoppingScripts { try smallest(found, runner: runner, starts: starts) }
        // A broken limit ends a replay with the error: the trees are those before the last step.
        let brokeALimit = found.failure.invariant == ExploreRunner.limitInvariant
        let replay = try watchdog.watch("the replay", seconds: runner.secondsPerCall) {
            try runner.run(brokeALimit ? Array(shrunk.dropLast()) : shrunk, start: start, trees: true, randomSeed: found.randomSeed)
        }
        let failure = brokeALimit ? found.failure : replay.failure ?? found.failure
        print("")
        print("✗ Invariant '\(failure.invariant)' broke (\(found.origin), \(found.steps.count) action\(found.steps.count == 1 ? "" : "s"), shrunk to \(shrunk.count)):")
        if start > 1 { print("  from start \(start)") }
        if shrunk.isEmpty, let tree = replay.startTree {
            print("  at the start:")
            print(tree.split(separator: "\n").map { "       " + $0 }.joined(separator: "\n"))
        }
        for (index, step) in shrunk.enumerated() {
            print("  \(index + 1). \(step.description)")
            if index < replay.trees.count {
                print(replay.trees[index].split(separator: "\n").map { "       " + $0 }.joined(separator: "\n"))
            }
        }
        print("  " + failure.message.replacingOccurrences(of: "\n", with: "\n  "))
        if let cutShort {
            print("  (shrinking was stopped by \(cutShort): there may be fewer or simpler steps that fail the same way)")
        }
        if let searchStopped { print("  " + searchStopped) }
        if !brokeALimit && !(replay.failure?.isSame(as: found.failure) ?? false) {
            print("  (replayed once more, these steps did not fail the same way: the model depends on something a walk does not set up, such as the clock of the machine or a module's state left by an earlier walk)")
        }
        guard let saveFailures else { return }
        let folder = URL(fileURLWithPath: saveFailures, relativeTo: workingDirectory)
        let slug = String(failure.invariant.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }).split(separator: "_").joined(separator: "_")
        let requireLine = "local model = require \"\(runner.moduleName ?? "")\"\n"   // checked before exploring
        // A comment is one line: text with control characters is written as a Lua string.
        func comment(_ text: String) -> String {
            Format.holdsControl(text) ? ExploreStep.literal(.string(text)) : text
        }
        let failureLine = "-- Failure: \(comment(failure.form))\n"
        // The same failure of the same model is saved over its last one while that is as
        // explore signed it; edited by hand, or saved by another model or for another failure,
        // a file is kept, and this one gets a number.
        func isSame(_ existing: String) -> Bool {
            existing.contains(requireLine) && existing.contains(failureLine)
        }
        var edited: [(file: URL, signed: Bool)] = []
        // A name is free, or holds what this failure may replace; a link, a folder, a FIFO or
        // a device under it is someone else's (a link would be written through, out of the folder).
        func usable(_ url: URL) -> Bool {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return true }
            guard info.st_mode & S_IFMT == S_IFREG, let existing = try? String(contentsOf: url, encoding: .utf8), isSame(existing) else { return false }
            if Self.isAsSigned(existing) { return true }
            edited.append((url, existing.contains("\n-- Signed ")))
            return false
        }
        var target = folder.appendingPathComponent("explore_\(slug.prefix(48))_spec.lua")
        var number = 1
        while !usable(target) {
            number += 1
            target = folder.appendingPathComponent("explore_\(slug.prefix(48))_\(number)_spec.lua")
        }
        // A scenario saved where `navscript run` would not find the model's root by itself (a
        // `scenarios` folder of the root would be) names the root, so that it loads there
        // (compared once the folder exists, so that links such as /tmp on macOS resolve).
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = ""
        let modelRoot = ScriptFile.real(model.root), savedIn = ScriptFile.real(folder)
        if ScenarioDiscovery.suiteRoot(of: ScriptFile.real(target)).map(ScriptFile.real)?.path != modelRoot.path {
            text += ScenarioDiscovery.rootDeclaration + ScenarioDiscovery.relativePath(of: modelRoot, from: savedIn) + "\n"
        }
        // Limits other than the runner's defaults are part of how to reproduce it.
        let timeLimit = Self.limitOptions(limits)
        text += "-- Found by navscript explore \(model.displayPath) --seed \(seed)\(exhaustive ? " --exhaustive" : "")\(timeLimit) (\(found.origin)), shrunk\(cutShort.map { " until \($0) stopped it" } ?? "").\n"
        if !timeLimit.isEmpty {
            text += "-- Run it as it was found: navscript run\(timeLimit) <this file>\n"
        }
        text += "-- Invariant: \(comment(failure.invariant))\n" + failureLine + Self.signatureLine(of: nil)
        text += requireLine + "\n"
        text += "scenario(\(ExploreStep.literal(.string("explore: " + failure.invariant))), function()\n"
        text += "  explore.replay(model, {\n"
        for step in shrunk {
            text += "    { " + ([ExploreStep.literal(.string(step.action))] + step.arguments.map(ExploreStep.literal)).joined(separator: ", ") + " },\n"
        }
        // The seed of math.random the walk drew with: a model that draws replays as it did.
        // Int.min has no literal: Lua reads -9223372036854775808 as a float.
        text += "  }, \(start), \(found.randomSeed == .min ? "math.mininteger" : String(found.randomSeed)))\nend)\n"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ScenarioFileWriter.write(Self.signed(text), to: target)
            let shown = ScenarioDiscovery.display(target, in: workingDirectory)
            print("Saved as \(shown) (reproduce it with navscript run\(timeLimit) \(shown)).")
            for (file, signed) in edited {
                let shown = ScenarioDiscovery.display(file, in: workingDirectory)
                print(signed ? "\(shown) holds this failure too, edited since it was saved: it is kept as it is."
                             : "\(shown) holds this failure too, saved by an earlier version (it has no signature): it is kept; remove it if it was not edited.")
            }
        } catch {
            let reason = (error as? ScenarioFileWriter.Failure)?.reason ?? (error as NSError).localizedDescription
            StandardStreams.error("navscript: cannot save the failure in \(saveFailures): \(reason)\n")
            throw ExitCode(2)
        }
    }

    /// `--timeout 30 --instruction-limit 5000000`, each limit other than the runner's default
    /// (with a space before it), as a saved failure names how to run it.
    static func limitOptions(_ limits: LuaLimits) -> String {
        let defaults = LuaLimits()
        var text = limits.seconds == defaults.seconds ? "" : " --timeout \(Format.limit(limits.seconds))"
        if limits.memory != defaults.memory { text += " --memory-limit \(limits.memory >> 20)" }
        if limits.instructions != defaults.instructions { text += " --instruction-limit \(limits.instructions)" }
        return text
    }

    /// Refuses, before exploring, a failure that could not be saved or would not load: a
    /// folder that is a file, under a file or takes no new file, and a model that `require`
    /// cannot name.
    func checkSaveFailures(_ runner: ExploreRunner, model: ScenarioFile) throws {
        guard let saveFailures else { return }
        func refuse(_ reason: String) throws -> Never {
            StandardStreams.error("navscript: cannot save failures in \(saveFailures.isEmpty ? "''" : saveFailures): \(reason)\n")
            throw ExitCode(2)
        }
        if saveFailures.isEmpty { try refuse("give a folder") }
        if runner.moduleName == nil {
            let root = ScriptFile.real(model.root).path, path = ScriptFile.realLocation(of: model.url).path
            guard path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                try refuse("a saved scenario requires the model as a module, and \(model.displayPath) is not below the root \(model.displayRoot) (give --root a folder that holds it)")
            }
            // Its path below the root, each name a Lua identifier: `chat-list.lua` → `chat_list.lua`.
            let below = path.dropFirst(root.count)
            let names = below.dropLast(below.hasSuffix(".lua") ? ".lua".count : 0).split(separator: "/").map { name in
                let fixed = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "_" ? $0 : "_" })
                return fixed.first?.isNumber == true ? "_" + fixed : fixed
            }
            try refuse("a saved scenario requires the model as a module, and \(model.displayPath) has no module name below the root "
                + "\(model.displayRoot) (names are dotted identifiers: rename it, as \(names.isEmpty ? "model" : names.joined(separator: "/")).lua, or give --root)")
        }
        // Something there that is not a folder (a FIFO, a device, a link to nothing) takes no scenario.
        var info = stat()
        let path = saveFailures
        if lstat(path, &info) == 0 {
            if stat(path, &info) != 0 { try refuse("it is a link to nothing") }
            if info.st_mode & S_IFMT != S_IFDIR && info.st_mode & S_IFMT != S_IFREG { try refuse("it is not a folder") }
        }
        switch ScenarioFileWriter.problem(writing: saveFailures, from: saveFailures) {
        case let .underFile(file)?: try refuse(file == saveFailures ? "it is a file, not a folder" : "\(file) is a file")
        case let .cannotCreate(reason)?: try refuse(reason)
        case nil: break
        }
    }

    /// A saved failure's signature line: the 64-bit FNV-1a of the file's text with its digits
    /// zeroed (nil), as generated sources are signed, so that explore saves over a file only
    /// while it is as explore wrote it.
    static func signatureLine(of hash: UInt64?) -> String {
        "-- Signed " + String(format: "%016llx", hash ?? 0) + ": the same failure found again is saved over this file, unless it was edited\n"
    }

    /// `text`, written with `signatureLine(of: nil)`, signed.
    static func signed(_ text: String) -> String {
        text.replacingOccurrences(of: signatureLine(of: nil), with: signatureLine(of: Fingerprint.of(text.utf8)))
    }

    /// Whether `text` is a saved failure as explore signed it. A file saved before failures
    /// were signed has no signature, and is kept as if edited.
    static func isAsSigned(_ text: String) -> Bool {
        guard let start = text.range(of: "\n-- Signed ")?.upperBound,
              let end = text.index(start, offsetBy: 16, limitedBy: text.endIndex),
              let hash = UInt64(text[start..<end], radix: 16) else { return false }
        let line = signatureLine(of: hash)
        return text.contains(line) && Fingerprint.of(text.replacingOccurrences(of: line, with: signatureLine(of: nil)).utf8) == hash
    }
}
