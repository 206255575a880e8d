import Figma
import SelectionControls
import SwiftUI

/// Links the Checkbox in Figma to SelectionCheckbox.
struct SelectionCheckbox_connection: FigmaConnect {
    let component = SelectionCheckbox.self
    let figmaNodeUrl = "https://www.figma.com/design/selection-controls/Selection-Controls?node-id=12-58"

    @FigmaString("label")
    var label: String = "Remember me"

    var body: some View {
        SelectionCheckbox(LocalizedStringKey(label), value: .constant(.checked))
    }
}
