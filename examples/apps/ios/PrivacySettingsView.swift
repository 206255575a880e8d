import SelectionControls
import SwiftUI

/// Privacy choices, confirmed together with Save.
struct PrivacySettingsView: View {
    @State private var analytics = CheckboxValue.unchecked
    @State private var crashReports = CheckboxValue.checked
    @State private var region: String? = nil
    @State private var locationAccess = false

    var body: some View {
        Form {
            SelectionCheckbox("Share analytics", value: $analytics)
            SelectionCheckbox("Send crash reports", value: $crashReports)
            PopUpButton("Data region", options: ["Europe", "United States", "Asia Pacific"], selection: $region)
            SelectionSwitch("Location access", isOn: $locationAccess)
        }
    }
}
