import SwiftUI

/// The Radio Button: one option of a group in which exactly one is chosen. A group of them
/// sits under a heading that names the choice (see Selection Group).
public struct SelectionRadioButton: View {
    private let title: LocalizedStringKey
    private let isSelected: Bool
    private let action: () -> Void

    /// - Parameters:
    ///   - title: Names the option.
    ///   - isSelected: Whether this is the group's chosen option.
    ///   - action: Chooses it.
    public init(_ title: LocalizedStringKey, isSelected: Bool, action: @escaping () -> Void) {
        self.title = title
        self.isSelected = isSelected
        self.action = action
    }

    public var body: some View {
        Button(action: action) {
            Label(title, systemImage: isSelected ? "largecircle.fill.circle" : "circle")
        }
        .buttonStyle(.plain)
        .accessibilityAddTraits(isSelected ? .isSelected : [])
    }
}
