// The lobby: create a game, join a seat, my games, spectate. Everything offered (games,
// scenarios, options, bots) comes from /api/rulesets.
import { api, el, mySeats, rememberSeat, seatLink } from "./api.js";

let catalogue = { rulesets: [] };
const $ = (id) => document.getElementById(id);

function ruleset() { return catalogue.rulesets.find((r) => r.name === $("ruleset").value); }

function fillScenarios() {
  const r = ruleset();
  $("scenario").replaceChildren(...Object.entries(r.scenarios).map(([k, s]) => el("option", { value: k }, s.title)));
  $("scenario").value = r.default_scenario in r.scenarios ? r.default_scenario : $("scenario").value;  // the game's own default
  fillScenario();
}

// A choice in words: true/false as yes/no, "no_double_count" as "no double count".
const choiceWords = (c) => c === null ? "none" : c === true ? "yes" : c === false ? "no" : String(c).replaceAll("_", " ");

// One control per option, showing the scenario's own value (GET /api/rulesets gives each
// scenario's). Each remembers the value it started with: only what the person changes is sent,
// so a scenario's settings (Bigger plays to elimination) are never overridden unasked.
function optionControl(o, value) {
  const attrs = { name: `opt-${o.name}`, "data-option": o.name };
  if (o.choices.length) {
    const choices = o.choices.some((c) => JSON.stringify(c) === JSON.stringify(value)) ? o.choices : [value, ...o.choices];
    const select = el("select", attrs, ...choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === value },
                                                                  choiceWords(c))));
    select.dataset.initial = JSON.stringify(value);
    return select;
  }
  const numeric = o.default === null || typeof o.default === "number";  // else JSON, e.g. teams
  const shown = value === null ? "" : numeric ? String(value) : JSON.stringify(value);
  const input = el("input", { ...attrs, type: numeric ? "number" : "text", min: numeric ? 1 : null, value: shown,
                              placeholder: value === null ? "none" : numeric ? "" : "JSON" });
  input.dataset.initial = shown;
  return input;
}

// Only the options that apply to the scenario (the catalogue lists their values for it: a Module 1
// scenario gets no Module 3 switches), each by its label, its help under it.
function fillScenario() {
  const r = ruleset();
  const scenario = r.scenarios[$("scenario").value];
  const values = scenario.options || {};
  const offered = r.options.filter((o) => o.name in values);
  const isSet = (o) => JSON.stringify(values[o.name]) !== JSON.stringify(o.default);
  $("options").replaceChildren(...offered.map((o) => el("label", { class: "option", title: `${o.name} (${o.rule})` },
    el("span", { class: "option-label" }, o.label, isSet(o) ? el("span", { class: "tag" }, " · set by this scenario") : ""),
    optionControl(o, values[o.name]), el("small", { class: "option-help" }, o.help))));
  const set = offered.filter(isSet).length;
  $("options-summary").textContent = offered.length
    ? `Options: ${offered.length} rule${offered.length === 1 ? "" : "s"}${set ? `, ${set} set by this scenario` : ""} — the scenario's values unless you change them`
    : "Options: none for this scenario";
  $("scenario-about").textContent = scenario.description;
  showSeats(scenario.seats);
}

// The seats, each a person or a bot; the seats an option changes (a Big Party's number of
// players) are asked of the server again whenever an option changes.
function showSeats(seats) {
  const r = ruleset();
  const kinds = ["person", ...r.bots.map((b) => `bot: ${b}`)];
  $("seats").replaceChildren(el("legend", {}, "Seats"), ...seats.map((seat, i) => el("label", {},
    `${seat} `,
    el("select", { "data-seat": seat, name: `seat-${seat}` }, ...kinds.map((k) => el("option", { value: k }, k))),
    el("label", { class: "inline" }, el("input", { type: "radio", name: "join", value: seat, checked: i === 0 }),
       " I play this seat"))));
}

async function refreshSeats() {
  const shown = [...$("seats").querySelectorAll("select[data-seat]")].map((x) => x.dataset.seat);
  try {
    const { seats } = await api(`/rulesets/${encodeURIComponent($("ruleset").value)}/seats`, { method: "POST", body: {
      scenario: $("scenario").value, options: changedOptions() } });
    if (JSON.stringify(seats) !== JSON.stringify(shown)) showSeats(seats);
    $("create-error").textContent = "";
  } catch (err) {
    $("create-error").textContent = err.message;  // the options as they stand cannot make a game
  }
}

// The options the person changed, as JSON values (an emptied field: null, "none").
function changedOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.value === input.dataset.initial) continue;
    const name = input.dataset.option;
    if (input.value === "") options[name] = null;
    else if (input.type === "number") options[name] = Number(input.value);
    else {
      try { options[name] = JSON.parse(input.value); } catch { throw new Error(`option ${name}: not JSON: ${input.value}`); }
    }
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  // only the form's own controls: the open games' "Join as …" buttons carry data-seat too
  const seats = {};
  for (const select of $("seats").querySelectorAll("select[data-seat]")) {
    seats[select.dataset.seat] = select.value === "person" ? {} : { bot: select.value.slice(5) };
  }
  const chosen = $("seats").querySelector("input[name=join]:checked");
  const join = chosen && !seats[chosen.value].bot ? chosen.value : null;
  const deadline = $("deadline").value ? Number($("deadline").value) * Number($("deadline-unit").value) : null;
  try {
    const made = await api("/games", { method: "POST", body: {
      ruleset: $("ruleset").value, scenario: $("scenario").value, options: changedOptions(), seats,
      deadline_seconds: deadline, join, name: $("name").value || null, email: $("email").value || null } });
    // the game master's token rides in the page's link (docs/pbm.md): keep that link to run the game
    const master = `&master=${encodeURIComponent(made.master_token)}`;
    if (made.token) {
      rememberSeat(made.game.id, made.seat, made.token);
      location.href = seatLink(made.game.id, made.token) + master;
    } else {
      location.href = `/game.html#game=${made.game.id}${master}`;
    }
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

async function join(gameId, seat) {
  try {
    const joined = await api(`/games/${gameId}/seats/${encodeURIComponent(seat)}/join`, {
      method: "POST", body: { name: $("name").value || null, email: $("email").value || null } });
    rememberSeat(gameId, seat, joined.token);
    location.href = seatLink(gameId, joined.token);
  } catch (err) {
    alert(err.message);
  }
}

function describe(g) {
  const seats = g.seats.map((s) => `${s.seat}${s.bot ? ` (${s.bot})` : s.name ? ` (${s.name})` : ""}`).join(" v ");
  return `${g.ruleset} · ${g.scenario} · ${seats} · step ${g.steps}`;
}

function gameItem(g) {
  const item = el("li", { "data-game": g.id }, el("span", {}, describe(g)));
  if (g.status === "open") {
    for (const s of g.seats.filter((s) => !s.joined)) {
      item.append(el("button", { type: "button", class: "join", "data-seat": s.seat,
                                 onclick: () => join(g.id, s.seat) }, `Join as ${s.seat}`));
    }
  }
  item.append(el("a", { href: `/game.html#game=${g.id}` }, g.status === "over" ? "view" : "spectate"));
  return item;
}

function list(id, games) {
  $(id).replaceChildren(...(games.length ? games.map(gameItem) : [el("li", { class: "empty" }, "none")]));
}

async function refresh() {
  const [open, active, over] = await Promise.all(
    ["open", "active", "over"].map((status) => api(`/games?status=${status}`)));
  list("open-games", open.games);
  list("active-games", active.games);
  list("over-games", over.games.slice(0, 20));
  const mine = Object.entries(mySeats());
  const items = await Promise.all(mine.map(async ([gameId, { seat, token }]) => {
    try {
      const g = await api(`/games/${gameId}`);
      return el("li", {}, el("a", { href: seatLink(gameId, token) }, `${seat} in ${describe(g)}`),
                el("span", { class: "tag" }, g.status));
    } catch { return null; }
  }));
  const kept = items.filter(Boolean);
  $("my-games").replaceChildren(...(kept.length ? kept : [el("li", { class: "empty" }, "none yet")]));
}

async function main() {
  catalogue = await api("/rulesets");
  $("ruleset").replaceChildren(...catalogue.rulesets.map((r) => el("option", { value: r.name }, r.title)));
  $("options-box").open = window.innerWidth > 760;  // on a phone the rules fold away under the seats' way
  $("ruleset").value = catalogue.default_game || $("ruleset").value;  // the registry's first game, not the alphabet's
  $("ruleset").addEventListener("change", fillScenarios);
  $("scenario").addEventListener("change", fillScenario);
  $("options").addEventListener("change", refreshSeats);
  $("create-form").addEventListener("submit", create);
  fillScenarios();
  await refresh();
  setInterval(refresh, 5000);
}

main();
