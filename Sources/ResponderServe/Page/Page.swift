/// The playground's page: its HTML, style and script, served from the binary (no file, no CDN).
enum Page {
    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>ResponderKit playground</title>
    <link rel="stylesheet" href="/style.css">
    </head>
    <body>
    <header>
      <h1>ResponderKit playground</h1>
      <label>Scenario <select id="scenarios"></select></label>
      <button id="reload" title="Build the picked scenario again">Reload</button>
      <button id="save" title="Write what you did as a scenario file with its expect: block">Save as scenario</button>
      <span id="status" class="status">connecting…</span>
    </header>
    <main>
      <section id="stage">
        <h2 id="scene-name">Scene</h2>
        <svg id="scene" role="img" aria-label="the scene, to scale"></svg>
        <div class="buttons">
          <button data-input="shake">Shake</button>
          <select id="remote" aria-label="remote command">
            <option>play</option><option>pause</option><option>stop</option><option>toggle-play-pause</option>
            <option>next-track</option><option>previous-track</option>
          </select>
          <button id="send-remote">Remote</button>
          <button data-button="lock">Lock</button>
          <button data-button="home">Home</button>
          <button data-call="incoming">Call</button>
          <button data-call="ended">End call</button>
          <button data-edge="bottom">Edge swipe ↑</button>
          <button data-edge="top">Edge swipe ↓</button>
        </div>
        <p class="hint">Touch the scene with fingers, a pen or the mouse. Keys are presses: arrows, Enter (select),
          Esc (menu), Space (play-pause), PageUp, PageDown. Click a name, or alt-click a view, to explain it.</p>
        <h3>Objects</h3>
        <ul id="objects"></ul>
      </section>
      <section id="panes">
        <div class="pane"><h2>Hit-test of the last touch</h2><ol id="hittest"></ol></div>
        <div class="pane"><h2>Explain <span id="explain-subject"></span></h2><div id="explain">Click a view, recognizer or control.</div></div>
        <div class="pane wide"><h2>Timeline <button id="refresh-timeline">Refresh</button></h2><div id="timeline"></div></div>
        <div class="pane wide">
          <h2>Trace <label>subject <select id="trace-filter"><option value="">all</option></select></label>
            <span id="trace-count"></span></h2>
          <div id="trace-box"><table id="trace"><tbody></tbody></table></div>
        </div>
        <div class="pane wide">
          <h2>Scenario text <button id="load-text">Load this text</button> <input type="file" id="open-file" accept=".yaml,.yml,.txt"></h2>
          <ul id="problems"></ul>
          <textarea id="yaml" spellcheck="false" rows="14"></textarea>
        </div>
        <div class="pane wide" id="saved-pane" hidden>
          <h2>Saved scenario <a id="download" download="recorded.yaml" href="#">Download</a></h2>
          <textarea id="saved" spellcheck="false" rows="10" readonly></textarea>
        </div>
        <div class="pane wide"><h2>Messages</h2><ul id="errors"></ul></div>
      </section>
    </main>
    <script src="/app.js"></script>
    </body>
    </html>
    """#

    static let style = #"""
    * { box-sizing: border-box; }
    body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #f5f5f7; }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 16px; background: #fff; border-bottom: 1px solid #ddd; flex-wrap: wrap; }
    h1 { font-size: 18px; margin: 0 12px 0 0; }
    h2 { font-size: 14px; margin: 0 0 6px; }
    h3 { font-size: 13px; margin: 8px 0 4px; }
    main { display: flex; gap: 16px; padding: 12px 16px; align-items: flex-start; }
    #stage { flex: none; }
    #panes { flex: 1; display: flex; flex-wrap: wrap; gap: 12px; min-width: 0; }
    .pane { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 8px; flex: 1 1 300px; min-width: 0; }
    .pane.wide { flex-basis: 100%; }
    #scene { background: #fff; border: 1px solid #bbb; touch-action: none; user-select: none; display: block; }
    #scene .view { fill: rgba(0, 113, 227, 0.06); stroke: #0071e3; stroke-width: 1; }
    #scene .view.control { fill: rgba(52, 199, 89, 0.12); stroke: #248a3d; }
    #scene .view.window { fill: #fafafa; stroke: #888; }
    #scene .view.off { stroke-dasharray: 4 3; fill: rgba(0, 0, 0, 0.03); }
    #scene .view.hit { stroke: #ff3b30; stroke-width: 2.5; }
    #scene .view.path { stroke: #ff9500; stroke-width: 2; }
    #scene text { font-size: 10px; fill: #333; pointer-events: none; }
    #scene text.rec { fill: #8e44ad; }
    #scene circle.touch { fill: rgba(255, 59, 48, 0.35); stroke: #ff3b30; pointer-events: none; }
    .buttons { display: flex; flex-wrap: wrap; gap: 4px; margin: 8px 0; max-width: 420px; }
    .hint { color: #666; font-size: 12px; max-width: 420px; }
    #objects { list-style: none; padding: 0; margin: 0; max-width: 420px; }
    #objects li, .name { cursor: pointer; }
    #objects li:hover, .name:hover { text-decoration: underline; }
    .kind { color: #888; font-size: 11px; }
    #hittest { margin: 0; padding-left: 20px; font: 12px ui-monospace, monospace; }
    #hittest .skip { color: #c0392b; }
    #explain { white-space: pre-wrap; font-size: 13px; }
    #timeline { overflow-x: auto; max-height: 420px; }
    #timeline svg { display: block; }
    #trace-box { max-height: 320px; overflow: auto; }
    #trace { border-collapse: collapse; font: 12px ui-monospace, monospace; width: 100%; }
    #trace td { padding: 0 8px 0 0; white-space: nowrap; }
    #trace tr.input td { font-weight: bold; color: #0071e3; }
    #trace td.subject { cursor: pointer; }
    textarea { width: 100%; font: 12px ui-monospace, monospace; }
    #problems, #errors { color: #c0392b; margin: 0; padding-left: 20px; font-size: 12px; }
    .status { font-size: 12px; color: #666; }
    .status.ok { color: #248a3d; }
    """#
}
