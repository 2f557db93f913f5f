// Launch Fighters! in the browser: drawing, the units table, and words for orders and events.
// No rules: what is legal comes from the server (the generic legal-orders panel); this module
// only says in words what an order or event already spells in JSON (docs/launch-fighters.md).
import { el } from "./api.js";
import { codeEl, phrase, term } from "./glossary.js";

// Facings are direction indices counter-clockwise from axial +q; on the flat-top map that is
// south-east, north-east, north, north-west, south-west, south.
const ARROWS = ["↘", "↗", "↑", "↖", "↙", "↓"];
const STATS = ["cannons", "launchers", "bays", "defense", "move"];

const hex = (h) => `${h[0]},${h[1]}`;
const facing = (f) => `${f} ${ARROWS[f] ?? ""}`.trim();
const list = (xs) => xs.join(", ");

// Edge hexes and the units standing in them, from the view (LF-MAP-10, LF-REC-04): the server
// says which; this module only marks them.
let edgeHexes = new Set();
let edgeUnits = new Set();
const SVG = "http://www.w3.org/2000/svg";
const EDGE_WORDS = "in an edge hex: retreats at recovery";

export function renderMap(map, view) {
  edgeHexes = new Set((view.edge_hexes || []).map(hex));
  edgeUnits = new Set(view.edge_units || []);
  map.renderFleets(view.position);
  for (const id of edgeUnits) {
    const piece = map.layer.querySelector(`[data-unit="${id}"]`);
    const h = map.where && map.where[id];
    if (!piece || !h) continue;
    const [x, y] = map.center(h);
    const flag = view.position.ships.some((s) => s.id === id && s.flagship);
    piece.classList.add("edge-warn");
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("class", `edge-badge${flag ? " flagship" : ""}`);
    t.setAttribute("data-edge-badge", id);
    t.setAttribute("x", (x - map.size * 0.6).toFixed(1));
    t.setAttribute("y", (y - map.size * 0.45).toFixed(1));
    t.textContent = "⚠";
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${id}${flag ? " (flagship)" : ""} ${EDGE_WORDS}`;
    t.append(title);
    piece.append(t);
  }
}

export function summary(view) {
  const p = view.position;
  const parts = [`turn ${p.turn}`, ["move", "attack"].includes(p.phase) ? `${p.phase} step ${p.step}` : p.phase];
  if (p.order.length) parts.push(`initiative ${p.order.join(" < ")}`);
  const edge = view.edge_units || [];
  if (edge.length) parts.push(`⚠ in an edge hex: ${list(edge.map((id) => id + (p.ships.some((s) => s.id === id && s.flagship) ? " ★" : "")))}`);
  if (p.scores) parts.push(`VP ${Object.entries(p.scores).map(([s, v]) => `${s} ${v / 2}`).join(", ")}`);
  return parts.join(" · ");
}

// The record sheets: every ship and squadron, where it is (or why it is not on the map).
export function unitsCard(view, hover) {
  const p = view.position;
  const where = (u) => u.status === "map" ? hex(u.hex) : u.status === "hosted" ? `in ${u.host}` : u.status;
  const gone = (u) => ["destroyed", "eliminated", "retreated"].includes(u.status);
  const row = (u, cells) => el("tr", { "data-unit-row": u.id, class: `seat-${u.owner}${gone(u) ? " gone" : ""}`,
                                       onmouseenter: () => hover([u.id]), onmouseleave: () => hover([]) },
    el("td", {}, el("span", { class: "dot" }), u.id), ...cells.map((c) => el("td", {}, c)));
  const design = (s) => {
    const d = phrase("designs", s.design.name);
    return el("span", { title: `${s.design.name}${s.design.type ? ` (${s.design.type})` : ""}: ` +
      STATS.map((k) => `${k} ${s.design[k]}`).join(", ") + (d ? ` — catalogue: ${d}` : "") }, s.design.name + (s.flagship ? " ★" : ""));
  };
  const stats = (s) => el("span", {}, ...STATS.flatMap((k, i) => [i ? " " : "", el("abbr", {
    class: "code", title: `${term(k) ? `${term(k).name}: ${term(k).effect}` : k} — now ${s.stats[k]} of ${s.design[k]}` }, `${s.stats[k]}`)]));
  const edge = new Set(view.edge_units || []);
  const badge = (u) => edge.has(u.id)
    ? [" ", el("span", { class: `edge-badge${u.flagship ? " flagship" : ""}`, "data-edge-badge": u.id, title: EDGE_WORDS }, "⚠ edge")] : [];
  const place = (u, text) => el("span", {}, text, ...badge(u));
  const ships = p.ships.map((s) => row(s, [
    design(s), place(s, where(s) + (s.status === "map" ? ` ${ARROWS[s.facing]}` : "")), stats(s), s.missiles || ""]));
  const squadrons = p.squadrons.map((q) => row(q, [codeEl("squadron", "squadron"), place(q, where(q)),
    q.active ? "active" : codeEl("flipped", "flipped"), ""]));
  const flagships = p.ships.filter((s) => s.flagship && edge.has(s.id)).map((s) => s.id);
  const others = [...edge].filter((id) => !flagships.includes(id));
  const warn = edge.size ? [el("p", { class: "edge-warning", id: "edge-warning", role: "note" },
    "⚠ ", flagships.length ? el("strong", {}, `Flagship ${list(flagships)} `) : "",
    flagships.length && others.length ? `and ${list(others)} ` : others.length ? `${list(others)} ` : "",
    `${edge.size === 1 ? "stands" : "stand"} in an edge hex: ${edge.size === 1 ? "it retreats" : "they retreat"} at recovery unless moved (LF-REC-04).`)] : [];
  const head = el("span", {}, ...STATS.flatMap((k, i) => [i ? " " : "", codeEl(k[0].toUpperCase())]));
  return [el("h3", {}, "Units"), el("table", { class: "fighters units" },
    el("tr", {}, el("th", {}, "id"), el("th", {}, "design"), el("th", {}, "where"), el("th", {}, head),
       el("th", { title: (term("missiles") || {}).effect || "missiles" }, "msl")),
    ...ships, ...squadrons), ...warn];
}

// An order in words. `kind` (the decision's) tells apart the few orders spelled alike; the
// log has no kind and gets the plainer reading.
export function label(o, kind) {
  if (o === null || typeof o !== "object") return JSON.stringify(o);
  if (kind === "fleet" || "ships" in o || !Object.keys(o).length) return o.ships ? `fleet: ${list(o.ships.map((s) => s.name || s))}` : "the scenario's fleet";
  if ("end" in o) return o.end ? "vote to end the game" : "vote to play on";
  if ("to" in o) return `move ${o.unit} to ${hex(o.to)}` + ("facing" in o ? ` facing ${facing(o.facing)}` : "") +
    (o.booster ? " with booster" : "") + (o.warp ? ", engage warp" : "") +
    (kind && edgeHexes.has(hex(o.to)) ? ` — ${EDGE_WORDS}` : "");
  if ("ship" in o && "hex" in o) return `place ${o.ship} at ${hex(o.hex)} facing ${facing(o.facing)}` +
    (kind && edgeHexes.has(hex(o.hex)) ? ` — ${EDGE_WORDS}` : "");
  if ("units" in o) return `formation ${list(o.units)} attacks ${o.attack}`;
  if ("unit" in o) return o.attack ? `${o.unit} attacks ${o.attack}` : o.rtb ? `${o.unit} returns to base` : `activate ${o.unit}`;
  if ("system" in o) {
    if (o.system === "end") return "end the activation";
    if (o.system === "bays") return `launch ${list(o.launch.map((l) => `${l.squadron} to ${hex(l.hex)}`))}`;
    if (o.system === "launchers") return `launchers: ${o.missiles} missile${o.missiles === 1 ? "" : "s"} at ${o.target}`;
    return `${term(o.system) ? term(o.system).name.toLowerCase() : o.system} at ${o.target}`;
  }
  if ("squadrons" in o) return o.squadrons.length ? `intercept with ${list(o.squadrons)}` : "no interceptors";
  if ("stop" in o) return "stop the barrage";
  if ("dice" in o) return `roll ${o.dice} ${o.dice === 1 ? "die" : "dice"}` + (o.target ? ` at ${o.target}` : "");
  if ("stat" in o) return kind === "repair_stat" ? `raise ${o.stat}` : `lose ${o.stat}`;
  if ("result" in o) return o.result === "flip" ? "flip the squadron" : "send it back to base";
  if ("hex" in o) return `push to ${hex(o.hex)}`;
  if ("ship" in o) return `land on ${o.ship}`;
  if ("attempt" in o) return o.attempt ? "attempt a repair" : "no repair";
  if ("squadron" in o) {
    if (kind === "bay_loss") return `lose ${o.squadron}`;
    return o.squadron === null ? "do not advance" : `advance ${o.squadron}`;
  }
  return JSON.stringify(o);
}

// One field's value, for narrowing a long list of orders field by field.
export function valueLabel(key, value) {
  if (value === undefined || value === null) return `no ${key}`;
  if (key === "facing") return `facing ${facing(value)}`;
  if (key === "system") return value === "end" ? "end the activation" : term(value) ? term(value).name : value;
  if (key === "launch") return label({ system: "bays", launch: value });
  if (Array.isArray(value) && value.length === 2 && value.every(Number.isInteger)) {
    return `${key} ${hex(value)}` + (["to", "hex"].includes(key) && edgeHexes.has(hex(value)) ? ` ⚠ ${EDGE_WORDS}` : "");
  }
  if (typeof value === "boolean") return value ? key : `no ${key}`;
  return `${key} ${Array.isArray(value) ? list(value) : value}`;
}

const dice = (d) => `[${d.join(" ")}]`;
const sys = (s) => (term(s) ? term(s).name.toLowerCase() : s);
const RESULTS = { miss: "a miss", hit: "a hit", direct: "a direct hit", auto_miss: "an automatic miss (all ones)" };
const result = (r) => RESULTS[r] || String(r).replaceAll("_", " ");

export function describe(e) {
  switch (e.type) {
    case "fleets": return `fleets: ${Object.entries(e.fleets).map(([s, f]) => `${s} ${list(f.map((x) => x.design.name))}`).join("; ")}`;
    case "setup_roll": case "initiative":
      return `${e.type === "initiative" ? `turn ${e.turn} initiative` : "setup roll"}: ` +
        `${Object.entries(e.rolls).map(([s, r]) => `${s} ${dice(r.dice)}${r.bonus ? `+${r.bonus}` : ""}=${r.total}`).join(", ")}` +
        ` → order ${e.order.join(" < ")}`;
    case "placed": return `${e.ship} placed at ${hex(e.hex)} facing ${facing(e.facing)}${e.flagship ? " (flagship)" : ""}`;
    case "phase": return `turn ${e.turn}: ${e.phase} phase` + (e.flipped && e.flipped.length ? ` (${list(e.flipped)} turned face up)` : "");
    case "moved": return `${e.unit} moves ${hex(e.from)} → ${hex(e.to)}` + (e.facing !== undefined && e.facing !== null ? `, facing ${facing(e.facing)}` : "");
    case "activated": return `${e.unit} activates (step ${e.step})`;
    case "pool": return `${e.unit} aims its ${sys(e.system)} at ${e.target}: ${e.pool} ${e.pool === 1 ? "die" : "dice"} to roll`;
    case "barrage": return `${e.units ? list(e.units) : e.unit} ${e.units ? "attack" : "fires"} with ${sys(e.system)} at ${e.target}: ` +
      `rolled ${dice(e.dice)} against defense ${e.defense} → ${result(e.result)}`;
    case "stat_lost": return `${e.ship} loses ${e.stat} (now ${e.level}; chosen by ${e.chooser})`;
    case "launched": return `${e.ship} launches ${e.unit} to ${hex(e.hex)}`;
    case "pushed": return e.to ? `${e.unit} is pushed ${hex(e.from)} → ${hex(e.to)}` : `${e.unit} is pushed off the map`;
    case "advanced": return `${e.unit} advances ${hex(e.from)} → ${hex(e.to)}`;
    case "flank": return `${e.target} is flanked: pool ${e.pool}`;
    case "bay_roll": return `${e.ship} bay roll ${dice(e.dice)}${e.squadron_lost ? ": a squadron aboard is lost" : ""}`;
    case "eliminated": return `${e.unit} is eliminated (${e.cause})` + (e.credit ? `, credited to ${e.credit}` : "");
    case "destroyed": return `${e.ship} is destroyed${e.squadrons.length ? ` with ${list(e.squadrons)} aboard` : ""}` +
      (e.credit ? `, credited to ${e.credit}` : "");
    case "retreated": return `${e.unit} retreats: ${phrase("causes", e.cause) || e.cause}` +
      (e.squadrons && e.squadrons.length ? ` (with ${list(e.squadrons)} aboard)` : "");
    case "landed": return `${e.unit} lands on ${e.ship}`;
    case "arrived": return `${e.ship} arrives at ${hex(e.hex)}` + (e.facing !== undefined ? ` facing ${facing(e.facing)}` : "");
    case "reinforcement_blocked": return `${e.ship} cannot arrive: its entry hexes are taken`;
    case "control": return `turn ${e.turn}: ${e.seat} controls the objective (+${e.vp / 2} VP)`;
    case "vote": return `turn ${e.turn}: votes to end the game: ${Object.entries(e.end).map(([s, v]) => `${s} ${v ? "yes" : "no"}`).join(", ")}`;
    case "warp_declared": return `${e.unit} declares warp: it leaves at the end of the turn if it still has Move`;
    case "repair": return `${e.ship} tries a repair: ${dice(e.dice)} ${e.success ? "success" : "failed"}`;
    case "repaired": return `${e.ship} repairs ${e.stat} (now ${e.level})`;
    case "dogfight": return `dogfight ${e.attacker} v ${e.defender}: ${dice(e.dice)} → ${e.winner} wins (${e.result})`;
    case "intercept": return `${list(e.squadrons)} intercept for ${e.target}: ${dice(e.dice)}, ${e.removed} missile(s) removed`;
    case "return_to_base": return `${e.unit} returns to base${e.by ? ` (${e.by}'s choice)` : ""}`;
    case "asteroid": return `${e.unit} enters asteroids at ${hex(e.hex)}: ${dice(e.dice)} ${e.hit ? "hit" : "safe"}`;
    case "flipped": return `${e.unit} is flipped${e.cause ? ` (${e.cause})` : e.by ? ` by ${e.by}` : ""}`;
    case "pool_forfeited": return `${e.unit} forfeits ${e.forfeited} dice (${e.reason})`;
    case "game_over": return `game over: ${e.winners.length ? `${list(e.winners)} won` : "a draw"} — ${phrase("outcomes", e.reason) || e.reason}` +
      (e.vp ? ` · VP ${Object.entries(e.vp).map(([s, v]) => `${s} ${v}`).join(", ")}` : "");
    default: return `${e.type}: ${Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ")}`;
  }
}

// The turn replay's hooks (replay.js): a turn begins with its initiative roll; what each event
// shows on the map (ships and squadrons moving, launched, landing; barrages and dogfights as
// shots; destroyed and eliminated units crossed out).
export const replay = {
  startsTurn: (e) => (e.type === "initiative" ? e.turn : false),
  mark(e) {
    switch (e.type) {
      case "placed": case "arrived": return [{ place: e.ship, hex: e.hex, facing: e.facing }];
      case "launched": return [{ place: e.unit, hex: e.hex }];
      case "moved": return [{ move: e.unit, from: e.from, to: e.to, path: e.path, facing: e.facing }];
      case "advanced": return [{ move: e.unit, from: e.from, to: e.to }];
      case "pushed": return e.to ? [{ move: e.unit, from: e.from, to: e.to }] : [{ gone: e.unit }];
      case "barrage": return [{ shot: e.units || [e.unit], target: e.target, hit: ["hit", "direct"].includes(e.result) }];
      case "dogfight": return [{ shot: [e.attacker], target: e.defender, hit: e.winner === e.attacker }];
      case "destroyed": return [{ gone: e.ship, destroyed: true }];
      case "eliminated": return [{ gone: e.unit, destroyed: true }];
      case "retreated": case "landed": case "return_to_base": return [{ gone: e.unit }];
      default: return [];
    }
  },
  sideOf(id, view) {
    const p = view.position || { ships: [], squadrons: [] };
    const u = [...p.ships, ...p.squadrons].find((x) => x.id === id);
    return u ? u.owner : null;
  },
  tone: (side) => side,
  angle: lfAngleOf,
  short: (id) => id.slice(id.indexOf("-") + 1),  // "red-A" -> "A": the colour says whose
};

// Facings count counter-clockwise from axial +q, 30 degrees below the x axis (LF-MAP-03).
function lfAngleOf(facing) {
  return 30 - 60 * facing;
}
