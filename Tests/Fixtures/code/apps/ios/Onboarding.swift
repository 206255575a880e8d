import AcmeUI

struct Onboarding: View {
    @State private var on = false
    var body: some View { AcmeUI.AcmeToggle("Share analytics", isOn: $on) }
}
