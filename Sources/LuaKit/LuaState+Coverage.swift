import CLuaBridge

extension LuaState {
    /// With `options.coverage`, how often each line of each file ran so far, by chunk name
    /// without its `@` (`routes/chat.lua`): only lines that ran are listed.
    public var coverage: [String: [Int: Int]] {
        guard let L else { return [:] }
        var files: [String: [Int: Int]] = [:]
        for index in 0..<lk_coveragefiles(L) {
            var counts: UnsafePointer<UInt32>?
            var size: Int32 = 0
            guard let source = lk_coveragefile(L, index, &counts, &size), let counts else { continue }
            var lines: [Int: Int] = [:]
            for line in 1..<Int(max(size, 1)) where counts[line] > 0 {
                lines[line] = Int(counts[line])
            }
            files[String(String(cString: source).dropFirst()), default: [:]].merge(lines, uniquingKeysWith: +)
        }
        return files
    }
}
