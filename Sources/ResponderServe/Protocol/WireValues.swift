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
    private enum Field: String, CodingKey { case name, kind, corners, depth, flags, recognizers, isControl, clips, scroll, row }

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
        // Only a table's or collection's cell has one.
        try fields.encodeIfPresent(row, forKey: .row)
    }
}

extension PlaygroundSession.RowState: Encodable {
    private enum Field: String, CodingKey { case name, indexPath, isHighlighted, isSelected }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(indexPath, forKey: .indexPath)
        try fields.encode(isHighlighted, forKey: .isHighlighted)
        try fields.encode(isSelected, forKey: .isSelected)
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

extension PlaygroundSession.Recognizer: Encodable {
    private enum Field: String, CodingKey { case name, kind, enabled }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(kind, forKey: .kind)
        try fields.encode(isEnabled, forKey: .enabled)
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

// The timeline: times in seconds since the scene was built, to a tenth of a millisecond (the JSON of
// 20,000 marks stays about a megabyte).

extension PlaygroundSession.TimelineContent: Encodable {
    private enum Field: String, CodingKey { case end, omitted, lanes }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(wireTime(end), forKey: .end)
        try fields.encode(omitted, forKey: .omitted)
        try fields.encode(lanes, forKey: .lanes)
    }
}

extension PlaygroundSession.LaneContent: Encodable {
    private enum Field: String, CodingKey { case kind, name, bands, waits, marks }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(lane.kind, forKey: .kind)
        try fields.encode(lane.name, forKey: .name)
        try fields.encode(bands, forKey: .bands)
        try fields.encode(waits, forKey: .waits)
        try fields.encode(marks, forKey: .marks)
    }
}

extension PlaygroundSession.Band: Encodable {
    private enum Field: String, CodingKey { case state, start, end }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(state, forKey: .state)
        try fields.encode(wireTime(start), forKey: .start)
        try fields.encode(wireTime(end), forKey: .end)
    }
}

extension PlaygroundSession.Wait: Encodable {
    private enum Field: String, CodingKey { case start, end, wants, waitingFor }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(wireTime(start), forKey: .start)
        try fields.encode(wireTime(end), forKey: .end)
        try fields.encode(wants, forKey: .wants)
        try fields.encode(waitingFor, forKey: .waitingFor)
    }
}

extension PlaygroundSession.Mark: Encodable {
    private enum Field: String, CodingKey { case time, style, label }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(wireTime(time), forKey: .time)
        try fields.encode(style, forKey: .style)
        try fields.encode(label, forKey: .label)
    }
}

private func wireTime(_ time: Double) -> Double { (time * 10_000).rounded() / 10_000 }

// A touch that began, with its hit-test and explanation.

extension PlaygroundSession.TouchReport: Encodable {
    private enum Field: String, CodingKey {
        case number, finger, time, point, input, hitView, window, path, visits, omittedVisits, outsideAncestors, explanation
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(number, forKey: .number)
        try fields.encode(finger, forKey: .finger)
        try fields.encode(wireTime(time), forKey: .time)
        try fields.encodeIfPresent(point, forKey: .point)
        try fields.encode(input, forKey: .input)
        try fields.encodeIfPresent(hitView, forKey: .hitView)
        try fields.encodeIfPresent(window, forKey: .window)
        try fields.encode(path, forKey: .path)
        try fields.encode(visits, forKey: .visits)
        try fields.encode(omittedVisits, forKey: .omittedVisits)
        try fields.encode(outsideAncestors, forKey: .outsideAncestors)
        try fields.encode(explanation, forKey: .explanation)
    }
}

extension PlaygroundSession.PlacedView: Encodable {
    private enum Field: String, CodingKey { case name, corners }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(name, forKey: .name)
        try fields.encode(corners, forKey: .corners)
    }
}

extension PlaygroundSession.Visit: Encodable {
    private enum Field: String, CodingKey { case name, corners, point, verdict, reason }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(view.name, forKey: .name)
        try fields.encode(view.corners, forKey: .corners)
        try fields.encode(point, forKey: .point)
        try fields.encode(verdict, forKey: .verdict)
        try fields.encodeIfPresent(reason, forKey: .reason)
    }
}

extension PlaygroundSession.OutsideAncestor: Encodable {
    private enum Field: String, CodingKey { case view, ancestor }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encode(view, forKey: .view)
        try fields.encode(ancestor, forKey: .ancestor)
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
