package org.example.app

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.selection.selectableGroup
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import org.example.selection.SelectionRadioButton

@Composable
fun DisplaySettingsScreen(appearance: String, onAppearanceChange: (String) -> Unit) {
    Column(Modifier.selectableGroup()) {
        listOf("Light", "Dark", "Automatic").forEach { option ->
            SelectionRadioButton(label = option, selected = option == appearance, onClick = { onAppearanceChange(option) })
        }
    }
}
