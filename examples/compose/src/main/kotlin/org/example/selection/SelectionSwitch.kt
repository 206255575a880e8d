package org.example.selection

import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.selection.toggleable
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role

/**
 * The Switch: one setting that takes effect the moment it is flipped. The whole row is the
 * target, so the label can be tapped too.
 *
 * @param label what the switch turns on; never "on" or "off" itself.
 * @param checked the setting's current state.
 * @param onCheckedChange called with the new state; null leaves the row read-only.
 */
@Composable
fun SelectionSwitch(
    label: String,
    checked: Boolean,
    onCheckedChange: ((Boolean) -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
) {
    Row(
        modifier = modifier.toggleable(
            value = checked,
            enabled = enabled && onCheckedChange != null,
            role = Role.Switch,
            onValueChange = { onCheckedChange?.invoke(it) },
        ),
    ) {
        Text(label, modifier = Modifier.weight(1f))
        Switch(checked = checked, onCheckedChange = null, enabled = enabled)
    }
}
