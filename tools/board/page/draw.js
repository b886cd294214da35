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

// A die's side: apart from its neighbours on every layer (they lie 0.5 across and 0.29 up).
const DIE = 0.44;

function textColour(owner) {
  return owner === 1 ? "#fff" : "#000";
}

function drawPiece(layer, piece, x, y, size) {
  const g = el("g", { class: `piece kind-${piece.kind}`, "data-cell": piece.cell }, layer);
  const owners = piece.stack;
  const top = owners.length ? owners[owners.length - 1] : null;
  const fill = top === null ? "#555" : COLOURS[top % COLOURS.length];
  if (piece.kind === "die") {
    // One size on every layer: cells of neighbouring layers lie half a cell apart, and dice
    // drawn by their layer's size would cover each other and their labels.
    const s = DIE;
    el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 0.06, fill, stroke: "#000", "stroke-width": 0.025 }, g);
    const fit = Math.min(0.16, (0.9 * s) / (0.6 * Math.max(3, piece.label.length)));
    const t = el("text", { x, y: y - 0.04, fill: textColour(top), style: `font-size:${fit}px` }, g);
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

// The colour a player's lines take on the graph (his pieces' colour, readable on white).
export const LINE_COLOURS = ["#8a7a3a", "#262626", "#d33", "#36c", "#3a3", "#e90"];

// The names along the edges of a board of squares named like `a1` (letters for columns,
// numbers for rows); false when the squares are not named so.
function edgeLabels(layer, cells, pos, fontSize) {
  const squares = cells.filter((c) => c.shape === "square");
  if (!squares.length || !squares.every((c) => /^[a-z]+\d+$/.test(c.name))) return false;
  const at = squares.map((c) => ({ c, p: pos(c) }));
  const bottom = Math.max(...at.map((a) => a.p[1]));
  const left = Math.min(...at.map((a) => a.p[0]));
  const files = new Map(), ranks = new Map();
  for (const { c, p } of at) {
    files.set(Math.round(p[0] * 2), [p[0], c.name.match(/^[a-z]+/)[0]]);
    ranks.set(Math.round(p[1] * 2), [p[1], c.name.match(/\d+$/)[0]]);
  }
  for (const [x, name] of files.values()) {
    const label = el("text", { class: "coord file", x, y: bottom + 0.72 }, layer);
    label.style.fontSize = `${fontSize}px`;
    label.textContent = name;
  }
  for (const [y, name] of ranks.values()) {
    const label = el("text", { class: "coord rank", x: left - 0.72, y }, layer);
    label.style.fontSize = `${fontSize}px`;
    label.textContent = name;
  }
  return true;
}

// Draws an arrow (or, for a move onto one cell, a ring) for `move` ({from, to}) in `kind`.
function drawArrow(layer, cells, pos, move, kind) {
  if (!move || move.to === null || move.to === undefined) return;
  const [tx, ty] = pos(cells[move.to]);
  if (move.from === null || move.from === undefined) {
    el("circle", { class: `arrow-dot ${kind}`, cx: tx, cy: ty, r: 0.38, "data-to": move.to }, layer);
    return;
  }
  const [fx, fy] = pos(cells[move.from]);
  const len = Math.hypot(tx - fx, ty - fy) || 1;
  const [ux, uy] = [(tx - fx) / len, (ty - fy) / len];
  const [hx, hy] = [tx - ux * 0.3, ty - uy * 0.3];
  const [px, py] = [-uy * 0.18, ux * 0.18];
  el("path", {
    class: `arrow ${kind}`, "data-from": move.from, "data-to": move.to,
    d: `M ${fx} ${fy} L ${hx} ${hy} M ${hx + px} ${hy + py} L ${tx} ${ty} L ${hx - px} ${hy - py}`,
  }, layer);
}

// Marks the cells `last` ({from, to}) acted on, under the names drawn after it.
function drawLastMove(layer, cells, pos, last) {
  for (const i of [last?.from, last?.to]) {
    if (i === null || i === undefined) continue;
    const c = cells[i];
    const [x, y] = pos(c);
    if (c.shape === "square") {
      el("rect", { class: "last-move", "data-cell": i, x: x - 0.46, y: y - 0.46, width: 0.92, height: 0.92 }, layer);
    } else if (c.shape === "triangle") {
      el("rect", { class: "last-move ring", "data-cell": i, x: x - 0.27, y: y - 0.27, width: 0.54, height: 0.54, rx: 0.08 }, layer);
    } else {
      el("circle", { class: "last-move", "data-cell": i, cx: x, cy: y, r: 0.45 }, layer);
    }
  }
}

// Draws `view` into `svg`. `marks` maps a cell index to extra classes (selected, target,
// movable); `onCell(index)` is called when a cell is clicked. `options`: `flip` turns the board
// round, `last` ({from, to}) marks the last move above the pieces, `arrows` is a list of
// {move, kind} drawn on top, `rolls` the latest roll tokens, drawn as dice in a corner.
export function drawBoard(svg, view, marks, onCell, options = {}) {
  svg.replaceChildren();
  const cells = view.cells;
  if (!cells.length) return;
  const pos = (c) => (options.flip ? [-c.x, c.y] : [c.x, -c.y]);
  const xs = cells.map((c) => pos(c)[0]), ys = cells.map((c) => pos(c)[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = 1.1;
  svg.setAttribute("viewBox", `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`);
  const linkLayer = el("g", {}, svg), cellLayer = el("g", {}, svg), pieceLayer = el("g", {}, svg);
  const topLayer = el("g", {}, svg);
  for (const [a, b] of view.links) {
    const [[x1, y1], [x2, y2]] = [pos(cells[a]), pos(cells[b])];
    el("line", { class: "link", x1, y1, x2, y2 }, linkLayer);
  }
  const order = cells.map((_, i) => i);
  order.sort((a, b) => (layerOf(cells[b]) ?? 0) - (layerOf(cells[a]) ?? 0));
  for (const i of order) {
    const c = cells[i];
    const [x, y] = pos(c);
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
  // Pieces of the lower layers first, so that a piece above one lies on top of it.
  const pieces = [...view.pieces];
  pieces.sort((a, b) => (layerOf(cells[b.cell]) ?? 0) - (layerOf(cells[a.cell]) ?? 0));
  for (const piece of pieces) {
    const c = cells[piece.cell];
    const [x, y] = pos(c);
    drawPiece(pieceLayer, piece, x, y, c.shape === "triangle" ? triangleSize(c) : 1);
  }
  drawLastMove(topLayer, cells, pos, options.last);
  // Coordinates at least 12 pixels high, however many cells the board has.
  const box = svg.getBoundingClientRect();
  const unit = Math.min(box.width / (maxX - minX + 2 * pad), box.height / (maxY - minY + 2 * pad)) || 40;
  const coordSize = Math.min(0.42, Math.max(0.28, 12 / unit));
  // Names: along the edges of a board of squares, else beside each cell, above the pieces.
  if (!edgeLabels(topLayer, cells, pos, coordSize)) {
    // A triangle's name: in the middle of an empty one, at the foot of the die on a full one
    // (a triangle's corners lie under its neighbours' dice).
    const covered = new Set(view.pieces.map((p) => p.cell));
    // Of cells at one place (a pyramid's top above the centre of its base), only the top one
    // is named.
    const named = new Set();
    const top = cells.map((_, i) => i);
    top.sort((a, b) => (layerOf(cells[a]) ?? 0) - (layerOf(cells[b]) ?? 0));
    top.forEach((i) => {
      const c = cells[i];
      const [x, y] = pos(c);
      const place = `${x.toFixed(2)},${y.toFixed(2)}`;
      if (named.has(place)) return;
      named.add(place);
      const under = covered.has(i);
      let [dx, dy] = [-0.33, 0.3];
      if (c.shape === "point") [dx, dy] = [0.42, 0.46]; // outside the stone and its ring
      if (c.shape === "triangle") [dx, dy] = under ? [0, DIE * 0.32] : [0, 0.05];
      const label = el("text", { class: `cell-name${under ? " on-piece" : ""}`, x: x + dx, y: y + dy }, topLayer);
      if (c.shape === "triangle") label.style.fontSize = `${under ? 0.09 : 0.12}px`;
      label.textContent = c.name;
    });
  }
  for (const { move, kind } of options.arrows || []) drawArrow(topLayer, cells, pos, move, kind);
  // The latest rolls, as dice in the board's top left corner.
  (options.rolls || []).forEach((token, k) => {
    const [x, y] = [minX - pad + 0.15 + k * 0.5, minY - pad + 0.15];
    const die = el("g", { class: "roll-die", "data-token": token }, topLayer);
    el("rect", { x, y, width: 0.42, height: 0.42, rx: 0.07 }, die);
    el("text", { x: x + 0.21, y: y + 0.21 }, die).textContent = token.split(":")[1] ?? token;
  });
}

// The evaluation graph, one point per decision an engine scored. With two players a line of
// p1's view; with more, a line per player of his own view at his decisions. Values are
// clamped to +-`range` centipawns.
export function drawGraph(svg, moves, ply, players, range) {
  svg.replaceChildren();
  const n = Math.max(moves.length, 1);
  const clamp = (v) => Math.max(-range, Math.min(range, v));
  const y = (v) => 50 - (clamp(v) / range) * 48;
  el("line", { class: "axis", x1: 0, y1: 50, x2: 300, y2: 50 }, svg);
  const lines = players === 2 ? [null] : [...Array(players).keys()];
  for (const player of lines) {
    const points = [];
    moves.forEach((m, i) => {
      if (m.eval === null || m.eval === undefined) return;
      if (player !== null && m.mover !== player) return;
      points.push(`${((i + 1) / n) * 300},${y(m.eval)}`);
    });
    const colour = LINE_COLOURS[(player ?? 0) % LINE_COLOURS.length];
    if (points.length) el("polyline", { class: "line", points: points.join(" "), stroke: player === null ? "#1560bd" : colour }, svg);
  }
  el("line", { class: "now", x1: (ply / n) * 300, y1: 0, x2: (ply / n) * 300, y2: 100 }, svg);
}
