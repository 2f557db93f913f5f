// A game page: play a seat (token in the link) or spectate (no token). The server pushes each
// change over server-sent events; a reload or reconnect simply fetches the state again.
import { api, el, rememberSeat, seatLink } from "./api.js";
import { HexMap } from "./hexmap.js";

const params = new URLSearchParams(location.hash.slice(1));
const gameId = params.get("game");
const token = params.get("token");
const $ = (id) => document.getElementById(id);
const map = new HexMap($("map"));

let current = null;   // the last state the server sent
let choice = {};      // fighter id -> {card, target} picked for the open step
let panelKey = null;  // which decision the order panel was built for
let previews = {};    // fighter id -> previewed end position
let logStep = null;

$("zoom-in").onclick = () => map.zoom(1 / 1.25);
$("zoom-out").onclick = () => map.zoom(1.25);
$("zoom-fit").onclick = () => map.fit();

function show(state) {
  if (current && state.version < current.version) return;  // an answer overtaken by a newer push
  current = state;
  const g = state.game;
  if (token && state.seat) rememberSeat(g.id, state.seat, token);
  document.body.dataset.step = state.step;
  document.body.dataset.status = g.status;
  $("title").textContent = `${g.ruleset} · ${g.scenario} · ${state.seat ? `playing ${state.seat}` : "spectating"}`;
  const key = `${state.step}:${state.decision ? state.decision.kind : "-"}`;
  if (key !== panelKey) { panelKey = key; choice = {}; previews = {}; buildOrders(); }
  showStatus();
  showFighters();
  map.render(state.view, previews);
  if (logStep !== state.step || g.status === "over") { logStep = state.step; loadLog(); }
}

function showStatus() {
  const s = current, g = s.game;
  const parts = [el("h3", {}, g.status === "over" ? `Finished after ${g.steps} steps`
                              : `Step ${s.step}${s.view.turn ? ` · turn ${s.view.turn}` : ""}`)];
  if (g.status === "over") {
    const o = g.outcome || {};
    parts.push(el("p", { class: "over", id: "game-over" },
      o.winners && o.winners.length ? `Game over: ${o.winners.join(", ")} won (${o.reason}).` : `Game over: a draw (${o.reason}).`));
    parts.push(el("p", {}, el("a", { id: "download-record", href: `/api/games/${g.id}/record`, download: `hexfleet-${g.id}.jsonl` },
      "Download the record"), " (passes hexfleet replay --verify)"));
    parts.push(el("p", { class: "token-link" }, `seed ${g.seed} · sha256 ${g.seed_sha256}`));
  } else if (g.status === "open") {
    parts.push(el("p", { class: "waiting" }, `Waiting for players: ${g.seats.filter((x) => !x.joined).map((x) => x.seat).join(", ")}`));
  } else {
    parts.push(el("p", { class: "waiting", id: "waiting" }, s.waiting_for.length ? `Waiting for: ${s.waiting_for.join(", ")}` : "Resolving…"));
  }
  if (g.status !== "over") parts.push(el("p", { class: "token-link" }, `dice: sha256(seed) = ${g.seed_sha256}`));
  if (g.turn_deadline) {
    const left = Math.max(0, Math.round(g.turn_deadline - Date.now() / 1000));
    parts.push(el("p", {}, `Turn deadline in about ${left} s`));
  }
  if (token) parts.push(el("p", { class: "token-link" }, "Your seat's secret link (open it on any device): ",
                           el("a", { href: seatLink(g.id, token) }, seatLink(g.id, token))));
  $("status").replaceChildren(...parts);
}

function showFighters() {
  const rows = (current.view.fighters || []).map((f) => el("tr", { "data-fighter-row": f.id },
    el("td", {}, f.id), el("td", {}, f.side), el("td", {}, `${f.hex}`), el("td", {}, f.facing),
    el("td", {}, f.speed), el("td", {}, (f.cards || []).join(" ")),
    el("td", {}, (f.destroyed || []).join(" "))));
  $("fighters").replaceChildren(el("h3", {}, "Fighters"), el("table", { class: "fighters" },
    el("tr", {}, ...["id", "side", "hex", "face", "spd", "cards", "lost"].map((h) => el("th", {}, h))), ...rows));
}

// --- order entry -------------------------------------------------------------------------

function buildOrders() {
  const d = current.decision;
  const box = $("orders");
  if (!token) { box.replaceChildren(el("h3", {}, "Orders"), el("p", {}, "Spectating: no orders.")); return; }
  if (!d) {
    box.replaceChildren(el("h3", {}, "Orders"),
      el("p", {}, current.game.status === "over" ? "The game is over." : "Nothing to decide now."));
    return;
  }
  const form = el("div", { id: "order-form" }, el("h3", {}, "Orders"), el("p", {}, d.prompt));
  if (d.kind === "plot") buildPlot(form, d.options);
  else if (d.kind === "setup") buildSetup(form, d.options);
  else buildRaw(form);
  form.append(el("button", { type: "button", class: "primary", id: "submit-order", onclick: submit }, "Submit orders"),
              el("p", { class: "error", id: "order-error", role: "alert" }),
              el("p", { class: "waiting", id: "order-sent" }));
  box.replaceChildren(form);
  showSent();
}

function buildPlot(form, options) {
  for (const [fid, o] of Object.entries(options.fighters)) {
    choice[fid] = { card: null, target: null };
    const cards = el("div", { class: "cards", "data-hand": fid },
      el("button", { type: "button", "data-card": "", onclick: (e) => pick(fid, null, e.target) }, "nothing"),
      ...o.cards.map((c) => el("button", { type: "button", "data-card": c, onclick: (e) => pick(fid, c, e.target) }, c)));
    const target = el("select", { "data-target": fid, hidden: true, onchange: (e) => { choice[fid].target = e.target.value || null; } },
      el("option", { value: "" }, "nearest in arc"), ...o.targets.map((t) => el("option", { value: t }, t)));
    form.append(el("h4", {}, `${fid}: your hand`), cards, target,
                el("p", { class: "preview", "data-preview": fid }, "Pick a card to see where you will be."));
  }
}

async function pick(fid, card, button) {
  choice[fid] = { card, target: null };
  for (const b of document.querySelectorAll(`[data-hand="${fid}"] button`)) b.classList.toggle("chosen", b === button);
  const targeted = current.decision.options.fighters[fid].targeted || [];
  const select = document.querySelector(`[data-target="${fid}"]`);
  select.hidden = !targeted.includes(card);
  select.value = "";
  try {
    const result = await api(`/games/${gameId}/preview`, { method: "POST", token, body: { order: buildOrder() } });
    previews = {};
    for (const [id, p] of Object.entries(result.preview.fighters || {})) {
      previews[id] = p;
      const line = document.querySelector(`[data-preview="${id}"]`);
      if (line) line.textContent = `${id} ends at ${p.hex}, facing ${p.facing}, speed ${p.speed}` +
        (p.thrust ? `, thrust ${p.thrust}` : "") + (p.off_map ? " — OFF THE MAP: it would be lost" : "");
    }
    map.render(current.view, previews);
  } catch (err) {
    $("order-error").textContent = err.message;
  }
}

function buildSetup(form, options) {
  for (const [fid, o] of Object.entries(options.fighters)) {
    choice[fid] = { gun: o.guns[0] };
    form.append(el("h4", {}, `${fid}: build and place`),
      el("label", {}, "Gun ", el("select", { "data-gun": fid, onchange: (e) => { choice[fid].gun = e.target.value; } },
        ...o.guns.map((g) => el("option", { value: g }, g)))),
      el("p", {}, `Placed at ${o.default.hex}, facing ${o.default.facing}, momentum marker at ${o.default.momentum} (${o.zone} zone).`));
  }
}

function buildRaw(form) {
  form.append(el("label", {}, "Order (JSON) ", el("textarea", { id: "raw-order", rows: 4, cols: 40 }, "{}")));
}

function buildOrder() {
  const d = current.decision;
  if (d.kind === "plot") {
    const order = {};
    for (const [fid, c] of Object.entries(choice)) {
      order[fid] = c.card ? [c.target ? { card: c.card, target: c.target } : { card: c.card }] : [];
    }
    return order;
  }
  if (d.kind === "setup") {
    return Object.fromEntries(Object.entries(choice).map(([fid, c]) => [fid, { gun: c.gun }]));
  }
  return JSON.parse($("raw-order").value);
}

async function submit() {
  $("order-error").textContent = "";
  let order;
  try { order = buildOrder(); } catch (err) { $("order-error").textContent = `not JSON: ${err.message}`; return; }
  const body = { order, step: current.step, request_key: crypto.randomUUID() };
  for (let attempt = 0; attempt < 3; attempt++) {  // the key makes a retry after a lost answer safe
    try {
      await api(`/games/${gameId}/orders`, { method: "POST", token, body });
      current.my_order = order;
      showSent();
      show(await api(`/games/${gameId}/state`, { token }));  // don't wait for the push
      return;
    } catch (err) {
      if (err.status) { $("order-error").textContent = err.message; return; }
    }
  }
  $("order-error").textContent = "The server could not be reached; try again.";
}

function showSent() {
  const sent = $("order-sent");
  if (sent) sent.textContent = current.my_order !== null && current.my_order !== undefined
    ? `Order in for step ${current.step}: ${JSON.stringify(current.my_order)}. You may change it until the step resolves.` : "";
}

// --- the log -----------------------------------------------------------------------------

const at = (h) => `(${h})`;

function describe(e) {
  switch (e.type) {
    case "placed": return `${e.id} placed at ${at(e.hex)} facing ${e.facing}, momentum ${at(e.momentum)}`;
    case "plotted": return `${e.id} reveals ${e.cards.join(", ")}`;
    case "moved": return `${e.id} moves ${at(e.from)} → ${at(e.to)}, facing ${e.facing}`;
    case "shot": return `${e.shooter} fires ${e.weapon} at ${e.target}: range ${e.range}, ${e.damage} pull(s) from ${e.hand_size} cards (${e.miss_cards} miss)`;
    case "shot_void": return `${e.shooter}'s ${e.weapon} shot at ${e.target} is void (${e.reason})`;
    case "pulled": return `${e.target} pulls ${e.cards.join(", ")}`;
    case "eliminated": return `${e.id} is eliminated (${e.cause})`;
    case "game_over": return e.draw ? "Game over: a draw" : `Game over: ${e.winner} wins`;
    default: return `${e.type} ${JSON.stringify(e)}`;
  }
}

let logRequests = 0;

async function loadLog() {
  const mine = ++logRequests;
  const log = await api(`/games/${gameId}/log`, { token });
  if (mine !== logRequests) return;  // a newer request is on its way: never show an older log
  $("log").replaceChildren(...log.steps.map((s) => el("li", { "data-log-step": s.step },
    el("strong", {}, `Step ${s.step}`),
    el("div", { class: "ev" }, Object.entries(s.orders).map(([seat, o]) => `${seat}: ${JSON.stringify(o)}`).join(" · ")),
    ...s.events.map((e) => el("div", { class: e.type === "pulled" ? "pull" : "ev" }, describe(e))))));
  $("log").scrollTop = $("log").scrollHeight;
}

// --- live updates ------------------------------------------------------------------------

function connect() {
  const source = new EventSource(`/api/games/${gameId}/stream${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  source.addEventListener("open", () => { $("connection").textContent = "live"; $("connection").className = "badge live"; });
  source.addEventListener("update", (e) => show(JSON.parse(e.data)));
  source.addEventListener("error", () => { $("connection").textContent = "reconnecting…"; $("connection").className = "badge"; });
}

async function main() {
  if (!gameId) { $("status").textContent = "No game in the link."; return; }
  try {
    show(await api(`/games/${gameId}/state`, { token }));
  } catch (err) {
    $("status").replaceChildren(el("p", { class: "error" }, err.message));
    return;
  }
  connect();
  setInterval(() => { if (current && current.game.turn_deadline) showStatus(); }, 1000);  // the countdown
}

main();
