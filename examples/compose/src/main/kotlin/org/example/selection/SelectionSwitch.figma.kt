package org.example.selection

import androidx.compose.runtime.Composable
import com.figma.code.connect.Figma
import com.figma.code.connect.FigmaConnect
import com.figma.code.connect.FigmaProperty
import com.figma.code.connect.FigmaType

/** Links the Switch in Figma to SelectionSwitch: Dev Mode shows this code for each instance. */
@FigmaConnect(url = "https://www.figma.com/design/selection-controls/Selection-Controls?node-id=12-40")
class SelectionSwitchDoc {
    @FigmaProperty(FigmaType.Text, "label")
    val label: String = "Wi-Fi"

    @FigmaProperty(FigmaType.Boolean, "Selected")
    val checked: Boolean = true

    @Composable
    fun ComponentExample() {
        SelectionSwitch(label = label, checked = checked, onCheckedChange = {})
    }
}
