import Foundation
import ResponderKit

/// Text in the lab's pictures: how wide it is drawn, how it wraps to a width, and where labels go so
/// that none covers another. Widths are estimates for the pictures' sans-serif font (Helvetica,
/// Arial, DejaVu Sans): an average letter is about 0.55 of the font's size, wide letters (`m`, `W`,
/// digits in some fonts) more, so the estimate leans wide.
enum PictureText {
    /// The estimated width of `text` at `size`.
    static func width(_ text: String, size: CGFloat) -> CGFloat {
        var units: CGFloat = 0
        for character in text {
            switch character {
            case "i", "l", "j", "'", "|", ".", ",", ":", ";", "!", " ", "(", ")", "[", "]", "f", "t", "r": units += 0.34
            case "m", "w", "M", "W", "@", "%", "—", "…": units += 0.88
            case _ where character.isUppercase: units += 0.68
            case _ where character.isNumber: units += 0.58
            default: units += 0.56
            }
        }
        return units * size
    }

    /// `text` cut into lines no wider than `width` at `size`: at spaces where it can, mid-word where a
    /// word alone is too wide.
    static func wrap(_ text: String, width: CGFloat, size: CGFloat) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth: CGFloat = 0
        let space = self.width(" ", size: size)
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let wordWidth = self.width(word, size: size)
            if line.isEmpty ? wordWidth <= width : lineWidth + space + wordWidth <= width {
                if !line.isEmpty {
                    line += " "
                    lineWidth += space
                }
                line += word
                lineWidth += wordWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A word wider than the line is cut.
            var rest = word
            while self.width(rest, size: size) > width, rest.count > 1 {
                var cut = rest.count - 1
                while cut > 1, self.width(String(rest.prefix(cut)), size: size) > width { cut -= 1 }
                lines.append(String(rest.prefix(cut)))
                rest = String(rest.dropFirst(cut))
            }
            line = rest
            lineWidth = self.width(rest, size: size)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` shortened with `…` to fit `width` at `size`.
    static func truncated(_ text: String, width: CGFloat, size: CGFloat) -> String {
        guard self.width(text, size: size) > width else { return text }
        var kept = text
        while !kept.isEmpty, self.width(kept + "…", size: size) > width { kept.removeLast() }
        return kept + "…"
    }
}

/// Places labels one after another where they cover no label placed before them, nor leave the
/// picture: each label tries its places in order and takes the first free one, or the one it covers
/// least of. Placed labels are kept in a grid of cells, so a place is checked against the labels near
/// it only: a picture of hundreds of labels, each with dozens of places to try, is laid out at once.
struct LabelLayout {
    /// The picture's area: labels stay inside it.
    let area: CGRect
    private(set) var placed: [CGRect] = []
    /// The labels over each cell of the grid, by index in `placed`.
    private var cells: [Int: [Int]] = [:]
    private static let cellSize: CGFloat = 64

    init(area: CGRect) {
        self.area = area
    }

    /// Reserves `box` (a drawing labels must not cover, such as a caption already placed).
    mutating func reserve(_ box: CGRect) { add(box) }

    /// The top-left corner chosen for a label of `size` among `candidates` (top-left corners, in order
    /// of preference); the label's box is then taken.
    mutating func place(size: CGSize, candidates: [CGPoint]) -> CGPoint {
        var best: (point: CGPoint, covered: CGFloat)?
        for candidate in candidates {
            let box = clamp(CGRect(origin: candidate, size: size))
            let covered = coveredArea(of: box)
            if covered == 0 {
                add(box)
                return box.origin
            }
            if best == nil || covered < best!.covered { best = (box.origin, covered) }
        }
        let chosen = best?.point ?? candidates.first ?? area.origin
        add(CGRect(origin: chosen, size: size))
        return chosen
    }

    /// How much of `box` the labels placed cover.
    private func coveredArea(of box: CGRect) -> CGFloat {
        var seen: Set<Int> = []
        var total: CGFloat = 0
        for cell in Self.cells(of: box) {
            for index in cells[cell] ?? [] where seen.insert(index).inserted {
                let overlap = box.intersection(placed[index])
                if !overlap.isNull { total += overlap.width * overlap.height }
            }
        }
        return total
    }

    private mutating func add(_ box: CGRect) {
        placed.append(box)
        for cell in Self.cells(of: box) { cells[cell, default: []].append(placed.count - 1) }
    }

    /// The grid cells a box covers (none when it is not finite; at most a few hundred: a label is small).
    private static func cells(of box: CGRect) -> [Int] {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
              abs(box.minX) < 1e6, abs(box.minY) < 1e6, abs(box.maxX) < 1e6, abs(box.maxY) < 1e6 else { return [] }
        let x0 = Int((box.minX / cellSize).rounded(.down)), x1 = Int((box.maxX / cellSize).rounded(.down))
        let y0 = Int((box.minY / cellSize).rounded(.down)), y1 = Int((box.maxY / cellSize).rounded(.down))
        guard (x1 - x0 + 1) * (y1 - y0 + 1) <= 400 else { return [] }
        var result: [Int] = []
        for x in x0...x1 { for y in y0...y1 { result.append((x + 20_000) * 40_000 + (y + 20_000)) } }
        return result
    }

    /// `box` moved inside the area, as far as it fits.
    private func clamp(_ box: CGRect) -> CGRect {
        var result = box
        if result.maxX > area.maxX { result.origin.x = area.maxX - result.width }
        if result.minX < area.minX { result.origin.x = area.minX }
        if result.maxY > area.maxY { result.origin.y = area.maxY - result.height }
        if result.minY < area.minY { result.origin.y = area.minY }
        return result
    }
}
