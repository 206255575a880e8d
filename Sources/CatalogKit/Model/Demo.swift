/// The six kinds of live demo the default theme ships.
public enum DemoKind: String, Sendable, CaseIterable {
    case `switch` = "switch"
    case labeledToggle = "labeled-toggle"
    case checkbox
    case radioGroup = "radio-group"
    case toggleButton = "toggle-button"
    case control

    /// The example keys the content format allows for this kind.
    public var exampleKeys: [String] {
        switch self {
        case .switch: ["title", "label", "description", "checked", "disabled"]
        case .labeledToggle: ["title", "label", "description", "helper", "error", "required", "placement", "checked", "disabled"]
        case .checkbox: ["title", "label", "checked", "disabled", "description", "children"]
        case .radioGroup: ["title", "legend", "options", "selected", "orientation"]
        case .toggleButton: ["title", "label", "symbol", "pressed", "disabled"]
        case .control: ["title", "symbol-on", "symbol-off", "value-on", "value-off", "checked", "delay", "sensitive"]
        }
    }

    public var displayName: String {
        switch self {
        case .switch: "Switch"
        case .labeledToggle: "Labeled toggle"
        case .checkbox: "Checkbox"
        case .radioGroup: "Radio group"
        case .toggleButton: "Toggle button"
        case .control: "Control"
        }
    }
}

public struct Demo: Sendable {
    public var kind: Located<DemoKind>
    public var examples: [DemoExample]
}

/// A checkbox's state: checked, unchecked, or mixed (some of its children checked).
public enum CheckState: String, Sendable {
    case checked, unchecked, mixed
}

public enum Placement: String, Sendable, CaseIterable {
    case leading, trailing
}

public enum Orientation: String, Sendable, CaseIterable {
    case vertical, horizontal
}

public struct CheckboxChild: Sendable {
    public var label: Located<String>?
    public var checked: Bool
    public var disabled: Bool
}

public struct RadioOption: Sendable {
    public var label: Located<String>?
    public var description: String?
    public var disabled: Bool
}

/// One example of a demo. Which fields apply depends on the demo kind (see `DemoKind.exampleKeys`).
public struct DemoExample: Sendable {
    public var title: Located<String>?
    public var label: Located<String>?
    public var description: String?
    public var helper: String?
    public var error: String?
    public var required = false
    public var placement: Placement = .trailing
    public var checked: CheckState = .unchecked
    /// Where `checked: mixed` was written (a switch must never be mixed).
    public var checkedLocation: SourceLocation?
    public var disabled = false
    public var children: [CheckboxChild] = []
    public var legend: Located<String>?
    public var options: [RadioOption] = []
    public var optionsLocation: SourceLocation?
    public var selected: Located<String>?
    public var orientation: Orientation = .vertical
    public var symbol: Located<String>?
    public var pressed = false
    public var symbolOn: Located<String>?
    public var symbolOff: Located<String>?
    public var valueOn: String?
    public var valueOff: String?
    public var delay = 0
    public var sensitive = false
    /// The keys written, so an appearance's partial example can fall back to the first demo example.
    public var keysWritten: Set<String> = []
    public var location: SourceLocation

    public init(location: SourceLocation) {
        self.location = location
    }

    /// The state a parent checkbox shows: mixed when its children differ.
    public var effectiveChecked: CheckState {
        guard !children.isEmpty else { return checked }
        if children.allSatisfy(\.checked) { return .checked }
        if children.allSatisfy({ !$0.checked }) { return .unchecked }
        return .mixed
    }

    public var isOn: Bool { checked == .checked }
}
