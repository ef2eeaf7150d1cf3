import ResponderLab

// How the session's values go over the wire: each field's name in the JSON the page reads. The values
// are the session's (ResponderLab's `PlaygroundSession`); their form on the wire is the protocol's,
// written here, next to the messages that carry them (docs/playground.md, The protocol).

extension PlaygroundSession.TraceLine: Encodable {
    private enum Field: String, CodingKey { case time, category, subject, detail }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(time, forKey: .time)
        try fields.encode(category, forKey: .category)
        try fields.encode(subject, forKey: .subject)
        try fields.encode(detail, forKey: .detail)
    }
}

extension PlaygroundSession.Layout: Encodable {
    private enum Field: String, CodingKey { case width, height, views }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(width, forKey: .width)
        try fields.encode(height, forKey: .height)
        try fields.encode(views, forKey: .views)
    }
}

extension PlaygroundSession.ViewBox: Encodable {
    private enum Field: String, CodingKey { case name, kind, corners, depth, flags, recognizers, isControl, clips, scroll }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(kind, forKey: .kind)
        try fields.encode(corners, forKey: .corners)
        try fields.encode(depth, forKey: .depth)
        try fields.encode(flags, forKey: .flags)
        try fields.encode(recognizers, forKey: .recognizers)
        try fields.encode(isControl, forKey: .isControl)
        try fields.encode(clips, forKey: .clips)
        // Only a scroll view has one.
        try fields.encodeIfPresent(scroll, forKey: .scroll)
    }
}

extension PlaygroundSession.ScrollState: Encodable {
    private enum Field: String, CodingKey { case name, contentOffset, zoomScale }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(contentOffset, forKey: .contentOffset)
        try fields.encode(zoomScale, forKey: .zoomScale)
    }
}

extension PlaygroundSession.Lane: Encodable {
    private enum Field: String, CodingKey { case kind, name }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(kind, forKey: .kind)
        try fields.encode(name, forKey: .name)
    }
}

/// A problem with a scene's text as the page shows it: its line, column and message (the file is the
/// message's own `file`).
struct WireProblem: Encodable {
    var line: Int
    var column: Int
    var message: String

    init(_ error: ScenarioError) {
        (line, column, message) = (error.location.line, error.location.column, error.message)
    }
}
