// The SVG hex map: flat-top hexes in axial (q, r), pans (drag) and zooms (wheel, buttons).
// Drawing only: every position it shows comes from the seat's view or the server's preview.

const SVGNS = "http://www.w3.org/2000/svg";
const SQRT3 = Math.sqrt(3);
const LETTERS = "ABCDEF"; // facings, clockwise from north (drawing angle only)

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
    this.layer = node("g", { class: "pieces" }, svg);
    this.installPanZoom();
  }

  center([q, r]) {
    return [this.size * 1.5 * q, this.size * SQRT3 * (r + q / 2)];
  }

  hexPoints([x, y]) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
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
        node("title", {}, poly).textContent = `${h[0]},${h[1]}`;
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
    this.setBox([minX, minY, maxX - minX, maxY - minY]);
  }

  setBox(box) {
    this.box = box;
    this.svg.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
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

  installPanZoom() {
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [mx, my] = this.toMap(e);
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, mx, my);
    }, { passive: false });
    let drag = null;
    this.svg.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, y: e.clientY, box: this.box, scale: this.toMap(e)[2] };
      this.svg.setPointerCapture(e.pointerId);
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const [x, y, w, h] = drag.box;
      this.setBox([x - (e.clientX - drag.x) * drag.scale, y - (e.clientY - drag.y) * drag.scale, w, h]);
    });
    const end = () => { drag = null; };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", end);
  }

  // Fighters with facing, momentum marker and speed; shields and lock-ons when the view has
  // them; `ghosts` are previewed end positions {id: {hex, facing, momentum, speed}}.
  render(view, ghosts = {}) {
    if (view.map) this.drawGrid(view.map);
    this.layer.replaceChildren();
    const byId = Object.fromEntries((view.fighters || []).map((f) => [f.id, f]));
    for (const f of view.fighters || []) {
      if (f.lock_on && byId[f.lock_on]) {
        const [x1, y1] = this.center(f.hex);
        const [x2, y2] = this.center(byId[f.lock_on].hex);
        node("line", { class: "lock", x1, y1, x2, y2 }, this.layer);
      }
    }
    for (const f of view.fighters || []) this.drawFighter(f, f.side, false);
    for (const [id, g] of Object.entries(ghosts)) {
      if (byId[id]) this.drawFighter({ ...byId[id], ...g, id }, byId[id].side, true);
    }
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
    node("polygon", {
      class: `fighter ${cls}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle})`,
      points: `${0.8 * s},0 ${-0.5 * s},${0.5 * s} ${-0.5 * s},${-0.5 * s}`,
    }, g);
    const bits = [f.id, `s${f.speed ?? "?"}`];
    if (f.shields !== undefined && f.shields !== null) bits.push(`sh ${typeof f.shields === "object" ? Object.values(f.shields).join("/") : f.shields}`);
    node("text", { class: "label", x, y: y + s * 0.95 }, g).textContent = bits.join(" ");
    node("title", {}, g).textContent = `${f.id} (${side}) at ${f.hex}, facing ${f.facing}, speed ${f.speed}`;
  }
}
