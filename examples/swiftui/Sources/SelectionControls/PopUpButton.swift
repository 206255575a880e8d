import SwiftUI

/// The Pop-up Button: one choice among more options than radio buttons can hold.
public struct PopUpButton: View {
    private let title: LocalizedStringKey
    private let options: [String]
    @Binding private var selection: String?
    private let hint: LocalizedStringKey?

    /// - Parameters:
    ///   - title: Names the choice.
    ///   - options: The menu's items, in order.
    ///   - selection: The chosen item; nil until one is chosen.
    ///   - hint: A line under the button on what the choice changes.
    public init(_ title: LocalizedStringKey, options: [String], selection: Binding<String?>, hint: LocalizedStringKey? = nil) {
        self.title = title
        self.options = options
        self._selection = selection
        self.hint = hint
    }

    public var body: some View {
        VStack(alignment: .leading) {
            Picker(title, selection: $selection) {
                Text("Choose…").tag(String?.none)
                ForEach(options, id: \.self) { Text($0).tag(Optional($0)) }
            }
            .pickerStyle(.menu)
            if let hint {
                Text(hint).font(.footnote).foregroundStyle(.secondary)
            }
        }
    }
}
