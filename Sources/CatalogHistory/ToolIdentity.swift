import Foundation
import CatalogCore

/// What identifies the running catalog-build for a cache: its executable's size and modification
/// time, so a new build of the tool never reuses what an older one made.
package enum ToolIdentity {
    package static let key: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
        return "\(info.st_size)-\(info.st_mtim.tv_sec)-\(info.st_mtim.tv_nsec)"
    }()
}
