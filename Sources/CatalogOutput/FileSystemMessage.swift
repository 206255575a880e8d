import Foundation
import CatalogCore

/// One sentence for a failed file-system call: what was being done, to which path, why (in
/// words, not an error dump) and what to do about it.
public enum FileSystemMessage {
    /// From the C library's `errno`.
    public static func sentence(_ what: String, _ path: String, errorNumber: Int32 = errno, advice: String = "choose another --output") -> String {
        let shown = TextSafety.escaped(path)
        switch errorNumber {
        case EACCES, EPERM:
            return "\(what) \(shown): permission denied; check that you may write there (and that nothing in it is immutable), or \(advice)"
        case EROFS:
            return "\(what) \(shown): the file system is read-only; \(advice) on a writable disk"
        case ENOSPC, EDQUOT:
            return "\(what) \(shown): the disk is full; free some space or \(advice)"
        case ENOTDIR:
            return "\(what) \(shown): part of the path is a file, not a folder; \(advice)"
        case EEXIST:
            return "\(what) \(shown): it already exists; move it aside or \(advice)"
        case ENOENT:
            return "\(what) \(shown): a folder on the way does not exist; \(advice)"
        default:
            return "\(what) \(shown): \(String(cString: strerror(errorNumber))); check the path or \(advice)"
        }
    }

    /// From an error Foundation threw (its POSIX code where it has one).
    public static func sentence(_ what: String, _ path: String, error: Error, advice: String) -> String {
        sentence(what, path, errorNumber: posixCode(of: error), advice: advice)
    }

    package static func posixCode(of error: Error) -> Int32 {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteFileExists: return EEXIST
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        default: return EIO
        }
    }
}
