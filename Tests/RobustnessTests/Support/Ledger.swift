// Where every observer reports a broken promise, with the event it happened in.

import Foundation
@testable import ResponderKit

/// Collects invariant violations. Observers report as they notice; the fuzz driver reads the ledger
/// after every event and stops at the first violation.
@MainActor
final class Ledger {
    private(set) var violations: [String] = []
    /// The number of the event (or mutation) being played, for the report.
    var step = 0
    /// What that step was.
    var stepDescription = ""

    func fail(_ message: String) {
        // Keep the first few: one bug tends to cascade.
        if violations.count < 20 { violations.append("step \(step) (\(stepDescription)): \(message)") }
    }

    var isClean: Bool { violations.isEmpty }
}

/// A weak reference, for registries that must not keep objects alive.
struct Weak<T: AnyObject> {
    weak var object: T?
    init(_ object: T) { self.object = object }
}

/// Weak references to every object a scene created or saw, for leak checks.
@MainActor
final class LeakRegistry {
    private(set) var entries: [(what: String, ref: Weak<AnyObject>)] = []
    private var seen: Set<ObjectIdentifier> = []

    func note(_ object: AnyObject, _ what: @autoclosure () -> String) {
        let id = ObjectIdentifier(object)
        // Identifiers are reused after deallocation: only skip an object still registered and alive.
        if seen.contains(id), entries.contains(where: { $0.ref.object === object }) { return }
        seen.insert(id)
        entries.append((what(), Weak(object)))
        if entries.count % 4096 == 0 { compact() }
    }

    /// Drops entries whose objects are gone.
    func compact() {
        entries.removeAll { $0.ref.object == nil }
        seen = Set(entries.compactMap { $0.ref.object.map(ObjectIdentifier.init) })
    }

    /// The objects still alive.
    var survivors: [String] { entries.filter { $0.ref.object != nil }.map(\.what) }
    var count: Int { entries.count }
}
