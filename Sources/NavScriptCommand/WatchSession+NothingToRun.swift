import NavScript

extension WatchSession {
    /// What a watch's run that runs nothing says, where `run` refuses: no scenario files in
    /// the folders yet (a file saved there runs), none whose path the `p` key's text is in,
    /// or no scenario the selection leaves, said as the keys narrow ("no scenarios that
    /// failed last whose name contains "x" to run in 2 files whose path contains "feed"": the
    /// `t` key's text is no --filter, and the summary of scenarios is not of file names).
    /// Nil when something runs, or a file did not load (which says so itself).
    func nothingToRun(files: [ScenarioFile], chosen: [ScenarioFile], suite: SuiteExecutor, selected isEmpty: Bool,
                      selection: ScenarioSelection, options: RunOptions) -> String? {
        if files.isEmpty {
            return "no scenario files in \(suiteOptions.locations().paths.joined(separator: ", ")) yet "
                + "(\(ScenarioDiscovery.scenarioFilesAre)): one saved there runs"
        }
        if chosen.isEmpty && !fileFilter.isEmpty {
            return "no files whose path contains \"\(fileFilter)\" among the \(Format.count(files.count, "file")) watched"
        }
        guard isEmpty && suite.loadErrors.isEmpty && !suite.listed.isEmpty else { return nil }
        var subject = failedOnly ? "scenarios that failed last" : "scenarios"
        if !nameFilter.isEmpty { subject += " whose name contains \"\(nameFilter)\"" }
        var words = ["no \(subject) to run in \(Format.count(suite.listed.count, "file"))"
                     + (fileFilter.isEmpty ? "" : " whose path contains \"\(fileFilter)\"")]
        words += RunSession.selectionWords(filters: nameFilter.isEmpty ? selection.filters : [], tags: options.tags, excludedTags: options.excludedTags)
        // The lines named in these files, not in the others watched.
        let places = chosen.flatMap { file in (selection.lines[ScriptFile.real(file.url).path] ?? []).sorted().map { "\(file.displayPath):\($0)" } }
        if !places.isEmpty { words.append("at " + places.joined(separator: ", ")) }
        return words.joined(separator: " ")
    }
}
