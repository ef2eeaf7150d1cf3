"use strict";
(() => {
const V = 1;
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const state = {
  connected: false, scene: null, traceLines: [], lanes: [], errors: [], problems: [], saved: null,
  latencies: [], inputs: 0, pendingLatency: [], traceLimit: 5000, subjects: new Set(),
};
window.playground = state;
let socket = null;
let nextId = 1;
const waiting = new Map();

function send(message) {
  if (!socket || socket.readyState !== 1) return Promise.reject(new Error("not connected"));
  const id = nextId++;
  socket.send(JSON.stringify(Object.assign({ v: V, id }, message)));
  return new Promise((resolve) => { waiting.set(id, resolve); setTimeout(() => { if (waiting.delete(id)) resolve(null); }, 10000); });
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
    handle(message);
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
    case "scroll": if (state.scene) { state.scene.layout = m.layout; drawScene(); } break;
    case "timeline": $("timeline").innerHTML = m.svg; state.lanes = m.lanes; break;
    case "explanation":
      $("explain-subject").textContent = `${m.kind} ${m.name}`;
      $("explain").textContent = m.lines.join("\n");
      break;
    case "scenario": {
      state.saved = m.yaml;
      $("saved-pane").hidden = false;
      $("saved").value = m.yaml;
      const link = $("download");
      if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(new Blob([m.yaml], { type: "text/yaml" }));
      break;
    }
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
function showScene(m) {
  state.scene = m;
  state.traceLines = []; state.lanes = []; state.subjects = new Set(); state.pendingLatency = [];
  fingers.clear(); frame = [];
  $("scene-name").textContent = m.name;
  $("yaml").value = m.yaml;
  $("problems").textContent = "";
  $("trace").tBodies[0].textContent = "";
  $("trace-filter").length = 1;
  $("hittest").textContent = "";
  $("timeline").textContent = "";
  $("explain").textContent = "Click a view, recognizer or control.";
  $("explain-subject").textContent = "";
  drawScene();
  listObjects();
}

// Drawn again whenever a scroll view moves (a "scroll" message brings the new layout); the fingers stay.
function drawScene() {
  const svg = $("scene"), layout = state.scene.layout;
  const touches = [...svg.querySelectorAll("circle.touch")];
  svg.textContent = "";
  svg.setAttribute("width", layout.width); svg.setAttribute("height", layout.height);
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
  // A scroll view's content shows only within its bounds: a view is drawn inside one clipping group per
  // scroll view around it.
  const defs = document.createElementNS(SVGNS, "defs");
  svg.appendChild(defs);
  const clipIds = new Map();
  const clipped = (clips) => {
    let parent = svg;
    for (const corners of clips || []) {
      const points = corners.map((c) => c.join(",")).join(" ");
      let id = clipIds.get(points);
      if (!id) {
        id = "clip" + clipIds.size;
        clipIds.set(points, id);
        const path = document.createElementNS(SVGNS, "clipPath");
        path.id = id;
        const shape = document.createElementNS(SVGNS, "polygon");
        shape.setAttribute("points", points);
        path.appendChild(shape);
        defs.appendChild(path);
      }
      const group = document.createElementNS(SVGNS, "g");
      group.setAttribute("clip-path", `url(#${id})`);
      parent.appendChild(group);
      parent = group;
    }
    return parent;
  };
  // Labels of views that share a corner stack below each other instead of overlapping.
  const used = new Map();
  for (const v of layout.views) {
    const parent = clipped(v.clips);
    const poly = document.createElementNS(SVGNS, "polygon");
    poly.setAttribute("points", v.corners.map((c) => c.join(",")).join(" "));
    poly.setAttribute("class", "view" + (v.isControl ? " control" : "") + (v.kind === "window" ? " window" : "") + (v.flags.length ? " off" : ""));
    poly.dataset.name = v.name;
    const title = document.createElementNS(SVGNS, "title");
    title.textContent = `${v.name} (${v.kind})` + (v.flags.length ? ` — ${v.flags.join(", ")}` : "") + (v.recognizers.length ? ` — recognizers: ${v.recognizers.join(", ")}` : "");
    poly.appendChild(title);
    parent.appendChild(poly);
    if (v.kind === "window") continue;
    const [x, y0] = v.corners[0];
    const key = `${Math.round(x)},${Math.round(y0)}`;
    const y = y0 + 11 * (used.get(key) || 0);
    used.set(key, (used.get(key) || 0) + 1 + v.recognizers.length);
    const label = document.createElementNS(SVGNS, "text");
    label.setAttribute("x", x + 3); label.setAttribute("y", y + 12);
    label.textContent = v.name + (v.kind !== "view" && v.kind !== "window" ? ` (${v.kind})` : "") + (v.flags.length ? ` [${v.flags.join(", ")}]` : "")
      + (v.scroll ? ` offset ${v.scroll.contentOffset.map((n) => Math.round(n)).join(", ")}` + (v.scroll.zoomScale !== 1 ? ` ×${Math.round(v.scroll.zoomScale * 100) / 100}` : "") : "");
    parent.appendChild(label);
    v.recognizers.forEach((r, i) => {
      const t = document.createElementNS(SVGNS, "text");
      t.setAttribute("class", "rec"); t.setAttribute("x", x + 3); t.setAttribute("y", y + 24 + 11 * i);
      t.textContent = "◆ " + r;
      parent.appendChild(t);
    });
  }
  for (const touch of touches) svg.appendChild(touch);
}

function listObjects() {
  const list = $("objects");
  list.textContent = "";
  for (const v of state.scene.layout.views) {
    if (v.kind === "window") continue;
    addObject(list, v.isControl ? "control" : "view", v.name, v.kind + (v.flags.length ? ", " + v.flags.join(", ") : ""));
    for (const r of v.recognizers) addObject(list, "recognizer", r, "recognizer on " + v.name);
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

// ---- The trace -------------------------------------------------------------------------------
const objectKinds = () => {
  const kinds = new Map();
  if (!state.scene) return kinds;
  for (const v of state.scene.layout.views) {
    kinds.set(v.name, v.isControl ? "control" : "view");
    for (const r of v.recognizers) kinds.set(r, "recognizer");
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
    if (line.category === "input" && /^#\d+ down/.test(line.detail)) startHitTest(line);
    else if (line.category === "hit-test") addHitTest(line);
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
  scheduleTimeline();
}

let hitGroup = null;
function startHitTest(line) {
  const list = $("hittest");
  list.textContent = "";
  const li = document.createElement("li"); li.textContent = line.detail; list.appendChild(li);
  hitGroup = list;
  for (const el of document.querySelectorAll("#scene .view")) el.classList.remove("hit", "path");
}
function addHitTest(line) {
  if (!hitGroup) return;
  const li = document.createElement("li");
  li.textContent = `${line.subject}: ${line.detail}`;
  const skipped = !/inside|→/.test(line.detail);
  if (skipped) li.className = "skip";
  hitGroup.appendChild(li);
  const target = /→ (\S+)/.exec(line.detail);
  for (const el of document.querySelectorAll("#scene .view")) {
    if (target && el.dataset.name === target[1]) el.classList.add("hit");
    else if (!target && !skipped && el.dataset.name === line.subject) el.classList.add("path");
  }
}

$("trace-filter").onchange = () => {
  const filter = $("trace-filter").value;
  for (const row of $("trace").tBodies[0].rows) row.hidden = !!filter && row.dataset.subject !== filter;
};

// The timeline is redrawn once the trace has been quiet for half a second: drawing it costs the server a
// pass over the records kept, which must not slow live input down.
let timelineTimer = null;
function scheduleTimeline() {
  clearTimeout(timelineTimer);
  timelineTimer = setTimeout(() => { timelineTimer = null; send({ type: "timeline" }); }, 500);
}
$("refresh-timeline").onclick = () => send({ type: "timeline" });

// ---- Input -----------------------------------------------------------------------------------
// Pointers become fingers 1 to 20; the changes made in one task go out as one touch frame.
const fingers = new Map();
let frame = [];
let frameTime = 0;
let frameEvent = 0;
let lastTime = 0;
const stamp = (t) => { lastTime = Math.max(lastTime, t); return lastTime; };

function scenePoint(event) {
  const svg = $("scene"), box = svg.getBoundingClientRect(), layout = state.scene.layout;
  return [Math.round((event.clientX - box.left) * layout.width / box.width * 100) / 100,
          Math.round((event.clientY - box.top) * layout.height / box.height * 100) / 100];
}
function freeFinger() { for (let f = 1; f <= 20; f++) if (![...fingers.values()].includes(f)) return f; return 0; }

function queueTouch(finger, phase, x, y, force, eventTime) {
  if (frame.some((t) => t.id === finger)) flush();
  if (!frame.length) { frameTime = stamp(eventTime / 1000); frameEvent = eventTime; setTimeout(flush, 0); }
  frame.push({ id: finger, phase, x, y, force });
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
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el.dataset && el.dataset.name);
    const view = hit && state.scene.layout.views.find((v) => v.name === hit.dataset.name);
    if (view) explain(view.isControl ? "control" : "view", view.name);
    return;
  }
  const finger = freeFinger();
  if (!finger) return;
  fingers.set(e.pointerId, finger);
  try { scene.setPointerCapture(e.pointerId); } catch {}
  const [x, y] = scenePoint(e);
  queueTouch(finger, "began", x, y, e.pointerType === "pen" ? e.pressure : 0, e.timeStamp);
  drawTouch(finger, x, y);
});
scene.addEventListener("pointermove", (e) => {
  const finger = fingers.get(e.pointerId);
  if (!finger) return;
  const [x, y] = scenePoint(e);
  queueTouch(finger, "moved", x, y, e.pointerType === "pen" ? e.pressure : 0, e.timeStamp);
  drawTouch(finger, x, y);
});
for (const [type, phase] of [["pointerup", "ended"], ["pointercancel", "cancelled"]]) {
  scene.addEventListener(type, (e) => {
    const finger = fingers.get(e.pointerId);
    if (!finger) return;
    fingers.delete(e.pointerId);
    const [x, y] = scenePoint(e);
    queueTouch(finger, phase, x, y, 0, e.timeStamp);
    removeTouch(finger);
  });
}
function drawTouch(finger, x, y) {
  let c = scene.querySelector(`circle[data-finger="${finger}"]`);
  if (!c) { c = document.createElementNS(SVGNS, "circle"); c.setAttribute("class", "touch"); c.setAttribute("r", 11); c.dataset.finger = finger; scene.appendChild(c); }
  c.setAttribute("cx", x); c.setAttribute("cy", y);
}
function removeTouch(finger) { const c = scene.querySelector(`circle[data-finger="${finger}"]`); if (c) c.remove(); }

function sendInput(fields) {
  flush();
  post(Object.assign({ type: "input", t: stamp(performance.now() / 1000) }, fields));
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

const keyPresses = { ArrowUp: "up-arrow", ArrowDown: "down-arrow", ArrowLeft: "left-arrow", ArrowRight: "right-arrow",
  Enter: "select", Escape: "menu", " ": "play-pause", PageUp: "page-up", PageDown: "page-down" };
const keysDown = new Set();
for (const [type, phase] of [["keydown", "down"], ["keyup", "up"]]) {
  document.addEventListener(type, (e) => {
    const press = keyPresses[e.key];
    if (!press || !state.scene || e.target.closest("textarea, input, select")) return;
    e.preventDefault();
    if (phase === "down") { if (e.repeat || keysDown.has(press)) return; keysDown.add(press); }
    else { if (!keysDown.has(press)) return; keysDown.delete(press); }
    flush();
    post({ type: "input", t: stamp(e.timeStamp / 1000), press: { type: press, phase } });
  });
}

// ---- Scenarios -------------------------------------------------------------------------------
$("reload").onclick = () => send({ type: "load", scenario: $("scenarios").value });
$("scenarios").onchange = () => send({ type: "load", scenario: $("scenarios").value });
$("load-text").onclick = () => send({ type: "load", yaml: $("yaml").value, name: state.scene ? state.scene.file : "pasted.yaml" });
$("open-file").onchange = async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  if (file.size > 256 * 1024) { showError(`${file.name}: larger than 256 KiB`); return; }
  $("yaml").value = await file.text();
  send({ type: "load", yaml: $("yaml").value, name: file.name });
};
$("save").onclick = () => { flush(); send({ type: "save" }); };

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

// For tests: promises that settle on the server's answer.
state.load = (name) => send({ type: "load", scenario: name });
state.loadText = (yaml, name) => send({ type: "load", yaml, name });
state.save = () => { flush(); return send({ type: "save" }); };
state.timeline = () => send({ type: "timeline" });
state.explain = (kind, name) => send({ type: "explain", [kind]: name });
state.ping = () => send({ type: "ping" });

setInterval(() => post({ type: "ping" }), 10000);
connect();
})();
