import Foundation
@testable import NavScriptCommand
import Testing

/// `--jobs` defaults to the processors a process may use: a cgroup's CPU quota narrows the
/// count, as `docker run --cpus` and a Kubernetes limit set one. The files are as Linux
/// writes them in `/proc/self/cgroup`, `/proc/self/mountinfo` and the cgroup file systems.
@Suite struct AvailableProcessorsTests {
    static let version2Mounts = """
        22 1 0:21 / /proc rw,nosuid - proc proc rw
        30 25 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate
        """
    static let version1Mounts = """
        31 25 0:27 / /sys/fs/cgroup/unified rw,nosuid - cgroup2 cgroup2 rw,nsdelegate
        35 25 0:31 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:16 - cgroup cgroup rw,cpu,cpuacct
        36 25 0:32 / /sys/fs/cgroup/cpuset rw,nosuid shared:17 - cgroup cgroup rw,cpuset
        """

    @Test func aVersion2QuotaIsTheLeastOfTheCgroupAndItsParents() {
        let files = [
            "/sys/fs/cgroup/ci/job/cpu.max": "max 100000\n",
            "/sys/fs/cgroup/ci/cpu.max": "250000 100000\n",   // 2.5 processors: 2
            "/sys/fs/cgroup/cpu.max": "800000 100000\n",
        ]
        #expect(AvailableProcessors.quota(cgroups: "0::/ci/job\n", mounts: Self.version2Mounts, read: { files[$0] }) == 2)
        // No quota anywhere; a quota below one processor is one.
        #expect(AvailableProcessors.quota(cgroups: "0::/ci/job\n", mounts: Self.version2Mounts, read: { _ in "max 100000" }) == nil)
        #expect(AvailableProcessors.quota(cgroups: "0::/\n", mounts: Self.version2Mounts, read: { _ in "50000 100000" }) == 1)
    }

    @Test func aVersion1QuotaIsReadWhereTheCPUControllerIsMounted() {
        let cgroups = """
            12:cpuset:/docker/abc
            4:cpu,cpuacct:/docker/abc
            0::/docker/abc
            """
        let files = [
            "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us": "300000\n",
            "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000\n",
            "/sys/fs/cgroup/cpu,cpuacct/docker/cpu.cfs_quota_us": "-1\n",
            "/sys/fs/cgroup/cpu,cpuacct/docker/cpu.cfs_period_us": "100000\n",
        ]
        #expect(AvailableProcessors.quota(cgroups: cgroups, mounts: Self.version1Mounts, read: { files[$0] }) == 3)
        #expect(AvailableProcessors.quota(cgroups: cgroups, mounts: Self.version1Mounts, read: { $0.hasSuffix("quota_us") ? "-1" : "100000" }) == nil)
        // The cpuset line and the unified hierarchy (no cpu.max there) say nothing.
        #expect(AvailableProcessors.quota(cgroups: "12:cpuset:/docker/abc\n0::/docker/abc\n", mounts: Self.version1Mounts,
                                          read: { files[$0] }) == nil)
    }

    /// Inside a container the mount shows the container's own cgroup as its root: a process
    /// that sees the host's path (no cgroup namespace) reads the mount point's files.
    @Test func aContainersMountRootIsItsOwnCgroup() {
        let mounts = "40 30 0:26 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw"
        #expect(AvailableProcessors.directories(of: "/docker/abc", version2: true, mounts: mounts) == ["/sys/fs/cgroup"])
        #expect(AvailableProcessors.directories(of: "/docker/abc/inner", version2: true, mounts: mounts) == ["/sys/fs/cgroup/inner", "/sys/fs/cgroup"])
        #expect(AvailableProcessors.directories(of: "/other", version2: true, mounts: mounts) == ["/sys/fs/cgroup"])
        #expect(AvailableProcessors.directories(of: "/a/b", version2: false, mounts: mounts) == nil)
        // A mount point with a space is written with an octal escape.
        let spaced = #"40 30 0:26 / /sys/fs/my\040cgroup rw - cgroup2 cgroup2 rw"#
        #expect(AvailableProcessors.directories(of: "/a", version2: true, mounts: spaced) == ["/sys/fs/my cgroup/a", "/sys/fs/my cgroup"])
    }

    @Test func theCountIsAtLeastOneAndAtMostTheSystems() {
        #expect(AvailableProcessors.count >= 1)
        #expect(AvailableProcessors.count <= ProcessInfo.processInfo.activeProcessorCount)
    }
}
