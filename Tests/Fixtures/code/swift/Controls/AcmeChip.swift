import SwiftUI

struct AcmeChip: View {
    var text: String
    var isSelected: Bool = false

    var body: some View {
        Text(text).padding(8)
    }
}
