extension UIControl {
    /// The events a control sends (section F).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// Creates a value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A finger touched down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch-down: ``UITouch/tapCount`` is above 1 (R23).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The finger moved while inside the touch zone (R12).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The finger moved while outside the touch zone.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger moved from outside the touch zone to inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger moved from inside the touch zone to outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The finger lifted inside the touch zone.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The finger lifted outside the touch zone.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (by the system or a gesture recognizer).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The user changed the control's value.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action: touch-up-inside for buttons, Return for text fields, value change
        /// for the others (F6).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A text field began editing.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A text field's text changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A text field ended editing.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Return ended editing in a text field.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The names of the single events in this set, in bit order (for traces).
        public var names: [String] {
            let all: [(Event, String)] = [
                (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
                (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
                (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
                (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
                (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
                (.editingDidEndOnExit, "editingDidEndOnExit"),
            ]
            return all.filter { contains($0.0) }.map(\.1)
        }
    }

    /// The states a control can be in; ``UIControl/state`` combines them.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw value.
        public let rawValue: UInt
        /// Creates a value from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal value.
        public static let normal = State([])
        /// The highlighted value.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The disabled value.
        public static let disabled = State(rawValue: 1 << 1)
        /// The selected value.
        public static let selected = State(rawValue: 1 << 2)
        /// The focused value.
        public static let focused = State(rawValue: 1 << 3)
    }
}
