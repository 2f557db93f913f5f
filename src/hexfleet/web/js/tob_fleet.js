// Turn or Burn's Module 6 words in the browser: stations and scores in the log, a station
// placement order in words (the presenter's sentences, render/turn_or_burn_v2.py).
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
