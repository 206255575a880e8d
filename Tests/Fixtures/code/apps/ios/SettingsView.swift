import SwiftUI
import AcmeUI

struct SettingsView: View {
    @State private var wifi = true
    @State private var bluetooth = false

    var body: some View {
        Form {
            AcmeToggle("Wi-Fi", isOn: $wifi)
            AcmeToggle("Bluetooth", isOn: $bluetooth) { Image(systemName: "info.circle") }
            AcmeChip(text: "Nearby")
        }
    }
}
