"use strict";
// Where the scene's labels go: the rules of the lab's pictures (`LabelLayout` and `PictureText` in
// Sources/ResponderLab/Draw/PictureText.swift, used by `responder draw`), ported so that the page and
// the pictures place labels alike. Two things differ: the page measures its own font instead of
// estimating it, and a label that finds no free place goes on a shelf below the screen instead of
// covering another.

// Text widths in the page's font, measured on a canvas.
const PictureText = {
  canvas: null,
  font: "10px sans-serif",
  // The font the scene's text is drawn in (read from the page's style once it is laid out).
  useFontOf(element) {
    const style = getComputedStyle(element);
    PictureText.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  },
  width(text, font) {
    if (!PictureText.canvas) PictureText.canvas = document.createElement("canvas").getContext("2d");
    PictureText.canvas.font = font || PictureText.font;
    return PictureText.canvas.measureText(text).width;
  },
  // `text` cut into lines no wider than `width`: at spaces where it can, mid-word where a word alone is
  // too wide.
  wrap(text, width, font) {
    const lines = [];
    let line = "";
    for (const word of text.split(" ")) {
      const candidate = line ? line + " " + word : word;
      if (PictureText.width(candidate, font) <= width) { line = candidate; continue; }
      if (line) lines.push(line);
      let rest = word;
      while (PictureText.width(rest, font) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && PictureText.width(rest.slice(0, cut), font) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  },
};

// Places labels one after another where they cover no label placed before them, nor leave the area:
// each label tries its places in order and takes the first free one, or the one it covers least of.
// Placed labels are kept in a grid of 64-point cells, so a place is checked against the labels near it.
class LabelLayout {
  constructor(area) {
    this.area = area; // {x, y, width, height}
    this.placed = [];
    this.cells = new Map();
  }
  reserve(box) { this.add(box); }
  // The top-left corner of the first of `candidates` (top-left corners, in order of preference) where a
  // label of `size` ({width, height}) covers no label placed before and fits in the area; that box is
  // then taken. Null when there is none: the page then puts the label below the screen
  // (`OverflowShelf`), where the lab's pictures would take the place it covers least of.
  placeFree(size, candidates) {
    if (size.width > this.area.width || size.height > this.area.height) return null;
    for (const candidate of candidates) {
      const box = this.clamp({ x: candidate.x, y: candidate.y, width: size.width, height: size.height });
      if (this.coveredArea(box) === 0) { this.add(box); return { x: box.x, y: box.y }; }
    }
    return null;
  }
  coveredArea(box) {
    const seen = new Set();
    let total = 0;
    for (const cell of LabelLayout.cellsOf(box)) {
      for (const index of this.cells.get(cell) || []) {
        if (seen.has(index)) continue;
        seen.add(index);
        const other = this.placed[index];
        const w = Math.min(box.x + box.width, other.x + other.width) - Math.max(box.x, other.x);
        const h = Math.min(box.y + box.height, other.y + other.height) - Math.max(box.y, other.y);
        if (w > 0 && h > 0) total += w * h;
      }
    }
    return total;
  }
  add(box) {
    this.placed.push(box);
    for (const cell of LabelLayout.cellsOf(box)) {
      if (!this.cells.has(cell)) this.cells.set(cell, []);
      this.cells.get(cell).push(this.placed.length - 1);
    }
  }
  // The grid cells a box covers (none when it is not finite; at most a few hundred: a label is small).
  static cellsOf(box) {
    const values = [box.x, box.y, box.x + box.width, box.y + box.height];
    if (!values.every((v) => Number.isFinite(v) && Math.abs(v) < 1e6)) return [];
    const x0 = Math.floor(box.x / 64), x1 = Math.floor((box.x + box.width) / 64);
    const y0 = Math.floor(box.y / 64), y1 = Math.floor((box.y + box.height) / 64);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > 400) return [];
    const cells = [];
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cells.push(`${x},${y}`);
    return cells;
  }
  // `box` moved inside the area, as far as it fits.
  clamp(box) {
    const a = this.area, r = Object.assign({}, box);
    if (r.x + r.width > a.x + a.width) r.x = a.x + a.width - r.width;
    if (r.x < a.x) r.x = a.x;
    if (r.y + r.height > a.y + a.height) r.y = a.y + a.height - r.height;
    if (r.y < a.y) r.y = a.y;
    return r;
  }
}

// Labels that found no free place near their view, set in rows on a shelf below the screen, left to
// right: each is joined to its view by a leader line. Nothing else is drawn there, so they cover
// nothing and are never cut; the shelf is as tall as its rows.
class OverflowShelf {
  constructor(left, top, width) {
    this.left = left; this.top = top; this.width = width;
    this.x = left; this.y = top; this.rowHeight = 0;
  }
  // The top-left corner for a label of `size`.
  place(size) {
    if (this.x > this.left && this.x + size.width > this.left + this.width) { this.x = this.left; this.y += this.rowHeight + 3; this.rowHeight = 0; }
    const corner = { x: this.x, y: this.y };
    this.x += size.width + 4;
    this.rowHeight = Math.max(this.rowHeight, size.height);
    return corner;
  }
  // The shelf's height so far, 0 while it is empty.
  get height() { return this.rowHeight ? this.y + this.rowHeight - this.top : 0; }
}

// The places a view's label tries, in order, for its box (the part of the view that shows) and the
// label's size, as the pictures try them: its four inner corners; then, for views that share a corner,
// rows stacked down from the top and up from the bottom (at most twelve); then just above and below
// it. A window tries above and below first, so the root view's label inside it stays free.
function labelCandidates(b, size, isWindow) {
  const right = b.x + b.width, bottom = b.y + b.height;
  const inside = [{ x: b.x + 2, y: b.y + 2 }, { x: right - size.width - 2, y: b.y + 2 },
    { x: b.x + 2, y: bottom - size.height - 2 }, { x: right - size.width - 2, y: bottom - size.height - 2 }];
  const outside = [{ x: b.x, y: b.y - size.height - 1 }, { x: b.x, y: bottom + 1 }];
  const room = (b.height - 4) / (size.height + 1);
  const rows = Number.isFinite(room) ? Math.max(0, Math.floor(Math.max(0, Math.min(room, 20))) - 1) : 0;
  const stacked = [];
  for (let row = 0; row < Math.min(rows, 12); row++) {
    const down = b.y + 2 + (row + 1) * (size.height + 1), up = bottom - 2 - (row + 2) * (size.height + 1);
    stacked.push({ x: b.x + 2, y: down }, { x: right - size.width - 2, y: down }, { x: b.x + 2, y: up }, { x: right - size.width - 2, y: up });
  }
  return isWindow ? outside.concat(inside) : inside.concat(stacked, outside);
}

// The axis-aligned box of a list of [x, y] corners, or null.
function boxOf(corners) {
  if (!corners || !corners.length) return null;
  const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1]);
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function intersect(a, b) {
  if (!a || !b) return null;
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.width, b.x + b.width) - x, h = Math.min(a.y + a.height, b.y + b.height) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : null;
}
