#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `descriptor`, going on after an interrupted write; false at the
/// first error, which `errno` names (EPIPE: the reader is gone). The one write loop of the
/// host: standard output and error, a worker's answers, a child's input.
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
    }
    return true
}

/// Writes as much of `text` to `descriptor` as it takes. A full disk, or a reader that went
/// away, loses the rest of the text and nothing else: Foundation's `FileHandle.write` traps
/// on any error, which took a whole run down with status 132 (`navscript run > /dev/full`).
/// `print`'s default output, and the command's standard output and error.
package func writeAsFarAsItGoes(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
