// Turn or Burn in the browser: its own order panel (the hand of cards with server previews,
// gun targets, the setup build), the fighters table, and the turn report in words. Card codes
// are named and explained from the server's glossary; no rules here.
import { api, el } from "./api.js";
import { codeEl, explain, named, phrase, term } from "./glossary.js";
import { partyEvent, stationLabel } from "./tob_fleet.js";

let previews = {};  // fighter id -> previewed end position, for the open decision
let selected = null;  // the fighter whose hand was last touched (at first the first one): its arc is drawn
let picked = {};  // fighter id -> the card picked for it: a gun's arc is drawn rather than the first gun's

const hexText = (h) => `${h[0]},${h[1]}`;
const AXIAL = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];  // directions A-F
const LETTERS = "ABCDEF";
// What a Module 4-5 decision or mark means, in the presenter's words (the glossary's "decisions").
const say = (key) => phrase("decisions", key) || "";
const cardList = (cards) => cards.map(named).join(", ");
const isGun = (code) => (term(code) || {}).kind === "gun";

// The game reads play-by-mail order sheets (games/turn_or_burn/sheet.py, docs/pbm.md): the game
// page offers a box to paste one.
export const sheets = true;

export function reset() {
  previews = {};
  selected = null;
  picked = {};
}

export function renderMap(map, view) {
  map.render(view, previews);
  for (const h of view.black_holes || []) {  // Module 4: the black hole and its six arrows pointing in
    map.drawToken({ hex: h, cls: "black-hole", round: true, scale: 0.7, title: `black hole at ${hexText(h)}: ${say("black_hole")}` });
    AXIAL.forEach(([dq, dr], i) => map.drawArrow([h[0] + dq, h[1] + dr], h, {
      cls: "gravity", title: `gravity arrow pointing ${LETTERS[(i + 3) % 6]}: ${say("gravity")}` }));
  }
  for (const p of view.projectiles || []) {
    map.drawToken({ hex: p.hex, momentum: p.momentum, label: p.id, round: p.kind === "puck", scale: p.kind === "puck" ? 0.5 : 0.3,
                    cls: `projectile ${p.kind}${p.fail_safe ? " fail-safe" : ""}`,
                    title: `${p.kind} ${p.id} (${p.side || "no side"}) at ${hexText(p.hex)}, momentum marker at ` +
                           `${hexText(p.momentum)}` + (p.fuel !== undefined ? `, fuel ${p.fuel}` : "") +
                           (p.fail_safe ? ` — ${say("fail_safe")}` : "") + (p.kind === "puck" ? ` — ${say("puck")}` : "") });
  }
  const f = selected && (view.fighters || []).find((x) => x.id === selected);
  const aims = (t) => t && t.arc !== undefined;  // a gun, or Module 5's force beam or zap gun
  const gun = f && [picked[f.id], ...(f.cards || [])].map(term).find(aims);  // the picked gun, else the first
  const from = f && (previews[f.id] || f);
  if (f && gun && from.hex) {
    const inside = map.drawArc(from.hex, from.facing, gun.arc, gun.range, `${f.id}'s ${gun.name}: ${gun.arc}° arc, range ${gun.range}` +
      (previews[f.id] ? " (from where the card takes it)" : ""),
      (view.fighters || []).filter((x) => x.side !== f.side).map((x) => x.id));
    const note = document.querySelector(`[data-arc-note="${f.id}"]`);
    if (note) {
      note.textContent = `${gun.name} (${gun.arc}° arc, range ${gun.range}) from ${previews[f.id] ? "there" : "here"}: ` +
        (inside.length ? `${inside.map(([id, r]) => `${id} at range ${r}`).join(", ")} inside the drawn arc now`
                       : "no enemy inside the drawn arc now") + " — shots come after everyone has moved.";
    }
  }
}

export function summary(view) {
  return view.turn ? `turn ${view.turn}` : "";
}

export function unitsCard(view) {
  const fighters = view.fighters || [];
  const ammo = fighters.some((f) => f.ammo !== undefined);  // Module 4
  const fuel = fighters.some((f) => f.fuel !== undefined);  // Module 5
  const locks = fighters.some((f) => f.locked_action);  // Module 5 lock down: public (TOB-M5-LOCK-02)
  const lockText = (l) => (l ? `${l.card} (${l.misses} miss card${l.misses === 1 ? "" : "s"} beneath)` : "–");
  const ammoText = (a) => Object.entries(a || {}).map(([k, n]) => `${k} ${n}`).join(", ") || "–";
  const rows = fighters.map((f) => el("tr", { "data-fighter-row": f.id },
    el("td", {}, f.id), el("td", {}, f.side), el("td", {}, hexText(f.hex)), el("td", {}, f.facing),
    el("td", {}, f.speed), el("td", {}, ...(f.cards || []).flatMap((c) => [codeEl(c), " "])),
    el("td", {}, ...(f.destroyed || []).flatMap((c) => [codeEl(c), " "])),
    ...(ammo ? [el("td", { "data-ammo": f.id }, ammoText(f.ammo))] : []),
    ...(fuel ? [el("td", { "data-fuel": f.id }, f.fuel ?? "–")] : []),
    ...(locks ? [el("td", { "data-locked-action": f.id, title: f.locked_action ? say("locked") : "" }, lockText(f.locked_action))] : [])));
  const out = [el("h3", {}, "Fighters"), el("table", { class: "fighters" },
    el("tr", {}, ...[["id"], ["side"], ["hex", "q,r"], ["face", "facing A–F, A = north, clockwise"],
                     ["spd", "speed: hexes to the momentum marker"], ["cards", "system cards (hover a code)"],
                     ["lost", "destroyed cards"], ...(ammo ? [["ammo", say("ammo")]] : []),
                     ...(fuel ? [["fuel", say("fuel")]] : []),
                     ...(locks ? [["locked", say("locked")]] : [])].map(([h, t]) => el("th", { title: t }, h))), ...rows)];
  const projectiles = view.projectiles || [];
  if (projectiles.length) {
    out.push(el("h3", {}, "Projectiles"), el("table", { class: "projectiles" },
      el("tr", {}, ...["id", "side", "kind", "hex", "marker", "fuel", "fail-safe"].map((h) => el("th", {}, h))),
      ...projectiles.map((p) => el("tr", { "data-projectile-row": p.id },
        el("td", {}, p.id), el("td", {}, p.side || "–"), el("td", {}, p.kind), el("td", {}, hexText(p.hex)),
        el("td", {}, hexText(p.momentum)), el("td", {}, p.fuel ?? "–"),
        el("td", { title: p.fail_safe ? say("fail_safe") : "" }, p.fail_safe ? "on" : "–")))));
  }
  return out;
}

// Fills `form` for the open decision; returns {order()} building the order to send.
// `ctx`: {gameId, token, map, redraw(), error(message), myOrder (the order already sent)}.
export function buildPanel(form, decision, ctx) {
  reset();
  if (decision.kind === "plot") return buildPlot(form, decision.options, ctx);
  if (decision.kind === "setup") return buildSetup(form, decision.options, ctx);
  if (decision.kind === "reentry" && Object.values(decision.options).some((o) => o.hexes)) {
    return buildReentry(form, decision.options, ctx);
  }
  return null;  // any other decision: the generic legal-orders panel
}

const NOTHING = "No card: the fighter coasts, as with TNC, and does not fire.";
const NO_MORE = "No card: no further action this turn.";
const FLEET_ABOVE = 3;  // more fighters than this: a row per ship, one hand open at a time

// A card of the hand; "^LT" is an external card declared in step A (TOB-SEQ-06), plotted with "external": true.
function cardButton(rk, code, onpick, nothing = NOTHING) {
  const ext = code && code.startsWith("^");
  const t = term(ext ? code.slice(1) : code);
  return el("button", { type: "button", class: "card-btn", "data-card": code ?? "",
                        title: code ? explain(ext ? code.slice(1) : code) + (ext ? ` — ${say("external")}` : "") : nothing,
                        onclick: (e) => onpick(rk, code, e.currentTarget) },
    el("span", { class: "code" }, code ?? "nothing"), t ? el("small", {}, ext ? `${t.name} (external)` : t.name)
      : code ? "" : el("small", {}, nothing === NOTHING ? "coast, no fire" : "no action"));
}

// The cards that take a target: as the decision lists them, or else (advanced modules) its guns.
const targeted = (o) => o.targeted || (o.targets_for ? Object.keys(o.targets_for) : o.targets && o.targets.length
  ? [...o.cards, ...(o.declared || []).map((d) => d.card)].filter(isGun) : []);
// What the picked card may name: per card from Module 4 (projectiles, the puck), else the enemies.
const targetsOf = (o, card) => (o.targets_for && o.targets_for[card]) || o.targets;

// A row key: one per action a fighter may take this turn (TOB-M3-MULTI-01, one per working crew
// member): the fighter's id for the first, "R1-2", "R1-3"... for the others.
const rowKey = (fid, k) => (k ? `${fid}-${k + 1}` : fid);

function buildPlot(form, options, ctx) {
  const choice = {};  // row key -> {fid, card, target, launch (the entry's own fields), lock, unlock}
  const rowsOf = {};  // fighter id -> its row keys, in order
  const tie = {};  // unit id (fighter or projectile) -> the letter it takes on a gravity tie (TOB-M4-GRAV-03)
  const fuse = {};  // projectile id -> [] | [{detonate}] | [{steer}] (Module 4)
  // one entry: the card, its target, its own fields (launch, beam, thrust direction, ram, bot...) and lock down
  const entry = (c) => ({ card: c.card, ...(c.target ? { target: c.target } : {}), ...(c.launch || {}),
                          ...(c.lock ? { lock: true } : {}), ...(c.unlock ? { unlock: true } : {}) });
  const standing = (uid) => (tie[uid] ? [{ gravity: tie[uid] }] : []);  // a unit's decisions after its actions
  const order = () => {
    const out = {};
    for (const [fid, keys] of Object.entries(rowsOf)) {
      out[fid] = [...keys.map((k) => choice[k]).filter((c) => c.card).map(entry), ...standing(fid)];
    }
    for (const [pid, d] of Object.entries(fuse)) {
      const list = [...d, ...standing(pid)];
      if (list.length) out[pid] = list;
    }
    return out;
  };
  // A fleet's row: the cards picked (and their targets), beside the preview.
  function showChosen(fid) {
    const badge = form.querySelector(`[data-chosen="${fid}"]`);
    const cards = rowsOf[fid].map((k) => choice[k]).filter((c) => c.card);
    if (badge) badge.textContent = cards.map((c) => `${c.card}${c.target ? ` > ${c.target}` : ""}`).join(" + ") || "nothing";
  }
  // `fields`: the entry's fields beyond card and target (an order sent earlier, after a refresh)
  function pick(rk, code, button, target = null, fields = null) {
    const ext = !!code && code.startsWith("^");  // a declared external card
    const card = ext ? code.slice(1) : code;
    const { lock, unlock, ...launch } = { ...(fields || {}), ...(ext ? { external: true } : {}) };
    const fid = choice[rk].fid;
    choice[rk] = { fid, card, target, launch: Object.keys(launch).length ? launch : null, lock: !!lock, unlock: !!unlock };
    picked[fid] = card;
    showChosen(fid);
    showLaunch(rk);
    selected = fid;
    for (const b of form.querySelectorAll(`[data-hand="${rk}"] button`)) b.classList.toggle("chosen", b === button);
    const select = form.querySelector(`[data-target="${rk}"]`);
    select.hidden = !targeted(options.fighters[fid]).includes(card);
    const names = select.hidden ? [] : targetsOf(options.fighters[fid], card);
    select.replaceChildren(el("option", { value: "" }, "nearest enemy in arc"),
                           ...names.map((t) => el("option", { value: t }, `at ${t}`)));
    select.value = target ?? "";
    // a gun's target, or the fighter a ram is meant for, may also be tapped on the map
    const ram = form.querySelector(`[data-ram="${rk}"]`);
    if (ctx.map) {
      if (ram) ctx.map.offer([], (id) => { ram.value = id; setField(rk, "ram", id); }, options.fighters[fid].rams);
      else ctx.map.offer([], select.hidden ? null : (id) => { select.value = id; choice[rk].target = id; showChosen(fid); },
                         names);
    }
    const help = form.querySelector(`[data-card-help="${rk}"]`);
    if (help) help.textContent = card ? explain(card) : rk === fid ? NOTHING : NO_MORE;
    return preview();
  }
  async function preview() {
    try {
      const result = await api(`/games/${ctx.gameId}/preview`, { method: "POST", token: ctx.token, body: { order: order() } });
      previews = {};
      for (const [id, p] of Object.entries(result.preview.fighters || {})) {
        previews[id] = p;
        const line = form.querySelector(`[data-preview="${id}"]`);
        if (line) line.textContent = `${id} ends at ${hexText(p.hex)}, facing ${p.facing}, speed ${p.speed}` +
          (p.thrust ? `, thrust ${p.thrust} (+${p.thrust} miss cards against it)` : "") +
          (p.off_map ? " — OFF THE MAP: it would be lost" : "");
      }
      ctx.redraw();
    } catch (err) {
      ctx.error(err.message);
    }
  }
  // A unit's gravity tie (TOB-M4-GRAV-03), with a black hole on the map: a fighter's or a projectile's.
  function tieField(uid, sent) {
    tie[uid] = (sent.find((d) => d.gravity) || {}).gravity || null;
    return el("label", { title: say("gravity_tie") }, "On a gravity tie ",
      el("select", { "data-gravity": uid, onchange: (e) => { tie[uid] = e.target.value || null; } },
        el("option", { value: "" }, "the first of the two"),
        ...[...LETTERS].map((d) => el("option", { value: d, selected: d === tie[uid] }, `toward ${d}`))));
  }
  const mine = (ctx.myOrder && typeof ctx.myOrder === "object") ? ctx.myOrder : {};
  const restore = [];
  selected = Object.keys(options.fighters)[0] || null;
  // A fleet (Module 6: up to 15 ships) gets one row per ship, its card and preview in the row,
  // and one hand open at a time; a few fighters show every hand at once.
  const fleet = Object.keys(options.fighters).length > FLEET_ABOVE;
  for (const [fid, o] of Object.entries(options.fighters)) {
    const n = Math.max(1, o.actions || 1);
    const sent = Array.isArray(mine[fid]) ? mine[fid] : [];  // the order already sent, after a refresh
    const sentCards = sent.filter((x) => x && x.card);
    rowsOf[fid] = [];
    const parts = [...(o.locked ? [el("p", { class: "card-help", "data-locked": fid }, `${named(o.locked)}: ${say("locked")}.`)] : []),
                   el("p", { class: "card-help", "data-arc-note": fid })];
    if (n > 1) parts.push(el("p", { class: "card-help", "data-actions-help": fid }, `${n} actions this turn: ${say("actions")}.`));
    // the externals declared in step A: plotted again to keep them, left out to withdraw them (TOB-SEQ-06)
    const declared = (o.declared || []).map((d) => `^${d.card}`);
    if (declared.length) parts.push(el("p", { class: "card-help", "data-declared": fid }, `Declared in step A: ${declared.join(", ")} — ${say("external")}.`));
    for (let k = 0; k < n; k++) {
      const rk = rowKey(fid, k);
      rowsOf[fid].push(rk);
      choice[rk] = { fid, card: null, target: null };
      const cards = el("div", { class: "cards", "data-hand": rk }, cardButton(rk, null, pick, k ? NO_MORE : NOTHING),
        ...o.cards.map((c) => cardButton(rk, c, pick)), ...declared.map((c) => cardButton(rk, c, pick)));
      const target = el("select", { "data-target": rk, hidden: true, title: "the gun's target (or tap an enemy on the map)",
                                    onchange: (e) => { choice[rk].target = e.target.value || null; showChosen(fid); } },
        el("option", { value: "" }, "nearest enemy in arc"));
      // what the picked card does, under the hand (each card also says so on hover), then its own fields
      const row = [cards, target,
                   el("p", { class: "card-help", "data-card-help": rk }, k ? NO_MORE : "Hover a card for what it does; pick one."),
                   el("div", { class: "launch-params", "data-launch": rk, hidden: true })];
      parts.push(n > 1 ? el("div", { class: "action-row", "data-action-row": rk }, el("h5", {}, `Action ${k + 1} of ${n}`), ...row)
                       : el("div", { "data-action-row": rk }, ...row));
      if (sentCards[k]) {
        const { card, target: tgt, external, ...fields } = sentCards[k];
        restore.push([rk, external ? `^${card}` : card, tgt || null, fields, cards]);
      }
    }
    if (o.gravity) parts.push(el("div", { class: "launch-params" }, tieField(fid, sent)),
                              el("p", { class: "card-help", "data-gravity-help": fid }, say("gravity_tie")));
    const preview = fleet ? el("span", { class: "preview", "data-preview": fid }, `${fid}: no card yet`)
                          : el("p", { class: "preview", "data-preview": fid }, "Pick a card to see where you will be.");
    if (fleet) {
      const ship = el("details", { class: "ship-orders", "data-ship": fid, open: fid === selected, ontoggle: (e) => {
        if (!e.currentTarget.open) return;
        for (const other of form.querySelectorAll("details.ship-orders[open]")) if (other !== e.currentTarget) other.open = false;
        selected = fid;
        ctx.redraw();
      } }, el("summary", {}, el("span", { class: "chosen-card", "data-chosen": fid }, "–"), " ", preview), ...parts);
      form.append(ship);
    } else {
      form.append(el("h4", {}, `${fid}: your hand`), preview, ...parts);
    }
  }
  // The picked card's own fields, each with the presenter's words: a force beam's push or pull, a
  // secondary thruster's direction, a ram's fighter, the repair bot's work, a jammer's detonation,
  // a launcher's parameters; then lock down.
  function showLaunch(rk) {
    const box = form.querySelector(`[data-launch="${rk}"]`);
    if (!box) return;
    box.replaceChildren();
    const c = choice[rk];
    const o = options.fighters[c.fid];
    const card = c.card;
    if (card === "FB") beamFields(box, rk, o, c.launch);
    else if (card === "ST" && o.secondary) secondaryFields(box, rk, o.secondary, c.launch);
    else if (card === "THR" && o.rams) ramFields(box, rk, o.rams, c.launch);
    else if (card === "BOT" && (o.restore || o.repair || o.reload)) botFields(box, rk, o, c.launch);
    else if (card === "JAM" && o.jam) jamFields(box, rk, o.jam, c.launch);
    else launchFields(box, rk, card, o, c.launch);
    lockFields(box, rk, card, o, c);
    box.hidden = !box.childElementCount;
  }
  // one field of the picked card's entry: set, or (empty) left to its default
  function setField(rk, key, value) {
    const fields = { ...(choice[rk].launch || {}) };
    if (value === "" || value === null) delete fields[key]; else fields[key] = value;
    choice[rk].launch = Object.keys(fields).length ? fields : null;
  }
  // a force beam pushes or pulls (TOB-M5-FB-08), as far as asked and allowed (FB-05), along the
  // letter chosen when the line runs between two hexes (FB-07)
  function beamFields(box, rk, o, launch) {
    const now = launch || {};
    const mode = now.mode || "push";
    const help = el("p", { class: "card-help", "data-mode-help": rk }, say(mode));
    box.append(el("label", {}, "Beam ", el("select", { "data-mode": rk, onchange: (e) => {
      setField(rk, "mode", e.target.value);
      help.textContent = say(e.target.value);
    } }, ...["push", "pull"].map((m) => el("option", { value: m, selected: m === mode }, m)))), help);
    if (!o.beam_hexes) return;
    box.append(el("label", {}, "Hexes ", el("select", { "data-beam-hexes": rk, onchange: (e) => {
      setField(rk, "hexes", e.target.value === "" ? null : Number(e.target.value));
    } }, el("option", { value: "" }, "as many as the draw allows"),
       ...o.beam_hexes.map((n) => el("option", { value: n, selected: now.hexes === n }, `at most ${n}`)))),
    el("label", {}, "On a tie ", el("select", { "data-beam-tie": rk, onchange: (e) => setField(rk, "direction", e.target.value) },
      el("option", { value: "" }, "the first letter"),
      ...[...LETTERS].map((d) => el("option", { value: d, selected: now.direction === d }, d)))),
    el("p", { class: "card-help", "data-beam-help": rk }, `${say("beam_hexes")}. On a tie: ${say("beam_tie")}.`));
  }
  // The repair bot does one thing (TOB-AMB-60): repair a lost card (TOB-M2-OPS-02), reload a
  // launcher (TOB-M4-REPAIR-01) or restore a lost maneuver (TOB-M5-ZAP-08); none chosen: the
  // first card lost is repaired.
  function botFields(box, rk, o, launch) {
    const now = launch || {};
    const value = now.reload ? `reload:${now.reload}` : now.repair ? `repair:${now.repair}` : now.restore ? "restore" : "";
    const help = el("p", { class: "card-help", "data-bot-help": rk });
    const words = (v) => say(v.split(":")[0] || "repair");
    help.textContent = words(value);
    const choices = [...(o.repair || []).map((x) => [`repair:${x}`, `repair ${named(x)}`]),
                     ...(o.reload || []).map((x) => [`reload:${x}`, `reload ${x}`]),
                     ...(o.restore ? [["restore", `restore a lost maneuver (${o.restore.map(named).join(", ")})`]] : [])];
    box.append(el("label", {}, "Repair bot ", el("select", { "data-bot": rk, onchange: (e) => {
      const [what, x] = e.target.value.split(":");
      for (const key of ["repair", "reload", "restore"]) setField(rk, key, null);
      if (what) setField(rk, what, what === "restore" ? true : x);
      help.textContent = words(e.target.value);
    } }, el("option", { value: "" }, o.repair ? `the first card lost (${named(o.repair[0])})` : "nothing to repair"),
       ...choices.map(([v, text]) => el("option", { value: v, selected: v === value }, text)))), help);
  }
  function jamFields(box, rk, projectiles, launch) {  // TOB-M4-JAM-01: a jammer may try to set one off
    const now = launch && launch.detonate;
    box.append(el("label", {}, "Set off ", el("select", { "data-jam": rk, onchange: (e) => setField(rk, "detonate", e.target.value) },
      el("option", { value: "" }, "no projectile (jam only)"),
      ...projectiles.map((p) => el("option", { value: p, selected: p === now }, p)))),
    el("p", { class: "card-help", "data-jam-help": rk }, say("jam")));
  }
  function secondaryFields(box, rk, directions, launch) {  // TOB-M5-SEC-01: 1 hex any way, or none
    const now = launch && launch.direction;
    box.append(el("label", {}, "Shift the momentum marker ", el("select", { "data-secondary": rk, onchange: (e) => {
      setField(rk, "direction", e.target.value);
      preview();
    } }, el("option", { value: "" }, "no shift"),
       ...directions.map((d) => el("option", { value: d, selected: d === now }, `1 hex ${d}`)))),
    el("p", { class: "card-help", "data-secondary-help": rk }, say("secondary")));
  }
  function ramFields(box, rk, enemies, launch) {  // TOB-M5-RAM-01/02: the thruster card rams
    const now = launch && launch.ram;
    box.append(el("label", {}, "Ram ", el("select", { "data-ram": rk, onchange: (e) => {
      setField(rk, "ram", e.target.value);
    } }, el("option", { value: "" }, "the nearest enemy within 1 hex"),
       ...enemies.map((t) => el("option", { value: t, selected: t === now }, t)))),
    el("p", { class: "card-help", "data-ram-help": rk }, say("ram")));
  }
  function lockFields(box, rk, card, o, c) {  // TOB-M5-LOCK-02..04
    if ((o.lockable || []).includes(card)) {
      box.append(el("label", {}, el("input", { type: "checkbox", "data-lock": rk, checked: c.lock,
                                                  onchange: (e) => { choice[rk].lock = e.target.checked; } }),
                    ` lock ${named(card)} down`),
                 el("p", { class: "card-help", "data-lock-help": rk }, say("lock")));
    }
    if (card === "TNC" && o.unlock) {
      box.append(el("label", {}, el("input", { type: "checkbox", "data-unlock": rk, checked: c.unlock,
                                                  onchange: (e) => { choice[rk].unlock = e.target.checked; } }),
                    ` unlock ${named(o.locked)}`),
                 el("p", { class: "card-help", "data-unlock-help": rk }, say("unlock")));
    }
  }
  // A launcher picked: what its projectile does, a cannon's thrust or a rocket's marker
  // (TOB-M4-LAUNCH-04), which copy fires when the fighter carries several, and the new projectile's id.
  function launchFields(box, rk, card, o, launch) {
    const words = say(card);
    if (!words) return;
    const now = launch || {};
    box.append(el("p", { class: "card-help" }, `${say("launch")}. ${words}.`));
    if (card === "CAN") {
      box.append(el("label", {}, "Thrust ", el("select", { "data-thrust": rk, onchange: (e) => {
        setField(rk, "thrust", Number(e.target.value) || null);
      } }, ...[0, 1, 2, 3].map((k) => el("option", { value: k, selected: now.thrust === k }, `${k} ahead`)))));
    }
    if (card === "RL") {
      box.append(el("label", {}, "Rocket marker ", el("input", {
        type: "text", "data-rocket": rk, placeholder: "q,r", value: now.momentum ? hexText(now.momentum) : "",
        onchange: (e) => {
          const v = e.target.value.split(/[ ,]+/).filter(Boolean).map(Number);
          setField(rk, "momentum", v.length === 2 ? v : null);
        } })));
    }
    const copies = o.copies && o.copies[card];
    if (copies) {
      box.append(el("label", { title: say("copy") }, "Launcher ", el("select", { "data-copy": rk, onchange: (e) => {
        setField(rk, "copy", e.target.value === "" ? null : Number(e.target.value));
      } }, el("option", { value: "" }, "the first with ammo"),
         ...copies.map((key, i) => el("option", { value: i + 1, selected: now.copy === i + 1 }, key)))),
      el("p", { class: "card-help", "data-copy-help": rk }, say("copy")));
    }
    box.append(el("label", { title: say("launch_id") }, "Name ", el("input", {
      type: "text", "data-launch-id": rk, placeholder: "automatic", value: now.id || "",
      onchange: (e) => setField(rk, "id", e.target.value.trim() || null) })),
    el("p", { class: "card-help", "data-launch-id-help": rk }, say("launch_id")));
  }
  for (const [rk, card, tgt, fields, cards] of restore) {
    const button = [...cards.querySelectorAll("button")].find((b) => b.dataset.card === (card ?? ""));
    if (button) pick(rk, card, button, tgt, fields);
  }
  for (const [pid, p] of Object.entries(options.projectiles || {})) {
    fuse[pid] = [];
    const sent = Array.isArray(mine[pid]) ? mine[pid] : [];
    const help = el("p", { class: "card-help", "data-fuse-help": pid }, say("keep"));
    const steer = el("input", { type: "text", "data-steer": pid, placeholder: "q,r", hidden: p.kind !== "missile" || !p.fuel,
                                title: say("steer"),
                                onchange: (e) => {
                                  const v = e.target.value.split(/[ ,]+/).filter(Boolean).map(Number);
                                  fuse[pid] = v.length === 2 ? [{ steer: v }] : [];
                                  help.textContent = v.length === 2 ? say("steer") : say("keep");
                                } });
    const boom = el("select", { "data-fuse": pid, title: say("detonate"),
                                onchange: (e) => {
                                  fuse[pid] = e.target.value === "detonate" ? [{ detonate: true }] : [];
                                  help.textContent = say(e.target.value || "keep");
                                } },
      el("option", { value: "" }, "leave it flying"), el("option", { value: "detonate" }, "detonate in phase 8"));
    form.append(el("h4", {}, `${pid}: your ${p.kind} at ${hexText(p.hex)}, marker at ${hexText(p.momentum)}` +
                             (p.fuel !== null ? `, fuel ${p.fuel}` : "")),
                ...(p.fail_safe ? [el("p", { class: "card-help", "data-fail-safe": pid }, `Fail-safe: ${say("fail_safe")}.`)] : []),
                el("div", { class: "launch-params" }, boom, steer, ...(p.gravity ? [tieField(pid, sent)] : [])), help);
  }
  return { order };
}

function buildSetup(form, options, ctx) {
  const choice = {};
  const mine = (ctx.myOrder && typeof ctx.myOrder === "object") ? ctx.myOrder : {};
  const kitGun = {};  // the gun a scenario's default build already carries (advanced modules): sent only if changed
  for (const [fid, o] of Object.entries(options.fighters)) {
    kitGun[fid] = ((o.default && o.default.cards) || []).find((c) => o.guns.includes(c)) || null;
    choice[fid] = { gun: (mine[fid] && mine[fid].gun) || kitGun[fid] || o.guns[0] };
    const help = el("p", { class: "card-help", "data-gun-help": fid }, explain(choice[fid].gun));
    const select = el("select", { "data-gun": fid, onchange: (e) => { choice[fid].gun = e.target.value; help.textContent = explain(e.target.value); } },
      ...o.guns.map((g) => el("option", { value: g, selected: g === choice[fid].gun }, named(g))));
    form.append(el("h4", {}, `${fid}: build and place`), el("label", {}, "Gun ", select), help,
      el("p", {}, `Placed at ${hexText(o.default.hex)}, facing ${o.default.facing}, momentum marker at ${hexText(o.default.momentum)} (${o.zone} zone).`));
  }
  return { order: () => Object.fromEntries(Object.entries(choice).filter(([fid, c]) => c.gun !== kitGun[fid])
                                               .map(([fid, c]) => [fid, { gun: c.gun }])) };
}

// Space Hockey's re-entry (TOB-M5-HOCKEY-06): the owner picks a hex along its own edge (or taps
// one on the map), a facing and the momentum marker (speed 0-6); empty fields keep the default.
// With several fighters returning, a tap sets the hex of the one whose fields were last touched.
function buildReentry(form, options, ctx) {
  const choice = {};
  const hexSelect = {};
  let editing = null;
  const tapNote = el("p", { class: "card-help", "data-entry-tap": "" });
  function edit(fid) {
    if (fid === editing) return;
    editing = fid;
    for (const box of form.querySelectorAll("[data-entry]")) box.classList.toggle("editing", box.dataset.entry === fid);
    tapNote.textContent = `Tapping an edge hex on the map sets ${fid}'s hex (touch another fighter's fields to switch).`;
    if (ctx.map) ctx.map.offer(options[fid].hexes, (h) => { hexSelect[fid].value = JSON.stringify(h); choice[fid].hex = h; });
  }
  for (const [fid, o] of Object.entries(options)) {
    choice[fid] = {};
    const where = hexSelect[fid] = el("select", { "data-entry-hex": fid, onchange: (e) => { choice[fid].hex = JSON.parse(e.target.value); } },
      ...o.hexes.map((h) => el("option", { value: JSON.stringify(h), selected: hexText(h) === hexText(o.hex) }, hexText(h))));
    const facing = el("select", { "data-entry-facing": fid, onchange: (e) => { choice[fid].facing = e.target.value; } },
      ...[...LETTERS].map((c) => el("option", { value: c, selected: c === o.default.facing }, c)));
    const marker = el("input", { type: "text", "data-entry-momentum": fid, placeholder: "q,r (empty: at rest)",
                                 onchange: (e) => {
                                   const v = e.target.value.split(/[ ,]+/).filter(Boolean).map(Number);
                                   if (v.length === 2) choice[fid].momentum = v; else delete choice[fid].momentum;
                                 } });
    form.append(el("div", { "data-entry": fid, onfocusin: () => edit(fid), onclick: () => edit(fid) },
                   el("h4", {}, `${fid} returns along your own edge`),
                   el("div", { class: "launch-params" }, el("label", {}, "Hex ", where), el("label", {}, "Facing ", facing),
                      el("label", {}, "Momentum marker ", marker)),
                   el("p", { class: "card-help" }, "Any hex of your own edge (tap one on the map), any facing, speed 0-6.")));
  }
  form.append(tapNote);
  edit(Object.keys(options)[0]);
  return { order: () => Object.fromEntries(Object.entries(choice).filter(([, c]) => Object.keys(c).length)) };
}

// A plot entry's fields beyond card and target, in words: ", shifting its marker 1 hex A, locked down".
const FIELD_WORDS = {
  direction: (d, card) => (card === "ST" ? `shifting its marker 1 hex ${d}` : `along ${d} on a tie`),
  ram: (id) => `ramming ${id}`, mode: (m) => `${m}ing`,
  thrust: (k) => `with thrust ${k}`, momentum: (h) => `marker at ${hexText(h)}`, lock: () => "locked down",
  hexes: (n) => `at most ${n} hex(es)`, restore: () => "restoring a lost maneuver",
  external: () => "the external one", of: (id) => `repeating ${id}'s maneuver`, repair: (c) => `repairing ${named(c)}`,
  reload: (k) => `reloading ${k}`, detonate: (p) => `trying to set off ${p}`,
  unlock: () => "unlocking the locked action", copy: (k) => `from launcher copy ${k}`, id: (x) => `naming it ${x}`,
};
// A unit's standing decisions (entries without a card, Module 4), in words.
const DECIDES = {
  steer: (h) => `steers its marker to ${hexText(h)}`, detonate: () => "detonates in phase 8",
  gravity: (d) => `takes ${d} on a gravity tie`,
};
const decided = (d) => Object.entries(d).map(([k, x]) => (DECIDES[k] ? DECIDES[k](x) : `${k} ${JSON.stringify(x)}`));
function entryFields(c) {
  const words = Object.entries(c).filter(([k]) => !["card", "target"].includes(k))
    .map(([k, x]) => (FIELD_WORDS[k] ? FIELD_WORDS[k](x, c.card) : `${k} ${Array.isArray(x) ? x.join(",") : x}`));
  return words.length ? `, ${words.join(", ")}` : "";
}

// An order in notation: "R1: B3S (Burn 3, slip starboard)", "R1 builds with BG (Bubble Gun)".
export function label(order, kind) {
  if (!order || typeof order !== "object") return String(order);
  const { then, ...o } = order;  // answers in advance (an order sheet's later decisions, TOB-SEQ-04)
  const later = then ? Object.entries(then).map(([k, answer]) => `${k}: ${label(answer, k)}`) : [];
  const ahead = later.length ? `; answered in advance: ${later.join("; ")}` : "";
  if (!Object.keys(o).length) {
    return ({ declare: "declare nothing", setup: "the scenario's own build and placement" }[kind] || "no orders (the defaults)") + ahead;
  }
  if (kind === "stations") return stationLabel(o) + ahead;
  const parts = Object.entries(o).map(([fid, v]) => {
    if (Array.isArray(v) && kind === "fire") return `${fid} fires at ${v.map((t) => t ?? "nothing (holds)").join(", ")}`;
    if (v && kind === "end") {
      return `${fid} loses ${[...(v.external || []), ...(v.discard || [])].map(named).join(", ") || "nothing"}`;
    }
    if (Array.isArray(v) && kind === "declare") {
      return `${fid} declares ${v.length ? v.map((c) => named(c.card ?? c)).join(" + ") : "nothing"}`;
    }
    if (Array.isArray(v)) {
      if (!v.length) return `${fid} plays no card (coasts)`;
      const cards = v.filter((c) => c && c.card);
      const plays = cards.length ? [`plays ${cards.map((c) => `${named(c.card)}${c.target ? ` at ${c.target}` : ""}${entryFields(c)}`)
        .join(" + ")}`] : [];
      return `${fid} ${[...plays, ...v.filter((c) => c && !c.card).flatMap(decided)].join(", ")}`;
    }
    if (v && typeof v === "object") {  // a setup: the gun (secret in another seat's log until the end) and placing
      const where = [v.hex && `at ${hexText(v.hex)}`, v.facing && `facing ${v.facing}`,
                     v.momentum && `momentum marker at ${hexText(v.momentum)}`].filter(Boolean);
      return `${fid} builds with ${v.gun ? named(v.gun) : "a secret gun"}` + (where.length ? `, placed ${where.join(", ")}` : "");
    }
    return `${fid}: ${JSON.stringify(v)}`;
  });
  return parts.join("; ") + ahead;
}

export function valueLabel(key, value) {
  return `${key} ${JSON.stringify(value)}`;
}

const why = (reason) => phrase("reasons", reason) || String(reason).replaceAll("_", " ");

export function describe(e) {
  switch (e.type) {
    case "placed": return `${e.id} is placed at ${hexText(e.hex)} facing ${e.facing}, momentum marker at ${hexText(e.momentum)}.`;
    case "plotted": return `${e.id} plays ${e.cards.length ? cardList(e.cards) : "no card"}.`;
    case "moved": return `${e.id} moves ${hexText(e.from)} → ${hexText(e.to)}, now facing ${e.facing}` +
      (e.momentum ? `, momentum marker at ${hexText(e.momentum)}` : "") + ".";
    case "shot": return `${e.shooter} fires its ${named(e.weapon)} at ${e.target} at range ${e.range}: ${e.damage} damage, ` +
      `so ${e.target} draws ${e.damage} card(s) from ${e.hand_size} (${e.miss_cards} of them miss cards).`;
    case "shot_void": return `${e.shooter}'s ${named(e.weapon)} shot at ${e.target} is void: ${why(e.reason)}.`;
    case "pulled": {
      const effect = { immune: " — no effect: it already lost a shield generator this turn (to a bubble gun or a blast)", shields: " — its shields stop the shot",
                       miss: " — all misses", armor: " — its armor takes the hit (the cards go back)",
                       shield_generator: " — the shot knocks out its shield generator", destroyed: " — those cards are destroyed" }[e.effect] || "";
      return (e.cards.length ? `${e.target} draws ${cardList(e.cards)}` : `${e.target} draws nothing`) + `${effect}.`;
    }
    case "announced": return `Shots announced: ${e.shots.map((x) => `${x.shooter} ${named(x.weapon)} at ${x.target || "the nearest in arc"}`).join("; ")}.`;
    case "declared": return `${e.id} declares ${cardList(e.cards)} (external systems, public).`;
    case "jammed": return `${e.id} runs its jammer: lock-ons on it are broken, +2 miss cards against it this turn.`;
    case "lock_on": return `${e.id} locks on to ${e.target} (scanner: range to it counts half).`;
    case "lock_lost": return `${e.id} loses its lock-on on ${e.target}${e.reason ? ` (${e.reason})` : ""}.`;
    case "shields": return `${e.id}'s shields go ${e.up ? "up" : "down"}.`;
    case "repaired": return e.card ? `${e.id}'s repair bot restores ${named(e.card)}.` : `${e.id}'s repair bot finds nothing to repair.`;
    case "armor_removed": return `${e.id}'s armor is gone.`;
    case "external_lost": return `${e.id} loses its external ${named(e.card)}.`;
    case "discarded": return `${e.id} discards ${cardList(e.cards)} (too many cards for its structure).`;
    case "ejected": return `${e.id}'s pilot ejects.`;
    case "replacement": return `${e.side} will get a replacement for ${e.id} on turn ${e.enters_on_turn}.`;
    case "entry_hex": return `${e.id}'s replacement will enter at ${hexText(e.hex)}.`;
    case "entered": return `${e.id} (${e.side}) enters at ${hexText(e.hex)} facing ${e.facing}, momentum marker at ${hexText(e.momentum)}.`;
    case "scores": return `Score: ${Object.entries(e.scores).map(([k, v]) => `${k} ${v}`).join(", ")}.`;
    case "eliminated": return `${e.id} is destroyed: ${phrase("causes", e.cause) || String(e.cause).replaceAll("_", " ")}.`;
    case "game_over": return e.draw ? "Game over: a draw." : `Game over: ${e.winner} wins.`;
    case "phase": return `— phase ${e.number}: ${e.name.replaceAll("_", " ")} —`;
    case "revealed": return `${e.id} reveals ${cardList(e.cards)}.`;
    case "die": return `${e.for} rolls ${e.face} (d${e.sides}) for ${e.purpose.replaceAll("_", " ")}.`;
    case "launched": return `${e.by} launches ${e.kind} ${e.id}: momentum marker at ${hexText(e.momentum)}, ${e.ammo} left.`;
    case "launch_void": return `${e.by}'s ${named(e.weapon)} launches nothing (${why(e.reason)}).`;
    case "steered": return `Missile ${e.id} steers ${e.hexes} hex(es) to ${hexText(e.to)}; fuel ${e.fuel}.`;
    case "projectile_moved": return `${e.id} moves ${hexText(e.from)} → ${hexText(e.to)}.`;
    case "projectile_destroyed": return `${e.id} is destroyed (${why(e.cause)}).`;
    case "gravity_shift": return `The black hole pulls ${e.id}'s momentum marker ${e.hexes} hex(es) toward ${e.direction}.`;
    case "detonated": return `${e.id} explodes at ${hexText(e.hex)}.`;
    case "blast": return `The blast hits ${e.target} for ${e.damage}${e.absorbed ? ` (${e.absorbed})` : ""}.`;
    case "concussion": return `${e.id} is thrown: momentum marker to ${hexText(e.momentum)}, now facing ${e.facing}.`;
    case "fail_safe": return `${e.id} cannot explode: ${e.friendly} is within a hex (fail-safe).`;
    case "jam_attempt": return `${e.jammer} tries to set off ${e.projectile}: ${why(e.result)}.`;
    case "force_beam": return `${e.shooter}'s force beam ${e.mode}es ${e.target} ${e.hexes} hex(es) along ${e.direction}.`;
    case "zap": return `${e.shooter} zaps ${e.target}: ${e.card === "MISS" ? "a miss" : `${named(e.card)} is lost`}.`;
    case "rammed": return `${e.rammer} rams ${e.target}: both are destroyed.`;
    case "secondary_thrust": return `${e.id}'s secondary thruster shifts its momentum marker 1 hex ${e.direction}, to ${hexText(e.momentum)}.`;
    case "fuel_spent": return `${e.id} spends ${e.amount} fuel (${e.reason.replaceAll("_", " ")}), ${e.fuel} left.`;
    case "locked": return `${e.id} locks down its ${named(e.card)}.`;
    case "unlocked": return `${e.id} unlocks its ${named(e.card)}.`;
    case "burnout_draw": return `${e.id}'s locked ${named(e.card)}: ` +
      (e.result === "burned_out" ? "the opponent draws the card itself, and it burns out." : "the opponent draws a miss card; it holds.");
    case "maneuver_restored": return `${e.id} gets ${named(e.card)} back.`;
    case "exited": return `${e.id} leaves the map safely.`;
    case "goal": return `Goal for ${e.side}!`;
    case "puck_reset": return `The puck left by the ${e.edge} edge and returns to the centre.`;
    default: return partyEvent(e) ?? `${e.type}: ${Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ")}`;
  }
}

// Which decision a logged step answered, where its orders would read alike (the log has no kind).
export function stepKind(step) {
  if (step.events.some((e) => e.type === "declared")) return "declare";
  if (step.events.some((e) => e.type === "station_placed")) return "stations";
  return step.events.some((e) => e.type === "placed") ? "setup" : undefined;
}

// Sentences the events leave out: a gun plotted that never fired had no target after movement.
export function report(step) {
  const fired = new Set(step.events.filter((e) => e.type === "shot" || e.type === "shot_void").map((e) => e.shooter));
  const gone = new Set(step.events.filter((e) => e.type === "eliminated").map((e) => e.id));
  if (step.events.some((e) => e.type === "game_over")) return [];
  return step.events.filter((e) => e.type === "plotted" && !fired.has(e.id) && !gone.has(e.id))
    .flatMap((e) => e.cards.filter(isGun).map((g) => `${e.id}'s ${named(g)} does not fire: ${why("no_target")}.`));
}

// The turn replay's hooks (replay.js): a turn begins with its declarations or plots once the
// previous turn's fighters have moved (or been placed); what each event shows on the map.
const FACING_LETTERS = "ABCDEF";
export const replay = {
  startsTurn: (e, soFar) => ["declared", "plotted"].includes(e.type) && soFar.some((x) => ["moved", "placed", "entered"].includes(x.type)),
  mark(e) {
    switch (e.type) {
      case "placed": case "entered": return [{ place: e.id, hex: e.hex, facing: e.facing }];
      case "moved": return [{ move: e.id, from: e.from, to: e.to, facing: e.facing }];
      case "shot": return [{ shot: [e.shooter], target: e.target, hit: e.damage > 0 }];
      case "shot_void": return [{ shot: [e.shooter], target: e.target, hit: false }];
      case "eliminated": return [{ gone: e.id, destroyed: true }];
      default: return [];
    }
  },
  // a fighter's side: from the view, or (once it is gone from it) from whose orders named it
  sideOf(id, view, log) {
    const f = (view.fighters || []).find((x) => x.id === id);
    if (f) return f.side;
    for (const step of log.steps) {
      for (const [seat, o] of Object.entries(step.orders)) if (o && typeof o === "object" && id in o) return seat;
    }
    return null;
  },
  // the map's colours: red and blue as such, other sides (empire, agrarians…) by their order
  tone: (side, view) => ["red", "blue"].includes(side) ? side : ["red", "blue", "green", "gold"][(view.sides || []).indexOf(side)],
  angle: (facing) => -90 + 60 * FACING_LETTERS.indexOf(facing),
};
