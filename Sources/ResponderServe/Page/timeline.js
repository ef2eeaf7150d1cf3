"use strict";
// The timeline pane: the session's timeline (the server's `timeline` message, the lanes and marks
// `responder draw --timeline` draws) drawn for the stretch of time in view, which the user zooms and
// pans as in a browser's performance timeline, and which follows new input until the user moves it.
//
// Bounded whatever the session's length: only the lanes scrolled into view and the items in the time
// shown are drawn; marks of one style closer than MARK_PIXELS in a lane are drawn as one (their count
// and first labels in its tooltip); and at most MAX_SHAPES bands, waits and marks are drawn at once,
// the rest counted and named in the pane's status line. So the pane never holds more than a few
// thousand elements.

const SVG_NS = "http://www.w3.org/2000/svg";

class TimelineView {
  // The names' column is as wide as the widest lane's kind and name, from 150 px up to half the pane
  // (a name wider than that is shortened with "…", whole in its tooltip).
  static MIN_NAME_WIDTH = 150;
  static NAME_SHARE = 0.5;
  static NAME_FONT = "11px sans-serif";
  static LANE_HEIGHT = 26;
  static MAX_SHAPES = 2000;
  static MARK_PIXELS = 3;
  static DEFAULT_SPAN = 10;
  static MIN_SPAN = 0.005;
  static STATE_COLOURS = { possible: "#cfd8dc", began: "#a5d6a7", changed: "#43a047", ended: "#1e88e5", failed: "#e53935", cancelled: "#fb8c00" };
  static KIND_LABELS = { touch: "touch", recognizer: "gesture", view: "view", control: "control", actions: "" };

  // `elements`: root (focusable), axis (svg), lanes (scrolling div), svg (the lanes' svg), follow (button),
  // status (text). `actions`: selectTouch(finger, time, tolerance), explain(kind, name).
  constructor(elements, actions) {
    Object.assign(this, elements);
    this.actions = actions;
    this.content = { end: 0, omitted: 0, lanes: [] };
    this.latest = 0;
    this.t0 = 0;
    this.span = TimelineView.DEFAULT_SPAN;
    this.following = true;
    this.selected = null; // {finger, time}
    this.pointers = new Map();
    this.frame = 0;
    this.drawnShapes = 0;
    this.leftOut = 0;
    this.widestName = 0;
    this.measure();
    this.listen();
    this.setFollowing(true);
  }

  // ---- What it shows --------------------------------------------------------------------------
  reset() {
    this.content = { end: 0, omitted: 0, lanes: [] };
    this.widestName = 0;
    this.latest = 0;
    this.selected = null;
    this.span = TimelineView.DEFAULT_SPAN;
    this.setFollowing(true);
  }
  setContent(content) {
    this.content = content;
    // Each lane's items in time order, for the searches that find the ones in view.
    this.widestName = 0;
    for (const lane of content.lanes) {
      lane.bands.sort((a, b) => a.start - b.start);
      lane.marks.sort((a, b) => a.time - b.time);
      this.widestName = Math.max(this.widestName, PictureText.width(TimelineView.laneTitle(lane), TimelineView.NAME_FONT));
    }
    this.noteLatest(this.lastInput(content));
    this.redraw();
  }
  // The time of the last input the timeline shows (a touch's or a delivery's mark), or 0.
  lastInput(content) {
    let latest = 0;
    for (const lane of content.lanes) if (lane.marks.length) latest = Math.max(latest, lane.marks[lane.marks.length - 1].time);
    return latest;
  }
  // New input at `time` (a trace line's): the view moves to it while it follows.
  noteLatest(time) {
    if (!(time > this.latest)) return;
    this.latest = time;
    if (this.following) { this.followLatest(); this.redraw(); }
  }
  get total() { return Math.max(this.content.end || 0, this.latest, 0.001); }
  select(touch) { this.selected = touch; this.redraw(); }

  // ---- Moving the view ------------------------------------------------------------------------
  setFollowing(on) {
    this.following = on;
    this.follow.setAttribute("aria-pressed", on ? "true" : "false");
    this.follow.classList.toggle("on", on);
    if (on) { this.followLatest(); this.redraw(); }
  }
  // The latest input just inside the right edge; time 0 at the left edge until the session is longer
  // than the span.
  followLatest() {
    const end = this.latest + this.span * 0.05;
    this.t0 = Math.max(0, end - this.span);
  }
  clampView() {
    const maxSpan = Math.max(TimelineView.DEFAULT_SPAN, this.total * 1.2);
    this.span = Math.min(Math.max(this.span, TimelineView.MIN_SPAN), maxSpan);
    this.t0 = Math.min(Math.max(this.t0, -this.span * 0.05), Math.max(0, this.total - this.span * 0.5));
  }
  // Zooms by `factor` (below 1 zooms in) keeping `time` where it is on the screen.
  zoom(factor, time) {
    const anchor = time === undefined ? this.t0 + this.span / 2 : time;
    const ratio = (anchor - this.t0) / this.span;
    this.setFollowing(false);
    this.span *= factor;
    this.clampView();
    this.t0 = anchor - ratio * this.span;
    this.clampView();
    this.redraw();
  }
  pan(seconds) {
    this.setFollowing(false);
    this.t0 += seconds;
    this.clampView();
    this.redraw();
  }
  showAll() {
    this.setFollowing(false);
    this.span = Math.max(this.total * 1.02, 0.1);
    this.t0 = 0;
    this.clampView();
    this.redraw();
  }

  // ---- Geometry -------------------------------------------------------------------------------
  // The pane's width and the names' column, read once per drawing (and when the view is built).
  measure() {
    const share = Math.floor(this.lanes.clientWidth * TimelineView.NAME_SHARE);
    this.nameWidth = Math.min(Math.max(TimelineView.MIN_NAME_WIDTH, Math.ceil(this.widestName) + 16), Math.max(TimelineView.MIN_NAME_WIDTH, share));
    this.width = Math.max(this.lanes.clientWidth, this.nameWidth + 100);
    this.plotWidth = this.width - this.nameWidth - 8;
  }
  x(time) { return this.nameWidth + (time - this.t0) / this.span * this.plotWidth; }
  timeAt(clientX) {
    const box = this.lanes.getBoundingClientRect();
    return this.t0 + (clientX - box.left - this.nameWidth) / this.plotWidth * this.span;
  }
  inPlot(clientX) { return clientX - this.lanes.getBoundingClientRect().left > this.nameWidth; }
  // A lane's title: its kind as the timeline says it, then its name.
  static laneTitle(lane) {
    const kind = TimelineView.KIND_LABELS[lane.kind] || "";
    return (kind ? kind + " " : "") + lane.name;
  }

  // ---- Input ----------------------------------------------------------------------------------
  listen() {
    const wheel = (e) => {
      if (!this.inPlot(e.clientX)) return; // over the names: the lanes scroll as usual
      e.preventDefault();
      const dx = e.deltaMode === 1 ? e.deltaX * 16 : e.deltaX, dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      if (e.ctrlKey) this.zoom(Math.exp(dy * 0.01), this.timeAt(e.clientX)); // a trackpad's pinch
      else if (e.shiftKey || Math.abs(dx) > Math.abs(dy)) this.pan((e.shiftKey ? dy || dx : dx) / this.plotWidth * this.span);
      else this.zoom(Math.exp(dy * 0.002), this.timeAt(e.clientX));
    };
    for (const element of [this.lanes, this.axis]) {
      element.addEventListener("wheel", wheel, { passive: false });
      element.addEventListener("pointerdown", (e) => this.pointerDown(e));
      element.addEventListener("pointermove", (e) => this.pointerMove(e));
      element.addEventListener("pointerup", (e) => this.pointerUp(e));
      element.addEventListener("pointercancel", (e) => this.pointers.delete(e.pointerId));
    }
    this.lanes.addEventListener("scroll", () => this.redraw());
    this.follow.addEventListener("click", () => this.setFollowing(!this.following));
    this.root.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key.toLowerCase();
      const actions = { w: () => this.zoom(0.8), s: () => this.zoom(1.25), "+": () => this.zoom(0.8), "=": () => this.zoom(0.8), "-": () => this.zoom(1.25),
        a: () => this.pan(-this.span * 0.1), d: () => this.pan(this.span * 0.1), f: () => this.setFollowing(true), 0: () => this.showAll() };
      if (!actions[key]) return;
      e.preventDefault();
      e.stopPropagation();
      actions[key]();
    });
    new ResizeObserver(() => this.redraw()).observe(this.lanes);
  }
  pointerDown(e) {
    if (!this.inPlot(e.clientX) || e.button > 0) return;
    e.preventDefault();
    this.root.focus({ preventScroll: true });
    try { e.currentTarget.setPointerCapture(e.pointerId); } catch {}
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY, target: e.target, moved: false });
    if (this.pointers.size === 2) this.pinch = this.pinchState();
  }
  pinchState() {
    const [a, b] = [...this.pointers.values()];
    return { distance: Math.abs(a.x - b.x) || 1, span: this.span, anchor: this.timeAt((a.x + b.x) / 2), ratio: ((a.x + b.x) / 2 - this.lanes.getBoundingClientRect().left - this.nameWidth) / this.plotWidth };
  }
  pointerMove(e) {
    const pointer = this.pointers.get(e.pointerId);
    if (!pointer) return;
    const dx = e.clientX - pointer.x;
    pointer.x = e.clientX; pointer.y = e.clientY;
    if (Math.abs(e.clientX - pointer.startX) > 3 || Math.abs(e.clientY - pointer.startY) > 3) pointer.moved = true;
    if (this.pointers.size === 2 && this.pinch) {
      // Two fingers: the time under their midpoint stays there as they spread or close.
      const [a, b] = [...this.pointers.values()];
      this.setFollowing(false);
      this.span = this.pinch.span * this.pinch.distance / (Math.abs(a.x - b.x) || 1);
      this.clampView();
      this.t0 = this.pinch.anchor - this.pinch.ratio * this.span;
      this.clampView();
      this.redraw();
    } else if (this.pointers.size === 1 && pointer.moved && dx) {
      this.pan(-dx / this.plotWidth * this.span);
    }
  }
  pointerUp(e) {
    const pointer = this.pointers.get(e.pointerId);
    if (!pointer) return;
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (pointer.moved) return;
    // A click on a touch's lane picks the touch that was down there then.
    const lane = pointer.target.closest && pointer.target.closest("g.lane");
    if (lane && lane.dataset.kind === "touch") {
      const finger = Number(lane.dataset.name.replace("#", ""));
      this.actions.selectTouch(finger, this.timeAt(e.clientX), 4 / this.plotWidth * this.span);
    }
  }

  // ---- Drawing --------------------------------------------------------------------------------
  redraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }
  // Draws now (tests call it to read the result at once).
  draw() {
    this.measure();
    this.drawAxis();
    this.drawLanes();
    const shown = `${this.t0.toFixed(3)}–${(this.t0 + this.span).toFixed(3)} s`;
    this.status.textContent = `${shown} of 0–${this.total.toFixed(3)} s` + (this.following ? ", following" : "")
      + (this.leftOut ? `; ${this.leftOut} marks not drawn: zoom in to see them` : "")
      + (this.content.omitted ? `; the server left out ${this.content.omitted} marks past its limit` : "");
  }
  el(name, attributes, parent, text) {
    const element = document.createElementNS(SVG_NS, name);
    for (const key in attributes) element.setAttribute(key, attributes[key]);
    if (text !== undefined) element.textContent = text;
    if (parent) parent.appendChild(element);
    return element;
  }
  title(parent, text) { this.el("title", {}, parent, text); }

  drawAxis() {
    const svg = this.axis, width = this.width;
    svg.textContent = "";
    svg.setAttribute("width", width); svg.setAttribute("height", 24);
    this.el("text", { x: 8, y: 16, class: "axis-name" }, svg, "time (s)");
    const step = TimelineView.tickStep(this.span / Math.max(1, this.plotWidth / 90));
    const decimals = Math.max(0, Math.round(-Math.log10(step) + 0.5));
    for (let t = Math.ceil(this.t0 / step) * step, n = 0; t <= this.t0 + this.span && n < 200; t += step, n++) {
      const x = this.x(t);
      this.el("line", { x1: x, y1: 18, x2: x, y2: 24, class: "tick" }, svg);
      this.el("text", { x, y: 14, class: "tick-label", "text-anchor": "middle" }, svg, t.toFixed(decimals));
    }
  }
  // A round step: 1, 2 or 5 times a power of ten, at least `rough`.
  static tickStep(rough) {
    const power = Math.pow(10, Math.floor(Math.log10(Math.max(rough, 1e-4))));
    for (const multiple of [1, 2, 5]) if (multiple * power >= rough) return multiple * power;
    return 10 * power;
  }

  drawLanes() {
    const svg = this.svg, lanes = this.content.lanes, H = TimelineView.LANE_HEIGHT, width = this.width;
    svg.textContent = "";
    svg.setAttribute("width", width);
    svg.setAttribute("height", Math.max(H, lanes.length * H));
    const defs = this.el("defs", {}, svg);
    const pattern = this.el("pattern", { id: "waiting", patternUnits: "userSpaceOnUse", width: 6, height: 6, patternTransform: "rotate(45)" }, defs);
    this.el("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#8e24aa", "stroke-width": 2 }, pattern);
    const clip = this.el("clipPath", { id: "plot" }, defs);
    this.el("rect", { x: this.nameWidth, y: 0, width: this.plotWidth + 8, height: lanes.length * H }, clip);
    this.drawnShapes = 0;
    this.leftOut = 0;
    const first = Math.max(0, Math.floor(this.lanes.scrollTop / H) - 1);
    const last = Math.min(lanes.length, Math.ceil((this.lanes.scrollTop + this.lanes.clientHeight) / H) + 1);
    for (let index = first; index < last; index++) this.drawLane(lanes[index], index, svg);
    if (this.selected) {
      const x = this.x(this.selected.time);
      if (x >= this.nameWidth && x <= width) this.el("line", { x1: x, y1: 0, x2: x, y2: lanes.length * H, class: "selected-time" }, svg);
    }
    if (!lanes.length) this.el("text", { x: 8, y: 17, class: "empty" }, svg, "Nothing has happened yet: touch the scene.");
  }

  drawLane(lane, index, svg) {
    const H = TimelineView.LANE_HEIGHT, top = index * H, mid = top + H / 2;
    const g = this.el("g", { class: "lane", "data-kind": lane.kind, "data-name": lane.name }, svg);
    if (index % 2 === 0) this.el("rect", { x: 0, y: top, width: this.width, height: H, class: "stripe" }, g);
    // The lane's name, shortened to its column; whole in its tooltip. A view's, recognizer's or
    // control's name explains it when clicked.
    const kindText = TimelineView.KIND_LABELS[lane.kind] || "";
    const name = this.el("text", { x: 6, y: mid + 4, class: "lane-name" + (["view", "recognizer", "control"].includes(lane.kind) ? " explainable" : "") }, g);
    const whole = TimelineView.laneTitle(lane), font = TimelineView.NAME_FONT;
    let shown = lane.name;
    const room = this.nameWidth - 12 - (kindText ? PictureText.width(kindText + " ", font) : 0);
    if (PictureText.width(shown, font) > room) {
      while (shown.length > 1 && PictureText.width(shown + "…", font) > room) shown = shown.slice(0, -1);
      shown += "…";
    }
    if (kindText) this.el("tspan", { class: "lane-kind" }, name, kindText + " ");
    this.el("tspan", {}, name, shown);
    this.title(name, whole);
    if (name.classList.contains("explainable")) {
      name.addEventListener("click", () => this.actions.explain(lane.kind === "recognizer" ? "recognizer" : lane.kind, lane.name));
    }
    const plot = this.el("g", { "clip-path": "url(#plot)" }, g);
    const t1 = this.t0 + this.span;
    const isTouch = lane.kind === "touch";
    // Bands in view: those that start before its end and end after its start.
    let labelEnd = -Infinity;
    for (let i = Math.max(0, TimelineView.firstIndex(lane.bands, this.t0, (b) => b.start) - 1); i < lane.bands.length; i++) {
      const band = lane.bands[i];
      if (band.start > t1) break;
      if (band.end < this.t0) continue;
      if (!this.admit()) { this.leftOut++; continue; }
      const x0 = Math.max(this.x(band.start), this.nameWidth - 2), x1 = Math.min(this.x(band.end), this.width + 2);
      const w = Math.max(x1 - x0, 3);
      const selected = isTouch && this.selected && Math.abs(band.start - this.selected.time) < 1e-3 && lane.name === "#" + this.selected.finger;
      const rect = this.el("rect", { x: x0, y: isTouch ? mid - 4 : top + 4, width: w, height: isTouch ? 8 : H - 8,
        class: "band" + (selected ? " selected" : ""), fill: isTouch ? "#b0bec5" : TimelineView.STATE_COLOURS[band.state] || "#9e9e9e",
        "data-state": band.state, "data-start": band.start, "data-end": band.end }, plot);
      this.title(rect, `${band.state} ${band.start.toFixed(3)}–${band.end.toFixed(3)} s`);
      if (!isTouch && w > PictureText.width(band.state, "10px sans-serif") + 8 && x0 > labelEnd) {
        this.el("text", { x: x0 + 4, y: mid + 4, class: "band-label" + (["possible", "began"].includes(band.state) ? "" : " light") }, plot, band.state);
        labelEnd = x0 + w;
      }
    }
    for (const wait of lane.waits) {
      if (wait.start > t1 || wait.end < this.t0) continue;
      if (!this.admit()) { this.leftOut++; continue; }
      const x0 = this.x(wait.start), w = Math.max(this.x(wait.end) - x0, 3);
      const rect = this.el("rect", { x: x0, y: top + 4, width: w, height: H - 8, class: "wait", fill: "url(#waiting)" }, plot);
      this.title(rect, `wants ${wait.wants}, waits for ${wait.waitingFor.join(", ")} to fail (R7)`);
    }
    // Marks in view, one per style and few pixels.
    const groups = [];
    const open = new Map();
    for (let i = TimelineView.firstIndex(lane.marks, this.t0 - this.span * 0.01, (m) => m.time); i < lane.marks.length; i++) {
      const mark = lane.marks[i];
      if (mark.time > t1 + this.span * 0.01) break;
      const bucket = Math.floor(this.x(mark.time) / TimelineView.MARK_PIXELS);
      const key = mark.style;
      const group = open.get(key);
      if (group && group.bucket === bucket) { group.marks.push(mark); continue; }
      const created = { bucket, marks: [mark] };
      open.set(key, created);
      groups.push(created);
    }
    let textEnd = -Infinity;
    groups.forEach((group, index) => {
      if (!this.admit()) { this.leftOut += group.marks.length; return; }
      const first = group.marks[0], x = this.x(first.time);
      const shape = this.el("g", { class: "mark", "data-style": first.style, "data-time": first.time, "data-count": group.marks.length }, plot);
      this.shape(first.style, x, mid, shape);
      const listed = group.marks.slice(0, 6).map((m) => `${m.time.toFixed(3)} s  ${m.label}`);
      if (group.marks.length > 6) listed.push(`… ${group.marks.length - 6} more`);
      this.title(shape, listed.join("\n"));
      const labelled = lane.kind === "actions" || lane.kind === "control";
      if (group.marks.length > 1 && !labelled) {
        this.el("text", { x: x + 6, y: mid - 5, class: "mark-count" }, shape, "×" + group.marks.length);
      }
      // Actions and control events are named beside their mark when there is room before the next
      // mark (and the pane's edge): a name never runs under another mark.
      if (labelled && x > textEnd) {
        const text = first.label + (group.marks.length > 1 ? ` (+${group.marks.length - 1})` : "");
        const end = x + 8 + PictureText.width(text, "10px sans-serif");
        const next = groups[index + 1] ? this.x(groups[index + 1].marks[0].time) - 7 : this.width;
        if (end < Math.min(next, this.width)) {
          this.el("text", { x: x + 8, y: mid + 4, class: "mark-label" }, shape, text);
          textEnd = end + 4;
        }
      }
    });
  }
  admit() {
    if (this.drawnShapes >= TimelineView.MAX_SHAPES) return false;
    this.drawnShapes++;
    return true;
  }
  // The first index whose time is at or after `time` (the list is in time order).
  static firstIndex(list, time, key) {
    let low = 0, high = list.length;
    while (low < high) { const middle = (low + high) >> 1; if (key(list[middle]) < time) low = middle + 1; else high = middle; }
    return low;
  }
  // The marks' shapes, as `responder draw --timeline` draws them.
  shape(style, x, y, parent) {
    const circle = (r, fill, stroke) => this.el("circle", { cx: x, cy: y, r, fill, stroke: stroke || "none", "stroke-width": 1.5 }, parent);
    const cross = (colour) => this.el("path", { d: `M${x - 4},${y - 4} L${x + 4},${y + 4} M${x - 4},${y + 4} L${x + 4},${y - 4}`, stroke: colour, "stroke-width": 2 }, parent);
    switch (style) {
      case "down": return circle(4, "#37474f");
      case "move": return this.el("line", { x1: x, y1: y - 5, x2: x, y2: y + 5, stroke: "#37474f" }, parent);
      case "up": return circle(6.5, "none", "#37474f");
      case "cancel": case "cancelled": return cross("#e53935");
      case "began": return circle(4, "#2e7d32");
      case "moved": return circle(2, "#2e7d32");
      case "ended": return circle(6.5, "none", "#1565c0");
      case "withheld": return this.el("polygon", { points: `${x},${y - 5} ${x + 5},${y} ${x},${y + 5} ${x - 5},${y}`, fill: "none", stroke: "#ef6c00", "stroke-width": 1.5 }, parent);
      case "released": return this.el("polygon", { points: `${x},${y - 5} ${x + 5},${y} ${x},${y + 5} ${x - 5},${y}`, fill: "#ef6c00", stroke: "#ef6c00", "stroke-width": 1.5 }, parent);
      case "discarded": return cross("#9e9e9e");
      case "event": return this.el("rect", { x: x - 4, y: y - 4, width: 8, height: 8, fill: "#5e35b1" }, parent);
      case "action": return this.el("polygon", { points: `${x},${y - 6} ${x + 6},${y + 5} ${x - 6},${y + 5}`, fill: "#f9a825", stroke: "#f57f17" }, parent);
      default: return circle(3, "#455a64");
    }
  }
}
