// Replaying a turn on the map, step by step, from the events this seat already has (the log):
// units move along their paths, shots are lines from shooter to target, destroyed units are
// crossed out, and the sentence of the current step is shown and highlighted in the log.
// Generic: what an event means on the map comes from the game module's `replay` hooks:
//   startsTurn(event, eventsSoFarInTheTurn) -> a turn number, true (the next one) or false
//   mark(event) -> a list of {move, from, to, path?, facing?} | {place, hex, facing?}
//                  | {shot: [ids], target, hit} | {gone, destroyed}  (or [] for words only)
//   sideOf(id, view, log) -> the unit's seat or side, or null
//   tone(side, view) -> its colour on the map (a seat-<tone> class of app.css)
//   angle(facing) -> degrees on the screen, 0 = east (a unit without a facing is a diamond)
//   short(id) -> (optional) the name on its piece, where the colour already says the owner
//   label(event, number) -> (optional) the turn's name in the picker, from its first event
// Drawing only: nothing here knows a rule, and nothing beyond the seat's own log is read.

const SVGNS = "http://www.w3.org/2000/svg";
const MOVE_MS = 650;
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)");  // then pieces jump, never slide

function node(tag, attrs, parent) {
  const n = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  parent.append(n);
  return n;
}

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

// The log's events in order: {n (place in the whole log), step, index (in its step), event}.
export function flatten(log) {
  return log.steps.flatMap((s) => s.events.map((event, index) => ({ step: s.step, index, event })))
    .map((x, n) => ({ ...x, n }));
}

// The events grouped into turns; a group before the first turn (the setup) is "Setup".
export function turns(all, hooks) {
  const groups = [];
  let current = null;
  let number = 0;
  for (const x of all) {
    const starts = hooks.startsTurn(x.event, current ? current.events.map((y) => y.event) : []);
    if (starts !== false) number = typeof starts === "number" ? starts : number + 1;
    if (starts !== false || !current) {
      current = { label: starts === false ? "Setup" : hooks.label ? hooks.label(x.event, number) : `Turn ${number}`, events: [] };
      groups.push(current);
    }
    current.events.push(x);
  }
  return groups;
}

// Where every unit stands before each event of the whole log (and after the last): a walk from
// the first event on. A unit first seen moving (never placed in this log) stood where that move
// began; one first placed is not on the map before.
function timeline(all, hooks) {
  const at = {};  // id -> {hex, facing, gone, destroyed}
  const seen = new Set();
  for (const { event } of all) {
    for (const m of hooks.mark(event)) {
      const id = m.move || m.place;
      if (id && !seen.has(id)) {
        seen.add(id);
        if (m.move) at[id] = { hex: m.from, facing: m.facing };
      }
    }
  }
  const before = [];
  for (const { event } of all) {
    before.push(structuredClone(at));
    for (const m of hooks.mark(event)) apply(at, m);
  }
  before.push(structuredClone(at));
  return before;
}

function apply(at, m) {
  if (m.move) at[m.move] = { ...(at[m.move] || {}), hex: m.to, facing: m.facing ?? (at[m.move] || {}).facing, gone: false };
  if (m.place) at[m.place] = { hex: m.hex, facing: m.facing, gone: false };
  if (m.gone && at[m.gone]) at[m.gone] = { ...at[m.gone], gone: true, destroyed: !!m.destroyed };
}

export class Replay {
  // `map`: the HexMap; `bar`: the element the controls go in; `words(event)`: its sentence;
  // `onStep(frame|null)`: called with the current event ({step, index}), to highlight its log line.
  constructor(map, bar, { hooks, words, onStep }) {
    this.map = map;
    this.bar = bar;
    this.hooks = hooks;
    this.words = words;
    this.onStep = onStep;
    this.layer = node("g", { class: "replay" }, map.svg);
    this.groups = [];
    this.turn = -1;
    this.at = 0;
    this.timer = null;
    this.anim = null;
    document.addEventListener("keydown", (e) => this.key(e));
  }

  // ← and → step, Esc closes (not while typing in a field).
  key(e) {
    if (!this.open || e.altKey || e.ctrlKey || e.metaKey || (e.target.closest && e.target.closest("input, select, textarea"))) return;
    const act = { ArrowLeft: () => this.go(-1), ArrowRight: () => this.go(1), Escape: () => this.close() }[e.key];
    if (!act) return;
    e.preventDefault();
    this.pause();
    act();
  }

  // A new log (after each step): the turns on offer; an open replay keeps its place.
  setLog(log, view) {
    this.log = log;
    this.view = view;
    this.all = flatten(log);
    this.groups = turns(this.all, this.hooks).filter((g) => g.events.some((x) => this.hooks.mark(x.event).length));
    this.before = null;
    if (this.open) {  // a step resolved while replaying: the same place, the new turns on offer
      this.before = timeline(this.all, this.hooks);
      this.controls();
      this.show(false);
    }
  }

  get open() { return this.turn >= 0; }

  // Open turn `k` (default: the last one with anything to show) at its first step.
  start(k = this.groups.length - 1) {
    if (!this.groups.length) return;
    this.before = this.before || timeline(this.all, this.hooks);
    this.turn = Math.max(0, Math.min(k, this.groups.length - 1));
    this.at = 0;
    if (!this.map.svg.classList.contains("replaying")) this.box = this.map.box;  // the player's view, back at close
    this.map.svg.classList.add("replaying");
    this.frame();
    this.controls();
    this.show(true);
  }

  // Zoom onto where the turn happens (every hex its units stood in or reached, with a margin),
  // never closer than a few hexes across.
  frame() {
    const group = this.groups[this.turn];
    const hexes = [];
    for (const x of group.events) {
      for (const u of Object.values(this.before[x.n])) if (u.hex && !u.gone) hexes.push(u.hex);
    }
    const last = this.before[group.events[group.events.length - 1].n + 1];
    for (const u of Object.values(last)) if (u.hex) hexes.push(u.hex);
    if (!hexes.length || !this.box) return;
    const pts = hexes.map((h) => this.map.center(h));
    const pad = this.map.size * 4;
    let [x0, y0] = [Math.min(...pts.map((p) => p[0])) - pad, Math.min(...pts.map((p) => p[1])) - pad];
    let [w, h] = [Math.max(...pts.map((p) => p[0])) + pad - x0, Math.max(...pts.map((p) => p[1])) + pad - y0];
    const least = this.map.size * 14;
    if (w < least) { x0 -= (least - w) / 2; w = least; }
    if (h < least) { y0 -= (least - h) / 2; h = least; }
    if (w * h < this.box[2] * this.box[3]) this.map.setBox([x0, y0, w, h]);  // only ever closer
  }

  close() {
    this.pause();
    if (this.box) this.map.setBox(this.box);
    this.turn = -1;
    this.layer.replaceChildren();
    this.map.svg.classList.remove("replaying");
    this.bar.replaceChildren();
    this.bar.hidden = true;
    this.onStep(null);
  }

  go(delta) {
    const n = this.groups[this.turn].events.length;
    const next = this.at + delta;
    if (next < 0 || next >= n) return false;
    this.at = next;
    this.show(delta > 0);
    return true;
  }

  play() {
    if (this.timer) { this.pause(); return; }
    if (this.at >= this.groups[this.turn].events.length - 1) { this.at = 0; this.show(true); }
    const tick = () => {
      const frame = this.groups[this.turn].events[this.at];
      const wait = this.hooks.mark(frame.event).length ? 1100 : 500;  // words-only steps go by faster
      this.timer = setTimeout(() => { if (this.go(1)) tick(); else this.pause(); }, wait);
    };
    this.bar.querySelector("[data-replay=play]").textContent = "⏸ pause";
    tick();
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    const b = this.bar.querySelector("[data-replay=play]");
    if (b) b.textContent = "▶ play";
  }

  controls() {
    const button = (name, text, title, onclick) => {
      const b = document.createElement("button");
      Object.assign(b, { type: "button", textContent: text, title, onclick });
      b.dataset.replay = name;
      return b;
    };
    const pick = document.createElement("select");
    pick.dataset.replay = "turn";
    pick.title = "the turn to replay";
    this.groups.forEach((g, i) => pick.append(new Option(g.label, String(i), false, i === this.turn)));
    pick.onchange = () => { this.pause(); this.start(Number(pick.value)); };
    const caption = document.createElement("p");
    caption.className = "replay-caption";
    caption.id = "replay-caption";
    caption.setAttribute("aria-live", "polite");
    this.bar.replaceChildren(pick,
      button("prev", "◀ prev", "the step before (←)", () => { this.pause(); this.go(-1); }),
      button("play", this.timer ? "⏸ pause" : "▶ play", "play the turn step by step", () => this.play()),
      button("next", "next ▶", "the next step (→)", () => { this.pause(); this.go(1); }),
      button("close", "✕", "close the replay (back to the game now; Esc)", () => this.close()),
      caption);
    this.bar.hidden = false;
  }

  // Draw the turn as it stands at the current step: every unit where it was, the moves so far
  // as trails, the current move animated along its path, the current shot as a line, destroyed
  // units crossed out; the step's sentence in the caption and highlighted in the log.
  show(animate) {
    const group = this.groups[this.turn];
    const frame = group.events[this.at];
    const before = this.before[frame.n], after = this.before[frame.n + 1], start = this.before[group.events[0].n];
    const marks = this.hooks.mark(frame.event);
    this.layer.replaceChildren();
    const m = this.map;
    const trails = node("g", { class: "replay-trails" }, this.layer);
    for (const x of group.events.slice(0, this.at + 1)) {  // the moves of this turn so far
      for (const mk of this.hooks.mark(x.event)) {
        if (mk.move) this.path(trails, mk, x === frame ? "replay-path current" : "replay-path");
        if (mk.shot && x !== frame) this.shotLine(trails, mk, this.before[x.n], "replay-shot old");
      }
    }
    const units = node("g", { class: "replay-units" }, this.layer);
    const moving = marks.find((mk) => mk.move);
    for (const [id, u] of Object.entries(after)) {
      // on the map now; or destroyed in this turn (crossed out where it fell)
      const inTurn = start[id] ? !start[id].gone : true;
      if (!u.hex || (u.gone && !(u.destroyed && inTurn))) continue;
      const piece = this.piece(units, id, u, u.gone);
      if (moving && moving.move === id && animate && !REDUCED.matches) this.animate(piece, [moving.from, ...(moving.path || [moving.to])]);
    }
    for (const mk of marks) {
      if (mk.shot) this.shotLine(this.layer, mk, before, mk.hit ? "replay-shot hit" : "replay-shot miss");
      if (mk.gone && after[mk.gone] && after[mk.gone].hex) {
        const [x, y] = m.center(after[mk.gone].hex);
        node("circle", { class: "replay-focus gone", cx: x, cy: y, r: m.size * 1.05 }, this.layer);
      }
      if (mk.move) {
        const [x, y] = m.center(mk.to);
        node("circle", { class: "replay-focus", cx: x, cy: y, r: m.size * 1.05 }, this.layer);
      }
      if (mk.place) {
        const [x, y] = m.center(mk.hex);
        node("circle", { class: "replay-focus", cx: x, cy: y, r: m.size * 1.05 }, this.layer);
      }
    }
    const caption = this.bar.querySelector("#replay-caption");
    caption.textContent = "";
    const count = document.createElement("strong");
    count.textContent = `${group.label}, step ${this.at + 1} of ${group.events.length}: `;
    caption.append(count, this.words(frame.event));
    this.bar.querySelector("[data-replay=prev]").disabled = this.at === 0;
    this.bar.querySelector("[data-replay=next]").disabled = this.at === group.events.length - 1;
    this.bar.dataset.at = String(this.at);
    this.onStep(frame);
  }

  piece(parent, id, u, destroyed) {
    const m = this.map;
    const side = this.hooks.sideOf(id, this.view, this.log);
    const [x, y] = m.center(u.hex);
    const g = node("g", { class: `replay-unit seat-${(side && this.hooks.tone(side, this.view)) || "none"}${destroyed ? " destroyed" : ""}`, "data-replay-unit": id,
                          "data-hex": u.hex.join(","), transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, parent);
    const s = m.size;
    const inner = node("g", { class: "glyph" }, g);
    const faced = u.facing !== undefined && u.facing !== null;
    node("polygon", { class: "replay-token", transform: `rotate(${faced ? this.hooks.angle(u.facing) : 0})`,
                      points: faced ? `${0.8 * s},0 ${-0.5 * s},${0.5 * s} ${-0.5 * s},${-0.5 * s}`
                                    : `0,${-0.5 * s} ${0.5 * s},0 0,${0.5 * s} ${-0.5 * s},0` }, inner);
    node("text", { class: "replay-label", x: 0, y: s * 1.05 }, inner).textContent = this.hooks.short ? this.hooks.short(id) : id;
    if (destroyed) {
      node("path", { class: "replay-cross", d: `M${-0.6 * s},${-0.6 * s}L${0.6 * s},${0.6 * s}M${0.6 * s},${-0.6 * s}L${-0.6 * s},${0.6 * s}` }, inner);
    }
    node("title", {}, g).textContent = `${id}${side ? ` (${side})` : ""} at ${u.hex}${destroyed ? ": destroyed" : ""}`;
    return g;
  }

  path(parent, mk, cls) {
    const pts = [mk.from, ...(mk.path || [mk.to])].map((h) => this.map.center(h).map((v) => v.toFixed(1)).join(","));
    node("polyline", { class: cls, points: pts.join(" ") }, parent);
  }

  shotLine(parent, mk, at, cls) {
    const to = at[mk.target];
    if (!to || !to.hex) return;
    const [x2, y2] = this.map.center(to.hex);
    for (const id of mk.shot) {
      const from = at[id];
      if (!from || !from.hex || same(from.hex, to.hex)) continue;
      const [x1, y1] = this.map.center(from.hex);
      node("line", { class: cls, x1, y1, x2, y2, "data-replay-shot": `${id}>${mk.target}` }, parent);
    }
    if (!cls.includes("old")) {
      node("circle", { class: `${cls} target`, cx: x2, cy: y2, r: this.map.size * 0.75 }, parent);
    }
  }

  // Slide a piece along the hex centres of its path.
  animate(piece, hexes) {
    cancelAnimationFrame(this.anim);
    const pts = hexes.map((h) => this.map.center(h));
    if (pts.length < 2) return;
    const t0 = performance.now();
    const frame = (now) => {
      const t = Math.min(1, (now - t0) / MOVE_MS) * (pts.length - 1);
      const k = Math.min(Math.floor(t), pts.length - 2);
      const f = t - k;
      const x = pts[k][0] + (pts[k + 1][0] - pts[k][0]) * f, y = pts[k][1] + (pts[k + 1][1] - pts[k][1]) * f;
      piece.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
      if (t < pts.length - 1) this.anim = requestAnimationFrame(frame);
    };
    this.anim = requestAnimationFrame(frame);
  }
}
