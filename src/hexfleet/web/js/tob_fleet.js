// Turn or Burn: a ship's further crew actions in its own row of the plot (TOB-M3-MULTI-01: one
// action per working crew member; Module 6 ships plot several, TOB-M6-ORDER-01). The hand in
// tob.js gives the first action; each further crew member gets a card and, for a card that takes
// one, a target. The server checks the whole order (the preview shows what it refuses).
import { el } from "./api.js";
import { explain, named } from "./glossary.js";

// `o`: the fighter's plot options ({cards, actions, ...}); `targetsFor(card)`: what the card may
// name ([] when it takes no target); `changed()`: called after every change (a new preview).
// Returns {el, entries(), restore(entries), text()}; `el` is null for a fighter with one action.
export function crewActions(fid, o, targetsFor, changed) {
  const count = Math.max(0, (o.actions || 1) - 1);
  if (!count) return { el: null, entries: () => [], restore: () => {}, text: () => "" };
  const slots = [];
  const box = el("div", { class: "crew-actions", "data-crew": fid });
  for (let k = 0; k < count; k += 1) {
    const slot = { card: null, target: null };
    const help = el("small", { class: "card-help", "data-crew-help": `${fid}/${k + 2}` });
    const target = el("select", { "data-crew-target": `${fid}/${k + 2}`, hidden: true, title: "the card's target",
                                  onchange: (e) => { slot.target = e.target.value || null; changed(); } });
    const card = el("select", { "data-crew-card": `${fid}/${k + 2}`, onchange: (e) => {
      setCard(e.target.value || null, null);
      changed();
    } }, el("option", { value: "" }, "no action"), ...o.cards.map((c) => el("option", { value: c }, named(c))));
    function setCard(code, aim) {
      slot.card = code;
      card.value = code ?? "";
      const names = code ? targetsFor(code) : [];
      target.hidden = !names.length;
      target.replaceChildren(el("option", { value: "" }, "nearest enemy in arc"),
                             ...names.map((t) => el("option", { value: t }, `at ${t}`)));
      target.value = aim ?? "";
      slot.target = aim ?? null;
      help.textContent = code ? explain(code) : "";
    }
    slot.set = setCard;
    slots.push(slot);
    box.append(el("div", { class: "crew-action" }, el("label", {}, `Crew action ${k + 2} `, card), " ", target, " ", help));
  }
  return {
    el: box,
    entries: () => slots.filter((s) => s.card).map((s) => ({ card: s.card, ...(s.target ? { target: s.target } : {}) })),
    // actions sent earlier beyond the first (after a refresh)
    restore: (sent) => sent.slice(0, count).forEach((a, k) => slots[k].set(a.card ?? null, a.target || null)),
    text: () => slots.filter((s) => s.card).map((s) => ` + ${s.card}${s.target ? ` > ${s.target}` : ""}`).join(""),
  };
}

const at = (h) => `${h[0]},${h[1]}`;

// Module 6 events in words (the presenter's sentences, render/turn_or_burn_v2.py); null: not one.
export function partyEvent(e) {
  switch (e.type) {
    case "station_placed": return `${e.side} places station ${e.id} at ${at(e.hex)}.`;
    case "station_hit": return `${e.shooter} (${e.side}) does ${e.damage} damage to station ${e.station}.`;
    case "station_captured": return e.owner ? `Station ${e.station} now belongs to ${e.owner}.` : `Station ${e.station} is unowned again.`;
    case "delivered": return `${e.id} delivers ${e.cargo} cargo at ${e.station} for ${e.points} point(s) and leaves the map.`;
    case "scored": return `${e.side} scores ${e.points} (${e.reason.replaceAll("_", " ")}), total ${e.total}.`;
    default: return null;
  }
}

// A station placement order ({"S1": [q, r]}, TOB-M6-STN-02) in words.
export const stationLabel = (order) => Object.entries(order).map(([sid, h]) => `places station ${sid} at ${at(h)}`).join("; ");
