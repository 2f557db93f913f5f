// Talon in the browser: the pointy-top map (axial +q is east, TAL-G-1) with the board window
// (TAL-G-10), terrain, ships, squadrons and missiles on their facings; the Impulse Display
// (TAL-D-1) with each unit's AP and move Impulses from its written power curve; the record
// sheets (curve, Turn Radius count, shields per arc with reinforcements, charge bars, hull and
// criticals); the line of fire and range drawn while a target is chosen; words for orders and
// events (the presenter's, render/talon.py). No rules: what is legal comes from the server (the
// generic legal-orders panel), and the decision goes to whichever seat the server asks, so the
// end-of-Impulse Initiative choice is asked of the player who placed the Change markers
// (TAL-4.2.b) even when the other is acting, and a choice a rule gives the side not acting
// while an order resolves (TAL-IMP-2: which fighter, which of its ships first, which missile,
// which pull hex, a collision's first ship) is asked of that side, in the presenter's words.
import { el } from "./api.js";
import { codeEl, glossary } from "./glossary.js";

const SVG = "http://www.w3.org/2000/svg";
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];  // TAL-G-1: 0 E, counter-clockwise
const ARROWS = ["→", "↗", "↖", "←", "↙", "↘"];
const IMPULSES = ["A", "B", "C", "D", "E", "F"];
const ARCS = ["F", "L", "R", "Rear"];
const TONE = { terran: "seat-blue", talon: "seat-red" };
const HOW = { straight: "move straight ahead", turn_left: "turn left", turn_right: "turn right",
              slip_left: "side-slip left", slip_right: "side-slip right" };
const DO = { ap: "spend an AP", drop_reinforcement: "drop a reinforcement", move: "move", fire: "fire",
             repair: "repair", initiative: "choose the Initiative holder", speed: "choose a Speed", retreat: "retreat",
             choose: "answer the choice" };

const USE = { side_slip: "prepare a side slip", power_turn: "power turn", charge: "charge a weapon group",
              charge_battery: "charge the battery", reinforce: "reinforce a shield", change_initiative: "Change Initiative marker",
              defend_initiative: "Defend Initiative marker", transmit: "transmit to a squadron", retarget: "retarget a missile" };

let last = null;  // the position last drawn: ranges, weapons and names for the words below
let asked = null;  // the open decision's options when it is a choice (TAL-IMP-2): what a pick means

const hex = (h) => `${h[0]},${h[1]}`;
const curveText = (c) => c.map((v) => (v === null ? "-" : v)).join("-");
const units = (p) => [...p.ships, ...p.squadrons, ...p.missiles];
const find = (id) => (last ? units(last).find((u) => u.id === id) : null);
const sheet = (u, p = last) => {
  const classes = glossary().classes || {};
  return (p && u && u.class && classes[p.data_pack] && classes[p.data_pack][u.class]) || null;
};

export function distance(a, b) {
  const dq = b[0] - a[0], dr = b[1] - a[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

function svgNode(tag, attrs, parent) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  parent.append(n);
  return n;
}

// The format's board test (TAL-G-10): 0 <= k < rows and 0 <= (q - q0) + floor(k / 2) < cols.
function boardHexes(m) {
  if (m.mode !== "board") return [];
  const cols = m.extension ? 22 : 16, rows = 12;
  const [q0, r0] = m.origin;
  const out = [];
  for (let r = r0; r < r0 + rows; r++) {
    const k = r - r0;
    for (let q = q0 - Math.floor(k / 2); q < q0 - Math.floor(k / 2) + cols; q++) out.push([q, r]);
  }
  return out;
}

// The board and, on a floating or infinite map, one ring around every unit and terrain hex.
function drawGrid(map, p) {
  const board = boardHexes(p.map);
  const cells = new Map(board.map((h) => [hex(h), { h, on: true }]));
  for (const u of [...units(p), ...p.terrain]) {
    for (const d of [[0, 0], ...DIRS]) {
      const h = [u.hex[0] + d[0], u.hex[1] + d[1]];
      if (!cells.has(hex(h))) cells.set(hex(h), { h, on: false });
    }
  }
  if (!cells.size) cells.set("0,0", { h: [0, 0], on: false });
  const key = `talon:${[...cells.keys()].sort().join(";")}`;
  if (map.gridKey === key) return;
  map.gridKey = key;
  map.grid.replaceChildren();
  map.hexes = [];
  for (const { h, on } of cells.values()) {
    map.hexes.push(h);
    const poly = svgNode("polygon", { class: on || !board.length ? "hex" : "hex edge", points: map.hexPoints(map.center(h)) }, map.grid);
    svgNode("title", {}, poly).textContent = `hex ${hex(h)}${on || !board.length ? "" : " (off the board)"}`;
    const [cx, cy] = map.center(h);
    svgNode("text", { class: "coord", x: cx, y: cy - map.size * 0.55 }, map.grid).textContent = hex(h);
  }
  map.fit();
}

function drawTerrain(map, t) {
  const [x, y] = map.center(t.hex);
  const g = svgNode("g", { class: `terrain-hex ${t.kind}`, "data-terrain": t.kind }, map.ground);
  svgNode("polygon", { points: map.hexPoints([x, y]) }, g);
  if (t.kind === "planet") svgNode("circle", { class: "globe", cx: x, cy: y, r: map.size * 0.7 }, g);
  if (t.kind === "black_hole") svgNode("circle", { class: "hole", cx: x, cy: y, r: map.size * 0.45 }, g);
  if (t.kind === "worm_hole") svgNode("circle", { class: "worm", cx: x, cy: y, r: map.size * 0.45 }, g);
  if (t.kind === "asteroid") {
    for (const [dx, dy, r] of [[-0.35, -0.25, 0.16], [0.3, -0.1, 0.2], [-0.05, 0.35, 0.13]]) {
      svgNode("circle", { class: "rock", cx: x + dx * map.size, cy: y + dy * map.size, r: r * map.size }, g);
    }
  }
  svgNode("title", {}, g).textContent = `${t.kind.replace("_", " ")} at ${hex(t.hex)}`;
}

// One unit: a dart along its facing (ships), a disc (squadrons) or a small dart (missiles);
// its id above, its Speed and Turn Radius count below.
function drawUnit(map, u, kind) {
  map.where[u.id] = u.hex;
  const z = map.size;
  const [x, y] = map.center(u.hex);
  const piece = svgNode("g", { class: `piece ${TONE[u.side] || ""}`, "data-unit": u.id, "data-kind": kind }, map.layer);
  const g = svgNode("g", { class: "glyph", style: `transform-origin: ${x.toFixed(1)}px ${y.toFixed(1)}px` }, piece);
  const turn = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${-60 * u.facing})`;
  if (kind === "squadron") {
    svgNode("circle", { class: "squadron", cx: x, cy: y, r: z * 0.42 }, g);
    svgNode("polygon", { class: "facing-tick", transform: turn, points: `${0.75 * z},0 ${0.4 * z},${0.18 * z} ${0.4 * z},${-0.18 * z}` }, g);
  } else {
    const k = kind === "missile" ? 0.5 : 1;
    svgNode("polygon", { class: kind === "missile" ? "ship missile" : "ship", transform: turn,
      points: `${0.85 * z * k},0 ${-0.55 * z * k},${0.5 * z * k} ${-0.3 * z * k},0 ${-0.55 * z * k},${-0.5 * z * k}` }, g);
  }
  svgNode("text", { class: kind === "ship" ? "unit-id" : "unit-id small", x, y: y - z * 0.62 }, g).textContent =
    kind === "ship" ? u.name || u.id : u.id;
  if (kind !== "missile") {
    const bits = [`S${u.curve[1]}`];
    if (u.tr_count !== null && u.tr_count !== undefined) bits.push(`TR${u.tr_count}`);
    svgNode("text", { class: "stats", x, y: y + z * 0.95 }, g).textContent = bits.join(" ");
  }
  const what = kind === "missile" ? `missile → ${u.target}${u.damaged ? " (damaged)" : ""}` : `${u.class}, curve ${curveText(u.curve)}`;
  svgNode("title", {}, piece).textContent = `${u.id} (${u.side}) at ${hex(u.hex)} facing ${u.facing} ${ARROWS[u.facing]}: ${what}`;
}

// The view the words below read: the position, and the open choice if one is asked.
function see(view) {
  last = view.position;
  asked = view.decision && view.decision.kind === "choice" ? view.decision.options : null;
  return last;
}

export function renderMap(map, view) {
  const p = see(view);
  map.setPointy(true);
  drawGrid(map, p);
  map.ground.replaceChildren();
  for (const t of p.terrain) drawTerrain(map, t);
  map.layer.replaceChildren();
  map.over.replaceChildren();
  map.where = {};
  for (const s of p.ships) drawUnit(map, s, "ship");
  for (const q of p.squadrons) drawUnit(map, q, "squadron");
  for (const m of p.missiles) drawUnit(map, m, "missile");
}

// The arc of a unit at `from` facing `facing` that holds hex `to` (TAL-G-4), from the screen
// angle of the pointy-top layout: Talon direction k points -60k degrees; a hex on a vertex ray
// lies toward two directions. `model` is the arc_model option (TAL-AMB-2).
export function arcOf(from, facing, to, model = "hexside_sectors") {
  const q = to[0] - from[0], r = to[1] - from[1];
  if (!q && !r) return null;
  const a = Math.atan2(1.5 * r, Math.sqrt(3) * (q + r / 2)) * 180 / Math.PI;
  const diff = (k) => ((((a + 60 * k) % 360) + 540) % 360) - 180;  // [-180, 180)
  const EPS = 1e-6;
  if (model === "wide_fore_aft") {
    if (Math.abs(diff(facing)) < 60 - EPS) return "F";
    if (Math.abs(diff(facing + 3)) < 60 - EPS) return "Rear";
    return diff(facing) < 0 ? "L" : "R";
  }
  const rel = new Set([0, 1, 2, 3, 4, 5].filter((k) => Math.abs(diff(k)) <= 30 + EPS).map((k) => (((k - facing) % 6) + 6) % 6));
  if (rel.has(0)) return "F";
  if (rel.has(3)) return "Rear";
  return [...rel].every((k) => k === 1 || k === 2) ? "L" : "R";
}

// A weapon group's field of fire: the hexes in its arcs within its weapon's range (a launcher:
// the adjacent hexes it launches into). Drawing only: line of fire is the server's to judge.
function fieldOfFire(map, g, unit, group) {
  const cls = sheet(unit);
  const printed = cls && cls.groups["fighters" in unit ? 0 : group - 1];
  if (!printed) return;
  const [lo, hi] = (glossary().ranges || {})[printed.weapon] || [1, 1];
  const model = (last.options || {}).arc_model || "hexside_sectors";
  for (let dq = -hi; dq <= hi; dq++) {
    for (let dr = Math.max(-hi, -dq - hi); dr <= Math.min(hi, -dq + hi); dr++) {
      const h = [unit.hex[0] + dq, unit.hex[1] + dr];
      const d = distance(unit.hex, h);
      if (d < Math.max(lo, 1) || !printed.arcs.includes(arcOf(unit.hex, unit.facing, h, model))) continue;
      svgNode("polygon", { class: "fire-arc", points: map.hexPoints(map.center(h)), "data-fire-arc": hex(h) }, g);
    }
  }
}

// The line of fire of a fire order (whole, or picked so far): the group's field of fire, then
// from the firing unit to each shot's target, with its range, as the exact centre-to-centre
// segment of TAL-G-5. Drawing only: whether the shot is blocked or in arc is the server's to say.
export function mark(map, order) {
  map.over.querySelectorAll(".lof").forEach((n) => n.remove());
  if (!order || order.do !== "fire" || !order.ship) return;
  const from = map.where[order.ship];
  const unit = find(order.ship);
  if (!from || !unit) return;
  const g = svgNode("g", { class: "lof", "data-lof": order.ship }, map.over);
  if (order.group) fieldOfFire(map, g, unit, order.group);
  const [x1, y1] = map.center(from);
  for (const shot of order.shots || []) {
    const to = shot && shot.target && map.where[shot.target];
    if (!to) continue;
    const [x2, y2] = map.center(to);
    svgNode("line", { class: "lof-line", x1, y1, x2, y2, "data-lof-target": shot.target }, g);
    const t = svgNode("text", { class: "lof-range", x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 3 }, g);
    t.textContent = `range ${distance(from, to)}`;
    if (shot.hex) svgNode("polygon", { class: "hex-focus lof-launch", points: map.hexPoints(map.center(shot.hex)) }, g);
  }
}

// The held order in a few words: an end_turn says which Turn or Phase it ends.
const ENDS = { power: "end of the Power Phase", retreat: "end of the Retreat Phase" };
const heldWords = (p) => (p.held.order.do === "end_turn" ? ENDS[p.phase] || "end of the Turn"
                                                          : DO[p.held.order.do] || p.held.order.do);

export function summary(view) {
  const p = see(view);
  const parts = [`round ${p.round}`];
  if (p.impulse) parts.push(`Impulse ${p.impulse}`);
  parts.push(`${p.player}: ${p.phase === "impulse" ? `Turn, ${p.step} step` : `${p.phase} phase`}`);
  parts.push(`Initiative ${p.initiative}`);
  if (p.round_limit) parts.push(`of ${p.round_limit} rounds`);
  if (p.held) parts.push(`${p.player}'s ${heldWords(p)} waits for a choice of the other side (TAL-IMP-2)`);
  return parts.join(" · ");
}

// The Impulse Display (TAL-D-1): for each unit, the Impulses its written Power gives an AP and
// its Speed moves it; the current Impulse marked.
function impulseDisplay(p, hover) {
  const chart = glossary().impulses || {};
  const cell = (imp, u) => {
    const box = chart[imp] || [];
    const ap = u.curve[0] !== null && box.includes(u.curve[0]);
    const mv = u.curve[1] !== null && box.includes(u.curve[1]);
    return el("td", { class: `${imp === p.impulse ? "now" : ""}`, "data-impulse": imp },
      ap ? codeEl("AP") : "", ap && mv ? " " : "", mv ? codeEl("MOVE", "M") : "");
  };
  const rows = [...p.ships, ...p.squadrons].map((u) => el("tr", { class: TONE[u.side] || "", "data-impulse-row": u.id,
                                                                  onmouseenter: () => hover([u.id]), onmouseleave: () => hover([]) },
    el("td", {}, el("span", { class: "dot" }), u.id), el("td", {}, curveText(u.curve)), ...IMPULSES.map((i) => cell(i, u))));
  return el("table", { class: "fighters units impulse-display", id: "impulse-display" },
    el("caption", {}, `Impulse Display${p.impulse ? `: now ${p.impulse}` : ` (${p.phase} phase)`}`),
    el("tr", {}, el("th", {}, "unit"), el("th", { title: "Power-Speed-Turn Radius as written (TAL-5.1)" }, "curve"),
       ...IMPULSES.map((i) => el("th", { class: i === p.impulse ? "now" : "" }, i))), ...rows);
}

function bars(u, cls) {
  if (!cls) return "";
  return u.groups.map((g, i) => {
    const printed = cls.groups[i] || { weapon: "?", red: "?", yellow: "?", count: 1, arcs: [] };
    const name = `${printed.count > 1 ? `${printed.count}×` : ""}${printed.weapon}`;
    return g.destroyed ? `${i + 1}:${name} destroyed`
      : `${i + 1}:${name} ${g.red}/${printed.red}r ${g.yellow}/${printed.yellow}y [${printed.arcs.join("")}]`;
  }).join(", ");
}

function shieldsText(u) {
  return ARCS.map((a) => `${a}${u.shields[a]}${a in u.reinforcements ? "+" : ""}`).join(" ");
}

// The record sheets, two lines per unit so they fit beside the map: the curve as written with
// the Turn Radius count, shields per arc ("+": a reinforcement), hull boxes marked; under it the
// charge bars (red/yellow of the printed bar, the group's arcs), criticals, battery and
// afterburners. Squadrons show each fighter's bar and hits, missiles their target.
export function unitsCard(view, hover) {
  const p = view.position;
  const rows = (u, cells, more) => {
    const on = { "data-unit-row": u.id, class: TONE[u.side] || "", onmouseenter: () => hover([u.id]), onmouseleave: () => hover([]) };
    return [el("tr", on, el("td", {}, el("span", { class: "dot" }), u.id), ...cells.map((c) => el("td", {}, c))),
            el("tr", { ...on, class: `${on.class} sub`, "data-unit-more": u.id }, el("td", { colspan: 4 }, more))];
  };
  const ships = p.ships.flatMap((s) => {
    const cls = sheet(s, p);
    const extra = [Object.keys(s.criticals).length ? `criticals: ${Object.keys(s.criticals).join(", ")}` : "",
                   s.battery === undefined ? "" : `battery ${s.battery ? "charged" : "empty"}`,
                   s.afterburners === undefined ? "" : `afterburners ${s.afterburners}`,
                   s.side_slip ? "side slip ready" : "", s.initiative_marker ? `${s.initiative_marker} marker` : ""];
    return rows(s, [`${curveText(s.curve)}${s.tr_count !== null ? ` TR${s.tr_count}` : ""}`, shieldsText(s),
                    `${s.hull_marked}/${cls ? cls.hull : "?"}`],
                `${s.class}: ${[bars(s, cls), ...extra].filter(Boolean).join(" · ")}`);
  });
  const squadrons = p.squadrons.flatMap((q) => rows(q, [curveText(q.curve), "", q.fighters.map((f) => f.hull_marked).join("/")],
    `squadron: ${q.fighters.map((f, i) => `fighter ${i + 1} phaser ${f.red}r ${f.yellow}y, ${f.hull_marked} hits`).join(" · ")}`));
  const missiles = p.missiles.flatMap((m) => rows(m, ["", "", m.damaged ? "damaged" : ""], `missile → ${m.target}`));
  const gone = p.removed.length ? [el("p", { class: "hint" }, `Out of play: ${p.removed.map((r) => `${r.id} (${r.status})`).join(", ")}`)] : [];
  return [el("h3", {}, "Impulse Display and ships"), impulseDisplay(p, hover),
    el("table", { class: "fighters units talon-sheets", id: "talon-sheets" },
      el("tr", {}, ...["id", "curve", "shields", "hull"].map((h) => el("th", {}, h))),
      ...ships, ...squadrons, ...missiles), ...gone];
}

// --- words -------------------------------------------------------------------------------

const useWords = (o) => {
  switch (o.use) {
    case "side_slip": return "prepare a side slip";
    case "power_turn": return "power turn (TR count cleared)";
    case "charge": return `charge group ${o.group}${groupWeapon(o.ship, o.group)}`;
    case "charge_battery": return "charge the battery";
    case "reinforce": return `reinforce the ${o.arc} shield`;
    case "change_initiative": return "place a Change Initiative marker";
    case "defend_initiative": return "place a Defend Initiative marker";
    case "transmit": return `transmit to ${o.squadron}: ${o.effect === "charge" ? `charge fighter ${o.fighter}` : o.effect.replace("_", " ")}`;
    case "retarget": return `retarget ${o.missile} at ${o.target}`;
    default: return String(o.use).replaceAll("_", " ");
  }
};

function groupWeapon(ship, group) {
  const u = find(ship);
  const cls = sheet(u);
  const g = cls && cls.groups[group - 1];
  return g ? ` (${g.count > 1 ? `${g.count}× ` : ""}${g.weapon.replace("_", " ")})` : "";
}

function shotsWords(ship, shots) {
  const from = find(ship);
  return shots.map((s) => {
    if (!s.target) return "no target";
    const t = find(s.target);
    const range = from && t ? `, range ${distance(from.hex, t.hex)}` : "";
    return `${s.target}${s.fighter ? ` fighter ${s.fighter}` : ""}${range}${s.hex ? ` from ${hex(s.hex)} facing ${s.facing}` : ""}`;
  }).join("; ");
}

export function label(o, kind) {
  if (o === null || typeof o !== "object") return JSON.stringify(o);
  switch (o.do) {
    case "end_turn": return kind === "power" ? "end the Power Phase" : kind === "retreat" ? "end the Retreat Phase" : "end the Turn";
    case "ap": return `${o.ship}: ${o.battery ? "battery" : "AP"} → ${useWords(o)}`;
    case "drop_reinforcement": return `${o.ship}: drop the ${o.arc} reinforcement`;
    case "move": return `${o.unit}: ${HOW[o.how] || o.how}${o.afterburner ? " on afterburner" : ""}` +
      `${o.dock ? `, dock with ${o.dock}` : ""}${o.land ? ", land" : ""}`;
    case "fire": return `${o.ship} fires group ${o.group}${groupWeapon(o.ship, o.group)} at ${shotsWords(o.ship, o.shots)}`;
    case "repair": return `${o.ship}: try to repair ${o.critical.replace("_", " ")}`;
    case "initiative": return `${o.holder} holds the Initiative`;
    case "speed": return `${o.ship}: Speed ${o.speed}${speedRow(o.ship, o.speed)}`;
    case "retreat": return `${o.ship} jumps to FTL (retreats)`;
    case "choose": return `${pickWords(o.pick)}${offered(o.pick) ? ` (${asked.rule})` : ""}`;
    default: return JSON.stringify(o);
  }
}

// An answer to a choice asked mid-resolution, in the presenter's words (render/talon_forms.py);
// an answer of an earlier choice (the log) in plain words.
const offered = (pick) => asked !== null && asked.options.some((o) => JSON.stringify(o) === JSON.stringify(pick));

function pickWords(pick) {
  if (!offered(pick)) return `chooses ${Array.isArray(pick) ? `hex ${hex(pick)}` : pick}`;  // an answer in the log
  const key = asked.choice;
  if (Number.isInteger(pick)) {
    const q = find(asked.subject);
    const f = q && q.fighters ? q.fighters[pick - 1] : null;
    return `fighter ${pick}${q ? ` of ${q.id}` : ""}${f ? ` (${f.hull_marked} hits)` : ""} takes it`;
  }
  if (Array.isArray(pick)) return `${asked.subject} enters hex ${hex(pick)}`;
  if (key === "first") return `${pick} takes its collision damage first`;
  if (key === "missile_hit") return `missile ${pick} takes the damage`;
  return `${pick} takes its damage next`;
}

function speedRow(ship, speed) {
  const cls = sheet(find(ship));
  const row = cls && cls.rows.find((r) => r[1] === speed);
  return row ? ` (Power ${row[0]}${row[2] === null ? "" : `, TR ${row[2]}`})` : "";
}

// One field's value, for narrowing a long list of orders field by field.
export function valueLabel(key, value) {
  if (key === "do") return value === "end_turn" ? "end (end_turn)" : DO[value] || value;
  if (value === undefined || value === null) return key === "battery" ? "an AP" : key === "afterburner" ? "no afterburner" : `no ${key}`;
  if (key === "how") return HOW[value] || value;
  if (key === "pick") return pickWords(value);
  if (key === "use") return USE[value] || String(value).replaceAll("_", " ");
  if (key === "battery") return value ? "the battery" : "an AP";
  if (key === "afterburner") return value ? "on afterburner" : "no afterburner";
  if (key === "arc") return `${value} shield`;
  if (key === "group") return `group ${value}`;
  if (key === "shots") return `at ${value.map((s) => (s.target || "nothing") + (s.fighter ? ` fighter ${s.fighter}` : "")).join("; ")}`;
  if (["ship", "unit"].includes(key)) { const u = find(value); return u && u.name ? `${value} (${u.name})` : value; }
  if (Array.isArray(value) && value.length === 2 && value.every(Number.isInteger)) return `${key} ${hex(value)}`;
  return `${key} ${typeof value === "object" ? JSON.stringify(value) : value}`;
}

// Events in the presenter's sentences (render/talon.py).
const fired = (e) => `${e.ship} fires group ${e.group} (${e.weapon}) at ${e.target}${e.fighter ? ` fighter ${e.fighter}` : ""}, range ${e.range}: ` +
  `rolls ${e.roll}${e.modifier ? ` ${e.modifier > 0 ? "+" : ""}${e.modifier} = ${e.modified_roll}` : ""}, ` +
  `${e.hit ? `hits for ${e.damage}${e.arc ? ` on its ${e.arc} shield` : ""}` : "misses"}.`;
const damaged = (e) => ("result" in e ? `${e.unit} takes ${e.amount} (${e.source}) and is ${e.result}.`
  : `${e.unit}${e.fighter ? ` fighter ${e.fighter}` : ""} takes ${e.amount} ${e.source} damage${e.arc ? ` on ${e.arc}` : ""}: ` +
    `reinforcement ${e.reinforcement}, shields ${e.shield}, hull ${e.hull}.`);
const AP_KEYS = ["group", "arc", "squadron", "effect", "fighter", "missile", "target"];

export function describe(e) {
  switch (e.type) {
    case "phase": return `Round ${e.round}, ${e.impulse ? `Impulse ${e.impulse}, ` : ""}${e.player}: ${e.phase}${e.step ? ` (${e.step} step)` : ""}.`;
    case "roll": return `${e.unit} rolls ${JSON.stringify(e.faces)} for ${e.purpose}${e.forced ? " (table dice)" : ""}.`;
    case "ap": return `${e.ship} spends ${e.battery ? "its battery" : "an AP"} on ${e.use}${AP_KEYS.filter((k) => k in e).map((k) => `, ${k} ${e[k]}`).join("")}.`;
    case "reinforcement_removed": return `${e.ship}'s ${e.arc} reinforcement is removed (${e.reason}).`;
    case "moved": return `${e.unit} moves from ${hex(e.from)} to ${hex(e.to)}${e.afterburner ? " on afterburner" : ""}.`;
    case "turned": return `${e.unit} turns ${e.side} into ${hex(e.to)}, facing ${e.facing}.`;
    case "slipped": return `${e.unit} side-slips ${e.side} into ${hex(e.to)}.`;
    case "rotated": return `${e.unit} rotates to facing ${e.facing}.`;
    case "displaced": return `${e.unit} is knocked from ${hex(e.from)} to ${hex(e.to)}.`;
    case "pulled": return `${e.unit} is pulled from ${hex(e.from)} to ${hex(e.to)}.`;
    case "collision": return `${e.unit} collides with ${e.other}.`;
    case "fired": return fired(e);
    case "launched": return `${e.ship} launches ${e.missile} at ${e.target} from ${hex(e.hex)}.`;
    case "detonated": return `${e.missile} detonates on ${e.target}.`;
    case "damaged": return damaged(e);
    case "critical": return `${e.ship}: critical box ${e.box}, roll ${e.roll}: ${e.result}${e.applied ? "" : " (no effect)"}${"group" in e ? `, group ${e.group}` : ""}.`;
    case "destroyed": return `${e.unit}${e.fighter ? ` fighter ${e.fighter}` : ""} is destroyed (${e.cause}).`;
    case "exploded": return `${e.ship} explodes at ${hex(e.hex)} (rating ${e.rating}).`;
    case "repair": return `${e.ship} tries to repair ${e.critical}: rolls ${e.roll}, ${e.repaired ? "repaired." : "not yet."}`;
    case "initiative": return `End of Impulse: ${e.change} Change, ${e.defend} Defend; ${e.holder} has the Initiative.`;
    case "charged": return `${e.ship} charges group ${e.group}${e.fighter ? ` (fighter ${e.fighter})` : ""}: +${e.red} red, +${e.yellow} yellow.`;
    case "curve": return `${e.ship} writes its curve ${curveText(e.curve)}.`;
    case "retreated": return `${e.unit} retreats (${e.cause}).`;
    case "deployed": return `${e.ship} arrives.`;
    case "game_over": return `Game over: ${e.winners.length ? `${e.winners.join(", ")} won.` : "a draw."}`;
    case "dice_unused": return `Table dice not used: ${JSON.stringify(e.faces)}.`;
    default: return `${e.type}: ${Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ")}`;
  }
}

// The turn replay's hooks (replay.js): each Impulse (and each Power or Retreat Phase) is one
// "turn" of the replay; what each event shows on the map: moves, turns, slips, knock-backs and
// pulls as moves, shots as lines, launched missiles placed, destroyed units crossed out.
const startOf = (e) => (e.type === "phase" ? `${e.round}:${e.impulse || e.phase}` : null);
export const replay = {
  startsTurn: (e, soFar) => startOf(e) !== null && !soFar.some((x) => startOf(x) === startOf(e)),
  mark(e) {
    switch (e.type) {
      case "moved": case "turned": case "slipped": case "displaced": case "pulled":
        return [{ move: e.unit, from: e.from, to: e.to, facing: e.facing }];
      case "fired": return [{ shot: [e.ship], target: e.target, hit: e.hit }];
      case "launched": return [{ place: e.missile, hex: e.hex, facing: e.facing }];
      case "detonated": return [{ gone: e.missile }];
      case "destroyed": return e.fighter ? [] : [{ gone: e.unit, destroyed: true }];
      case "retreated": return [{ gone: e.unit }];
      default: return [];
    }
  },
  sideOf(id, view) {
    const p = view.position || { ships: [], squadrons: [], missiles: [], removed: [] };
    const u = [...p.ships, ...p.squadrons, ...p.missiles, ...p.removed].find((x) => x.id === id);
    return u ? u.side : null;
  },
  label: (e) => `Round ${e.round}, ${e.impulse ? `Impulse ${e.impulse}` : `${e.phase} phase`}`,
  tone: (side) => (TONE[side] || "").replace("seat-", ""),
  angle: (facing) => -60 * facing,
};
