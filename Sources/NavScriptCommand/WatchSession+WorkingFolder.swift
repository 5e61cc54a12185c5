import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WatchSession {
    /// Follows the folder the watch started in. Deleted and made again at its path (`rm -rf`
    /// and a fresh clone), this process's working folder is still the deleted one, which no
    /// path leads to: the watch moves to the new one, so that the paths given relative to it
    /// (`watch`, `watch .`) find what is there now. While there is none, it says so once;
    /// paths given whole are watched on.
    func followWorkingFolder() {
        guard !ReportOutput.workingFolderExists else { return }
        if chdir(workingFolder.path) == 0 {
            workingFolder.saidGone = false
        } else if !workingFolder.saidGone {
            console.output.write(console.style.red("navscript: the working folder \(workingFolder.path) is gone; watching for it to come back") + "\n")
            workingFolder.saidGone = true
        }
    }
}
