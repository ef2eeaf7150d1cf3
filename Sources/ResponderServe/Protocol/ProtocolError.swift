/// What is wrong with a message: the error reply's text, and the message's `id` when it had one.
struct ProtocolError: Error, Equatable {
    var message: String
    var id: Int?

    init(_ message: String, id: Int? = nil) {
        self.message = message
        self.id = id
    }
}
