/// A hardware button the system keeps for itself, or turns into a remote-control command (I2).
public enum SystemButton: String, Sendable, CaseIterable {
    /// The side (sleep/wake) button: locks the device, or wakes and unlocks it.
    case lock
    /// The home button: sends the foreground application to the background.
    case home
    /// Volume up: the system's volume.
    case volumeUp
    /// Volume down: the system's volume.
    case volumeDown
    /// A headset's play/pause button: a `.remoteControlTogglePlayPause` command for the application
    /// that receives remote-control events (R16).
    case playPause
}

/// What interrupts the foreground application (I2): it resigns active and its touches are cancelled.
public enum SystemInterruption: String, Sendable {
    /// An incoming phone call.
    case incomingCall
    /// A system alert.
    case systemAlert
    /// Notification Center, pulled down from the top edge of the screen (the system's top edge gesture).
    case notificationCenter
}
