// Cold Infinity UvSc in the browser: the map (units as darts on their facings, the vector in the
// book's notation, a marker where the vector carries them next turn, EW and ESS shrouds as far
// as the seat's view holds them), a fire order's arcs and lines of sight, the units table with
// this turn's budgets, and words for events. No rules: what is legal comes from the server (the
// generic legal-orders panel); a decision the house layer ci-house-v1 made says "house rule"
// (docs/cold-infinity.md).
import { el } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
const ARROWS = ["↑", "↗", "↘", "↓", "↙", "↖"];
const HOUSE = " [house rule ci-house-v1]";

const HALF = { narrow: 30, standard: 60, wide: 90 };  // B.8 (GAP-31): half-widths of the arc shapes

let last = null;  // the position last drawn, for the fire order's marks

const hex = (h) => `${h[0]},${h[1]}`;
const alive = (u) => !u.status.includes("destroyed");

// "1+3,2+1,++2" → planar [q, r] (the layer term does not move the marker on the map).
export function vectorOf(text) {
  let q = 0, r = 0;
  for (const part of String(text).split(",")) {
    const m = /^([1-6])\+(\d+)$/.exec(part);
    if (m) { const d = DIRS[Number(m[1]) - 1]; q += d[0] * Number(m[2]); r += d[1] * Number(m[2]); }
  }
  return [q, r];
}

function svgNode(tag, attrs, parent) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  parent.append(n);
  return n;
}

// Space has no edges: the grid is the rectangle (odd-q offset) around the units and their markers.
function drawWindow(map, hexes) {
  const cells = hexes.map(([q, r]) => [q, r + ((q - (q & 1)) >> 1)]);
  let c0 = Math.min(...cells.map((c) => c[0])) - 2;
  c0 -= c0 & 1;
  const r0 = Math.min(...cells.map((c) => c[1])) - 2;
  const cols = Math.max(...cells.map((c) => c[0])) - c0 + 3;
  const rows = Math.max(...cells.map((c) => c[1])) - r0 + 3;
  const key = `ci:${c0},${r0},${cols}x${rows}`;
  if (map.gridKey === key) return;
  map.gridKey = key;
  map.grid.replaceChildren();
  map.hexes = [];
  for (let c = c0; c < c0 + cols; c++) {
    for (let row = r0; row < r0 + rows; row++) {
      const h = [c, row - ((c - (c & 1)) >> 1)];
      map.hexes.push(h);
      const poly = svgNode("polygon", { class: "hex", points: map.hexPoints(map.center(h)) }, map.grid);
      svgNode("title", {}, poly).textContent = `hex ${hex(h)}`;
    }
  }
  map.fit();
}

export function renderMap(map, view) {
  const p = view.position;
  const units = p.units.filter(alive);
  const next = (u) => { const v = vectorOf(u.vector); return [u.hex[0] + v[0], u.hex[1] + v[1]]; };
  drawWindow(map, units.flatMap((u) => [u.hex, next(u)]).concat(units.length ? [] : [[0, 0]]));
  last = p;
  map.layer.replaceChildren();
  map.over.replaceChildren();
  map.ground.replaceChildren();
  map.where = Object.fromEntries(units.map((u) => [u.id, u.hex]));
  const seats = p.seats;
  const tone = (side) => (["red", "blue"].includes(side) ? side : `${side} ${["red", "blue", "tone-2", "tone-3"][seats.indexOf(side)] || ""}`);
  for (const u of units) drawShrouds(map, u, tone(u.side));
  for (const u of units) {
    const v = vectorOf(u.vector);
    map.drawFighter({ id: u.id, side: u.side, hex: u.hex, facing: "ABCDEF"[u.facing - 1],
                      speed: Math.max(Math.abs(v[0]), Math.abs(v[1]), Math.abs(v[0] + v[1])),
                      momentum: u.vector === "0" ? null : next(u) }, tone(u.side), false);
    const [x, y] = map.center(u.hex);
    svgNode("text", { class: "label", x, y: y - map.size * 0.75 }, map.layer).textContent =
      `${u.vector}${u.attitude === "up" ? "" : ` ${u.attitude.replace("_", " ")}`}`;
  }
}

// A unit's shrouds as the view holds them (another side's EW is blank until revealed, so it
// is not drawn): the EW shroud, 10 hexes a point (CI-4.1.b), drawn heavier when amplified
// (CI-4.1.d); the ESS shroud, 8 hexes a point (CI-4.7), announced to all (CI-2.1.3.1).
function drawShrouds(map, u, tone) {
  const ew = u.ew || {};
  if (ew.shroud) {
    const amp = ew.amplify || 0;
    map.drawReach(u.hex, 10 * ew.shroud, {
      cls: `reach shroud ${tone}${amp ? " amplified" : ""}`,
      attrs: { "data-shroud": u.id, "data-radius": 10 * ew.shroud, "data-amplified": amp },
      title: `${u.id}'s EW shroud: ${10 * ew.shroud} hexes (CI-4.1), locks on every enemy inside` +
        (amp ? `, amplified +${amp} to hit against them (CI-4.1.d)` : "") + (p3d() ? "; 3-D range counts layers too" : ""),
    });
  }
  const ess = u.ess || {};
  if (ess.shroud) {
    map.drawReach(u.hex, 8 * ess.shroud, {
      cls: `reach ess ${tone}`, attrs: { "data-ess": u.id, "data-radius": 8 * ess.shroud },
      title: `${u.id}'s ESS shroud: ${8 * ess.shroud} hexes (CI-4.7)`,
    });
  }
}

const p3d = () => Boolean(last && last.options && last.options.three_d);

// Where a weapon's arc lies on the map for drawing (B.8): {bearing, width} in degrees, or a
// reason it has no flat wedge (a rolled ship's side arc points up or down). The abstracted
// systems (CI-7.1.4.2) widen every arc (1) or drop arcs (2). Drawing only: the server judges.
function wedge(u, arc) {
  const opts = last.options || {};
  const system = opts.abstracted_arcs || (last.level === "basic" && opts.basic_arcs === "abstract1" ? 1 : 0);
  const heading = 60 * (u.facing - 1);
  if (system === 2) return { bearing: heading, width: 360 };
  const [dir, shapeRaw] = arc.split(" ");
  if (shapeRaw === "turret") {
    if (u.attitude === "up" || u.attitude === "flipped") return { bearing: heading, width: 360 };
    const centre = { rolled_port: 270, rolled_starboard: 90, tumbled_forward: 0, tumbled_aft: 180 }[u.attitude] +
      (dir === "dorsal" || !p3d() ? 0 : 180);
    return { bearing: (heading + centre) % 360, width: 180 };
  }
  const shape = system === 1 ? "wide" : shapeRaw;
  const k = Number(dir.split("/")[0]);
  let centre = 60 * (k - 1) + (dir.includes("/") ? 30 : 0);
  if (u.attitude === "flipped") centre = (360 - centre) % 360;
  const rolled = u.attitude.startsWith("rolled");
  if ((rolled && centre % 180 !== 0) || (u.attitude.startsWith("tumbled") && centre % 180 === 0)) {
    return { why: `${arc} points ${p3d() ? "up or down: only targets above or below" : "up or down: only its own hex"}` };
  }
  if (u.attitude.startsWith("tumbled") && !p3d()) return { why: `${arc}: a tumbled ship's side arc has no targets in 2-D` };
  const half = shape === "fixed" ? 0 : HALF[shape];
  // rolled: the map's plane is the arc's elevation, under 45° for every shape (B.8; the
  // wedge is the ship's own layer, other layers by the local frame)
  return { bearing: (heading + centre) % 360, width: 2 * (rolled && half ? 45 : half) };
}

// The marks of a fire order (whole, or picked so far: {unit: {attacks: [{weapon, target}]}}):
// each weapon's arc as a wedge out to its target, and the line of sight to the target with
// its range. Drawing only: arcs, sight and range are the server's to judge (CI-7.1.4, CI-7.1.5).
export function mark(map, order) {
  map.over.querySelectorAll(".ci-fire").forEach((n) => n.remove());
  if (!last || !order || typeof order !== "object") return;
  const g = svgNode("g", { class: "ci-fire" }, map.over);
  for (const [uid, o] of Object.entries(order)) {
    const u = last.units.find((x) => x.id === uid);
    if (!u || !o || !Array.isArray(o.attacks)) continue;
    const systems = (last.designs[u.design] || { systems: [] }).systems;
    const enemies = last.units.filter((t) => t.side !== u.side && alive(t)).map((t) => t.id);
    for (const a of o.attacks) {
      const s = systems.find((x) => x.id === a.weapon);
      const target = a.target && map.where[a.target];
      const range = target ? hexDistance(u.hex, target) : 3;
      const w = s && s.weapon ? wedge(u, s.weapon.arc) : null;
      if (w && w.why === undefined) {
        map.drawArc(u.hex, w.bearing, w.width, Math.max(range + 1, 2),
                    `${uid}'s ${a.weapon}: arc ${s.weapon.arc} (CI-7.1.4, B.8)`, enemies, g);
      }
      if (!target) continue;
      const z = (id) => (last.units.find((x) => x.id === id) || { z: 0 }).z;
      // in 3-D the range counts layers too (CI-6.5): the map gives the hexes and the layers
      const dz = z(a.target) - u.z;
      map.drawSight(u.hex, target, {
        label: p3d() ? `${range} hexes, Δz ${dz > 0 ? "+" : ""}${dz}` : `range ${range}`, parent: g, cls: "sight", attrs: { "data-sight": `${uid}>${a.target}` },
        title: `${uid}'s ${a.weapon} → ${a.target}: line of sight (CI-7.1.5, B.9)` + (w && w.why ? `; ${w.why}` : ""),
      });
    }
  }
}

function hexDistance(a, b) {
  const dq = b[0] - a[0], dr = b[1] - a[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

export function summary(view) {
  const p = view.position;
  const parts = [`turn ${p.turn}`, `${p.phase} phase`];
  if (p.move_order.length) parts.push(`to move: ${p.move_order.join(", ")}`);
  return parts.join(" · ");
}

export function unitsCard(view, hover) {
  const p = view.position;
  const rows = p.units.flatMap((u) => {
    const cls = `seat-${u.side}${alive(u) ? "" : " gone"}`;
    const on = { onmouseenter: () => hover([u.id]), onmouseleave: () => hover([]) };
    return [
      el("tr", { "data-unit-row": u.id, class: cls, ...on },
        el("td", {}, el("span", { class: "dot" }), u.id), el("td", {}, u.design + (u.count ? ` ×${u.count}` : "")),
        el("td", {}, `${hex(u.hex)}${u.z ? ` z${u.z}` : ""} ${ARROWS[u.facing - 1]}`), el("td", {}, u.vector),
        el("td", {}, u.attitude.replace("_", " ")), el("td", {}, u.initiative ?? "")),
      el("tr", { class: `${cls} sub`, "data-unit-budget": u.id, ...on },
        el("td", { colspan: 6 }, ...budget(u, view.budgets && view.budgets[u.id]))),
    ];
  });
  return [el("h3", {}, "Units"), el("table", { class: "fighters units ci-units" },
    el("tr", {}, ...["id", "design", "where", "vector", "attitude", "init"].map((h) => el("th", {}, h))), ...rows)];
}

// A unit's line under its row: its EW as the view holds it (another side's is hidden until
// revealed), then this turn's budgets of one's own unit (the view gives only those): power
// drawn of what the plants give (CI-3.1), EW points (CI-4.0) and thrust (CI-5.2).
function budget(u, b) {
  const ew = u.ew.shroud === null ? "EW hidden"
    : `EW ${u.ew.points}: shroud ${u.ew.shroud} (${10 * u.ew.shroud} hexes)${u.ew.amplify ? `, amplify ${u.ew.amplify}` : ""}` +
      `${u.ew.ecm ? `, ECM ${u.ew.ecm}` : ""}`;
  if (!b) return [ew];
  const parts = [ew];
  if (b.power !== null) parts.push(" · ", el("span", { "data-budget": "power" }, `power ${b.drawn ?? 0} drawn of ${b.power}`));
  if (b.ew !== u.ew.points) parts.push(" · ", el("span", { "data-budget": "ew" }, `EW points this turn ${b.ew}`));
  parts.push(" · ", el("span", { "data-budget": "thrust" }, `thrust ${b.thrust}`));
  return parts;
}

// An order in words: {unit: order} as "unit: field value, …".
export function label(o) {
  if (o === null || typeof o !== "object") return JSON.stringify(o);
  const units = Object.entries(o).filter(([k]) => k !== "@phase");
  if (!units.length) return "nothing (as allocated, no EW, no thrust, no attacks)";
  const field = ([k, v]) => (k === "attacks" && Array.isArray(v)
    ? `fires ${v.map((a) => `${a.weapon} at ${a.target}`).join(", ")}`
    : `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return units.map(([id, order]) => `${id}: ${Object.entries(order).map(field).join(", ") || "nothing"}`).join("; ");
}

export function describe(e) {
  switch (e.type) {
    case "phase": return `Turn ${e.turn}: ${e.phase} phase.`;
    case "roll": return `${e.unit || "The table"} rolls ${e.dice} for ${e.purpose.replaceAll("_", " ")}: ${e.faces.join(" ")} = ${e.total}.`;
    case "initiative": return `${e.unit} initiative ${e.value} (base ${e.base}, speed ${e.speed} −${e.penalty}, die ${e.die}${e.bridge ? ", bridge +5" : ""}).`;
    case "move_order": return `Movement order: ${e.order.join(", ") || "nobody"}.`;
    case "power": return `${e.unit} draws ${e.drawn} of ${e.available} power.`;
    case "ess": return `${e.unit}'s ESS shroud reaches ${e.radius} hexes${e.negated ? " (negated)" : ""}.`;
    case "ew": return `${e.unit} EW: ${e.points} points, shroud ${e.radius} hexes, amplification ${e.amplify}, ECM ${e.ecm}.`;
    case "moved": return `${e.unit} moves ${hex(e.from)} → ${hex(e.to)} on vector ${e.vector} (speed ${e.speed}), facing ${e.facing} ${e.attitude.replace("_", " ")}, ${e.thrust} thrust.`;
    case "drift": return `${e.unit} drifts${e.maneuver ? ` and begins an involuntary ${e.maneuver}` : ""}.`;
    case "attack": return `${e.attacker} fires ${e.weapon} at ${e.target} (range ${e.range}${e.lock_on ? ", locked on" : ", no lock-on"}): ` +
      `${e.total} ${e.hit ? (e.marginal ? "— a marginal hit" : "— a hit") : "— a miss"} on the ${e.section} section${e.house ? HOUSE : ""}.`;
    case "attack_void": return `${e.attacker}'s ${e.weapon} attack on ${e.target} is void (${e.reason.replace("_", " ")}).`;
    case "damage": return `${e.target}'s ${e.section} section takes ${e.amount} (armor ${e.armor}): ` +
      `${e.hits.map((h) => `${h.system ?? `vessel ${h.vessel}`} ${h.points}`).join(", ") || "stopped by the armor"}${HOUSE}.`;
    case "destroyed": return `${e.unit}${e.system ? `'s ${e.system}` : e.section ? `'s ${e.section} section` : ""} is destroyed.`;
    case "barnstorm": return `${e.unit} barnstorms ${e.target}: ${e.total}, ${e.result}${e.rammers ? `, ${e.rammers} lost ramming` : ""}.`;
    case "overthrust": return `${e.unit}'s ${e.thruster} overthrust by ${e.amount}: ${e.total}, ${e.damage} damage.`;
    case "hd_sensors": return `${e.unit} ${e.on ? "switches to its high-density sensors" : "targets visually (high-density sensors off)"}.`;
    case "plots_revealed": return `Starship plots revealed (nimble small vessels plot now): ${Object.values(e.plots).flatMap((g) => Object.entries(g).map(([id, o]) => `${id} ${JSON.stringify(o)}`)).join("; ") || "none"}.`;
    case "heat": return `${e.unit}'s ${e.plant} at heat ${e.heat}${e.shut_down ? ", shut down" : ""}.`;
    default: return `${e.type}: ${Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ")}`;
  }
}
