import Foundation

/// Takes each file of a site as soon as it is rendered, so the pages need not all be in memory
/// at once. Render workers call it from several threads.
package protocol SiteSink: AnyObject, Sendable {
    func accept(_ path: String, _ bytes: [UInt8])
}
