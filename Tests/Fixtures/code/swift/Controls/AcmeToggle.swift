import SwiftUI

/// Turns one setting on or off.
public struct AcmeToggle<Accessory: View>: View {
    private let title: LocalizedStringKey
    @Binding private var isOn: Bool
    private let accessory: Accessory
    private var size = ToggleSize.regular

    public init(_ title: LocalizedStringKey, isOn: Binding<Bool>, @ViewBuilder accessory: () -> Accessory) {
        self.title = title
        self._isOn = isOn
        self.accessory = accessory()
    }

    public var body: some View {
        Toggle(isOn: $isOn) { HStack { Text(title); accessory } }
    }

    /// Chooses the control size.
    public func acmeToggleSize(_ size: ToggleSize) -> Self {
        var copy = self
        copy.size = size
        return copy
    }
}

extension AcmeToggle where Accessory == EmptyView {
    public init(_ title: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(title, isOn: isOn) { EmptyView() }
    }
}

public enum ToggleSize: Sendable { case small, regular }
