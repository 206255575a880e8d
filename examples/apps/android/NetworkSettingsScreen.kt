package org.example.app

import androidx.compose.foundation.layout.Column
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import org.example.selection.ActivityBar
import org.example.selection.SelectionSwitch

@Composable
fun NetworkSettingsScreen(joining: Boolean) {
    var wifiOn by remember { mutableStateOf(true) }
    var bluetoothOn by remember { mutableStateOf(false) }
    Column {
        SelectionSwitch(label = "Wi-Fi", checked = wifiOn, onCheckedChange = { wifiOn = it })
        if (joining) {
            ActivityBar(label = "Connecting to Wi-Fi")
        }
        SelectionSwitch(label = "Bluetooth", checked = bluetoothOn, onCheckedChange = { bluetoothOn = it })
    }
}
