// The SVG hex map: flat-top (or pointy-top) hexes in axial (q, r), pans (drag) and zooms (wheel, buttons).
// Drawing only: every position it shows comes from the seat's view or the server's preview.

const SVGNS = "http://www.w3.org/2000/svg";
const SQRT3 = Math.sqrt(3);
const LETTERS = "ABCDEF"; // facings, clockwise from north (drawing angle only)
const TONES = ["red", "blue", "tone-2", "tone-3", "tone-4", "tone-5", "tone-6", "tone-7"];  // sides' colours by order (app.css)
const CROWDED = 8;  // more pieces than this: short labels and pieces no bigger than 1.3 hexes until zoomed in

function node(tag, attrs = {}, parent = null) {
  const n = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (parent) parent.append(n);
  return n;
}

export class HexMap {
  constructor(svg, size = 20) {
    this.svg = svg;
    this.size = size;
    this.box = null;
    this.gridKey = null;
    this.grid = node("g", { class: "grid" }, svg);
    this.ground = node("g", { class: "terrain" }, svg);
    this.layer = node("g", { class: "pieces" }, svg);
    this.marks = node("g", { class: "marks" }, svg);
    this.over = node("g", { class: "overlay" }, svg);  // redrawn with the pieces: arcs
    this.onHover = null;  // called with the hex under the pointer (or null)
    this.where = {};      // unit id -> hex, from the last render (for highlights)
    this.onTap = null;    // called with a hex when an offered hex is tapped (see offer)
    this.pointy = false;  // flat-top unless a game says otherwise (setPointy)
    this.installPanZoom();
  }

  // Pointy-top hexes (a game whose axial +q points east, e.g. Talon's TAL-G-1) instead of
  // flat-top; the grid is redrawn at the next render.
  setPointy(on) {
    if (this.pointy === on) return;
    this.pointy = on;
    this.gridKey = null;
  }

  center([q, r]) {
    if (this.pointy) return [this.size * SQRT3 * (q + r / 2), this.size * 1.5 * r];
    return [this.size * 1.5 * q, this.size * SQRT3 * (r + q / 2)];
  }

  hexPoints([x, y]) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k + (this.pointy ? Math.PI / 6 : 0);
      pts.push(`${(x + this.size * Math.cos(a)).toFixed(1)},${(y + this.size * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(" ");
  }

  // The map's hexes: a rectangle of columns and rows (odd columns half a hex lower).
  drawGrid(map) {
    const key = `${map.cols}x${map.rows}`;
    if (key === this.gridKey) return;
    this.gridKey = key;
    this.grid.replaceChildren();
    this.hexes = [];
    for (let col = 0; col < map.cols; col++) {
      for (let row = 0; row < map.rows; row++) {
        const h = [col, row - ((col - (col & 1)) >> 1)];
        this.hexes.push(h);
        const edge = col === 0 || row === 0 || col === map.cols - 1 || row === map.rows - 1;
        const poly = node("polygon", { class: edge ? "hex edge" : "hex", points: this.hexPoints(this.center(h)) },
                          this.grid);
        node("title", {}, poly).textContent = `hex ${h[0]},${h[1]}`;
        const [cx, cy] = this.center(h);
        node("text", { class: "coord", x: cx, y: cy - this.size * 0.62 }, this.grid).textContent = `${h[0]},${h[1]}`;
      }
    }
    this.fit();
  }

  fit() {
    if (!this.hexes || !this.hexes.length) return;
    const xs = this.hexes.map((h) => this.center(h));
    const minX = Math.min(...xs.map((p) => p[0])) - this.size * 1.5;
    const maxX = Math.max(...xs.map((p) => p[0])) + this.size * 1.5;
    const minY = Math.min(...xs.map((p) => p[1])) - this.size * 1.5;
    const maxY = Math.max(...xs.map((p) => p[1])) + this.size * 1.5;
    // On a phone the map is as tall as the board's shape needs (no empty bands).
    this.svg.style.aspectRatio = `${((maxX - minX) / (maxY - minY)).toFixed(3)}`;
    this.setBox([minX, minY, maxX - minX, maxY - minY]);
  }

  setBox(box) {
    this.box = box;
    this.svg.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
    // Level of detail: small print (a ship's stats) only once zoomed in far enough to read it.
    const rect = this.svg.getBoundingClientRect();
    const unit = rect.width > 0 ? Math.max(box[2] / rect.width, box[3] / rect.height) : 1;  // map units per pixel
    this.svg.classList.toggle("detail", rect.width > 0 && unit < 1.0);
    // Pieces never shrink below a readable size: at "fit" on a big map they are drawn larger
    // than their hex (up to 2.4 times), around their own centre.
    const hexPx = this.size / unit;
    const most = this.svg.classList.contains("crowded") ? 1.3 : 2.4;  // crowded: neighbours' labels stay apart
    this.svg.style.setProperty("--ps", Math.min(most, Math.max(1, 20 / hexPx)).toFixed(2));
  }

  zoom(factor, cx, cy) {
    const [x, y, w, h] = this.box;
    cx = cx ?? x + w / 2;
    cy = cy ?? y + h / 2;
    this.setBox([cx - (cx - x) * factor, cy - (cy - y) * factor, w * factor, h * factor]);
  }

  toMap(event) {
    const rect = this.svg.getBoundingClientRect();
    const [x, y, w, h] = this.box;
    const scale = Math.max(w / rect.width, h / rect.height);
    const offX = (rect.width * scale - w) / 2;
    const offY = (rect.height * scale - h) / 2;
    return [x - offX + (event.clientX - rect.left) * scale, y - offY + (event.clientY - rect.top) * scale, scale];
  }

  // The hex under a pointer event (axial, rounded), for the coordinate readout.
  hexAt(event) {
    if (!this.box) return null;
    const [x, y] = this.toMap(event);
    const [q, r] = this.pointy ? [(SQRT3 / 3 * x - y / 3) / this.size, (2 / 3 * y) / this.size]
      : [(2 / 3 * x) / this.size, (-x / 3 + SQRT3 / 3 * y) / this.size];
    const s = -q - r;
    let [rq, rr, rs] = [Math.round(q), Math.round(r), Math.round(s)];
    const [dq, dr, ds] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs - s)];
    if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
    return [rq, rr];
  }

  installPanZoom() {
    this.svg.addEventListener("mousemove", (e) => { if (this.onHover) this.onHover(this.hexAt(e)); });
    this.svg.addEventListener("mouseleave", () => { if (this.onHover) this.onHover(null); });
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [mx, my] = this.toMap(e);
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, mx, my);
    }, { passive: false });
    let drag = null;
    let pinch = null;           // two fingers: zoom about their midpoint
    const down = new Map();     // pointer id -> [x, y]
    const spread = () => { const [a, b] = [...down.values()]; return Math.hypot(a[0] - b[0], a[1] - b[1]); };
    this.svg.addEventListener("pointerdown", (e) => {
      down.set(e.pointerId, [e.clientX, e.clientY]);
      this.svg.setPointerCapture(e.pointerId);
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        pinch = { d: spread(), box: this.box, mid: { clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 } };
        drag = null;
        return;
      }
      // The pointer is captured for panning, so a click would land on the svg: a press and
      // release that barely moved on an offered hex counts as a tap on it instead.
      drag = { x: e.clientX, y: e.clientY, box: this.box, scale: this.toMap(e)[2],
               tap: e.target.closest && e.target.closest("[data-offer]") };
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (down.has(e.pointerId)) down.set(e.pointerId, [e.clientX, e.clientY]);
      if (pinch && down.size === 2) {
        this.setBox(pinch.box);
        const [mx, my] = this.toMap(pinch.mid);
        this.zoom(pinch.d / Math.max(spread(), 1), mx, my);
        return;
      }
      if (!drag) return;
      const [x, y, w, h] = drag.box;
      this.setBox([x - (e.clientX - drag.x) * drag.scale, y - (e.clientY - drag.y) * drag.scale, w, h]);
    });
    const up = (e) => {
      down.delete(e.pointerId);
      if (down.size < 2) pinch = null;
    };
    this.svg.addEventListener("pointerup", (e) => {
      up(e);
      const tap = drag && drag.tap && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5 ? drag.tap : null;
      drag = null;
      if (tap && this.onTap) this.onTap(JSON.parse(tap.dataset.offer));
    });
    this.svg.addEventListener("pointercancel", (e) => { up(e); drag = null; });
  }

  // Marks over the pieces: `hexes` outlined, `units` ringed (by id, where last drawn). Each
  // `set` of marks replaces only itself: hovering a table row ("hover") leaves the order
  // panel's marks ("focus") alone.
  highlight({ hexes = [], units = [] } = {}, set = "focus") {
    this.marks.querySelectorAll(`.${set}`).forEach((n) => n.remove());
    for (const h of hexes) node("polygon", { class: `${set} hex-focus`, points: this.hexPoints(this.center(h)) }, this.marks);
    for (const id of units) {
      if (!this.where[id]) continue;
      const [x, y] = this.center(this.where[id]);
      node("circle", { class: `${set} unit-focus`, cx: x, cy: y, r: this.size * 0.9, "data-focus": id }, this.marks);
    }
  }

  // Hexes the player may pick by tapping them (`onTap` gets the hex); an empty list clears.
  // `units`: unit ids (where drawn) the player may tap instead; `onTap` gets the id.
  offer(hexes, onTap, units = []) {
    this.marks.querySelectorAll(".offer").forEach((n) => n.remove());
    this.onTap = onTap;
    for (const h of hexes) {
      node("polygon", { class: "offer", points: this.hexPoints(this.center(h)), "data-offer": JSON.stringify(h) },
           this.marks);
    }
    for (const id of units) {
      if (!this.where[id]) continue;
      const [x, y] = this.center(this.where[id]);
      const c = node("circle", { class: "offer offer-unit", cx: x, cy: y, r: this.size * 0.95, "data-offer": JSON.stringify(id),
                                 "data-offer-unit": id }, this.marks);
      node("title", {}, c).textContent = `tap to choose ${id}`;
    }
  }

  // Fighters with facing, momentum marker and speed; shields and lock-ons when the view has
  // them; `ghosts` are previewed end positions {id: {hex, facing, momentum, speed}}.
  render(view, ghosts = {}) {
    if (view.map) this.drawGrid(view.map);
    this.layer.replaceChildren();
    this.over.replaceChildren();
    const byId = Object.fromEntries((view.fighters || []).map((f) => [f.id, f]));
    this.where = Object.fromEntries((view.fighters || []).map((f) => [f.id, f.hex]));
    for (const f of view.fighters || []) {
      if (f.lock_on && byId[f.lock_on]) {
        const [x1, y1] = this.center(f.hex);
        const [x2, y2] = this.center(byId[f.lock_on].hex);
        node("line", { class: "lock", x1, y1, x2, y2 }, this.layer);
      }
    }
    // sides other than red and blue (a scenario's empire, agrarians, eight Big Party players) get
    // a colour by their order; more than two sides get a legend of them
    const sides = view.sides || [];
    const tone = (side) => (["red", "blue"].includes(side) ? side : `${side} ${TONES[sides.indexOf(side)] || ""}`);
    this.drawLegend(sides, tone);
    // a crowded map (fleets of many ships) keeps its labels short and its pieces their hex's size
    const crowded = (view.fighters || []).length > CROWDED;
    if (crowded !== this.svg.classList.contains("crowded")) {
      this.svg.classList.toggle("crowded", crowded);
      if (this.box) this.setBox(this.box);
    }
    for (const f of view.fighters || []) this.drawFighter(f, tone(f.side), false);
    for (const [id, g] of Object.entries(ghosts)) {
      if (byId[id]) this.drawFighter({ ...byId[id], ...g, id }, tone(byId[id].side), true);
    }
  }

  // Which colour is which side, under the map (games of more than two sides).
  drawLegend(sides, tone) {
    if (!this.legend) {
      this.legend = document.createElement("div");
      this.legend.className = "map-legend";
      this.svg.after(this.legend);
    }
    const items = sides.length > 2 ? sides.map((s) => {
      const item = document.createElement("span");
      item.dataset.legendSide = s;
      const swatch = document.createElement("span");
      swatch.className = `swatch ${tone(s)}`;
      item.append(swatch, s);
      return item;
    }) : [];
    this.legend.replaceChildren(...items);
    this.legend.hidden = !items.length;
  }

  drawFighter(f, side, ghost) {
    const cls = ghost ? `${side} ghost` : side;
    const g = node("g", { class: "piece", "data-fighter": f.id, "data-ghost": ghost ? "1" : "0" }, this.layer);
    const [x, y] = this.center(f.hex);
    if (f.momentum) {
      const [mx, my] = this.center(f.momentum);
      node("line", { class: `vector ${cls}`, x1: x, y1: y, x2: mx, y2: my }, g);
      node("circle", { class: `marker ${cls}`, cx: mx, cy: my, r: this.size * 0.35, "data-marker": f.id }, g);
    }
    const angle = -90 + 60 * LETTERS.indexOf(f.facing);
    const s = this.size;
    const glyph = node("g", { class: "glyph", style: `transform-origin: ${x.toFixed(1)}px ${y.toFixed(1)}px` }, g);
    node("polygon", {
      class: `fighter ${cls}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle})`,
      points: `${0.8 * s},0 ${-0.5 * s},${0.5 * s} ${-0.5 * s},${-0.5 * s}`,
    }, glyph);
    const bits = [`s${f.speed ?? "?"}`];
    if (f.shields && typeof f.shields === "object") bits.push(`sh ${Object.values(f.shields).join("/")}`);
    else if (f.shields === true) bits.push("⛨");  // shields up
    const label = node("text", { class: "label", x, y: y + s * 0.95 }, glyph);
    label.textContent = f.id;
    node("tspan", { class: "speed" }, label).textContent = ` ${bits.join(" ")}`;  // hidden on a crowded map until zoomed in
    node("title", {}, g).textContent = `${ghost ? "preview: " : ""}${f.id} (${f.side}) at ${f.hex}, facing ${f.facing}, speed ${f.speed}`;
  }

  // A small token that is not a ship: a diamond at `hex` (a disc with `round`), its momentum
  // line when it has one, a short label and a hover title. `cls` styles it.
  drawToken({ hex, momentum = null, label = "", title = "", cls = "token", round = false, scale = 0.3 }) {
    const g = node("g", { class: `token ${cls}` }, this.layer);
    const [x, y] = this.center(hex);
    const r = this.size * scale;
    if (momentum) {
      const [mx, my] = this.center(momentum);
      node("line", { class: "vector token-vector", x1: x, y1: y, x2: mx, y2: my, "stroke-dasharray": "3,3" }, g);
    }
    if (round) node("circle", { cx: x, cy: y, r }, g);
    else node("polygon", { points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}` }, g);
    if (label) node("text", { class: "label", x, y: y + this.size * 0.75 }, g).textContent = label;
    node("title", {}, g).textContent = title;
  }

  // An arrow across `hex` pointing at hex `toward` (a black hole's gravity arrow), under the pieces.
  drawArrow(hex, toward, { cls = "", title = "" } = {}) {
    const [x, y] = this.center(hex);
    const [tx, ty] = this.center(toward);
    const a = Math.atan2(ty - y, tx - x);
    const r = this.size * 0.6;
    const [x1, y1, x2, y2] = [x - r * Math.cos(a), y - r * Math.sin(a), x + r * Math.cos(a), y + r * Math.sin(a)];
    const h = this.size * 0.35;
    const tip = (t) => `${(x2 - h * Math.cos(a + t)).toFixed(1)},${(y2 - h * Math.sin(a + t)).toFixed(1)}`;
    const g = node("g", { class: `map-arrow ${cls}` });
    this.layer.prepend(g);  // under the pieces: a fighter in the hex stays in sight
    node("line", { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1) }, g);
    node("polygon", { points: `${x2.toFixed(1)},${y2.toFixed(1)} ${tip(0.5)} ${tip(-0.5)}` }, g);
    node("title", {}, g).textContent = title;
  }

  // A gun's field of fire drawn as a wedge: from `hex`, centred on facing letter `facing` (or
  // a bearing in degrees clockwise from the map's north), `arc` degrees wide (0: a line),
  // `range` hexes long, in `parent` (the overlay unless given). Pieces whose centre lies inside
  // are ringed (`.in-arc`). Drawing only: whether a shot is void is the server's to say.
  drawArc(hex, facing, arc, range, title, only = null, parent = this.over) {
    const [x, y] = this.center(hex);
    const R = range * this.size * SQRT3;
    const mid = (-90 + (typeof facing === "number" ? facing : 60 * LETTERS.indexOf(facing))) * Math.PI / 180;
    const half = (arc / 2) * Math.PI / 180;
    const pt = (a) => `${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`;
    const g = node("g", { class: "arc", "data-arc": `${arc}` }, parent);
    if (arc <= 0) node("line", { class: "arc-line", x1: x, y1: y, x2: pt(mid).split(",")[0], y2: pt(mid).split(",")[1] }, g);
    else if (arc >= 360) node("circle", { class: "arc-fill", cx: x.toFixed(1), cy: y.toFixed(1), r: R.toFixed(1) }, g);
    else node("path", { class: "arc-fill", d: `M${x.toFixed(1)},${y.toFixed(1)} L${pt(mid - half)} A${R.toFixed(1)},${R.toFixed(1)} 0 ${arc > 180 ? 1 : 0} 1 ${pt(mid + half)} Z` }, g);
    node("title", {}, g).textContent = title;
    const inside = [];  // [id, range in hexes]
    for (const [id, h] of Object.entries(this.where)) {
      if (only && !only.includes(id)) continue;
      const [px, py] = this.center(h);
      const d = Math.hypot(px - x, py - y);
      if (d < 1 || d > R + 1) continue;
      let diff = Math.abs(Math.atan2(py - y, px - x) - mid) % (2 * Math.PI);
      if (diff > Math.PI) diff = 2 * Math.PI - diff;
      if (diff <= half + 0.02) {
        node("circle", { class: "in-arc", cx: px, cy: py, r: this.size * 1.05, "data-in-arc": id }, g);
        inside.push([id, hexDistance(hex, h)]);
      }
    }
    return inside;
  }

  // The hexes within `radius` of `hex` outlined as one (a sensor's reach, a shroud): the
  // hexagon through the outermost hexes' centres, pushed out by half a hex, under the pieces
  // (in `parent`, the terrain layer unless given). `attrs` adds data attributes.
  drawReach(hex, radius, { cls = "reach", title = "", attrs = {}, parent = this.ground } = {}) {
    if (!(radius > 0)) return null;
    const [x, y] = this.center(hex);
    const corners = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]].map(([dq, dr]) => {
      const [cx, cy] = this.center([hex[0] + dq * radius, hex[1] + dr * radius]);
      const k = (radius + 0.5) / radius;
      return `${(x + (cx - x) * k).toFixed(1)},${(y + (cy - y) * k).toFixed(1)}`;
    });
    const g = node("polygon", { class: cls, points: corners.join(" "), ...attrs }, parent);
    node("title", {}, g).textContent = title;
    return g;
  }

  // A line of sight from hex `from` to hex `to`, labelled at its middle (e.g. the range), in
  // `parent`. Drawing only: whether anything blocks it is the server's to judge.
  drawSight(from, to, { label = "", title = "", cls = "sight", attrs = {}, parent = this.over } = {}) {
    const [x1, y1] = this.center(from);
    const [x2, y2] = this.center(to);
    const g = node("g", { class: cls, ...attrs }, parent);
    node("line", { class: "sight-line", x1, y1, x2, y2 }, g);
    if (label) node("text", { class: "sight-label", x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 3 }, g).textContent = label;
    node("title", {}, g).textContent = title;
    return g;
  }

  // Launch Fighters!: terrain and exit areas under the units; ships (owner colour, facing,
  // current stats where the design has them, flagship star, squadrons aboard) and squadrons
  // on the map (a flipped, inactive one hollow). `position` is the view's position object.
  renderFleets(position) {
    this.drawGrid(position.map);
    this.ground.replaceChildren();
    for (const e of position.exits || []) {
      for (const h of e.hexes) node("polygon", { class: `exit seat-${e.seat}`, points: this.hexPoints(this.center(h)) }, this.ground);
    }
    for (const t of position.terrain || []) this.drawTerrain(t);
    this.layer.replaceChildren();
    this.where = {};
    const aboard = {};
    for (const q of position.squadrons) {
      if (q.status === "map") this.drawSquadron(q);
      if (q.status === "hosted") (aboard[q.host] ||= []).push(q.id);
    }
    for (const s of position.ships) if (s.status === "map") this.drawShip(s, aboard[s.id] || []);
  }

  // A planetoid is a globe, an asteroid hex a few rocks, a nebula a tinted hex.
  drawTerrain(t) {
    const [x, y] = this.center(t.hex);
    const z = this.size;
    const g = node("g", { class: `terrain-hex ${t.type}` }, this.ground);
    node("polygon", { points: this.hexPoints([x, y]) }, g);
    if (t.type === "planetoid") node("circle", { class: "globe", cx: x, cy: y, r: z * 0.7 }, g);
    if (t.type === "asteroid") {
      for (const [dx, dy, r] of [[-0.35, -0.25, 0.16], [0.3, -0.1, 0.2], [-0.05, 0.35, 0.13]]) {
        node("circle", { class: "rock", cx: x + dx * z, cy: y + dy * z, r: r * z }, g);
      }
    }
    node("title", {}, g).textContent = `${t.type} at ${t.hex}`;
  }

  drawShip(s, aboard) {
    this.where[s.id] = s.hex;
    const z = this.size;
    const [x, y] = this.center(s.hex);
    const piece = node("g", { class: `piece seat-${s.owner}`, "data-unit": s.id }, this.layer);
    const g = node("g", { class: "glyph", style: `transform-origin: ${x.toFixed(1)}px ${y.toFixed(1)}px` }, piece);
    node("polygon", {
      class: "ship", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${lfAngle(s.facing)})`,
      points: `${0.85 * z},0 ${0.2 * z},${0.45 * z} ${-0.6 * z},${0.45 * z} ${-0.6 * z},${-0.45 * z} ${0.2 * z},${-0.45 * z}`,
    }, g);
    node("text", { class: "unit-id", x, y: y + 3.5 }, g).textContent = shortId(s.id) + (s.flagship ? "★" : "");
    const stats = Object.entries(s.stats).filter(([k]) => s.design[k] > 0)
      .map(([k, v]) => `${k[0].toUpperCase()}${v}`).join(" ");
    node("text", { class: "stats", x, y: y + z * 1.05 }, g).textContent = stats;
    if (aboard.length) node("text", { class: "aboard", x: x + z * 0.55, y: y - z * 0.55 }, g).textContent = `+${aboard.length}F`;
    node("title", {}, piece).textContent = `${s.id} (${s.owner}) ${s.design.name} at ${s.hex}, facing ${s.facing}: ` +
      `${Object.entries(s.stats).map(([k, v]) => `${k} ${v}`).join(", ")}, missiles ${s.missiles}` +
      (aboard.length ? `; aboard: ${aboard.join(" ")}` : "");
  }

  drawSquadron(q) {
    this.where[q.id] = q.hex;
    const z = this.size;
    const [x, y] = this.center(q.hex);
    const piece = node("g", { class: `piece seat-${q.owner}`, "data-unit": q.id }, this.layer);
    const g = node("g", { class: "glyph", style: `transform-origin: ${x.toFixed(1)}px ${y.toFixed(1)}px` }, piece);
    node("polygon", { class: q.active ? "squadron" : "squadron flipped",
                      points: `${x},${y - 0.5 * z} ${x + 0.5 * z},${y} ${x},${y + 0.5 * z} ${x - 0.5 * z},${y}` }, g);
    node("text", { class: "unit-id", x, y: y + 3.5 }, g).textContent = shortId(q.id);
    node("title", {}, piece).textContent = `${q.id} (${q.owner}) squadron from ${q.origin} at ${q.hex}` +
      (q.active ? "" : ", flipped (inactive)");
  }
}

function hexDistance(a, b) {
  const dq = b[0] - a[0], dr = b[1] - a[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

// Launch Fighters! facings are direction indices counter-clockwise from axial +q (LF-MAP-03),
// which on these flat-top hexes points 30 degrees below the x axis.
function lfAngle(facing) {
  return 30 - 60 * facing;
}

// "red-A" -> "A": the owner is already the piece's colour.
function shortId(id) {
  return id.slice(id.indexOf("-") + 1);
}
