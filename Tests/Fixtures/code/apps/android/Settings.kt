package com.acme.app

@Composable
fun SettingsScreen() {
    var wifi by remember { mutableStateOf(true) }
    AcmeToggle(label = "Wi-Fi", checked = wifi, onCheckedChange = { wifi = it })
    // AcmeToggle(label = "commented out") is not a call
    AcmeChip(text = "Nearby")
    AcmeChip(text = "Saved")
}
