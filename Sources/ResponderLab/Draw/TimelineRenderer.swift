import Foundation

/// Draws a ``Timeline`` as SVG, to scale in time: a time axis across the top, one lane per touch,
/// recognizer, view and control, the actions, and a legend. Every lane, band and mark carries `class`
/// and `data-` attributes (kind, name, state, times) and a `<title>` tooltip, so the picture can be read
/// by a program as well as by eye.
struct TimelineRenderer {
    let timeline: Timeline
    /// The title above the lanes.
    let title: String

    // Layout, in points.
    private let left: CGFloat = 190
    private let plotWidth: CGFloat = 1100
    private let right: CGFloat = 30
    private let top: CGFloat = 64
    private let laneHeight: CGFloat = 30
    private let labelRowHeight: CGFloat = 12
    /// The widest a zero-length state (ended, failed…) is drawn, so it can be seen.
    private let minimumBandWidth: CGFloat = 4
    /// An estimate of a character's width at the labels' size, for fitting labels.
    private let characterWidth: CGFloat = 5.6
    /// The same at the bands' smaller size.
    private let bandCharacterWidth: CGFloat = 5.2

    /// Fill colours of the recognizer states and the touch bar.
    static let stateColours: [(state: String, colour: String)] = [
        ("possible", "#cfd8dc"), ("began", "#a5d6a7"), ("changed", "#43a047"), ("ended", "#1e88e5"),
        ("failed", "#e53935"), ("cancelled", "#fb8c00"),
    ]
    private static let waitingColour = "#8e24aa"

    private var end: TimeInterval { max(timeline.end, 0.1) }
    private var scale: CGFloat { plotWidth / CGFloat(end * 1.05) }
    private func x(_ t: TimeInterval) -> CGFloat { left + CGFloat(t) * scale }

    func render() -> String {
        var body: [String] = []
        var y = top
        for (number, lane) in timeline.lanes.enumerated() {
            let rows = labelRows(lane)
            let height = laneHeight + CGFloat(rows.count) * labelRowHeight
            body.append(##"<g class="lane" data-kind="\##(lane.kind.rawValue)" data-name="\##(escape(lane.name))">"##)
            if number % 2 == 0 {
                body.append(##"<rect x="0" y="\##(n(y))" width="\##(n(left + plotWidth + right))" height="\##(n(height))" fill="#f7f7f7"/>"##)
            }
            // The lane's kind and name, shortened to the margin when too long; the tooltip has it whole.
            let kindText = lane.kind == .actions ? "" : Self.kindLabel(lane.kind) + " "
            let shown = PictureText.truncated(kindText + lane.name, width: left - 20, size: 11)
            let kind = kindText.isEmpty ? "" : ##"<tspan fill="#78909c">\##(Self.kindLabel(lane.kind))</tspan> "##
            let name = String(shown.dropFirst(kindText.count))
            let tooltip = shown == kindText + lane.name ? "" : "<title>\(escape(kindText + lane.name))</title>"
            body.append(##"<text class="lane-name" x="10" y="\##(n(y + height / 2 + 4))">\##(tooltip)\##(kind)\##(escape(name))</text>"##)
            let mid = y + height - laneHeight / 2
            drawBands(lane, top: y + height - laneHeight, into: &body)
            for (rowIndex, row) in rows.enumerated() {
                for mark in row {
                    let labelY = y + CGFloat(rowIndex + 1) * labelRowHeight - 2
                    body.append(##"<text class="mark-label" x="\##(n(labelStart(mark)))" y="\##(n(labelY))" font-size="10">\##(escape(mark.label))</text>"##)
                }
            }
            // Marks of one style at one time are drawn once, with their number.
            for group in Self.grouped(lane.marks) {
                let first = group[0]
                let titles = group.map { "\(time($0.time)) s  \($0.label)" }.joined(separator: "\n")
                let count = group.count > 1 ? ##"<text x="\##(n(x(first.time) + 7))" y="\##(n(mid - 6))" font-size="9" fill="#455a64">×\##(group.count)</text>"## : ""
                body.append(##"<g class="mark" data-style="\##(first.style.rawValue)" data-time="\##(time(first.time))" data-count="\##(group.count)"><title>\##(escape(titles))</title>\##(shape(first.style, at: x(first.time), mid))\##(count)</g>"##)
            }
            body.append("</g>")
            y += height
        }
        let lanesBottom = y
        var svg: [String] = []
        let legendTop = lanesBottom + 24
        let height = legendTop + 70
        let width = left + plotWidth + right
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(n(width))" height="\##(n(height))" viewBox="0 0 \##(n(width)) \##(n(height))" font-family="sans-serif" font-size="11">"##)
        svg.append(##"<defs><pattern id="waiting" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="\##(Self.waitingColour)" stroke-width="2"/></pattern></defs>"##)
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        let shownTitle = PictureText.truncated(title, width: width - 20, size: 15.5)
        let titleTooltip = shownTitle == title ? "" : "<title>\(escape(title))</title>"
        svg.append(##"<text class="title" x="10" y="20" font-size="14" font-weight="bold">\##(titleTooltip)\##(escape(shownTitle))</text>"##)
        svg += axis(bottom: lanesBottom)
        svg += body
        if timeline.omitted > 0 {
            svg.append(##"<text x="\##(n(left))" y="\##(n(lanesBottom + 14))" fill="#e53935">… \##(timeline.omitted) more marks and bands left out</text>"##)
        }
        svg += legend(top: legendTop)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    // MARK: Axis

    private func axis(bottom: CGFloat) -> [String] {
        var lines: [String] = [##"<g class="axis">"##]
        let step = Self.tickStep(for: end * 1.05)
        let axisY = top - 10
        lines.append(##"<line x1="\##(n(left))" y1="\##(n(axisY))" x2="\##(n(left + plotWidth))" y2="\##(n(axisY))" stroke="#455a64"/>"##)
        lines.append(##"<text x="\##(n(left - 24))" y="\##(n(axisY - 8))" text-anchor="end" fill="#455a64">time (s)</text>"##)
        var tick = 0
        while Double(tick) * step <= end * 1.05 + 1e-9, tick <= 100 {
            let t = Double(tick) * step
            let tx = x(t)
            lines.append(##"<line x1="\##(n(tx))" y1="\##(n(axisY - 4))" x2="\##(n(tx))" y2="\##(n(bottom))" stroke="#eceff1"/>"##)
            lines.append(##"<line x1="\##(n(tx))" y1="\##(n(axisY - 4))" x2="\##(n(tx))" y2="\##(n(axisY))" stroke="#455a64"/>"##)
            lines.append(##"<text x="\##(n(tx))" y="\##(n(axisY - 8))" text-anchor="middle" fill="#455a64">\##(Self.tickLabel(t, step: step))</text>"##)
            tick += 1
        }
        lines.append("</g>")
        return lines
    }

    /// A round step giving about ten ticks: 1, 2 or 5 times a power of ten.
    static func tickStep(for duration: TimeInterval) -> TimeInterval {
        let rough = max(duration, 1e-3) / 10
        let power = pow(10, floor(log10(rough)))
        for multiple in [1.0, 2.0, 5.0] where multiple * power >= rough { return multiple * power }
        return 10 * power
    }

    private static func tickLabel(_ t: TimeInterval, step: TimeInterval) -> String {
        let decimals = max(0, Int(-floor(log10(step)) + 0.5))
        return String(format: "%.\(decimals)f", t)
    }

    // MARK: Lanes

    private func drawBands(_ lane: Timeline.Lane, top laneTop: CGFloat, into body: inout [String]) {
        let colours = Dictionary(uniqueKeysWithValues: Self.stateColours.map { ($0.state, $0.colour) })
        var textEnd = -CGFloat.infinity
        for (i, band) in lane.bands.enumerated() {
            let x0 = x(band.start)
            let width = max(x(band.end) - x0, minimumBandWidth)
            let isTouch = lane.kind == .touch
            let y = isTouch ? laneTop + laneHeight / 2 - 4 : laneTop + 4
            let height = isTouch ? 8 : laneHeight - 8
            let fill = isTouch ? "#b0bec5" : colours[band.state] ?? "#9e9e9e"
            body.append(##"<rect class="band" data-state="\##(escape(band.state))" data-start="\##(time(band.start))" data-end="\##(time(band.end))" x="\##(n(x0))" y="\##(n(y))" width="\##(n(width))" height="\##(n(height))" fill="\##(fill)"><title>\##(escape(band.state)) \##(time(band.start))–\##(time(band.end)) s</title></rect>"##)
            guard !isTouch else { continue }
            // The state's name inside its band, or just after a short one when there is room before the next.
            let text = band.state
            let textWidth = CGFloat(text.count) * bandCharacterWidth
            let next = i + 1 < lane.bands.count ? x(lane.bands[i + 1].start) : left + plotWidth + right
            let waits = lane.waits.contains { $0.start < band.end && $0.end > band.start }
            if width >= textWidth + 8, !waits {
                body.append(##"<text x="\##(n(x0 + 4))" y="\##(n(laneTop + laneHeight / 2 + 4))" font-size="10" fill="\##(band.state == "possible" || band.state == "began" ? "#263238" : "white")">\##(escape(text))</text>"##)
                textEnd = x0 + width
            } else if width < textWidth + 8, x0 + width + 3 + textWidth < next, x0 + width > textEnd {
                body.append(##"<text x="\##(n(x0 + width + 3))" y="\##(n(laneTop + laneHeight / 2 + 4))" font-size="10" fill="\##(colours[band.state] ?? "#263238")">\##(escape(text))</text>"##)
                textEnd = x0 + width + 3 + textWidth
            }
        }
        for wait in lane.waits {
            let x0 = x(wait.start)
            let width = max(x(wait.end) - x0, minimumBandWidth)
            let others = wait.waitingFor.joined(separator: ", ")
            body.append(##"<rect class="wait" data-wants="\##(escape(wait.wants))" data-for="\##(escape(others))" data-start="\##(time(wait.start))" data-end="\##(time(wait.end))" x="\##(n(x0))" y="\##(n(laneTop + 4))" width="\##(n(width))" height="\##(n(laneHeight - 8))" fill="url(#waiting)" fill-opacity="0.35" stroke="\##(Self.waitingColour)" stroke-dasharray="3 2"><title>wants \##(escape(wait.wants)), waits for \##(escape(others)) to fail (R7)</title></rect>"##)
            let text = "waits for \(others)"
            if width >= CGFloat(text.count) * bandCharacterWidth + 8 {
                body.append(##"<text x="\##(n(x0 + 4))" y="\##(n(laneTop + laneHeight / 2 + 4))" font-size="10" fill="#4a148c">\##(escape(text))</text>"##)
            }
        }
    }

    /// Marks grouped by time and style, in order.
    static func grouped(_ marks: [Timeline.Mark]) -> [[Timeline.Mark]] {
        var groups: [[Timeline.Mark]] = []
        var index: [String: Int] = [:]
        for mark in marks {
            let key = "\(mark.time) \(mark.style.rawValue)"
            if let i = index[key] { groups[i].append(mark) } else { index[key] = groups.count; groups.append([mark]) }
        }
        return groups
    }

    /// Labelled marks (control events, actions) placed in rows so their labels do not overlap.
    private func labelRows(_ lane: Timeline.Lane) -> [[Timeline.Mark]] {
        guard lane.kind == .control || lane.kind == .actions else { return [] }
        let maximumRows = 4
        var rows: [[Timeline.Mark]] = []
        var rowEnds: [CGFloat] = []
        for mark in lane.marks.sorted(by: { $0.time < $1.time }) {
            let start = labelStart(mark)
            let finish = start + CGFloat(mark.label.count) * characterWidth + 6
            if let row = rowEnds.firstIndex(where: { $0 <= start }) {
                rows[row].append(mark)
                rowEnds[row] = finish
            } else if rows.count < maximumRows {
                rows.append([mark])
                rowEnds.append(finish)
            } else {
                // Too crowded to label: the mark keeps its tooltip.
                continue
            }
        }
        return rows
    }

    /// Where a mark's label starts: at the mark, or further left when it would run off the picture.
    private func labelStart(_ mark: Timeline.Mark) -> CGFloat {
        min(x(mark.time) - 3, left + plotWidth + right - CGFloat(mark.label.count) * characterWidth - 4)
    }

    private static func kindLabel(_ kind: Timeline.LaneKind) -> String {
        switch kind {
        case .touch: return "touch"
        case .recognizer: return "gesture"
        case .view: return "view"
        case .control: return "control"
        case .actions: return ""
        }
    }

    // MARK: Marks

    private func shape(_ style: Timeline.Mark.Style, at x: CGFloat, _ y: CGFloat) -> String {
        func circle(_ r: CGFloat, fill: String, stroke: String = "none", width: CGFloat = 1.5) -> String {
            ##"<circle cx="\##(n(x))" cy="\##(n(y))" r="\##(n(r))" fill="\##(fill)" stroke="\##(stroke)" stroke-width="\##(n(width))"/>"##
        }
        func cross(_ colour: String) -> String {
            ##"<path d="M\##(n(x - 4)),\##(n(y - 4)) L\##(n(x + 4)),\##(n(y + 4)) M\##(n(x - 4)),\##(n(y + 4)) L\##(n(x + 4)),\##(n(y - 4))" stroke="\##(colour)" stroke-width="2"/>"##
        }
        func diamond(fill: String) -> String {
            ##"<polygon points="\##(n(x)),\##(n(y - 5)) \##(n(x + 5)),\##(n(y)) \##(n(x)),\##(n(y + 5)) \##(n(x - 5)),\##(n(y))" fill="\##(fill)" stroke="#ef6c00" stroke-width="1.5"/>"##
        }
        switch style {
        case .down: return circle(4, fill: "#37474f")
        case .move: return ##"<line x1="\##(n(x))" y1="\##(n(y - 5))" x2="\##(n(x))" y2="\##(n(y + 5))" stroke="#37474f"/>"##
        case .up: return circle(6.5, fill: "none", stroke: "#37474f")
        case .cancel: return cross("#e53935")
        case .began: return circle(4, fill: "#2e7d32")
        case .moved: return circle(2, fill: "#2e7d32")
        case .ended: return circle(6.5, fill: "none", stroke: "#1565c0")
        case .cancelled: return cross("#e53935")
        case .other: return circle(3, fill: "#455a64")
        case .withheld: return diamond(fill: "none") // hollow: a delivery at the same time shows through
        case .released: return diamond(fill: "#ef6c00")
        case .discarded: return cross("#9e9e9e")
        case .event:
            return ##"<rect x="\##(n(x - 4))" y="\##(n(y - 4))" width="8" height="8" fill="#5e35b1"/>"##
        case .action:
            return ##"<polygon points="\##(n(x)),\##(n(y - 6)) \##(n(x + 6)),\##(n(y + 5)) \##(n(x - 6)),\##(n(y + 5))" fill="#f9a825" stroke="#f57f17"/>"##
        }
    }

    private func legend(top legendTop: CGFloat) -> [String] {
        var lines: [String] = [##"<g class="legend">"##]
        var x: CGFloat = 10
        lines.append(##"<text x="\##(n(x))" y="\##(n(legendTop + 4))" font-weight="bold">recognizer states</text>"##)
        x = left
        for (state, colour) in Self.stateColours {
            lines.append(##"<rect x="\##(n(x))" y="\##(n(legendTop - 6))" width="14" height="12" fill="\##(colour)"/>"##)
            lines.append(##"<text x="\##(n(x + 18))" y="\##(n(legendTop + 4))">\##(state == "ended" ? "ended / recognized" : state)</text>"##)
            x += 18 + CGFloat((state == "ended" ? 18 : state.count)) * characterWidth + 16
        }
        lines.append(##"<rect x="\##(n(x))" y="\##(n(legendTop - 6))" width="14" height="12" fill="url(#waiting)" fill-opacity="0.5" stroke="\##(Self.waitingColour)" stroke-dasharray="3 2"/>"##)
        lines.append(##"<text x="\##(n(x + 18))" y="\##(n(legendTop + 4))">waits for others to fail (R7)</text>"##)

        let rowY = legendTop + 30
        lines.append(##"<text x="10" y="\##(n(rowY + 4))" font-weight="bold">marks</text>"##)
        let entries: [(Timeline.Mark.Style, String)] = [
            (.down, "touch down"), (.move, "move"), (.up, "up"), (.cancel, "cancelled"),
            (.began, "delivered: began"), (.moved, "moved"), (.ended, "ended"), (.withheld, "withheld"),
            (.released, "released"), (.discarded, "discarded"), (.event, "control event"), (.action, "action"),
        ]
        x = left + 8
        for (style, text) in entries {
            lines.append(shape(style, at: x, rowY))
            lines.append(##"<text x="\##(n(x + 11))" y="\##(n(rowY + 4))">\##(text)</text>"##)
            x += 11 + CGFloat(text.count) * characterWidth + 24
        }
        lines.append("</g>")
        return lines
    }

    // MARK: Text

    private func n(_ value: CGFloat) -> String {
        guard value.isFinite else { return "0" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", Double(value))
    }

    private func time(_ t: TimeInterval) -> String { String(format: "%.3f", t) }

    /// One escape for every picture the lab draws.
    private func escape(_ text: String) -> String { SVGRenderer.escape(text) }
}
