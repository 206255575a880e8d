package com.acme.ui

import com.figma.code.connect.FigmaConnect

@FigmaConnect(url = "https://www.figma.com/design/abc/Acme?node-id=1-2")
class AcmeToggleDoc {
    @Composable
    fun ComponentExample() {
        AcmeToggle(label = "Wi-Fi", checked = true, onCheckedChange = {})
    }
}
