import Figma
import SwiftUI

struct AcmeToggle_doc: FigmaConnect {
    let component = AcmeToggle<EmptyView>.self
    let figmaNodeUrl = "https://www.figma.com/design/abc/Acme?node-id=1-2"

    var body: some View {
        AcmeToggle("Wi-Fi", isOn: .constant(true))
    }
}
