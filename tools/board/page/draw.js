// Draws any game from the view it gives of itself: cells placed on a plane (square, point or
// triangle, styled by their marks), links, pips as ray wedges, and pieces by kind and owner.
// Nothing here knows a game.

const SVG = "http://www.w3.org/2000/svg";
export const COLOURS = ["#f6f6f0", "#262626", "#d33", "#36c", "#3a3", "#e90"];
const GLYPHS = { king: "\u265A", queen: "\u265B", rook: "\u265C", bishop: "\u265D", knight: "\u265E", pawn: "\u265F" };

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function layerOf(cell) {
  const mark = cell.marks.find((m) => m.startsWith("layer-"));
  return mark === undefined ? null : Number(mark.slice(6));
}

function triangleSize(cell) {
  const layer = layerOf(cell);
  return layer === null ? 0.95 : [0.4, 0.55, 0.72, 0.95][Math.min(layer, 3)];
}

function trianglePoints(x, y, s) {
  const h = (s * Math.sqrt(3)) / 2;
  return [[x - s / 2, y + h / 3], [x + s / 2, y + h / 3], [x, y - (2 * h) / 3]]
    .map((p) => p.join(",")).join(" ");
}

function drawPips(group, x, y, pips) {
  for (let d = 0; d < 8; d++) {
    if (!(pips & (1 << d))) continue;
    const a = (d * Math.PI) / 4;
    const [dx, dy] = [Math.sin(a), -Math.cos(a)];
    const [px, py] = [-dy * 0.07, dx * 0.07];
    const tip = [x + dx * 0.42, y + dy * 0.42];
    const base = [x + dx * 0.1, y + dy * 0.1];
    el("polygon", {
      class: "pip",
      points: `${base[0] + px},${base[1] + py} ${base[0] - px},${base[1] - py} ${tip[0]},${tip[1]}`,
    }, group);
  }
}

function textColour(owner) {
  return owner === 1 ? "#fff" : "#000";
}

function drawPiece(layer, piece, x, y, size) {
  const g = el("g", { class: `piece kind-${piece.kind}`, "data-cell": piece.cell }, layer);
  const owners = piece.stack;
  const top = owners.length ? owners[owners.length - 1] : null;
  const fill = top === null ? "#555" : COLOURS[top % COLOURS.length];
  if (piece.kind === "die") {
    const s = 0.62 * size;
    el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 0.08, fill, stroke: "#000", "stroke-width": 0.03 }, g);
    const fit = Math.min(0.17, 0.75 / Math.max(4, piece.label.length));
    const t = el("text", { x, y, fill: textColour(top), style: `font-size:${fit * size}px` }, g);
    t.textContent = piece.label;
  } else if (owners.length === 1 && GLYPHS[piece.kind]) {
    const t = el("text", { x, y: y + 0.04, class: "glyph", fill }, g);
    t.textContent = GLYPHS[piece.kind];
  } else if (owners.length === 0) {
    el("circle", { cx: x, cy: y, r: 0.2, fill: "#111", stroke: "#fd0", "stroke-width": 0.05 }, g);
  } else {
    // A stack: rings from the bottom piece outside to the top piece inside.
    const n = owners.length;
    owners.forEach((owner, i) => {
      const r = 0.4 - (0.22 * i) / Math.max(1, n - 1);
      el("circle", { cx: x, cy: y, r, fill: COLOURS[owner % COLOURS.length], stroke: "#000", "stroke-width": 0.02 }, g);
    });
    if (piece.kind === "king") el("circle", { cx: x, cy: y, r: 0.45, class: "king-ring" }, g);
    const t = el("text", { x, y, fill: textColour(top) }, g);
    t.textContent = piece.label || (n > 1 ? String(n) : "");
  }
}

// Draws `view` into `svg`. `marks` maps a cell index to extra classes (selected, target,
// movable, last); `onCell(index)` is called when a cell is clicked.
export function drawBoard(svg, view, marks, onCell) {
  svg.replaceChildren();
  const cells = view.cells;
  if (!cells.length) return;
  const xs = cells.map((c) => c.x), ys = cells.map((c) => -c.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = 0.7;
  svg.setAttribute("viewBox", `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`);
  const linkLayer = el("g", {}, svg), cellLayer = el("g", {}, svg), pieceLayer = el("g", {}, svg);
  for (const [a, b] of view.links) {
    el("line", { class: "link", x1: cells[a].x, y1: -cells[a].y, x2: cells[b].x, y2: -cells[b].y }, linkLayer);
  }
  const order = cells.map((_, i) => i);
  order.sort((a, b) => (layerOf(cells[b]) ?? 0) - (layerOf(cells[a]) ?? 0));
  for (const i of order) {
    const c = cells[i], x = c.x, y = -c.y;
    const g = el("g", { class: "cell-group" }, cellLayer);
    const active = [...new Set(marks.get(i) || [])];
    // A cell nothing can be done with lets clicks through to any cell it covers.
    if (!active.length) active.push("inert");
    const classes = ["cell", c.shape, ...c.marks.map((m) => `mark-${m}`), ...active];
    let shape;
    if (c.shape === "square") {
      classes.push((Math.round(c.x) + Math.round(c.y)) % 2 === 0 ? "dark" : "light");
      shape = el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1 }, g);
    } else if (c.shape === "triangle") {
      shape = el("polygon", { points: trianglePoints(x, y, triangleSize(c)) }, g);
    } else {
      const hit = el("circle", { class: `cell-hit ${active.join(" ")}`, cx: x, cy: y, r: 0.4 }, g);
      hit.addEventListener("click", () => onCell(i));
      shape = el("circle", { cx: x, cy: y, r: 0.13 }, g);
    }
    shape.setAttribute("class", classes.join(" "));
    shape.setAttribute("data-index", i);
    shape.setAttribute("data-name", c.name);
    shape.addEventListener("click", () => onCell(i));
    el("title", {}, shape).textContent = c.name;
    const pipGroup = el("g", { class: c.marks.includes("gone") ? "mark-gone-pips" : "" }, g);
    if (c.pips) drawPips(pipGroup, x, y, c.pips);
    if ((marks.get(i) || []).includes("target")) {
      el("circle", { class: "target-dot", cx: x, cy: y, r: 0.1 }, g);
    }
  }
  for (const piece of view.pieces) {
    const c = cells[piece.cell];
    drawPiece(pieceLayer, piece, c.x, -c.y, c.shape === "triangle" ? triangleSize(c) : 1);
  }
}

// The evaluation graph: one point per decision an engine scored (player 1's view).
export function drawGraph(svg, moves, ply) {
  svg.replaceChildren();
  const n = Math.max(moves.length, 1);
  const clamp = (v) => Math.max(-1000, Math.min(1000, v));
  const y = (v) => 50 - (clamp(v) / 1000) * 48;
  el("line", { class: "axis", x1: 0, y1: 50, x2: 300, y2: 50 }, svg);
  const points = [];
  moves.forEach((m, i) => {
    if (m.eval !== null && m.eval !== undefined) points.push(`${((i + 1) / n) * 300},${y(m.eval)}`);
  });
  if (points.length) el("polyline", { class: "line", points: points.join(" ") }, svg);
  el("line", { class: "now", x1: (ply / n) * 300, y1: 0, x2: (ply / n) * 300, y2: 100 }, svg);
}
