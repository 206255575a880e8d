import SwiftUI

/// The Activity Bar: shows that an action is under way, and how far it has got when known.
public struct ActivityBar: View {
    private let title: LocalizedStringKey
    private let value: Double?

    /// - Parameters:
    ///   - title: Names what is under way, such as "Connecting to Wi-Fi".
    ///   - value: How much is done, from 0 to 1; nil draws an indeterminate bar.
    public init(_ title: LocalizedStringKey, value: Double? = nil) {
        self.title = title
        self.value = value
    }

    public var body: some View {
        if let value {
            ProgressView(title, value: value).progressViewStyle(.linear)
        } else {
            ProgressView(title).progressViewStyle(.linear)
        }
    }
}
