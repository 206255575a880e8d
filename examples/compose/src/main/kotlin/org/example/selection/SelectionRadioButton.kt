package org.example.selection

import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.selection.selectable
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role

/**
 * The Radio Button: one option of a group in which exactly one is chosen. Put the group in a
 * Column with Modifier.selectableGroup() under a heading.
 */
@Composable
fun SelectionRadioButton(
    label: String,
    selected: Boolean,
    onClick: (() -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
) {
    Row(
        modifier = modifier.selectable(
            selected = selected,
            enabled = enabled && onClick != null,
            role = Role.RadioButton,
            onClick = { onClick?.invoke() },
        ),
    ) {
        RadioButton(selected = selected, onClick = null, enabled = enabled)
        Text(label)
    }
}
