package org.example.selection

import androidx.compose.foundation.interaction.MutableInteractionSource
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.selection.triStateToggleable
import androidx.compose.material3.Text
import androidx.compose.material3.TriStateCheckbox
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.state.ToggleableState

/**
 * The Checkbox: an option in a list of any number, confirmed with the rest of a form.
 *
 * @param label names the option.
 * @param state checked, unchecked, or indeterminate (mixed) over others that differ.
 * @param onClick flips it; null leaves the row read-only.
 * @param interactionSource lets a parent observe presses and focus.
 */
@Composable
fun SelectionCheckbox(
    label: String,
    state: ToggleableState,
    onClick: (() -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    interactionSource: MutableInteractionSource? = null,
) {
    Row(
        modifier = modifier.triStateToggleable(
            state = state,
            enabled = enabled && onClick != null,
            role = Role.Checkbox,
            interactionSource = interactionSource,
            indication = null,
            onClick = { onClick?.invoke() },
        ),
    ) {
        TriStateCheckbox(state = state, onClick = null, enabled = enabled)
        Text(label)
    }
}
