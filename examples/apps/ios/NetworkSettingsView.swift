import SelectionControls
import SwiftUI

/// The app's network settings: the switches people flip most.
struct NetworkSettingsView: View {
    @State private var wifiOn = true
    @State private var bluetoothOn = false
    @State private var joining = false

    var body: some View {
        Form {
            SelectionSwitch("Wi-Fi", isOn: $wifiOn)
            if joining {
                ActivityBar("Connecting to Wi-Fi")
            }
            SelectionSwitch("Bluetooth", isOn: $bluetoothOn)
        }
    }
}
