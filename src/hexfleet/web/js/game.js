// A game page: play a seat (token in the link) or spectate (no token). The server pushes each
// change over server-sent events; a reload or reconnect simply fetches the state again.
// What differs by game (drawing, tables, words, Turn or Burn's own order form) lives in one
// module per ruleset; a ruleset without its own order form gets the generic legal-orders panel.
import { api, el, rememberSeat, seatLink } from "./api.js";
import { HexMap } from "./hexmap.js";
import { annotate, cachedGlossary, loadGlossary, phrase } from "./glossary.js";
import { fetchLegal, legalPanel, plainWords } from "./legal.js";
import { Replay } from "./replay.js";
import * as ci from "./ci.js";
import * as lf from "./lf.js";
import * as talon from "./talon.js";
import * as tob from "./tob.js";

const GAMES = { "turn-or-burn": tob, "launch-fighters": lf, "cold-infinity": ci, talon };
const plain = {
  renderMap: (map, view) => map.render(view), summary: () => "", unitsCard: () => [], ...plainWords,
  describe: (e) => `${e.type}: ${Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${typeof v === "string" ? v : JSON.stringify(v)}`).join(", ")}`,
};

const params = new URLSearchParams(location.hash.slice(1));
const gameId = params.get("game");
const token = params.get("token");
const master = params.get("master");  // the game master's token (docs/pbm.md), for its panel
const $ = (id) => document.getElementById(id);
const map = new HexMap($("map"));

let current = null;   // the last state the server sent
let panel = null;     // the open decision's order panel: {order()}
let panelKey = null;  // which decision the order panel was built for
let logKey = null;    // the step and status the log was loaded at
let replay = null;    // the turn replay, for games with replay hooks (made with the first log)

$("zoom-in").onclick = () => map.zoom(1 / 1.25);
$("zoom-out").onclick = () => map.zoom(1.25);
$("zoom-fit").onclick = () => map.fit();
$("copy-watch").onclick = copyWatchLink;
$("replay-open").onclick = () => replay && replay.start();
map.onHover = (h) => { $("hex-coord").textContent = h ? `hex ${h[0]},${h[1]}` : ""; };
new ResizeObserver(() => { if (map.box) map.setBox(map.box); }).observe($("map"));

const game = () => ({ ...plain, ...GAMES[current.game.ruleset] });
const words = (order, kind) => game().label(order, kind);

function show(state) {
  if (current && state.version < current.version) return;  // an answer overtaken by a newer push
  current = state;
  const g = state.game;
  if (token && state.seat) rememberSeat(g.id, state.seat, token);
  document.body.dataset.step = state.step;
  document.body.dataset.status = g.status;
  document.body.dataset.decision = state.decision ? state.decision.kind : "";
  $("title").textContent = `${g.ruleset} · ${g.scenario} · ${state.seat ? `playing ${state.seat}` : "spectating"}`;
  const key = `${state.step}:${state.decision ? state.decision.kind : "-"}:${g.status}`;
  if (key !== panelKey) { panelKey = key; buildOrders(); }
  game().renderMap(map, state.view);
  showStatus();
  if (master) showMaster(g);
  showWaiting();
  showUnits(game().unitsCard(state.view, (units) => map.highlight({ units }, "hover")));
  const logAt = `${state.step}:${g.status}`;  // a new step, or the end (everything made public)
  if (logAt !== logKey) { logKey = logAt; loadLog(); }
}

// The units table folds away (its heading stays) on short desktop windows, so the orders and
// the log keep their room; open by default where there is space. The player's choice sticks.
let unitsOpen = null;
function showUnits(parts) {
  if (!parts.length) { $("fighters").replaceChildren(); $("fighters").hidden = true; return; }
  $("fighters").hidden = false;
  if (unitsOpen === null) unitsOpen = window.innerHeight >= 900 || window.innerWidth <= 760;
  const [head, ...rest] = parts;
  const details = el("details", { id: "units-details", open: unitsOpen || undefined,
                                  ontoggle: (e) => { unitsOpen = e.currentTarget.open; } },
    el("summary", {}, el("h3", {}, head.textContent)), ...rest);
  $("fighters").replaceChildren(details);
}

// "red (Ann)" or "blue (bot lf-heuristic)": who a seat is, for the waiting line.
function who(seat) {
  const s = current.game.seats.find((x) => x.seat === seat);
  return s && (s.bot || s.name) ? `${seat} (${s.bot ? `bot ${s.bot}` : s.name})` : seat;
}

// The last step's turn report as this seat may see it (docs/pbm.md): text and the SVG map.
function reportLinks(g) {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return el("p", {}, "Turn report: ",
    el("a", { id: "download-report", href: `/api/games/${g.id}/report.txt${query}`, download: `hexfleet-${g.id}-step${g.steps}.txt` }, "text"),
    " · ",
    el("a", { id: "download-report-map", href: `/api/games/${g.id}/report.svg${query}`, download: `hexfleet-${g.id}-step${g.steps}.svg` }, "map"));
}

// Who must decide now, on the order card of a seat that has nothing to decide.
function showWaiting() {
  const line = $("orders-waiting");
  if (line) line.textContent = current.game.status === "active" && current.waiting_for.length
    ? `Waiting for ${current.waiting_for.map(who).join(", ")} to decide.` : "";
}

function showStatus() {
  const s = current, g = s.game;
  const summary = game().summary(s.view);
  const parts = [el("h3", {}, g.status === "over" ? `Finished after ${g.steps} steps`
                              : `Step ${s.step}${summary ? ` · ${summary}` : ""}`)];
  const secrets = [];
  if (g.status === "over") {
    parts.push(el("p", { class: "over", id: "game-over" }, endWords(g.outcome || {})));
    if (token && s.seat) parts.push(rematchButton(g, s.seat));
    parts.push(el("p", {}, el("a", { id: "download-record", href: `/api/games/${g.id}/record`, download: `hexfleet-${g.id}.jsonl` },
      "Download the record"), " (passes hexfleet replay --verify)"));
    secrets.push(el("p", { class: "token-link" }, `seed ${g.seed} · sha256 ${g.seed_sha256}`));
  } else if (g.status === "open") {
    parts.push(el("p", { class: "waiting" }, `Waiting for players: ${g.seats.filter((x) => !x.joined).map((x) => x.seat).join(", ")}`));
  } else {
    parts.push(el("p", { class: "waiting", id: "waiting" }, s.waiting_for.length ? `Waiting for: ${s.waiting_for.join(", ")}` : "Resolving…"));
  }
  if (g.steps > 0) parts.push(reportLinks(g));
  if (g.status !== "over") secrets.push(el("p", { class: "token-link" }, `dice: sha256(seed) = ${g.seed_sha256}`));
  if (g.paused && g.status !== "over") parts.push(el("p", { id: "paused", class: "waiting" }, "Paused by the game master."));
  if (g.turn_deadline && g.status === "active") {
    const left = Math.max(0, Math.round(g.turn_deadline - Date.now() / 1000));
    const clock = timeLeft(left);
    parts.push(el("p", { id: "countdown", class: left <= 15 ? "countdown soon" : "countdown", title: `At 0:00: ${atZero()}.` },
      `Turn deadline in ${clock}. `,
      el("span", { class: "countdown-note" }, `At 0:00 a stand-in plays for the seats that have not ordered${mineAtZero()}.`)));
  }
  if (token) secrets.push(el("p", { class: "token-link" }, "Your seat's secret link (open it on any device): ",
                             el("a", { href: seatLink(g.id, token) }, seatLink(g.id, token))));
  const open = $("status-more") && $("status-more").open;
  parts.push(el("details", { id: "status-more", open: open || undefined }, el("summary", {}, "seat link and dice"), ...secrets));
  $("status").replaceChildren(...parts);
}

// m:ss, or hours and days for play by mail's long deadlines.
function timeLeft(left) {
  if (left >= 86400) return `${Math.floor(left / 86400)}d ${Math.floor((left % 86400) / 3600)}h`;
  if (left >= 3600) return `${Math.floor(left / 3600)}h ${Math.floor((left % 3600) / 60)}m`;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// --- the game master (docs/pbm.md) -----------------------------------------------------------

let masterNote = "";
let masterKey = null;  // what the panel was built for: rebuilt only when that changes (keeps typed values)
// The panel folds to one line: open at first only for a game with turn deadlines (play by mail,
// where the master has work to do), so a casual game's map is not pushed down; the choice sticks.
let masterOpen = null;

function showMaster(g) {
  const key = JSON.stringify([g.status, g.paused, g.seats, masterNote]);
  if (key === masterKey) return;
  masterKey = key;
  $("master-card").hidden = false;
  $("master-card").replaceChildren(masterPanel(g));
}

function masterPanel(g) {
  const act = (path, body) => async () => {
    try {
      const answer = await api(`/games/${g.id}/master/${path}`, { method: "POST", token: master, body });
      masterNote = answer.token ? `New link for ${answer.seat}: ${seatLink(g.id, answer.token)}` : "Done.";
    } catch (err) { masterNote = err.message; }
    show(await api(`/games/${g.id}/state`, { token }));
    showMaster(current.game);
  };
  const hours = el("input", { id: "extend-hours", type: "number", min: "1", value: "24", "aria-label": "hours" });
  const seat = el("select", { id: "replace-seat" }, ...g.seats.map((x) => el("option", { value: x.seat }, x.seat)));
  const bot = el("input", { id: "replace-bot", placeholder: "bot name, empty: a new person" });
  if (masterOpen === null) masterOpen = Boolean(g.deadline_seconds);
  const box = el("details", { id: "master", open: masterOpen || undefined,
                              ontoggle: (e) => { masterOpen = e.currentTarget.open; } },
    el("summary", {}, el("h3", {}, "Game master")));
  if (g.status !== "over") {
    box.append(
      el("p", {}, g.paused ? el("button", { type: "button", id: "master-resume", onclick: act("resume") }, "Resume")
                           : el("button", { type: "button", id: "master-pause", onclick: act("pause") }, "Pause"),
         " ", el("button", { type: "button", id: "master-extend",
                             onclick: () => act("extend", { seconds: Number(hours.value) * 3600 })() }, "Extend the deadline by"),
         " ", hours, " hours"),
      el("p", {}, "Give ", seat, " to ", bot, " ", el("button", { type: "button", id: "master-replace",
        onclick: () => act(`seats/${encodeURIComponent(seat.value)}/replace`, bot.value ? { bot: bot.value } : {})() }, "Replace")));
  } else {
    box.append(el("p", {}, el("a", { id: "master-summary", href: `/api/games/${g.id}/summary` }, "End-of-game summary")));
  }
  box.append(el("p", { class: "waiting", id: "master-note" }, masterNote));
  return box;
}

// Who plays at the deadline: each seat's stand-in bot, or else its standing order.
function atZero() {
  const seats = current.game.seats.filter((x) => !x.bot);
  return seats.map((x) => `${x.seat}: ${x.stand_in ? `bot ${x.stand_in}` : "the standing order"}`).join(", ");
}

// For this seat, if it has not ordered yet: what plays for it at the deadline.
function mineAtZero() {
  const me = current.seat && current.game.seats.find((x) => x.seat === current.seat);
  if (!me || me.bot || !current.waiting_for.includes(me.seat)) return "";
  return ` (for you: ${me.stand_in ? `the ${me.stand_in} bot` : "your standing order"})`;
}

// --- sharing and rematch -------------------------------------------------------------------

// The spectator's link (no token): to the clipboard where the browser allows it, and always in a
// field beside the button, selected, for copying by hand (plain http off localhost has no clipboard).
async function copyWatchLink() {
  const link = `${location.origin}/game.html#game=${encodeURIComponent(gameId)}`;
  $("watch-box").hidden = false;
  $("watch-link").value = link;
  $("watch-link").select();
  let copied = false;
  try { if (navigator.clipboard) { await navigator.clipboard.writeText(link); copied = true; } } catch { /* shown below */ }
  $("copy-note").textContent = copied ? "Copied: anyone with it can watch (no seat)." : "Copy this link by hand: anyone with it can watch.";
}

// The rematch's seats: everyone moves one seat on (two seats: the sides are swapped), each with
// its bot or stand-in; so this player plays the seat after their own.
function rematchSeats(g, seat) {
  const seats = g.seats.map((x) => x.seat);
  const at = (i) => seats[(i + 1) % seats.length];
  const config = Object.fromEntries(g.seats.map((x, i) => [at(i), { bot: x.bot, stand_in: x.stand_in }]));
  return { config, mine: at(seats.indexOf(seat)) };
}

let rematchError = "";

function rematchButton(g, seat) {
  const { mine } = rematchSeats(g, seat);
  const others = g.seats.filter((x) => !x.bot && x.seat !== seat).length;
  return el("div", { class: "rematch" },
    el("button", { type: "button", class: "primary", id: "rematch", onclick: () => rematch(g, seat) }, `Rematch: you play ${mine}`),
    el("p", { class: "hint" }, `Same game, scenario, options and bots, sides swapped.` +
       (others ? " The other players find the new game under Open games in the lobby (or send them its link)." : "")),
    el("p", { class: "error", id: "rematch-error", role: "alert" }, rematchError));
}

async function rematch(g, seat) {
  const { config, mine } = rematchSeats(g, seat);
  const me = g.seats.find((x) => x.seat === seat);
  try {
    const made = await api("/games", { method: "POST", body: {
      ruleset: g.ruleset, scenario: g.scenario, options: g.options || {}, seats: config,
      deadline_seconds: g.deadline_seconds, join: mine, name: me.name } });
    rememberSeat(made.game.id, made.seat, made.token);
    location.href = seatLink(made.game.id, made.token);
    location.reload();  // only the part after # changed: load the new game afresh
  } catch (err) {
    rematchError = err.message;
    $("rematch-error").textContent = err.message;
  }
}

// "red won: the other side's fighters were all destroyed." — never the bare reason code.
function endWords(o) {
  const why = phrase("outcomes", o.reason) || String(o.reason || "the game ended").replaceAll("_", " ");
  const mine = current.seat;
  const winners = o.winners || [];
  if (!winners.length) return `Game over: a draw — ${why}.`;
  const you = mine && winners.includes(mine) ? " You won!" : mine ? " You lost." : "";
  return `Game over: ${winners.join(" and ")} won — ${why}.${you}`;
}

// --- order entry -------------------------------------------------------------------------

function buildOrders() {
  const d = current.decision;
  const box = $("orders");
  panel = null;
  map.offer([], null);
  if (!d && game().reset) { game().reset(); game().renderMap(map, current.view); }  // no ghost without a decision
  if (!token || !d) {
    const none = !token ? "Spectating: no orders." : current.game.status === "over" ? "The game is over." : "Nothing to decide now.";
    box.replaceChildren(el("h3", {}, "Orders"), el("p", {}, none), el("p", { class: "waiting", id: "orders-waiting" }));
    map.highlight();
    return;
  }
  const form = el("div", { id: "order-form" }, el("h3", {}, `Orders: ${d.kind}`), el("p", { class: "prompt" }, d.prompt));
  const ctx = { gameId, token, map, redraw: () => game().renderMap(map, current.view), myOrder: current.my_order,
                error: (message) => { $("order-error").textContent = message; } };
  const own = game().buildPanel ? game().buildPanel(form, d, ctx) : null;  // a game's own form, for the kinds it has one
  if (own) {
    panel = own;
  } else {
    const choices = el("div", { id: "legal" }, el("p", { class: "hint" }, "Loading the legal orders…"));
    form.append(choices);
    loadLegal(choices, d, panelKey);
  }
  form.append(el("div", { class: "order-foot" },  // stays in sight while a long panel scrolls
    el("button", { type: "button", class: "primary", id: "submit-order", onclick: submit },
       own ? "Submit orders" : "Submit order"),
    el("p", { class: "error", id: "order-error", role: "alert" }),
    el("p", { class: "waiting", id: "order-sent" })));
  if (game().sheets) form.append(sheetBox());
  box.replaceChildren(form);
  showSent();
}

// An order sheet pasted as text (docs/pbm.md): taken whole, or every error listed by line.
function sheetBox() {
  const text = el("textarea", { id: "sheet-text", rows: "6", spellcheck: "false", placeholder: "R1: B2S\nR1 fire: B1" });
  const errors = el("ul", { class: "error", id: "sheet-errors", role: "alert" });
  const send = async () => {
    errors.replaceChildren();
    try {
      const answer = await api(`/games/${gameId}/sheet`, { method: "POST", token, body: { sheet: text.value } });
      if (current.step === answer.step) { current.my_order = answer.order; showSent(); }
      show(await api(`/games/${gameId}/state`, { token }));
    } catch (err) {
      const list = err.body && err.body.errors;
      errors.replaceChildren(...(list ? list.map((e) => el("li", {}, sheetError(e))) : [el("li", {}, err.message)]));
    }
  };
  return el("details", { id: "sheet" }, el("summary", {}, "Or paste an order sheet (play by mail)"), text,
    el("button", { type: "button", id: "submit-sheet", onclick: send }, "Submit the sheet"), errors);
}

function sheetError(e) {
  const where = [e.line && `line ${e.line}`, e.unit && `unit ${e.unit}`, e.card && `card ${e.card}`].filter(Boolean).join(", ");
  return `${where ? `${where}: ` : ""}${e.message}${e.rule ? ` [${e.rule}]` : ""}`;
}

// A 409 means the server has moved past the decision this page shows (a push may still be on
// its way): the page reads the state again, which rebuilds the panel for the new decision, and
// asks again a few times before showing the error.
async function loadLegal(box, decision, key, tries = 3) {
  try {
    const { orders, total } = await fetchLegal(gameId, token);
    if (key !== panelKey) return;  // the decision moved on while the list was on its way
    const rest = { ...decision.options, choices: undefined };  // what the decision is about
    panel = legalPanel(box, { orders, total, kind: decision.kind, words: game(), map, rest });
  } catch (err) {
    if (key !== panelKey) return;
    if (err.status === 409 && tries > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      show(await api(`/games/${gameId}/state`, { token }));
      if (key === panelKey) loadLegal(box, decision, key, tries - 1);
      return;
    }
    box.replaceChildren(el("p", { class: "error" }, err.message));
  }
}

async function submit() {
  $("order-error").textContent = "";
  let order;
  try { order = panel && panel.order(); } catch (err) { $("order-error").textContent = `not JSON: ${err.message}`; return; }
  if (order === null || order === undefined) { $("order-error").textContent = "Pick an order first."; return; }
  const body = { order, step: current.step, request_key: crypto.randomUUID() };
  for (let attempt = 0; attempt < 3; attempt++) {  // the key makes a retry after a lost answer safe
    try {
      await api(`/games/${gameId}/orders`, { method: "POST", token, body });
      // Don't wait for the push. The order is said to be in only once the page holds the state
      // after it: a step the order resolved moves on without ever showing "Order in" for it.
      show(await api(`/games/${gameId}/state`, { token }));
      showSent();
      return;
    } catch (err) {
      if (err.status) { $("order-error").textContent = err.message; return; }
    }
  }
  $("order-error").textContent = "The server could not be reached; try again.";
}

function showSent() {
  const sent = $("order-sent");
  const kind = current.decision && current.decision.kind;
  if (sent) sent.textContent = current.my_order !== null && current.my_order !== undefined
    ? `Order in for step ${current.step}: ${words(current.my_order, kind)}. You may change it until the step resolves.` : "";
}

// --- the log -----------------------------------------------------------------------------

let logRequests = 0;

async function loadLog() {
  const mine = ++logRequests;
  const log = await api(`/games/${gameId}/log`, { token });
  if (mine !== logRequests) return;  // a newer request is on its way: never show an older log
  const g = game();
  $("log").replaceChildren(...log.steps.map((s) => el("li", { "data-log-step": s.step },
    el("strong", {}, `Step ${s.step}`),
    ...Object.entries(s.orders).map(([seat, o]) => {
      const standIn = (s.stand_ins || {})[seat];
      const by = standIn === "stand_in" ? "stand-in bot" : standIn === "standing" ? "standing order" : null;
      return el("div", { class: by ? "order stand-in" : "order", "data-order-seat": seat },
        by ? el("span", { class: "badge stand-in", title: "the deadline passed: the server ordered for this seat" }, by) : "",
        by ? " " : "",
        ...annotate(`${seat}: ${g.label(o, g.stepKind ? g.stepKind(s) : undefined)}`));
    }),
    ...s.events.map((e, i) => el("div", { class: e.type === "pulled" ? "pull" : "ev", "data-event": `${s.step}:${i}` },
                                 ...annotate(g.describe(e)))),
    ...(g.report ? g.report(s) : []).map((line) => el("div", { class: "ev report" }, ...annotate(line))))));
  $("log").scrollTop = $("log").scrollHeight;
  if (g.replay) {
    replay = replay || new Replay(map, $("replay-bar"), { hooks: g.replay, words: g.describe, onStep: markLogLine });
    replay.setLog(log, current.view);
    $("replay-open").hidden = !replay.groups.length;
    if (replay.open) markLogLine(replayed);
  }
}

// The log line of the event the replay shows, highlighted and scrolled into the log's view
// (the log alone scrolls: on a phone the page stays on the map).
let replayed = null;
function markLogLine(frame) {
  replayed = frame;
  for (const line of $("log").querySelectorAll(".replay-current")) line.classList.remove("replay-current");
  const line = frame && $("log").querySelector(`[data-event="${frame.step}:${frame.index}"]`);
  if (!line) return;
  line.classList.add("replay-current");
  const log = $("log");
  log.scrollTop = Math.max(0, line.offsetTop - log.clientHeight / 2);
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
    const first = await api(`/games/${gameId}/state`, { token });
    if (!cachedGlossary(first.game.ruleset)) await loadGlossary(first.game.ruleset);  // the words first
    show(first);
  } catch (err) {
    $("status").replaceChildren(el("p", { class: "error" }, err.message));
    return;
  }
  connect();
  setInterval(() => { if (current && current.game.turn_deadline && current.game.status === "active") showStatus(); }, 1000);  // the countdown
}

main();
