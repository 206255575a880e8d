package com.acme.ui

import androidx.compose.runtime.Composable

@Composable
fun AcmeChip(text: String, selected: Boolean = false, modifier: Modifier = Modifier) {
}
