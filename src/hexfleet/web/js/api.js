// Talking to the server: JSON in, JSON out; a refused request throws an Error carrying the
// server's JSON body (error code, message, and for broken rules the rule ID).

export class ApiError extends Error {
  constructor(status, body) {
    const rule = body && body.rule ? ` [${body.rule}]` : "";
    super(((body && body.message) || `HTTP ${status}`) + rule);
    this.status = status;
    this.body = body;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// Seats this browser holds: {gameId: {seat, token}}. The token is also in the seat's link, so
// the same seat can be reopened on any device.
const KEY = "hexfleet.seats";

export function mySeats() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

export function rememberSeat(gameId, seat, token) {
  const seats = mySeats();
  seats[gameId] = { seat, token };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function seatLink(gameId, token) {
  return `${location.origin}/game.html#game=${encodeURIComponent(gameId)}&token=${encodeURIComponent(token)}`;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
