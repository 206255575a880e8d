import Figma
import SelectionControls
import SwiftUI

/// Links the Switch in Figma to SelectionSwitch: Dev Mode shows this code for each instance.
struct SelectionSwitch_connection: FigmaConnect {
    let component = SelectionSwitch.self
    let figmaNodeUrl = "https://www.figma.com/design/selection-controls/Selection-Controls?node-id=12-40"

    @FigmaString("label")
    var label: String = "Wi-Fi"

    @FigmaBoolean("Selected")
    var isOn: Bool = true

    var body: some View {
        SelectionSwitch(LocalizedStringKey(label), isOn: .constant(isOn))
    }
}
