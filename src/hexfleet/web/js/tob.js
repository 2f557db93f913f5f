// Turn or Burn in the browser: its own order panel (the hand of cards with server previews,
// gun targets, the setup build), the fighters table, and the turn report in words. Card codes
// are named and explained from the server's glossary; no rules here.
import { api, el } from "./api.js";
import { codeEl, explain, named, phrase, term } from "./glossary.js";
import { crewActions, partyEvent, stationLabel } from "./tob_fleet.js";

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
const FLEET_ABOVE = 3;  // more fighters than this: a row per ship, one hand open at a time

function cardButton(fid, code, onpick) {
  const t = term(code);
  return el("button", { type: "button", class: "card-btn", "data-card": code ?? "", title: code ? explain(code) : NOTHING,
                        onclick: (e) => onpick(fid, code, e.currentTarget) },
    el("span", { class: "code" }, code ?? "nothing"), t ? el("small", {}, t.name) : code ? "" : el("small", {}, "coast, no fire"));
}

// The cards that take a target: as the decision lists them, or else (advanced modules) its guns.
const targeted = (o) => o.targeted || (o.targets_for ? Object.keys(o.targets_for)
                                                     : o.targets && o.targets.length ? o.cards.filter(isGun) : []);
// What the picked card may name: per card from Module 4 (projectiles, the puck), else the enemies.
const targetsOf = (o, card) => (o.targets_for && o.targets_for[card]) || o.targets;

function buildPlot(form, options, ctx) {
  const choice = {};
  const fuse = {};  // projectile id -> [] | [{detonate}] | [{steer}] (Module 4)
  const crew = {};  // fighter id -> its further crew actions (tob_fleet.js)
  // one entry: the card, its target, its own fields (launch, beam, thrust direction, ram) and lock down
  const entry = (c) => ({ card: c.card, ...(c.target ? { target: c.target } : {}), ...(c.launch || {}),
                          ...(c.lock ? { lock: true } : {}), ...(c.unlock ? { unlock: true } : {}) });
  const order = () => ({
    ...Object.fromEntries(Object.entries(choice).map(([fid, c]) => [fid, [...(c.card ? [entry(c)] : []), ...crew[fid].entries()]])),
    ...Object.fromEntries(Object.entries(fuse).filter(([, d]) => d.length)),
  });
  // A fleet's row: the card picked (and its target), beside the preview.
  function showChosen(fid) {
    const badge = form.querySelector(`[data-chosen="${fid}"]`);
    const c = choice[fid];
    if (badge) badge.textContent = (c.card ? `${c.card}${c.target ? ` > ${c.target}` : ""}` : "nothing") + crew[fid].text();
  }
  // `fields`: the entry's fields beyond card and target (an order sent earlier, after a refresh)
  function pick(fid, card, button, target = null, fields = null) {
    const { lock, unlock, ...launch } = fields || {};
    choice[fid] = { card, target, launch: Object.keys(launch).length ? launch : null, lock: !!lock, unlock: !!unlock };
    picked[fid] = card;
    showChosen(fid);
    showLaunch(fid, card, choice[fid]);
    selected = fid;
    for (const b of form.querySelectorAll(`[data-hand="${fid}"] button`)) b.classList.toggle("chosen", b === button);
    const select = form.querySelector(`[data-target="${fid}"]`);
    select.hidden = !targeted(options.fighters[fid]).includes(card);
    const names = select.hidden ? [] : targetsOf(options.fighters[fid], card);
    select.replaceChildren(el("option", { value: "" }, "nearest enemy in arc"),
                           ...names.map((t) => el("option", { value: t }, `at ${t}`)));
    select.value = target ?? "";
    // a gun's target, or the fighter a ram is meant for, may also be tapped on the map
    const ram = form.querySelector(`[data-ram="${fid}"]`);
    if (ctx.map) {
      if (ram) ctx.map.offer([], (id) => { ram.value = id; setField(fid, "ram", id); }, options.fighters[fid].rams);
      else ctx.map.offer([], select.hidden ? null : (id) => { select.value = id; choice[fid].target = id; showChosen(fid); },
                         names);
    }
    const help = form.querySelector(`[data-card-help="${fid}"]`);
    if (help) help.textContent = card ? explain(card) : NOTHING;
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
  const mine = (ctx.myOrder && typeof ctx.myOrder === "object") ? ctx.myOrder : {};
  const restore = [];
  selected = Object.keys(options.fighters)[0] || null;
  // A fleet (Module 6: up to 15 ships) gets one row per ship, its card and preview in the row,
  // and one hand open at a time; a few fighters show every hand at once.
  const fleet = Object.keys(options.fighters).length > FLEET_ABOVE;
  for (const [fid, o] of Object.entries(options.fighters)) {
    choice[fid] = { card: null, target: null };
    crew[fid] = crewActions(fid, o, (card) => (targeted(o).includes(card) ? targetsOf(o, card) : []),
                            () => { showChosen(fid); preview(); });
    const cards = el("div", { class: "cards", "data-hand": fid }, cardButton(fid, null, pick),
      ...o.cards.map((c) => cardButton(fid, c, pick)));
    const target = el("select", { "data-target": fid, hidden: true, title: "the gun's target (or tap an enemy on the map)",
                                  onchange: (e) => { choice[fid].target = e.target.value || null; showChosen(fid); } },
      el("option", { value: "" }, "nearest enemy in arc"));
    const preview = fleet ? el("span", { class: "preview", "data-preview": fid }, `${fid}: no card yet`)
                          : el("p", { class: "preview", "data-preview": fid }, "Pick a card to see where you will be.");
    // what the card does and where it takes the fighter, above the hand: in sight while picking
    const parts = [...(o.locked ? [el("p", { class: "card-help", "data-locked": fid }, `${named(o.locked)}: ${say("locked")}.`)] : []),
                   el("p", { class: "card-help", "data-arc-note": fid }),
                   cards, target, ...(crew[fid].el ? [crew[fid].el] : []),  // then what the picked card does (also on hover)
                   el("p", { class: "card-help", "data-card-help": fid }, "Hover a card for what it does; pick one."),
                   el("div", { class: "launch-params", "data-launch": fid, hidden: true })];
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
    const sent = Array.isArray(mine[fid]) ? mine[fid] : null;  // the order already sent, after a refresh
    if (sent) {
      const { card, target, ...fields } = sent[0] || {};
      crew[fid].restore(sent.slice(1));
      restore.push([fid, card ?? null, target || null, fields, cards]);
    }
  }
  // The picked card's own fields, each with the presenter's words: a force beam's push or pull, a
  // secondary thruster's direction, a ram's fighter, a launcher's parameters; then lock down.
  function showLaunch(fid, card, c) {
    const box = form.querySelector(`[data-launch="${fid}"]`);
    if (!box) return;
    box.replaceChildren();
    const o = options.fighters[fid];
    const launch = c.launch;
    if (card === "FB") beamFields(box, fid, o, launch);
    else if (card === "ST" && o.secondary) secondaryFields(box, fid, o.secondary, launch);
    else if (card === "THR" && o.rams) ramFields(box, fid, o.rams, launch);
    else if (card === "BOT" && o.restore) restoreFields(box, fid, o.restore, launch);
    else launchFields(box, fid, card, launch);
    lockFields(box, fid, card, o, c);
    box.hidden = !box.childElementCount;
  }
  // one field of the picked card's entry: set, or (empty) left to its default
  function setField(fid, key, value) {
    const fields = { ...(choice[fid].launch || {}) };
    if (value === "" || value === null) delete fields[key]; else fields[key] = value;
    choice[fid].launch = Object.keys(fields).length ? fields : null;
  }
  // a force beam pushes or pulls (TOB-M5-FB-08), as far as asked and allowed (FB-05), along the
  // letter chosen when the line runs between two hexes (FB-07)
  function beamFields(box, fid, o, launch) {
    const now = launch || {};
    const mode = now.mode || "push";
    const help = el("p", { class: "card-help", "data-mode-help": fid }, say(mode));
    box.append(el("label", {}, "Beam ", el("select", { "data-mode": fid, onchange: (e) => {
      setField(fid, "mode", e.target.value);
      help.textContent = say(e.target.value);
    } }, ...["push", "pull"].map((m) => el("option", { value: m, selected: m === mode }, m)))), help);
    if (!o.beam_hexes) return;
    box.append(el("label", {}, "Hexes ", el("select", { "data-beam-hexes": fid, onchange: (e) => {
      setField(fid, "hexes", e.target.value === "" ? null : Number(e.target.value));
    } }, el("option", { value: "" }, "as many as the draw allows"),
       ...o.beam_hexes.map((n) => el("option", { value: n, selected: now.hexes === n }, `at most ${n}`)))),
    el("label", {}, "On a tie ", el("select", { "data-beam-tie": fid, onchange: (e) => setField(fid, "direction", e.target.value) },
      el("option", { value: "" }, "the first letter"),
      ...[...LETTERS].map((d) => el("option", { value: d, selected: now.direction === d }, d)))),
    el("p", { class: "card-help", "data-beam-help": fid }, `${say("beam_hexes")}. On a tie: ${say("beam_tie")}.`));
  }
  function restoreFields(box, fid, lost, launch) {  // TOB-M5-ZAP-08: a lost maneuver back, at random
    box.append(el("label", {}, el("input", { type: "checkbox", "data-restore": fid, checked: !!(launch && launch.restore),
                                              onchange: (e) => setField(fid, "restore", e.target.checked || null) }),
                  ` restore a lost maneuver (${lost.map(named).join(", ")})`),
               el("p", { class: "card-help", "data-restore-help": fid }, say("restore")));
  }
  function secondaryFields(box, fid, directions, launch) {  // TOB-M5-SEC-01: 1 hex any way, or none
    const now = launch && launch.direction;
    box.append(el("label", {}, "Shift the momentum marker ", el("select", { "data-secondary": fid, onchange: (e) => {
      setField(fid, "direction", e.target.value);
      preview();
    } }, el("option", { value: "" }, "no shift"),
       ...directions.map((d) => el("option", { value: d, selected: d === now }, `1 hex ${d}`)))),
    el("p", { class: "card-help", "data-secondary-help": fid }, say("secondary")));
  }
  function ramFields(box, fid, enemies, launch) {  // TOB-M5-RAM-01/02: the thruster card rams
    const now = launch && launch.ram;
    box.append(el("label", {}, "Ram ", el("select", { "data-ram": fid, onchange: (e) => {
      setField(fid, "ram", e.target.value);
    } }, el("option", { value: "" }, "the nearest enemy within 1 hex"),
       ...enemies.map((t) => el("option", { value: t, selected: t === now }, t)))),
    el("p", { class: "card-help", "data-ram-help": fid }, say("ram")));
  }
  function lockFields(box, fid, card, o, c) {  // TOB-M5-LOCK-02..04
    if ((o.lockable || []).includes(card)) {
      box.append(el("label", {}, el("input", { type: "checkbox", "data-lock": fid, checked: c.lock,
                                                  onchange: (e) => { choice[fid].lock = e.target.checked; } }),
                    ` lock ${named(card)} down`),
                 el("p", { class: "card-help", "data-lock-help": fid }, say("lock")));
    }
    if (card === "TNC" && o.unlock) {
      box.append(el("label", {}, el("input", { type: "checkbox", "data-unlock": fid, checked: c.unlock,
                                                  onchange: (e) => { choice[fid].unlock = e.target.checked; } }),
                    ` unlock ${named(o.locked)}`),
                 el("p", { class: "card-help", "data-unlock-help": fid }, say("unlock")));
    }
  }
  // A launcher picked: what its projectile does, and a cannon's thrust or a rocket's marker (TOB-M4-LAUNCH-04).
  function launchFields(box, fid, card, launch) {
    const words = say(card);
    if (!words) return;
    box.append(el("p", { class: "card-help" }, `${say("launch")}. ${words}.`));
    if (card === "CAN") {
      box.append(el("label", {}, "Thrust ", el("select", { "data-thrust": fid, onchange: (e) => {
        const k = Number(e.target.value);
        choice[fid].launch = k ? { thrust: k } : null;
      } }, ...[0, 1, 2, 3].map((k) => el("option", { value: k, selected: (launch && launch.thrust) === k }, `${k} ahead`)))));
    }
    if (card === "RL") {
      box.append(el("label", {}, "Rocket marker ", el("input", {
        type: "text", "data-rocket": fid, placeholder: "q,r", value: launch && launch.momentum ? hexText(launch.momentum) : "",
        onchange: (e) => {
          const v = e.target.value.split(/[ ,]+/).filter(Boolean).map(Number);
          choice[fid].launch = v.length === 2 ? { momentum: v } : null;
        } })));
    }
  }
  for (const [fid, card, tgt, fields, cards] of restore) {
    const button = [...cards.querySelectorAll("button")].find((b) => b.dataset.card === (card ?? ""));
    if (button) pick(fid, card, button, tgt, fields);
  }
  for (const [pid, p] of Object.entries(options.projectiles || {})) {
    fuse[pid] = [];
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
                el("div", { class: "launch-params" }, boom, steer), help);
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
  unlock: () => "unlocking the locked action",
};
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
      return `${fid} plays ${v.map((c) => c.card ? `${named(c.card)}${c.target ? ` at ${c.target}` : ""}${entryFields(c)}`
        : Object.entries(c).map(([k, x]) => `${k} ${Array.isArray(x) ? x.join(",") : x}`).join(" ")).join(" + ")}`;
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
