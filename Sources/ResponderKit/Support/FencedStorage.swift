/// Dispatch state kept out of the runtime's exclusivity checks: the one place where the engine trades
/// that safety net for speed, and why doing so is sound.
///
/// Swift checks at run time that no two accesses to a class's stored property overlap when one of them
/// writes (an `inout` argument or a mutating method holds its access for the whole call). Each check
/// costs about 95 instructions, a thread-local lookup included: more than the access itself. A move
/// reads and writes some eighty such properties, so with every check in place it cost 2.5 times as
/// much. `@exclusivity(unchecked)` leaves the check out, and then an overlapping access is undefined
/// behaviour instead of a trap. So the engine fences the unchecked storage in:
///
/// - **Never on a public or open declaration.** A client's mistake must still trap. A class that needs
///   unchecked storage keeps it in one private stored property of a type that conforms to this
///   protocol (usually a nested `struct Fenced`), and its public and internal properties are computed
///   over it: a get, a get/set, or a `_read`/`_modify` pair for a collection edited in place. A get or
///   a set is a single instantaneous access to the storage, which cannot overlap another; only the
///   engine's own code holds an access for longer (a `_modify`), and only for an in-place edit.
/// - **No access held across a call out.** Every access to fenced storage is a read, an assignment,
///   or an edit in place that calls nothing outside the engine (no user override, delegate, action or
///   tracer runs while it lasts). Then no access can overlap another, since the engine runs on the main
///   actor and user code is the only way back into it.
/// - **Checked in debug builds.** Each fenced property is declared twice under `#if DEBUG`: debug builds
///   (the whole test suite, the address-sanitizer run included) keep the runtime's checks, so an access
///   that breaks the rule above traps in a test; release builds leave them out.
///
/// The engine's internal fenced types (``GestureArbiter``, ``RecognizerRecord``, ``SettleQueue``,
/// ``ScratchLists``, ``ViewDelivery``, the clock and the input port) follow the same two rules for their
/// own fields; they have no public surface.
protocol FencedStorage {}
