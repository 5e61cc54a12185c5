import Foundation

/// A 64-bit FNV-1a hash, as 16 hex digits where it is written: what tells a text changed
/// (a saved failure edited by hand, a route script changed since the shards that measured
/// its coverage ran).
enum Fingerprint {
    static func of<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The file at `path`'s, as hex; nil when it cannot be read.
    static func ofFile(_ path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return String(format: "%016llx", of(data))
    }
}
