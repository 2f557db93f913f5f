// Turn or Burn in the browser: its own order panel (the hand of cards with server previews,
// gun targets, the setup build), the fighters table and words for its events. The plot is
// simultaneous and combinatorial, so it gets a dedicated form rather than the legal-orders list.
import { api, el } from "./api.js";

let previews = {};  // fighter id -> previewed end position, for the open decision

export function renderMap(map, view) {
  map.render(view, previews);
}

export function summary(view) {
  return view.turn ? `turn ${view.turn}` : "";
}

export function unitsCard(view) {
  const rows = (view.fighters || []).map((f) => el("tr", { "data-fighter-row": f.id },
    el("td", {}, f.id), el("td", {}, f.side), el("td", {}, `${f.hex}`), el("td", {}, f.facing),
    el("td", {}, f.speed), el("td", {}, (f.cards || []).join(" ")),
    el("td", {}, (f.destroyed || []).join(" "))));
  return [el("h3", {}, "Fighters"), el("table", { class: "fighters" },
    el("tr", {}, ...["id", "side", "hex", "face", "spd", "cards", "lost"].map((h) => el("th", {}, h))), ...rows)];
}

// Fills `form` for the open decision; returns {order()} building the order to send.
// `ctx`: {gameId, token, redraw(), error(message)}.
export function buildPanel(form, decision, ctx) {
  previews = {};
  if (decision.kind === "plot") return buildPlot(form, decision.options, ctx);
  if (decision.kind === "setup") return buildSetup(form, decision.options);
  return buildRaw(form);
}

function buildPlot(form, options, ctx) {
  const choice = {};
  const order = () => Object.fromEntries(Object.entries(choice).map(([fid, c]) =>
    [fid, c.card ? [c.target ? { card: c.card, target: c.target } : { card: c.card }] : []]));
  async function pick(fid, card, button) {
    choice[fid] = { card, target: null };
    for (const b of document.querySelectorAll(`[data-hand="${fid}"] button`)) b.classList.toggle("chosen", b === button);
    const select = document.querySelector(`[data-target="${fid}"]`);
    select.hidden = !(options.fighters[fid].targeted || []).includes(card);
    select.value = "";
    try {
      const result = await api(`/games/${ctx.gameId}/preview`, { method: "POST", token: ctx.token, body: { order: order() } });
      previews = {};
      for (const [id, p] of Object.entries(result.preview.fighters || {})) {
        previews[id] = p;
        const line = document.querySelector(`[data-preview="${id}"]`);
        if (line) line.textContent = `${id} ends at ${p.hex}, facing ${p.facing}, speed ${p.speed}` +
          (p.thrust ? `, thrust ${p.thrust}` : "") + (p.off_map ? " — OFF THE MAP: it would be lost" : "");
      }
      ctx.redraw();
    } catch (err) {
      ctx.error(err.message);
    }
  }
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
  return { order };
}

function buildSetup(form, options) {
  const choice = {};
  for (const [fid, o] of Object.entries(options.fighters)) {
    choice[fid] = { gun: o.guns[0] };
    form.append(el("h4", {}, `${fid}: build and place`),
      el("label", {}, "Gun ", el("select", { "data-gun": fid, onchange: (e) => { choice[fid].gun = e.target.value; } },
        ...o.guns.map((g) => el("option", { value: g }, g)))),
      el("p", {}, `Placed at ${o.default.hex}, facing ${o.default.facing}, momentum marker at ${o.default.momentum} (${o.zone} zone).`));
  }
  return { order: () => Object.fromEntries(Object.entries(choice).map(([fid, c]) => [fid, { gun: c.gun }])) };
}

function buildRaw(form) {
  const text = el("textarea", { id: "raw-order", rows: 4, cols: 40 }, "{}");
  form.append(el("label", {}, "Order (JSON) ", text));
  return { order: () => JSON.parse(text.value) };
}

const at = (h) => `(${h})`;

export function describe(e) {
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
