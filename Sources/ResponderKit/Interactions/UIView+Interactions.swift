extension UIView {
    /// The interactions attached to the view, in the order they were added. Setting the list detaches
    /// those it leaves out and attaches the new ones.
    public var interactions: [UIInteraction] {
        get { storedInteractions }
        set {
            for interaction in storedInteractions where !newValue.contains(where: { $0 === interaction }) { removeInteraction(interaction) }
            for interaction in newValue where !storedInteractions.contains(where: { $0 === interaction }) { addInteraction(interaction) }
        }
    }

    /// Attaches `interaction` to the view, detaching it from any other view first.
    public func addInteraction(_ interaction: UIInteraction) {
        if let other = interaction.view, other !== self { other.removeInteraction(interaction) }
        guard !storedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: self)
        storedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches `interaction` from the view.
    public func removeInteraction(_ interaction: UIInteraction) {
        guard let index = storedInteractions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storedInteractions.remove(at: index)
        interaction.didMove(to: nil)
    }
}
