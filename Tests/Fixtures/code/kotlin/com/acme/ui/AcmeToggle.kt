package com.acme.ui

import androidx.compose.foundation.layout.RowScope
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier

/**
 * Turns one setting on or off.
 *
 * @param label names the setting; fun Fake(x: Int) in a comment is not read.
 */
@Composable
fun AcmeToggle(
    label: String,
    checked: Boolean,
    onCheckedChange: ((Boolean) -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    size: ToggleSize = ToggleSize.Regular,
    accessory: @Composable RowScope.() -> Unit = {},
) {
    val text = "fun NotADeclaration(a: Int) ${label.length}"
}

enum class ToggleSize { Small, Regular }
