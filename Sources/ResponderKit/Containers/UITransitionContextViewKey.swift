/// Keys for the views of a transition (``UIViewControllerTransitionCoordinatorContext/view(forKey:)``).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// Creates a key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view of the controller visible at the start of the transition.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view of the controller visible at the end of a completed transition.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}
