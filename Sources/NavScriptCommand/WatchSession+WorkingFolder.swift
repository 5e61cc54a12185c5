import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WatchSession {
    /// Whether the folder the watch started in is there. Deleted and made again at its path
    /// (`rm -rf` and a fresh clone), this process's working folder is still the deleted one,
    /// which no path leads to: the watch moves to the new one, so that the paths given
    /// relative to it (`watch`, `watch .`) find what is there now. While there is none, it
    /// says so once and waits, as it does for a watched folder that goes.
    func followWorkingFolder() -> Bool {
        guard !ReportOutput.workingFolderExists else { return true }
        if chdir(workingFolder.path) == 0 {
            workingFolder.saidGone = false
            return true
        }
        if !workingFolder.saidGone {
            console.output.write(console.style.red("navscript: the working folder \(workingFolder.path) is gone; watching for it to come back") + "\n")
            workingFolder.saidGone = true
        }
        return false
    }
}
