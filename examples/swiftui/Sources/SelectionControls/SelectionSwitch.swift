import SwiftUI

/// The Switch: one setting that takes effect the moment it is flipped.
///
///     SelectionSwitch("Wi-Fi", isOn: $wifiOn)
///         .disabled(airplaneMode)
public struct SelectionSwitch: View {
    private let title: LocalizedStringKey
    @Binding private var isOn: Bool

    /// - Parameters:
    ///   - title: What the switch turns on; never "on" or "off" itself.
    ///   - isOn: The setting's current state.
    public init(_ title: LocalizedStringKey, isOn: Binding<Bool>) {
        self.title = title
        self._isOn = isOn
    }

    public var body: some View {
        Toggle(title, isOn: $isOn)
            .toggleStyle(.switch)
    }
}
