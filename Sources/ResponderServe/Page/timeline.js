"use strict";
// The timeline pane: the session's timeline (the server's `timeline` message, the lanes and marks
// `responder draw --timeline` draws) drawn for the stretch of time in view, which the user zooms and
// pans as in a browser's performance timeline, and which follows new input until the user moves it.
//
// Bounded whatever the session's length: only the lanes scrolled into view and the items in the time
// shown are drawn; marks of one style closer than MARK_PIXELS in a lane are drawn as one (their count
// and first labels in its tooltip); and at most MAX_SHAPES bands, waits and marks are drawn at once,
// the rest counted and named in the pane's status line. The plot is a canvas, and the page holds a few
// elements per lane in view.

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
  // Following new input moves the view with every input frame, but drawing the lanes takes
  // milliseconds that live input must not wait for: those moves are drawn at most this often (ms).
  // A zoom, a pan or new content is drawn at the next frame.
  static FOLLOW_INTERVAL = 250;
  static MIN_SPAN = 0.005;
  static STATE_COLOURS = { possible: "#cfd8dc", began: "#a5d6a7", changed: "#43a047", ended: "#1e88e5", failed: "#e53935", cancelled: "#fb8c00" };
  static KIND_LABELS = { touch: "touch", recognizer: "gesture", view: "view", control: "control", actions: "" };

  // `elements`: root (focusable), axis (svg), lanes (scrolling div), svg (the lanes' names), canvas (the
  // plot, over the lanes), follow (button), status (text). `actions`: selectTouch(finger, time, tolerance), explain(kind, name).
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
    this.followTimer = 0;
    this.lastDrawn = -Infinity;
    this.drawnShapes = 0;
    this.drawn = [];
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
    if (this.following) { this.followLatest(); this.redrawSoon(); }
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
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY, moved: false });
    if (this.pointers.size === 2) this.pinch = this.pinchState();
  }
  pinchState() {
    const [a, b] = [...this.pointers.values()];
    return { distance: Math.abs(a.x - b.x) || 1, span: this.span, anchor: this.timeAt((a.x + b.x) / 2), ratio: ((a.x + b.x) / 2 - this.lanes.getBoundingClientRect().left - this.nameWidth) / this.plotWidth };
  }
  pointerMove(e) {
    const pointer = this.pointers.get(e.pointerId);
    if (!pointer) { this.hover(e); return; }
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
    const lane = this.laneAt(e.clientY);
    if (lane && lane.kind === "touch") {
      this.actions.selectTouch(Number(lane.name.replace("#", "")), this.timeAt(e.clientX), 4 / this.plotWidth * this.span);
    }
  }
  // The lane at a window height, or null.
  laneAt(clientY) {
    const index = Math.floor((clientY - this.lanes.getBoundingClientRect().top + this.lanes.scrollTop) / TimelineView.LANE_HEIGHT);
    return this.content.lanes[index] || null;
  }
  // The plot's tooltip: what is under the pointer (a mark before a wait before a band), or nothing.
  hover(e) {
    const box = this.lanes.getBoundingClientRect();
    const x = e.clientX - box.left, y = e.clientY - box.top + this.lanes.scrollTop;
    let found = null;
    for (let i = this.drawn.length - 1; i >= 0 && !found; i--) {
      const item = this.drawn[i];
      if (item.tip && x >= item.x - 2 && x <= item.x + item.width + 2 && y >= item.y - 2 && y <= item.y + item.height + 2) found = item;
    }
    const text = found ? found.tip() : "";
    if (this.canvas.title !== text) this.canvas.title = text;
  }

  // ---- Drawing --------------------------------------------------------------------------------
  // The names' column is SVG (a group per lane in view, its name clickable); the plot is drawn on a
  // canvas over it, as a browser's performance panel draws: thousands of shapes cost a few
  // milliseconds and no layout, where as many SVG elements held the page for a tenth of a second
  // while live input waited. What the plot shows is kept in `drawn` (boxes in the lanes' own
  // coordinates, the kind and the values of each band, wait, mark and label), for tooltips and tests.
  redraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }
  // Draws within FOLLOW_INTERVAL of the last drawing.
  redrawSoon() {
    if (this.frame || this.followTimer) return;
    const wait = this.lastDrawn + TimelineView.FOLLOW_INTERVAL - performance.now();
    if (wait <= 0) return this.redraw();
    this.followTimer = setTimeout(() => { this.followTimer = 0; this.redraw(); }, wait);
  }
  // Draws now (tests call it to read the result at once).
  draw() {
    this.lastDrawn = performance.now();
    this.measure();
    this.drawAxis();
    this.drawLanes();
    const shown = `${this.t0.toFixed(3)}–${(this.t0 + this.span).toFixed(3)} s`;
    this.status.textContent = `${shown} of 0–${this.total.toFixed(3)} s` + (this.following ? ", following" : "")
      + (this.leftOut ? `; ${this.leftOut} marks not drawn: zoom in to see them` : "")
      + (this.content.omitted ? `; the server left out ${this.content.omitted} marks past its limit` : "");
  }
  // Where an item of `drawn` is in the window.
  clientBox(item) {
    const box = this.lanes.getBoundingClientRect();
    return { left: box.left + item.x, top: box.top + item.y - this.lanes.scrollTop, width: item.width, height: item.height };
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
    // The canvas covers the plot where the lanes are scrolled to; it draws in the lanes' coordinates.
    const top = this.lanes.scrollTop, height = Math.max(1, Math.min(this.lanes.clientHeight, Math.max(H, lanes.length * H) - top));
    const canvas = this.canvas, ratio = window.devicePixelRatio || 1, plot = this.plotWidth + 8;
    Object.assign(canvas.style, { left: this.nameWidth + "px", top: top + "px", width: plot + "px", height: height + "px" });
    canvas.width = Math.round(plot * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, -this.nameWidth * ratio, -top * ratio);
    this.ctx = ctx;
    this.drawn = [];
    this.drawnShapes = 0;
    this.leftOut = 0;
    const first = Math.max(0, Math.floor(top / H) - 1);
    const last = Math.min(lanes.length, Math.ceil((top + this.lanes.clientHeight) / H) + 1);
    for (let index = first; index < last; index++) this.drawLane(lanes[index], index, svg);
    if (this.selected) {
      const x = this.x(this.selected.time);
      if (x >= this.nameWidth && x <= width) {
        ctx.save();
        ctx.strokeStyle = "#c62828"; ctx.lineWidth = 1; ctx.setLineDash([3, 3]);
        ctx.beginPath(); ctx.moveTo(x, top); ctx.lineTo(x, top + height); ctx.stroke();
        ctx.restore();
      }
    }
    if (!lanes.length) this.el("text", { x: 8, y: 17, class: "empty" }, svg, "Nothing has happened yet: touch the scene.");
  }

  drawLane(lane, index, svg) {
    const H = TimelineView.LANE_HEIGHT, top = index * H, mid = top + H / 2, ctx = this.ctx;
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
    const t1 = this.t0 + this.span, right = this.width + 2, isTouch = lane.kind === "touch";
    const item = (fields) => { this.drawn.push(Object.assign({ lane: index, laneKind: lane.kind, laneName: lane.name }, fields)); };
    // Bands in view: those that start before its end and end after its start.
    let labelEnd = -Infinity;
    for (let i = Math.max(0, TimelineView.firstIndex(lane.bands, this.t0, (b) => b.start) - 1); i < lane.bands.length; i++) {
      const band = lane.bands[i];
      if (band.start > t1) break;
      if (band.end < this.t0) continue;
      if (!this.admit()) { this.leftOut++; continue; }
      const x0 = Math.max(this.x(band.start), this.nameWidth - 2), x1 = Math.min(this.x(band.end), right);
      const w = Math.max(x1 - x0, 3), y = isTouch ? mid - 4 : top + 4, h = isTouch ? 8 : H - 8;
      const selected = isTouch && this.selected && Math.abs(band.start - this.selected.time) < 1e-3 && lane.name === "#" + this.selected.finger;
      ctx.fillStyle = isTouch ? "#b0bec5" : TimelineView.STATE_COLOURS[band.state] || "#9e9e9e";
      ctx.fillRect(x0, y, w, h);
      if (selected) { ctx.strokeStyle = "#c62828"; ctx.lineWidth = 2; ctx.strokeRect(x0, y, w, h); }
      item({ kind: "band", state: band.state, start: band.start, end: band.end, selected: !!selected, x: x0, y, width: w, height: h,
        tip: () => `${band.state} ${band.start.toFixed(3)}–${band.end.toFixed(3)} s` });
      const textWidth = isTouch ? 0 : PictureText.width(band.state, "10px sans-serif");
      if (!isTouch && w > textWidth + 8 && x0 > labelEnd) {
        this.text(band.state, x0 + 4, mid + 4, "10px sans-serif", ["possible", "began"].includes(band.state) ? "#263238" : "#fff", index, lane, textWidth);
        labelEnd = x0 + w;
      }
    }
    for (const wait of lane.waits) {
      if (wait.start > t1 || wait.end < this.t0) continue;
      if (!this.admit()) { this.leftOut++; continue; }
      const x0 = this.x(wait.start), w = Math.max(this.x(wait.end) - x0, 3);
      ctx.save();
      ctx.globalAlpha = 0.35; ctx.fillStyle = this.hatch(); ctx.fillRect(x0, top + 4, w, H - 8);
      ctx.globalAlpha = 1; ctx.strokeStyle = "#8e24aa"; ctx.lineWidth = 1; ctx.setLineDash([3, 2]); ctx.strokeRect(x0, top + 4, w, H - 8);
      ctx.restore();
      item({ kind: "wait", start: wait.start, end: wait.end, x: x0, y: top + 4, width: w, height: H - 8,
        tip: () => `wants ${wait.wants}, waits for ${wait.waitingFor.join(", ")} to fail (R7)` });
    }
    // Marks in view, one per style and few pixels.
    const groups = [];
    const open = new Map();
    for (let i = TimelineView.firstIndex(lane.marks, this.t0 - this.span * 0.01, (m) => m.time); i < lane.marks.length; i++) {
      const mark = lane.marks[i];
      if (mark.time > t1 + this.span * 0.01) break;
      const bucket = Math.floor(this.x(mark.time) / TimelineView.MARK_PIXELS);
      const group = open.get(mark.style);
      if (group && group.bucket === bucket) { group.marks.push(mark); continue; }
      const created = { bucket, marks: [mark] };
      open.set(mark.style, created);
      groups.push(created);
    }
    const labelled = lane.kind === "actions" || lane.kind === "control";
    let textEnd = -Infinity;
    groups.forEach((group, at) => {
      if (!this.admit()) { this.leftOut += group.marks.length; return; }
      const first = group.marks[0], x = this.x(first.time);
      this.shape(first.style, x, mid);
      item({ kind: "mark", style: first.style, time: first.time, count: group.marks.length, x: x - 6, y: mid - 6, width: 12, height: 12,
        tip: () => {
          const listed = group.marks.slice(0, 6).map((m) => `${m.time.toFixed(3)} s  ${m.label}`);
          if (group.marks.length > 6) listed.push(`… ${group.marks.length - 6} more`);
          return listed.join("\n");
        } });
      if (group.marks.length > 1 && !labelled) this.text("×" + group.marks.length, x + 6, mid - 5, "9px sans-serif", "#455a64", index, lane);
      // Actions and control events are named beside their mark when there is room before the next
      // mark (and the pane's edge): a name never runs under another mark.
      if (labelled && x > textEnd) {
        const text = first.label + (group.marks.length > 1 ? ` (+${group.marks.length - 1})` : "");
        const textWidth = PictureText.width(text, "10px sans-serif");
        const end = x + 8 + textWidth;
        const next = groups[at + 1] ? this.x(groups[at + 1].marks[0].time) - 7 : this.width;
        if (end < Math.min(next, this.width)) {
          this.text(text, x + 8, mid + 4, "10px sans-serif", "#263238", index, lane, textWidth);
          textEnd = end + 4;
        }
      }
    });
  }
  // A line of text in the plot, kept in `drawn` with its box.
  text(text, x, baseline, font, colour, index, lane, width) {
    const ctx = this.ctx;
    ctx.font = font; ctx.fillStyle = colour;
    ctx.fillText(text, x, baseline);
    const size = parseFloat(font);
    this.drawn.push({ kind: "label", lane: index, laneKind: lane.kind, laneName: lane.name, text,
      x, y: baseline - size, width: width === undefined ? PictureText.width(text, font) : width, height: size + 2 });
  }
  admit() {
    if (this.drawnShapes >= TimelineView.MAX_SHAPES) return false;
    this.drawnShapes++;
    return true;
  }
  // The hatching of a recognizer waiting for others to fail, as `responder draw --timeline` draws it.
  hatch() {
    if (!this.hatchPattern) {
      const tile = document.createElement("canvas");
      tile.width = tile.height = 6;
      const t = tile.getContext("2d");
      t.strokeStyle = "#8e24aa"; t.lineWidth = 2;
      t.beginPath(); t.moveTo(0, 6); t.lineTo(6, 0); t.moveTo(-1, 1); t.lineTo(1, -1); t.moveTo(5, 7); t.lineTo(7, 5); t.stroke();
      this.hatchPattern = this.ctx.createPattern(tile, "repeat");
    }
    return this.hatchPattern;
  }
  // The first index whose time is at or after `time` (the list is in time order).
  static firstIndex(list, time, key) {
    let low = 0, high = list.length;
    while (low < high) { const middle = (low + high) >> 1; if (key(list[middle]) < time) low = middle + 1; else high = middle; }
    return low;
  }
  // The marks' shapes, as `responder draw --timeline` draws them.
  shape(style, x, y) {
    const ctx = this.ctx;
    const circle = (r, fill, stroke) => {
      ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2);
      if (fill) { ctx.fillStyle = fill; ctx.fill(); }
      if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = 1.5; ctx.stroke(); }
    };
    const polygon = (points, fill, stroke) => {
      ctx.beginPath(); points.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py))); ctx.closePath();
      if (fill) { ctx.fillStyle = fill; ctx.fill(); }
      if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = 1.5; ctx.stroke(); }
    };
    const cross = (colour) => {
      ctx.beginPath(); ctx.moveTo(x - 4, y - 4); ctx.lineTo(x + 4, y + 4); ctx.moveTo(x - 4, y + 4); ctx.lineTo(x + 4, y - 4);
      ctx.strokeStyle = colour; ctx.lineWidth = 2; ctx.stroke();
    };
    const diamond = [[x, y - 5], [x + 5, y], [x, y + 5], [x - 5, y]];
    switch (style) {
      case "down": return circle(4, "#37474f");
      case "move": ctx.beginPath(); ctx.moveTo(x, y - 5); ctx.lineTo(x, y + 5); ctx.strokeStyle = "#37474f"; ctx.lineWidth = 1; ctx.stroke(); return;
      case "up": return circle(6.5, null, "#37474f");
      case "cancel": case "cancelled": return cross("#e53935");
      case "began": return circle(4, "#2e7d32");
      case "moved": return circle(2, "#2e7d32");
      case "ended": return circle(6.5, null, "#1565c0");
      case "withheld": return polygon(diamond, null, "#ef6c00");
      case "released": return polygon(diamond, "#ef6c00", "#ef6c00");
      case "discarded": return cross("#9e9e9e");
      case "event": ctx.fillStyle = "#5e35b1"; ctx.fillRect(x - 4, y - 4, 8, 8); return;
      case "action": return polygon([[x, y - 6], [x + 6, y + 5], [x - 6, y + 5]], "#f9a825", "#f57f17");
      default: return circle(3, "#455a64");
    }
  }
}
