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
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if self.width(candidate, size: size) <= width {
                line = candidate
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
/// least of.
struct LabelLayout {
    /// The picture's area: labels stay inside it.
    let area: CGRect
    private(set) var placed: [CGRect] = []

    init(area: CGRect) {
        self.area = area
    }

    /// Reserves `box` (a drawing labels must not cover, such as a caption already placed).
    mutating func reserve(_ box: CGRect) { placed.append(box) }

    /// The top-left corner chosen for a label of `size` among `candidates` (top-left corners, in order
    /// of preference); the label's box is then taken.
    mutating func place(size: CGSize, candidates: [CGPoint]) -> CGPoint {
        var best: (point: CGPoint, covered: CGFloat)?
        for candidate in candidates {
            let box = clamp(CGRect(origin: candidate, size: size))
            let covered = placed.reduce(CGFloat(0)) { total, other in
                let overlap = box.intersection(other)
                return total + (overlap.isNull ? 0 : overlap.width * overlap.height)
            }
            if covered == 0 {
                placed.append(box)
                return box.origin
            }
            if best == nil || covered < best!.covered { best = (box.origin, covered) }
        }
        let chosen = best?.point ?? candidates.first ?? area.origin
        placed.append(CGRect(origin: chosen, size: size))
        return chosen
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
