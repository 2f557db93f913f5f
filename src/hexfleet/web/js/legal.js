// The generic order panel: every legal order the server offers for this seat's open decision
// (GET /api/games/{id}/legal), as buttons with readable labels. Knows no rules and no game:
// a long list is narrowed one field at a time (unit, then destination, then facing, ...),
// hexes being picked may also be tapped on the map, and hovering an order marks the units and
// hexes it names.
import { api, el } from "./api.js";
import { explain, term } from "./glossary.js";

const LIST_MAX = 12;  // at most this many orders are listed whole; more are narrowed first
const PAGE = 1000;    // the server's largest page
const MAX_PAGES = 5;

export async function fetchLegal(gameId, token) {
  const orders = [];
  let total = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await api(`/games/${gameId}/legal?offset=${orders.length}&limit=${PAGE}`, { token });
    orders.push(...got.orders);
    total = got.total;
    if (orders.length >= total || !got.orders.length) break;
  }
  return { orders, total };
}

const isHex = (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger);

// The hexes and known unit ids anywhere in a JSON value (an order, a decision's options).
function mentions(value, units) {
  const found = { hexes: [], units: [] };
  (function walk(v) {
    if (isHex(v)) found.hexes.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
    else if (typeof v === "string" && v in units) found.units.push(v);
  })(value);
  return found;
}

// Fills `box` with the picker; returns {order()} (the picked order, or null).
// `words`: {label(order, kind), valueLabel(key, value), mark?(map, order)}; `map`: the HexMap; `rest`: the
// highlight to show when nothing is hovered (what the decision is about).
export function legalPanel(box, { orders, total, kind, words, map, rest }) {
  const keys = [...new Set(orders.flatMap((o) => Object.keys(o)))];
  const picks = [];       // [key, value as JSON] narrowing the list, in the order picked
  let chosen = null;
  // The fields picked so far as a partial order (what a game's `mark` draws while narrowing).
  const picked = () => Object.fromEntries(picks.map(([k, v]) => [k, JSON.parse(v ?? "null")]));
  // Marks for a value (an order, or one field's value while narrowing): the units and hexes it
  // names, and whatever the game's optional `words.mark(map, order)` draws for the (partial) order.
  const show = (v, key, whole = v) => {
    map.highlight(mentions(v, map.where));
    if (words.mark) words.mark(map, key ? { ...picked(), [key]: v } : whole);
  };
  const calm = () => show(chosen ?? rest, null, chosen ?? picked());
  const hoverable = (v, key = null) => ({ onmouseenter: () => show(v, key), onmouseleave: calm,
                                          onfocus: () => show(v, key), onblur: calm });

  function render() {
    const left = orders.filter((o) => picks.every(([k, v]) => JSON.stringify(o[k]) === v));
    const facet = left.length > LIST_MAX &&
      keys.find((k) => !picks.some(([p]) => p === k) && new Set(left.map((o) => JSON.stringify(o[k]))).size > 1);
    const parts = [];
    if (total > orders.length) parts.push(el("p", { class: "hint" }, `Showing the first ${orders.length} of ${total} orders.`));
    if (picks.length) {
      parts.push(el("div", { class: "picks" }, ...picks.map(([k, v], i) => el("button", {
        type: "button", class: "pick", title: "undo this choice",
        onclick: () => { picks.splice(i); chosen = null; render(); } }, `${words.valueLabel(k, JSON.parse(v ?? "null"))} ✕`))));
    }
    map.offer([], null);
    if (facet) {
      const values = [...new Map(left.map((o) => [JSON.stringify(o[facet]), o[facet]])).entries()];
      const choose = (json) => { picks.push([facet, json]); render(); };
      const hexes = values.every(([, v]) => isHex(v));
      parts.push(el("p", {}, `${left.length} possible orders. Choose “${facet}”${hexes ? " (or tap a marked hex on the map)" : ""}:`),
        el("div", { class: "choices" }, ...values.map(([json, v]) => el("button", {
          type: "button", "data-facet": facet, "data-value": json ?? "null", onclick: () => choose(json), ...hoverable(v, facet),
        }, words.valueLabel(facet, v)))));
      const units = !hexes && values.every(([, v]) => typeof v === "string" && v in map.where);
      if (hexes) map.offer(values.map(([, v]) => v), (h) => choose(JSON.stringify(h)));
      else if (units) map.offer([], (id) => choose(JSON.stringify(id)), values.map(([, v]) => v));
    } else {
      if (left.length === 1) chosen = left[0];
      parts.push(el("div", { class: "choices list" }, ...left.map((o) => el("button", {
        type: "button", "data-order": JSON.stringify(o), class: o === chosen ? "chosen" : "",
        title: termsIn(o) || undefined, onclick: () => { chosen = o; render(); }, ...hoverable(o),
      }, words.label(o, kind)))));
      offerOnMap(left, (o) => { chosen = o; render(); });
      parts.push(el("p", { class: "preview", id: "chosen-order" }, chosen ? `Your order: ${words.label(chosen, kind)}` : "Pick an order."));
    }
    box.replaceChildren(...parts);
    calm();
  }

  // A short list whose orders each name one hex (or else one unit) of their own: tap it on the map.
  function offerOnMap(list, pick) {
    const named = list.map((o) => mentions(o, map.where));
    const own = (key) => {
      const ones = named.map((m) => (m[key].length === 1 ? JSON.stringify(m[key][0]) : null));
      return ones.every((x) => x !== null) && new Set(ones).size === ones.length ? ones : null;
    };
    const hexes = list.length > 1 && own("hexes");
    const units = list.length > 1 && !hexes && own("units");
    const byKey = (keys) => Object.fromEntries(keys.map((k, i) => [k, list[i]]));
    if (hexes) { const m = byKey(hexes); map.offer(hexes.map((h) => JSON.parse(h)), (h) => pick(m[JSON.stringify(h)])); }
    else if (units) { const m = byKey(units); map.offer([], (id) => pick(m[JSON.stringify(id)]), units.map((u) => JSON.parse(u))); }
  }

  render();
  return { order: () => chosen };
}

// What the game's codes in an order mean (from the glossary), for the order's tooltip.
function termsIn(order) {
  const found = new Set();
  (function walk(v) {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => { if (term(k)) found.add(k); walk(x); });
    else if (typeof v === "string" && term(v)) found.add(v);
  })(order);
  return [...found].map(explain).join("\n");
}

// Words for any game's orders when its module has none: the fields as they are spelled.
export const plainWords = {
  valueLabel: (key, value) => `${key} ${value === null || value === undefined ? "none" : JSON.stringify(value)}`,
  label: (order) => JSON.stringify(order),
};
