import Foundation

/// When a build may start reading another file, so that files read side by side (`--jobs`)
/// cannot add up past what one machine holds.
///
/// Each file is bounded on its own (`ReadLimits`, `InkLimits`): a few hundred megabytes at worst,
/// whatever its size on disk (a small gzip file can hold millions of points). So files are read
/// one at a time (reading is a small part of a build; recognition runs in parallel), and once
/// the process holds `softLimit`, no new file is opened until the open ones are written.
enum MemoryGate {
    /// Above this resident size no new file is opened beside the ones in flight.
    static let softLimit = 384 << 20

    /// Whether another file may start being read now.
    static func mayRead(readsInFlight: Int, filesOpen: Int) -> Bool {
        guard readsInFlight == 0 else { return false }
        return filesOpen == 0 || residentBytes() < softLimit
    }

    /// The process's resident memory (Linux `/proc/self/statm`); 0 where that is not known.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
