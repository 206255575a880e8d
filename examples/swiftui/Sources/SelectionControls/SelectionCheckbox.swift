import SwiftUI

/// The three values a checkbox shows.
public enum CheckboxValue: Sendable, Hashable {
    case checked, unchecked, mixed
}

/// The Checkbox: an option in a list of any number, confirmed with the rest of a form.
public struct SelectionCheckbox: View {
    private let title: LocalizedStringKey
    @Binding private var value: CheckboxValue

    /// - Parameters:
    ///   - title: Names the option.
    ///   - value: Checked, unchecked, or mixed for a checkbox over others that differ.
    public init(_ title: LocalizedStringKey, value: Binding<CheckboxValue>) {
        self.title = title
        self._value = value
    }

    public var body: some View {
        Button {
            value = value == .checked ? .unchecked : .checked
        } label: {
            Label(title, systemImage: symbol)
        }
        .buttonStyle(.plain)
        .accessibilityValue(Text(spoken))
        .accessibilityAddTraits(value == .checked ? .isSelected : [])
    }

    private var symbol: String {
        switch value {
        case .checked: "checkmark.square.fill"
        case .unchecked: "square"
        case .mixed: "minus.square.fill"
        }
    }

    private var spoken: LocalizedStringKey {
        switch value {
        case .checked: "Checked"
        case .unchecked: "Unchecked"
        case .mixed: "Mixed"
        }
    }
}
