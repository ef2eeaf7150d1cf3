extension UIEvent {
    /// The buttons of a pointing device that are down during an event (U2): ``UIEvent/buttonMask``,
    /// ``UIGestureRecognizer/buttonMask`` and ``UITapGestureRecognizer/buttonMaskRequired``.
    ///
    /// Buttons are numbered from 1, as Apple numbers them: the primary button (a mouse's left button,
    /// a click on a trackpad) is button 1 with raw value 1, the secondary (right button, a two-finger
    /// click) is button 2 with raw value 2, and button `n` has raw value `1 << (n - 1)`.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        /// The raw value: bit `n - 1` for button `n`.
        public let rawValue: Int
        /// Creates a mask from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The primary button (button 1): a mouse's left button, a click on a trackpad.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The secondary button (button 2): a mouse's right button, a two-finger click.
        public static let secondary = ButtonMask(rawValue: 1 << 1)

        /// The mask of button `buttonNumber`, counted from 1: `button(1)` is ``primary``,
        /// `button(2)` is ``secondary``.
        public static func button(_ buttonNumber: Int) -> ButtonMask {
            precondition(buttonNumber >= 1 && buttonNumber <= Int.bitWidth - 1,
                         "ButtonMask.button(_:): buttons are numbered from 1 to \(Int.bitWidth - 1), not \(buttonNumber)")
            return ButtonMask(rawValue: 1 << (buttonNumber - 1))
        }
    }
}
