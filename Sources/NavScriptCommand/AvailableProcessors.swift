import CWorkerCopy
import Foundation

/// How many processors this process may use: what `--jobs` defaults to. The system's count,
/// narrowed on Linux by the process's CPU affinity (`taskset`, a container's cpuset) and by
/// its cgroup's CPU quota (`docker run --cpus 2`, a Kubernetes CPU limit), as Rust's
/// `available_parallelism` and Node's `availableParallelism` narrow it: a CI runner given
/// 2 of a host's 64 cores starts 2 workers, not 64. On macOS, the system's count.
///
///     let jobs = options.jobs ?? AvailableProcessors.count
///     -- shell: taskset -c 0 navscript run lua/tests   (one worker)
enum AvailableProcessors {
    static let count: Int = {
        var count = ProcessInfo.processInfo.activeProcessorCount
        if case let allowed = Int(processors_allowed()), allowed > 0 { count = min(count, allowed) }
        #if os(Linux)
        if let cgroups = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
           let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8),
           let quota = quota(cgroups: cgroups, mounts: mounts, read: { try? String(contentsOfFile: $0, encoding: .utf8) }) {
            count = min(count, quota)
        }
        #endif
        return max(count, 1)
    }()

    /// The whole processors the CPU quota of this process's cgroup and of every cgroup above
    /// it allow (at least 1), or nil for no quota. `cgroups` is `/proc/self/cgroup`, `mounts`
    /// `/proc/self/mountinfo`; `read` reads a file of the cgroup file system. Version 2
    /// writes a quota in `cpu.max` ("150000 100000", or "max 100000" for none), version 1
    /// in `cpu.cfs_quota_us` (-1 for none) and `cpu.cfs_period_us`.
    static func quota(cgroups: String, mounts: String, read: (String) -> String?) -> Int? {
        var least: Int?
        func note(quota: Int, period: Int) {
            guard quota > 0, period > 0 else { return }
            least = min(least ?? .max, max(quota / period, 1))
        }
        func number(_ path: String) -> Int? { read(path).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        for line in cgroups.split(separator: "\n") {
            // "hierarchy-ID:controllers:path": "0::/path" for version 2, "4:cpu,cpuacct:/path" for version 1.
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let version2 = fields[0] == "0" && fields[1].isEmpty
            guard version2 || fields[1].split(separator: ",").contains("cpu") else { continue }
            guard let directories = directories(of: String(fields[2]), version2: version2, mounts: mounts) else { continue }
            for directory in directories {
                if version2 {
                    let values = read(directory + "/cpu.max")?.split(whereSeparator: \.isWhitespace) ?? []
                    if values.count == 2, let quota = Int(values[0]), let period = Int(values[1]) { note(quota: quota, period: period) }
                } else if let quota = number(directory + "/cpu.cfs_quota_us"), let period = number(directory + "/cpu.cfs_period_us") {
                    note(quota: quota, period: period)
                }
            }
        }
        return least
    }

    /// The folders of cgroup `path` and of each cgroup above it up to its hierarchy's mount,
    /// deepest first, or nil when the hierarchy is not mounted. A mount's root is the cgroup
    /// it shows (`/` on a host; a container's own cgroup inside one): a path below it is
    /// found below the mount point, and a path outside it (a container without a cgroup
    /// namespace sees the host's path) is taken to be the mount point itself.
    static func directories(of path: String, version2: Bool, mounts: String) -> [String]? {
        for line in mounts.split(separator: "\n") {
            // "id parent major:minor root mount-point options [optional...] - type source super-options"
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2 else { continue }
            let fields = halves[0].split(separator: " "), tail = halves[1].split(separator: " ")
            guard fields.count >= 5, tail.count >= 3 else { continue }
            if version2 {
                guard tail[0] == "cgroup2" else { continue }
            } else {
                guard tail[0] == "cgroup", tail[2].split(separator: ",").contains("cpu") else { continue }
            }
            let root = unescaped(fields[3]), mountPoint = unescaped(fields[4])
            var relative = ""
            if root == "/" {
                relative = path == "/" ? "" : path
            } else if path == root || path.hasPrefix(root + "/") {
                relative = String(path.dropFirst(root.count))
            }
            var result = [mountPoint + relative]
            while !relative.isEmpty, let slash = relative.lastIndex(of: "/") {
                relative = String(relative[..<slash])
                result.append(mountPoint + relative)
            }
            return result
        }
        return nil
    }

    /// A mountinfo field, its octal escapes (`\040` for a space) read.
    private static func unescaped(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = [], utf8 = Array(field.utf8), index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
               let value = UInt8(String(decoding: utf8[index + 1...index + 3], as: UTF8.self), radix: 8) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
