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
