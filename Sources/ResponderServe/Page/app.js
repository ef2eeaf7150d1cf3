"use strict";
// The playground's page: the connection, the scene and its labels, input, the touches, the trace, the
// timeline's refreshes and the scenario panes. labels.js places the scene's labels; timeline.js draws
// the timeline.
(() => {
const V = 1;
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
// Touches the page keeps (the oldest are dropped): each with its hit-test and explanation.
const KEPT_TOUCHES = 500;
// Views labelled at most, as in the lab's pictures (each view's name is in its tooltip).
const LABELLED_VIEWS = 400;
// Room around the screen for labels: a window's name goes above it.
const MARGIN = { left: 6, right: 6, top: 18, bottom: 6 };
// The stage's width at least, for its buttons and text (a wider picture widens it).
const STAGE_WIDTH = 440;
const state = {
  connected: false, scene: null, generation: 0, traceLines: [], lanes: [], errors: [], problems: [], saved: null,
  latencies: [], inputs: 0, pendingLatency: [], traceLimit: 5000, subjects: new Set(),
  touches: [], selectedTouch: null, followTouches: true,
};
window.playground = state;
let socket = null;
let nextId = 1;
const waiting = new Map();
// The scene each request was made for: a reply about a scene since replaced is not shown.
const requestGeneration = new Map();

// A request goes after the touch frame being gathered: a scene loaded, saved or explained has all the
// input made before it (a lift sent after a load would reach the new scene, which never saw the touch).
function send(message) {
  if (!socket || socket.readyState !== 1) return Promise.reject(new Error("not connected"));
  flush();
  const id = nextId++;
  requestGeneration.set(id, state.generation);
  socket.send(JSON.stringify(Object.assign({ v: V, id }, message)));
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    setTimeout(() => { if (waiting.delete(id)) { requestGeneration.delete(id); resolve(null); } }, 10000);
  });
}
function post(message) {
  if (socket && socket.readyState === 1) socket.send(JSON.stringify(Object.assign({ v: V }, message)));
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/socket`);
  socket.onopen = () => { state.connected = true; status("connected", true); send({ type: "hello" }); };
  socket.onclose = () => { state.connected = false; status("disconnected: reload the page when the server runs again", false); };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    const asked = message.id !== undefined ? requestGeneration.get(message.id) : undefined;
    requestGeneration.delete(message.id);
    const stale = asked !== undefined && asked !== state.generation && ["scenario", "explanation", "timeline"].includes(message.type);
    if (!stale) handle(message);
    if (message.id !== undefined && waiting.has(message.id)) { const resolve = waiting.get(message.id); waiting.delete(message.id); resolve(message); }
  };
}
function status(text, ok) { const s = $("status"); s.textContent = text; s.className = ok ? "status ok" : "status"; }

function handle(m) {
  switch (m.type) {
    case "hello": {
      const select = $("scenarios");
      select.textContent = "";
      for (const name of m.scenarios) { const o = document.createElement("option"); o.textContent = name; select.appendChild(o); }
      const wanted = new URLSearchParams(location.search).get("scenario");
      if (wanted && m.scenarios.includes(wanted)) select.value = wanted;
      if (m.limits && m.limits.traceLines) state.traceLimit = m.limits.traceLines;
      if (select.value) send({ type: "load", scenario: select.value });
      break;
    }
    case "scene": showScene(m); break;
    case "problems": showProblems(m); break;
    case "trace": addTrace(m.lines); break;
    case "touches": addTouches(m.touches); break;
    case "scroll": case "rows": if (state.scene) { state.scene.layout = m.layout; drawScene(); } break;
    case "timeline":
      state.lanes = m.lanes;
      timeline.setContent(m);
      break;
    case "explanation":
      $("explain-subject").textContent = `${m.kind} ${m.name}`;
      $("explain").textContent = m.lines.join("\n");
      break;
    case "scenario": showSaved(m.yaml); break;
    case "error": showError(m.message); break;
  }
}

function showError(text) {
  state.errors.push(text);
  if (state.errors.length > 50) state.errors.shift();
  const li = document.createElement("li");
  li.textContent = text;
  const list = $("errors");
  list.prepend(li);
  while (list.children.length > 20) list.lastChild.remove();
}

// ---- The scene -------------------------------------------------------------------------------
// A new scene starts afresh: its trace, touches, timeline, explanation and saved file are its own.
function showScene(m) {
  state.scene = m;
  state.generation++;
  state.traceLines = []; state.lanes = []; state.subjects = new Set(); state.pendingLatency = [];
  state.touches = []; state.selectedTouch = null; state.followTouches = true;
  fingers.clear(); frame = []; keysDown.clear();
  $("scene-name").textContent = m.name;
  // The menu names the scene's file when it is one of its scenarios, and nothing for a text loaded.
  const menu = $("scenarios");
  menu.value = [...menu.options].some((o) => o.value === m.file) ? m.file : "";
  $("yaml").value = m.yaml;
  $("problems").textContent = "";
  $("trace").tBodies[0].textContent = "";
  $("trace-filter").length = 1;
  $("explain").textContent = "Click a view, recognizer or control.";
  $("explain-subject").textContent = "";
  clearSaved();
  timeline.reset();
  drawScene();
  showTouches();
  listObjects();
  requestTimeline();
}

// Drawn again whenever a scroll view moves (a "scroll" message brings the new layout); the fingers and
// the picked touch's marks stay.
// A table's or collection's cell: whether its row is highlighted or selected.
const rowState = (v) => v.row ? [v.row.isHighlighted && "highlighted", v.row.isSelected && "selected"].filter(Boolean) : [];

function drawScene() {
  const svg = $("scene"), layout = state.scene.layout;
  const touches = [...svg.querySelectorAll("circle.touch")];
  svg.textContent = "";
  const width = layout.width + MARGIN.left + MARGIN.right;
  // The stage is as wide as the picture (and no narrower than its text wants), so a wide screen's
  // picture is not drawn over the panes.
  $("stage").style.width = Math.max(STAGE_WIDTH, width + 2) + "px";
  PictureText.useFontOf(svg);
  const views = element("g", { id: "views" }, svg);
  // A scroll view's content shows only within its bounds: a view is drawn inside one clipping group per
  // scroll view around it.
  const defs = element("defs", {}, views);
  const clipIds = new Map();
  const clipped = (clips) => {
    let parent = views;
    for (const corners of clips || []) {
      const points = corners.map((c) => c.join(",")).join(" ");
      let id = clipIds.get(points);
      if (!id) {
        id = "clip" + clipIds.size;
        clipIds.set(points, id);
        const path = element("clipPath", { id }, defs);
        element("polygon", { points }, path);
      }
      parent = element("g", { "clip-path": `url(#${id})` }, parent);
    }
    return parent;
  };
  for (const v of layout.views) {
    const poly = element("polygon", {
      points: v.corners.map((c) => c.join(",")).join(" "),
      class: "view" + (v.isControl ? " control" : "") + (v.kind === "window" ? " window" : "") + (v.flags.length ? " off" : "")
        + rowState(v).map((s) => " " + s).join(""),
      "data-name": v.name,
    }, clipped(v.clips));
    element("title", {}, poly, `${v.name} (${v.kind})` + (v.flags.length ? ` — ${v.flags.join(", ")}` : "")
      + (v.recognizers.length ? ` — recognizers: ${v.recognizers.map(recognizerText).join(", ")}` : ""));
  }
  element("g", { id: "touch-marks" }, svg);
  // The picture's height: the screen, its margin, and the shelf of labels that did not fit, if any.
  const shelf = drawLabels(element("g", { id: "labels" }, svg), layout);
  const height = layout.height + MARGIN.top + MARGIN.bottom + (shelf ? shelf + MARGIN.bottom : 0);
  svg.setAttribute("width", width); svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `${-MARGIN.left} ${-MARGIN.top} ${width} ${height}`);
  element("g", { id: "touch-point" }, svg);
  drawTouchMarks();
  for (const touch of touches) svg.appendChild(touch);
}

function element(name, attributes, parent, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const key in attributes) e.setAttribute(key, attributes[key]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// A recognizer as its label says it: its name, its kind when the name does not say it, "off" when disabled.
function recognizerText(r) {
  const notes = [r.kind && r.kind !== r.name && r.kind.replace(/ /g, "") !== r.name.toLowerCase() ? r.kind : "", r.enabled ? "" : "off"].filter(Boolean);
  return notes.length ? `${r.name} (${notes.join(", ")})` : r.name;
}

// Every view's label: its name (kind, flags, scroll offset), then its recognizers, wrapped to the room
// there is, placed by the lab's rules (labels.js) so that none covers another and none leaves the
// picture. A label with no free place near its view goes on a shelf below the screen, joined to its view
// by a leader line. Labels are drawn over every view and outside the scroll views' clipping, so none is
// cut; a view scrolled out of sight is not labelled. Returns the shelf's height (0 when it is empty).
function drawLabels(group, layout) {
  const area = { x: -MARGIN.left + 1, y: -MARGIN.top + 1, width: layout.width + MARGIN.left + MARGIN.right - 2, height: layout.height + MARGIN.top + MARGIN.bottom - 2 };
  const placer = new LabelLayout(area);
  const shelf = new OverflowShelf(area.x, layout.height + MARGIN.bottom + 4, area.width);
  const leaders = element("g", { class: "leaders" }, group);
  const maxWidth = Math.min(area.width - 6, 240);
  const lineHeight = 12;
  const views = layout.views;
  const order = views.map((v, i) => i).filter((i) => views[i].kind === "window")
    .concat(views.map((v, i) => i).reverse().filter((i) => views[i].kind !== "window"));
  for (const index of order.slice(0, LABELLED_VIEWS)) {
    const v = views[index];
    let box = boxOf(v.corners);
    for (const clip of v.clips || []) box = intersect(box, boxOf(clip));
    if (!box) continue;
    const name = v.name + (v.kind !== "view" && v.kind !== "window" ? ` (${v.kind})` : "") + (v.flags.length ? ` [${v.flags.join(", ")}]` : "")
      + (rowState(v).length ? ` ${rowState(v).join(", ")}` : "")
      + (v.scroll ? ` offset ${v.scroll.contentOffset.map((n) => Math.round(n)).join(", ")}` + (v.scroll.zoomScale !== 1 ? ` ×${Math.round(v.scroll.zoomScale * 100) / 100}` : "") : "");
    const lines = PictureText.wrap(name, maxWidth).map((text) => ({ text, cls: v.kind === "window" ? "window-name" : "name" }));
    // Recognizers, a few to a line: "⊕ pinch, rotation".
    let line = "";
    for (const text of v.recognizers.map(recognizerText)) {
      const candidate = line ? line + ", " + text : "⊕ " + text;
      if (line && PictureText.width(candidate) > maxWidth) { lines.push(...PictureText.wrap(line, maxWidth).map((t) => ({ text: t, cls: "rec" }))); line = "⊕ " + text; }
      else line = candidate;
    }
    if (line) lines.push(...PictureText.wrap(line, maxWidth).map((t) => ({ text: t, cls: "rec" })));
    const size = { width: Math.ceil(Math.max(...lines.map((l) => PictureText.width(l.text)))) + 6, height: lines.length * lineHeight + 3 };
    let corner = placer.placeFree(size, labelCandidates(box, size, v.kind === "window"));
    const shelved = !corner;
    if (shelved) {
      corner = shelf.place(size);
      // From the label's top to the middle of the view's bottom edge (of the part that shows).
      element("line", { class: "leader", "data-name": v.name, x1: corner.x + Math.min(size.width / 2, 12), y1: corner.y,
        x2: box.x + box.width / 2, y2: box.y + box.height }, leaders);
    }
    const label = element("g", { class: "view-label" + (shelved ? " shelved" : ""), "data-name": v.name }, group);
    element("rect", { x: corner.x, y: corner.y, width: size.width, height: size.height }, label);
    lines.forEach((l, i) => element("text", { class: l.cls, x: corner.x + 3, y: corner.y + 10 + i * lineHeight }, label, l.text));
  }
  return shelf.height;
}

function listObjects() {
  const list = $("objects");
  list.textContent = "";
  for (const v of state.scene.layout.views) {
    if (v.kind === "window") continue;
    addObject(list, v.isControl ? "control" : "view", v.name, v.kind + (v.flags.length ? ", " + v.flags.join(", ") : ""));
    for (const r of v.recognizers) addObject(list, "recognizer", r.name, `${r.kind} recognizer on ${v.name}` + (r.enabled ? "" : ", off"));
  }
}
function addObject(list, kind, name, note) {
  const li = document.createElement("li");
  li.innerHTML = `<span class="name"></span> <span class="kind"></span>`;
  li.firstChild.textContent = name; li.lastChild.textContent = note;
  li.onclick = () => explain(kind, name);
  list.appendChild(li);
}
function explain(kind, name) { send({ type: "explain", [kind]: name }); }

// ---- Touches ---------------------------------------------------------------------------------
// Each touch that began comes with its hit-test and explanation (a "touches" message). Any of the last
// KEPT_TOUCHES can be picked, in the list or on its lane of the timeline: the scene marks its hit-test
// as the scene was when it began, and the pane says why it went where it went. While "Latest" is on,
// each new touch is picked as it begins.
function addTouches(touches) {
  state.touches.push(...touches);
  if (state.touches.length > KEPT_TOUCHES) state.touches.splice(0, state.touches.length - KEPT_TOUCHES);
  if (state.followTouches && touches.length) state.selectedTouch = touches[touches.length - 1].number;
  showTouches();
}
function selectTouch(number, follow) {
  state.selectedTouch = number;
  state.followTouches = !!follow;
  showTouches();
}
// The touch of `finger` that was down at `time` (the last to begin by then, within `tolerance`).
function selectTouchAt(finger, time, tolerance) {
  const candidates = state.touches.filter((t) => t.finger === finger && t.time <= time + tolerance);
  const touch = candidates[candidates.length - 1];
  if (touch) selectTouch(touch.number, touch === state.touches[state.touches.length - 1] && state.followTouches);
}
function selectedTouch() { return state.touches.find((t) => t.number === state.selectedTouch) || null; }

function showTouches() {
  const list = $("touch-list");
  const known = new Set([...list.children].map((li) => Number(li.dataset.number)));
  const kept = new Set(state.touches.map((t) => t.number));
  for (const li of [...list.children]) if (!kept.has(Number(li.dataset.number))) li.remove();
  for (const t of state.touches) {
    if (known.has(t.number)) continue;
    const li = document.createElement("li");
    li.dataset.number = t.number;
    li.textContent = `${t.number}. ${t.time.toFixed(3)} s  finger #${t.finger} → ${t.hitView || "no window"}` + (t.outsideAncestors.length ? "  (outside an ancestor)" : "");
    li.onclick = () => selectTouch(t.number, false);
    list.appendChild(li);
  }
  const touch = selectedTouch();
  for (const li of list.children) li.classList.toggle("selected", touch !== null && Number(li.dataset.number) === touch.number);
  $("touch-count").textContent = state.touches.length ? `${state.touches.length} kept` : "";
  $("latest-touch").classList.toggle("on", state.followTouches);
  const selectedItem = list.querySelector("li.selected");
  if (selectedItem && state.followTouches) list.scrollTop = list.scrollHeight;
  // Its hit-test: each view visited, with its verdict.
  const hittest = $("hittest");
  hittest.textContent = "";
  $("hittest-title").textContent = touch ? `Hit-test of touch ${touch.number} (finger #${touch.finger} at ${touch.time.toFixed(3)} s)` : "Hit-test";
  const why = $("touch-why");
  why.textContent = "";
  if (touch) {
    for (const visit of touch.visits) {
      const li = document.createElement("li");
      li.textContent = `${visit.name}: (${visit.point.map((n) => Math.round(n * 10) / 10).join(", ")}) ${visit.verdict === "skipped" ? "skipped, " + visit.reason : visit.verdict}`;
      if (visit.verdict !== "inside") li.className = visit.verdict === "skipped" ? "skip" : "outside";
      hittest.appendChild(li);
    }
    if (touch.omittedVisits) { const li = document.createElement("li"); li.textContent = `… ${touch.omittedVisits} more views`; hittest.appendChild(li); }
    const result = document.createElement("li");
    result.textContent = touch.hitView ? `→ ${touch.hitView}` : "→ no window took it";
    hittest.appendChild(result);
    for (const line of touch.explanation) { const p = document.createElement("p"); p.textContent = line; why.appendChild(p); }
    timeline.select({ finger: touch.finger, time: touch.time });
  } else {
    timeline.select(null);
  }
  drawTouchMarks();
}

// The picked touch's hit-test on the scene, as the scene was when it began (its corners then): the path
// (the hit view in red), the views skipped, the views whose bounds did not hold the point, each view an
// ancestor's bounds kept the touch from with that ancestor, and where it landed.
function drawTouchMarks() {
  const group = $("touch-marks"), pointGroup = $("touch-point");
  if (!group) return;
  group.textContent = "";
  pointGroup.textContent = "";
  const touch = selectedTouch();
  const caption = $("touch-caption");
  if (!touch) { caption.textContent = ""; return; }
  const points = (corners) => corners.map((c) => c.join(",")).join(" ");
  for (const visit of touch.visits) {
    if (!visit.corners.length) continue;
    const onPath = visit.verdict === "inside" && touch.path.includes(visit.name);
    const cls = visit.verdict === "skipped" ? "mark-skipped" : visit.verdict === "outside" ? "mark-outside"
      : visit.name === touch.hitView && onPath ? "mark-hit" : onPath ? "mark-path" : null;
    if (!cls) continue;
    const poly = element("polygon", { class: cls, points: points(visit.corners), "data-name": visit.name }, group);
    element("title", {}, poly, `${visit.name}: ${visit.verdict === "skipped" ? "skipped, " + visit.reason : visit.verdict}`);
  }
  for (const miss of touch.outsideAncestors) {
    const g = element("g", { class: "outside-ancestor", "data-ancestor": miss.ancestor.name, "data-view": miss.view.name }, group);
    if (miss.ancestor.corners.length) element("polygon", { class: "ancestor", points: points(miss.ancestor.corners) }, g);
    if (miss.view.corners.length) element("polygon", { class: "held-out", points: points(miss.view.corners) }, g);
    element("title", {}, g, `'${miss.view.name}' holds the point, but it is outside its ancestor '${miss.ancestor.name}'`);
  }
  // Where it landed, over the labels.
  if (touch.point) element("circle", { class: "touch-point", cx: touch.point[0], cy: touch.point[1], r: 5 }, pointGroup);
  caption.textContent = `Touch ${touch.number} (finger #${touch.finger}) at ${touch.time.toFixed(3)} s → ${touch.hitView || "no window"}`
    + (touch.outsideAncestors.length ? `; ${touch.outsideAncestors.map((m) => `'${m.view.name}' is outside '${m.ancestor.name}'`).join(", ")}` : "")
    + ". Marked as the scene was then.";
}
$("latest-touch").onclick = () => { if (state.touches.length) selectTouch(state.touches[state.touches.length - 1].number, true); else state.followTouches = true; showTouches(); };

// ---- The trace -------------------------------------------------------------------------------
const objectKinds = () => {
  const kinds = new Map();
  if (!state.scene) return kinds;
  for (const v of state.scene.layout.views) {
    kinds.set(v.name, v.isControl ? "control" : "view");
    for (const r of v.recognizers) kinds.set(r.name, "recognizer");
  }
  return kinds;
};

function addTrace(lines) {
  const body = $("trace").tBodies[0];
  const filter = $("trace-filter").value;
  const kinds = objectKinds();
  const fragment = document.createDocumentFragment();
  let inputs = 0;
  for (const line of lines) {
    state.traceLines.push(line);
    if (!state.subjects.has(line.subject)) {
      state.subjects.add(line.subject);
      const o = document.createElement("option"); o.textContent = line.subject; $("trace-filter").appendChild(o);
    }
    const row = document.createElement("tr");
    if (line.category === "input") { row.className = "input"; inputs++; }
    row.dataset.subject = line.subject;
    if (filter && line.subject !== filter) row.hidden = true;
    for (const [cls, text] of [["time", line.time.toFixed(3)], ["category", line.category], ["subject", line.subject], ["detail", line.detail]]) {
      const td = document.createElement("td"); td.className = cls; td.textContent = text; row.appendChild(td);
    }
    const kind = kinds.get(line.subject);
    if (kind) row.children[2].onclick = () => explain(kind, line.subject);
    fragment.appendChild(row);
  }
  body.appendChild(fragment);
  const extra = state.traceLines.length - state.traceLimit;
  if (extra > 0) { state.traceLines.splice(0, extra); for (let i = 0; i < extra && body.firstChild; i++) body.firstChild.remove(); }
  $("trace-count").textContent = `${state.traceLines.length} lines`;
  const box = $("trace-box"); box.scrollTop = box.scrollHeight;
  // Latency: a touch frame's time from its pointer event to its line on the page.
  if (inputs) {
    const now = performance.now();
    for (let i = 0; i < inputs && state.pendingLatency.length; i++) {
      state.latencies.push(now - state.pendingLatency.shift());
      if (state.latencies.length > 100000) state.latencies.shift();
    }
  }
  // The timeline follows the newest input at once, and its content is fetched again.
  const lastInput = [...lines].reverse().find((l) => l.category === "input");
  if (lastInput) timeline.noteLatest(lastInput.time);
  scheduleTimeline();
}

$("trace-filter").onchange = () => {
  const filter = $("trace-filter").value;
  for (const row of $("trace").tBodies[0].rows) row.hidden = !!filter && row.dataset.subject !== filter;
};

// ---- The timeline ----------------------------------------------------------------------------
const timeline = new TimelineView({
  root: $("timeline"), axis: $("timeline-axis"), lanes: $("timeline-lanes"), svg: $("timeline-svg"), canvas: $("timeline-canvas"),
  follow: $("follow"), status: $("timeline-status"),
}, { selectTouch: selectTouchAt, explain });
$("show-all").onclick = () => timeline.showAll();

// The timeline is fetched again while the trace grows, one request at a time, and no sooner than ten
// times the last one took (at least 500 ms apart): building it costs the session a pass over the records
// it keeps (about 10 ms for 20,000 in a debug build) and the page a parse, and live input waits for
// both (Benchmarks/playground.py: 250 ms apart put the latency's p99 about 15 ms higher). Between
// fetches the view still follows each input (TimelineView.FOLLOW_INTERVAL).
const refresh = { inFlight: false, dirty: false, last: 0, cost: 0, timer: null };
function scheduleTimeline() {
  if (refresh.inFlight) { refresh.dirty = true; return; }
  if (refresh.timer) return;
  const wait = Math.max(0, refresh.last + Math.max(500, 10 * refresh.cost) - performance.now());
  refresh.timer = setTimeout(requestTimeline, wait);
}
function requestTimeline() {
  clearTimeout(refresh.timer);
  refresh.timer = null;
  if (!state.scene) return;
  refresh.inFlight = true;
  refresh.dirty = false;
  const started = performance.now();
  send({ type: "timeline" }).catch(() => null).then(() => {
    refresh.inFlight = false;
    refresh.last = performance.now();
    refresh.cost = refresh.last - started;
    if (refresh.dirty) scheduleTimeline();
  });
}

// ---- Input -----------------------------------------------------------------------------------
// Pointers become fingers 1 to 20; the changes made in one task go out as one touch frame.
const fingers = new Map();
let frame = [];
let frameTime = 0;
let frameEvent = 0;
let lastTime = 0;
const stamp = (t) => { lastTime = Math.max(lastTime, t); return lastTime; };

// A pointer's place in the scene's points (the picture has a margin around the screen).
function scenePoint(event) {
  const matrix = $("scene").getScreenCTM().inverse();
  const x = matrix.a * event.clientX + matrix.c * event.clientY + matrix.e, y = matrix.b * event.clientX + matrix.d * event.clientY + matrix.f;
  return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
}
function freeFinger() { for (let f = 1; f <= 20; f++) if (![...fingers.values()].includes(f)) return f; return 0; }

function queueTouch(finger, phase, x, y, force, eventTime, pointer) {
  if (frame.some((t) => t.id === finger)) flush();
  if (!frame.length) { frameTime = stamp(eventTime / 1000); frameEvent = eventTime; setTimeout(flush, 0); }
  frame.push(Object.assign({ id: finger, phase, x, y, force }, pointer));
}

// A pen is the pencil, with its pose; the mouse is a click with its buttons (a finger unless the scene
// says indirect-input), the buttons it went down with; a finger says nothing more.
const pressedButtons = new Map();
function pointerFields(e) {
  if (e.pointerType === "mouse") return { type: "indirect-pointer", buttons: pressedButtons.get(e.pointerId) || e.buttons || 1 };
  if (e.pointerType !== "pen") return {};
  let altitude = e.altitudeAngle, azimuth = e.azimuthAngle;
  if (altitude === undefined) {
    // Older browsers give only the tilts: the pen's angle to the screen's normal in x and in y.
    const tx = Math.tan((e.tiltX || 0) * Math.PI / 180), ty = Math.tan((e.tiltY || 0) * Math.PI / 180);
    altitude = Math.atan2(1, Math.hypot(tx, ty));
    azimuth = tx === 0 && ty === 0 ? 0 : Math.atan2(ty, tx);
  }
  if (azimuth < 0) azimuth += 2 * Math.PI;
  return { type: "pencil", altitude: Math.min(Math.max(altitude, 0), Math.PI / 2), azimuth };
}
function flush() {
  if (!frame.length) return;
  post({ type: "input", t: frameTime, touches: frame });
  state.inputs++;
  state.pendingLatency.push(frameEvent);
  if (state.pendingLatency.length > 10000) state.pendingLatency.shift();
  frame = [];
}

const scene = $("scene");
scene.addEventListener("pointerdown", (e) => {
  if (!state.scene) return;
  e.preventDefault();
  // Alt-click explains the front-most view under the pointer instead of touching it.
  if (e.altKey) {
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.classList && el.classList.contains("view"));
    const view = hit && state.scene.layout.views.find((v) => v.name === hit.dataset.name);
    if (view) explain(view.isControl ? "control" : "view", view.name);
    return;
  }
  const [x, y] = scenePoint(e);
  // The margin around the screen is for labels: a finger begins on the screen only.
  if (x < 0 || y < 0 || x > state.scene.layout.width || y > state.scene.layout.height) return;
  const finger = freeFinger();
  if (!finger) return;
  fingers.set(e.pointerId, finger);
  if (e.pointerType === "mouse") pressedButtons.set(e.pointerId, e.buttons || 1);
  try { scene.setPointerCapture(e.pointerId); } catch {}
  queueTouch(finger, "began", x, y, e.pointerType === "pen" ? e.pressure : 0, e.timeStamp, pointerFields(e));
  drawTouch(finger, x, y);
});
scene.addEventListener("pointermove", (e) => {
  const finger = fingers.get(e.pointerId);
  if (!finger) { hover(e); return; }
  const [x, y] = scenePoint(e);
  queueTouch(finger, "moved", x, y, e.pointerType === "pen" ? e.pressure : 0, e.timeStamp, pointerFields(e));
  drawTouch(finger, x, y);
});
for (const [type, phase] of [["pointerup", "ended"], ["pointercancel", "cancelled"]]) {
  scene.addEventListener(type, (e) => {
    const finger = fingers.get(e.pointerId);
    if (!finger) return;
    fingers.delete(e.pointerId);
    const [x, y] = scenePoint(e);
    queueTouch(finger, phase, x, y, 0, e.timeStamp, pointerFields(e));
    pressedButtons.delete(e.pointerId);
    removeTouch(finger);
  });
}

// The mouse and a pen in range hover: over the screen of a scene with a hover recognizer, each move is
// a hover sample; leaving the screen ends it (U1).
let hovering = null;
function hover(e) {
  if (!state.scene || (e.pointerType !== "mouse" && e.pointerType !== "pen")) return;
  if (!state.scene.layout.views.some((v) => v.recognizers.some((r) => r.kind === "hover"))) return;
  const [x, y] = scenePoint(e);
  const type = e.pointerType === "pen" ? "pencil" : "indirect-pointer";
  const onScreen = x >= 0 && y >= 0 && x <= state.scene.layout.width && y <= state.scene.layout.height;
  if (!onScreen && !hovering) return;
  if (hovering && hovering !== type) sendInput({ hover: { phase: "ended", x, y, type: hovering } });
  const pose = type === "pencil" ? pointerFields(e) : {};
  sendInput({ hover: { phase: onScreen ? "changed" : "ended", x, y, type, altitude: pose.altitude, azimuth: pose.azimuth } }, e.timeStamp);
  hovering = onScreen ? type : null;
}
scene.addEventListener("pointerleave", (e) => {
  if (!hovering || fingers.get(e.pointerId)) return;
  const [x, y] = scenePoint(e);
  sendInput({ hover: { phase: "ended", x, y, type: hovering } }, e.timeStamp);
  hovering = null;
});

// A wheel scrolls: a mouse's notches, a trackpad's smooth scroll, or, with the control key (as browsers
// report a trackpad's pinch), a pinch (U2, U3). Its deltas become how far the content moves, in points.
scene.addEventListener("wheel", (e) => {
  if (!state.scene) return;
  const [x, y] = scenePoint(e);
  if (x < 0 || y < 0 || x > state.scene.layout.width || y > state.scene.layout.height) return;
  e.preventDefault();
  const perPixel = 1 / $("scene").getScreenCTM().a, perUnit = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1;
  const wheel = { x, y, dx: -e.deltaX * perUnit * perPixel, dy: -e.deltaY * perUnit * perPixel };
  if (e.ctrlKey) Object.assign(wheel, { dx: 0, dy: -e.deltaY * perUnit, pinch: true });
  // A mouse's wheel turns in notches: lines in Firefox, multiples of 120 in wheelDelta elsewhere.
  else if (e.deltaMode === 1) wheel.notches = -(e.deltaY || e.deltaX) / 3;
  else if (e.wheelDelta && e.wheelDelta % 120 === 0 && (e.deltaX === 0 || e.deltaY === 0)) wheel.notches = e.wheelDelta / 120;
  sendInput({ wheel }, e.timeStamp);
}, { passive: false });
function drawTouch(finger, x, y) {
  let c = scene.querySelector(`circle.touch[data-finger="${finger}"]`);
  if (!c) c = element("circle", { class: "touch", r: 11, "data-finger": finger }, scene);
  c.setAttribute("cx", x); c.setAttribute("cy", y);
}
function removeTouch(finger) { const c = scene.querySelector(`circle.touch[data-finger="${finger}"]`); if (c) c.remove(); }

function sendInput(fields, eventTime) {
  flush();
  post(Object.assign({ type: "input", t: stamp((eventTime === undefined ? performance.now() : eventTime) / 1000) }, fields));
}
document.querySelectorAll("[data-input=shake]").forEach((b) => b.onclick = () => sendInput({ shake: true }));
document.querySelectorAll("[data-button]").forEach((b) => b.onclick = () => sendInput({ button: b.dataset.button }));
document.querySelectorAll("[data-call]").forEach((b) => b.onclick = () => sendInput({ call: b.dataset.call }));
$("send-remote").onclick = () => sendInput({ remote: $("remote").value });

// A system edge swipe, as a scenario's edge-swipe: from 4 pt inside the edge, 160 pt in 8 moves over 0.1 s.
document.querySelectorAll("[data-edge]").forEach((b) => b.onclick = () => {
  if (!state.scene) return;
  const finger = freeFinger() || 20, fromTop = b.dataset.edge === "top";
  const { width, height } = state.scene.layout;
  const x = width / 2, y0 = fromTop ? 4 : height - 4, dy = fromTop ? 20 : -20;
  flush();
  const t0 = stamp(performance.now() / 1000);
  post({ type: "input", t: t0, touches: [{ id: finger, phase: "began", x, y: y0 }] });
  for (let i = 1; i <= 8; i++) post({ type: "input", t: stamp(t0 + 0.0125 * i), touches: [{ id: finger, phase: "moved", x, y: y0 + dy * i }] });
  post({ type: "input", t: stamp(t0 + 0.1), touches: [{ id: finger, phase: "ended", x, y: y0 + dy * 8 }] });
});

// ---- Keys ------------------------------------------------------------------------------------
// A key of the computer's keyboard is a hardware keyboard's key (U5): the scene's key commands are
// matched against it first, along the responder chain, and a key no command takes is a press with its
// key, of an arrow's type for an arrow key (as on an iPad). Sent: a character (the letter of a letter
// key, lowercased, shift being a modifier; a digit or sign as typed; space), the arrows, Escape, Tab,
// Enter (Return, "\r"), Backspace ("\b"), Delete (forward), Page Up and Down, Home, End and F1 to F12,
// with the modifiers held: shift, control, alternate (Alt, Option) and command (Meta, ⌘). The modifier
// keys alone, and other keys, are the browser's.
// A scene that takes no keyboard (no key commands, no text field) keeps the remote's buttons on the
// keys that always stood for them: with no modifier held, the arrows, Enter (select), Escape (menu),
// Space (play-pause), Page Up and Page Down are a remote's presses, which have no key. A key held with
// a modifier is always a keyboard's (a remote has no modifiers).
// Nothing is sent while the focus is in a text box or a menu of the page, and auto-repeat is not sent:
// a key goes down once and comes up once.
const keyPresses = { ArrowUp: "up-arrow", ArrowDown: "down-arrow", ArrowLeft: "left-arrow", ArrowRight: "right-arrow",
  Enter: "select", Escape: "menu", " ": "play-pause", PageUp: "page-up", PageDown: "page-down" };
const specialKeys = { ArrowUp: "up-arrow", ArrowDown: "down-arrow", ArrowLeft: "left-arrow", ArrowRight: "right-arrow",
  Escape: "escape", PageUp: "page-up", PageDown: "page-down", Home: "home", End: "end", Delete: "delete",
  Enter: "\r", Tab: "\t", Backspace: "\b" };
for (let n = 1; n <= 12; n++) specialKeys["F" + n] = "f" + n;
// The keys down, by the physical key (KeyboardEvent.code), with what went out for each: its release
// says the same key even when shift changed what the key types in between. At most one per key of the
// keyboard.
const keysDown = new Map();
function modifierNames(e) {
  return [[e.shiftKey, "shift"], [e.ctrlKey, "control"], [e.altKey, "alternate"], [e.metaKey, "command"]].filter(([held]) => held).map(([, name]) => name);
}
// The key's input as scenario files name it, or null when it is not sent.
function keyInput(e) {
  if (specialKeys[e.key]) return specialKeys[e.key];
  if ([...e.key].length !== 1) return null;
  // Alt (Option) changes the character a Mac types (⌥S is "ß"); the key's letter or digit is its own.
  const place = e.altKey && /^(?:Key([A-Z])|Digit([0-9]))$/.exec(e.code);
  if (place) return (place[1] || place[2]).toLowerCase();
  return /^[A-Za-z]$/.test(e.key) ? e.key.toLowerCase() : e.key;
}
// What a key going down sends, or null when it sends nothing.
function keyMessage(e) {
  const modifiers = modifierNames(e);
  if (!state.scene.keyboard && !modifiers.length && keyPresses[e.key]) return { press: { type: keyPresses[e.key] } };
  const input = keyInput(e);
  return input === null ? null : { key: { input, modifiers } };
}
function sendKey(down, phase, time, modifiers) {
  flush();
  const fields = down.press ? { press: { type: down.press.type, phase } }
    : { key: { input: down.key.input, modifiers: modifiers || down.key.modifiers, phase } };
  post(Object.assign({ type: "input", t: stamp(time / 1000) }, fields));
}
function releaseKeys(which, time) {
  for (const [code, down] of [...keysDown]) {
    if (!which(down)) continue;
    keysDown.delete(code);
    sendKey(down, "up", time);
  }
}
const takesKeys = (e) => state.connected && state.scene && !e.target.closest("textarea, input, select, [contenteditable]");
document.addEventListener("keydown", (e) => {
  if (!takesKeys(e)) return;
  const code = e.code || e.key;
  if (keysDown.has(code)) { e.preventDefault(); return; }
  const down = e.repeat ? null : keyMessage(e);
  if (!down) return;
  e.preventDefault();
  keysDown.set(code, down);
  sendKey(down, "down", e.timeStamp);
});
document.addEventListener("keyup", (e) => {
  const code = e.code || e.key;
  const down = keysDown.get(code);
  if (down) {
    e.preventDefault();
    keysDown.delete(code);
    sendKey(down, "up", e.timeStamp, down.key && modifierNames(e));
  }
  // A Mac sends no keyup for a key released while ⌘ is down: when ⌘ comes up, so do the keys it held.
  if (e.key === "Meta") releaseKeys((held) => held.key && held.key.modifiers.includes("command"), e.timeStamp);
});
// The page losing the focus takes the keyboard away: the keys down come up.
window.addEventListener("blur", () => releaseKeys(() => true, performance.now()));

// ---- Scenarios -------------------------------------------------------------------------------
// Reload builds the scene again from where it came from: its scenario, or the text it was loaded from.
$("reload").onclick = () => {
  if ($("scenarios").value) send({ type: "load", scenario: $("scenarios").value });
  else if (state.scene) send({ type: "load", yaml: state.scene.yaml, name: state.scene.file });
};
$("scenarios").onchange = () => send({ type: "load", scenario: $("scenarios").value });
$("load-text").onclick = () => send({ type: "load", yaml: $("yaml").value, name: state.scene ? state.scene.file : "pasted.yaml" });
$("open-file").onchange = async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  if (file.size > 256 * 1024) { showError(`${file.name}: larger than 256 KiB`); return; }
  $("yaml").value = await file.text();
  send({ type: "load", yaml: $("yaml").value, name: file.name });
};
$("save").onclick = () => send({ type: "save" });

// The saved file belongs to the scene it was saved from: it is shown until another scene loads.
function showSaved(yaml) {
  state.saved = yaml;
  $("saved-pane").hidden = false;
  $("saved").value = yaml;
  const link = $("download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([yaml], { type: "text/yaml" }));
  const base = state.scene ? state.scene.file.split("/").pop().replace(/\.ya?ml$/, "") : "scenario";
  link.download = `${base}-recorded.yaml`;
}
function clearSaved() {
  state.saved = null;
  $("saved-pane").hidden = true;
  $("saved").value = "";
  const link = $("download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = "#";
  link.download = "recorded.yaml";
}

function showProblems(m) {
  state.problems = m.problems;
  const list = $("problems");
  list.textContent = "";
  for (const p of m.problems) {
    const li = document.createElement("li");
    li.textContent = `${m.file}:${p.line}:${p.column}: ${p.message}`;
    li.onclick = () => selectLine(p.line, p.column);
    list.appendChild(li);
  }
  if (m.problems.length) selectLine(m.problems[0].line, m.problems[0].column);
  showError(`${m.file}: the scene did not build (${m.problems.length} problem${m.problems.length === 1 ? "" : "s"}); the previous scene still runs`);
}
function selectLine(line, column) {
  const area = $("yaml"), lines = area.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  area.focus(); area.setSelectionRange(offset, offset);
}

// For tests: promises that settle on the server's answer, the page's parts, and a scene point's place
// in the window.
state.load = (name) => send({ type: "load", scenario: name });
state.loadText = (yaml, name) => send({ type: "load", yaml, name });
state.save = () => send({ type: "save" });
state.timeline = () => send({ type: "timeline" });
state.explain = (kind, name) => send({ type: "explain", [kind]: name });
state.ping = () => send({ type: "ping" });
state.selectTouch = (number) => selectTouch(number, false);
state.timelineView = timeline;
state.clientPoint = (x, y) => {
  const m = $("scene").getScreenCTM();
  return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
};

setInterval(() => post({ type: "ping" }), 10000);
connect();
})();
