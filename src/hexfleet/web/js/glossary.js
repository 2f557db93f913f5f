// What the game's codes mean (TNC, B3S, BG, C L B D M…): names and effects from the server's
// glossary (GET /api/rulesets/{game}/glossary, built from the game's own tables). Words only:
// nothing here decides what is legal.
import { api, el } from "./api.js";

let G = { terms: {} };

// Kept for the session, so a reload has the words at once.
export function cachedGlossary(game) {
  try { G = JSON.parse(sessionStorage.getItem(`hexfleet.glossary.${game}`)) || G; } catch { /* none yet */ }
  return Object.keys(G.terms || {}).length > 0;
}

export async function loadGlossary(game) {
  try {
    G = await api(`/rulesets/${encodeURIComponent(game)}/glossary`);
    sessionStorage.setItem(`hexfleet.glossary.${game}`, JSON.stringify(G));
  } catch { /* codes stay bare */ }
  return G;
}

export const glossary = () => G;
export const term = (code) => (code && G.terms && G.terms[code]) || null;

// "Bubble Gun: gun: 0° arc (straight ahead only), range 12, 6 damage"
export function explain(code) {
  const t = term(code);
  return t ? `${code} = ${t.name}${t.effect ? `: ${t.effect}` : ""}` : String(code);
}

// "B3S (Burn 3, slip starboard)" in running text; an unknown code stays as it is.
export function named(code) {
  const t = term(code);
  return t && t.name !== code ? `${code} (${t.name})` : String(code);
}

// A code as an element with its meaning on hover/long-press (title) for tables and lists.
export function codeEl(code, text = code) {
  const t = term(code);
  return t ? el("abbr", { class: "code", title: explain(code), "data-term": code }, text) : el("span", {}, text);
}

// One of the glossary's other tables: outcomes, reasons, causes, designs.
export const phrase = (table, key) => (G[table] && G[table][key]) || null;

// A sentence with every code in it (B3S, BG, CM… : two or more capitals and digits) given its
// meaning on hover: text nodes and <abbr>s, for the log.
export function annotate(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(/\b[A-Z][A-Z0-9]+\b/g)) {
    if (!term(m[0])) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(codeEl(m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
