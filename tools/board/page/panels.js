// The side column's panels: each seat's box, the move list and the evaluation graph. Each is
// drawn from the server's state; `act` holds what the page does on a click (show a ply,
// preview a line, restart an engine).

import { COLOURS, LINE_COLOURS, drawGraph } from "./draw.js";

const $ = (id) => document.getElementById(id);

export function scoreText(score, seatOptions) {
  if (!score) return "";
  if (score.kind === "mate") return score.value > 0 ? `mate in ${score.value}` : `mated in ${-score.value}`;
  const cp = score.value;
  const mcts = (seatOptions || []).some(([k, v]) => k === "Search" && v === "mcts");
  const share = 100 / (1 + Math.pow(10, -cp / 400));
  return `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}` + (mcts ? ` (win ${share.toFixed(1)}%)` : "");
}

export function clockText(ms) {
  const t = Math.max(0, ms) / 1000;
  const m = Math.floor(t / 60);
  return `${m}:${(t - m * 60).toFixed(1).padStart(4, "0")}`;
}

// One search report: depth, score, nodes, speed and its line, each move of which previews
// the board after it when hovered.
export function infoLine(info, options, ply, act) {
  const div = document.createElement("div");
  div.className = "info";
  const parts = [];
  if (info.multipv > 1) parts.push(`#${info.multipv}`);
  if (info.depth !== null) parts.push(`depth ${info.depth}`);
  parts.push(scoreText(info.score, options));
  if (info.nodes !== null) parts.push(`nodes ${info.nodes}`);
  if (info.nps !== null) parts.push(`nps ${info.nps}`);
  div.append(parts.join("  "), " ");
  const pv = document.createElement("span");
  pv.className = "pv";
  info.pv.forEach((token, i) => {
    const s = document.createElement("span");
    s.textContent = token;
    s.onmouseenter = () => act.preview(ply, info.pv.slice(0, i + 1));
    s.onmouseleave = act.endPreview;
    pv.append(s, " ");
  });
  div.appendChild(pv);
  return div;
}

// A box per seat: who plays, the limit and clock, and for an engine its search as it goes
// (only while the live position is on show: a line of another ply would mislead), a fault,
// and then a button to start it again.
export function renderSeats(state, act) {
  const box = $("seats");
  box.replaceChildren();
  const live = state.ply === state.plies;
  state.seats.forEach((seat, k) => {
    const div = document.createElement("div");
    div.className = "seat-box";
    div.dataset.seat = k;
    if (state.turn.kind === "player" && state.turn.player === k && !state.end) div.classList.add("to-move");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = COLOURS[k % COLOURS.length];
    const name = document.createElement("b");
    name.textContent = `p${k + 1}: ${seat.engine ?? "person"}`;
    div.append(swatch, name);
    if (seat.limit) div.append(` (${seat.limit})`);
    if (seat.clock) {
      const clock = document.createElement("span");
      clock.className = "clock" + (seat.clock.running ? " running" : "");
      clock.dataset.left = seat.clock.left_ms;
      clock.textContent = clockText(seat.clock.left_ms);
      div.appendChild(clock);
    }
    if (seat.thinking) div.append(" thinking...");
    if (seat.fault) {
      const f = document.createElement("div");
      f.className = "fault";
      f.textContent = `fault: ${seat.fault}`;
      div.appendChild(f);
      if (seat.engine !== null) {
        const restart = document.createElement("button");
        restart.textContent = "restart engine";
        restart.className = "restart";
        restart.onclick = () => act.restart(k);
        f.append(" ", restart);
      }
    }
    if (live) {
      for (const info of seat.info) div.appendChild(infoLine(info, seat.options, seat.ply, act));
      if (seat.note) {
        const n = document.createElement("div");
        n.className = "info note";
        n.textContent = seat.note;
        div.appendChild(n);
      }
    } else if (seat.info.length) {
      const n = document.createElement("div");
      n.className = "info stale";
      n.textContent = "its search is at the last move (End goes there)";
      div.appendChild(n);
    }
    box.appendChild(div);
  });
}

// Rolls as people read them: a few as their values, a long run (the start's stocks) as a
// count, its values in its tooltip.
function rollsBadge(rolls) {
  const badge = document.createElement("span");
  badge.className = "dice";
  const values = rolls.map((r) => r.split(":")[1] ?? r);
  badge.textContent = rolls.length > 4 ? `${rolls.length} rolls` : `rolled ${values.join(" ")}`;
  badge.title = `rolled ${values.join(" ")}`;
  return badge;
}

// The moves in a table, a row per turn and a column per player, in words: a player's
// decisions in a row (a placement and the removal it earns) share a cell, and rolls fold into
// the decision that follows them (or stand alone at the end). The move on show is kept in
// sight. Returns the turn number each ply belongs to (for the graph).
export function renderMoves(state, act) {
  const table = $("moves");
  table.replaceChildren();
  const turnOf = [0];
  let row = null, column = state.players, turn = 0, td = null, rolls = [];
  const newCell = (k) => {
    if (!row || k <= column) {
      row = table.insertRow();
      turn += 1;
      const number = row.insertCell();
      number.className = "turn";
      number.textContent = `${turn}.`;
      column = -1;
    }
    while (column < k - 1) { row.insertCell(); column += 1; }
    td = row.insertCell();
    td.className = "move";
    column = k;
  };
  const decision = (ply, text, token) => {
    const span = document.createElement("span");
    span.className = "decision";
    span.dataset.ply = ply;
    span.title = token;
    if (rolls.length) span.append(rollsBadge(rolls), " ");
    span.append(text);
    const first = ply - rolls.length;
    for (let p = first; p <= ply; p++) turnOf[p] = turn;
    if (first <= state.ply && state.ply <= ply && state.ply > 0) span.classList.add("current");
    span.onclick = () => act.show(ply);
    if (td.childNodes.length) td.append(", ");
    td.appendChild(span);
    rolls = [];
  };
  let previous = null;
  state.moves.forEach((m, i) => {
    if (m.mover === null) {
      rolls.push(m.token);
      return;
    }
    if (m.mover !== previous || rolls.length) newCell(m.mover);
    previous = m.mover;
    decision(i + 1, m.words, m.token);
  });
  if (rolls.length) {
    newCell((column + 1) % state.players);
    decision(state.moves.length, "", "dice");
  }
  keepInSight($("moves-box"), table.querySelector(".current"), state.ply === state.plies);
  return turnOf;
}

// Scrolls `box` so that `item` shows; at the live ply, to the end of the list.
function keepInSight(box, item, live) {
  if (live) {
    box.scrollTop = box.scrollHeight;
    return;
  }
  if (!item) return;
  const top = item.offsetTop, bottom = top + item.offsetHeight;
  if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
    box.scrollTop = top - box.clientHeight / 2;
  }
}

// A scale step of about a quarter of `range` centipawns, in round pawns.
function tickStep(range) {
  const quarter = range / 4;
  return [25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].find((s) => s >= quarter) ?? quarter;
}

// The graph, its scale and its move numbers; a click on it shows that ply.
export function renderGraph(state, turnOf, act) {
  const evals = state.moves.map((m) => Math.abs(m.eval ?? 0));
  const range = Math.max(200, ...evals.map((v) => Math.min(v, 1000)));
  drawGraph($("graph"), state.moves, state.ply, state.players, range);
  const ticks = $("graph-ticks");
  ticks.replaceChildren();
  const step = tickStep(range);
  for (let v = -Math.floor(range / step) * step; v <= range; v += step) {
    const t = document.createElement("span");
    t.className = "tick";
    t.style.top = `${50 - (v / range) * 48}%`;
    t.textContent = `${v > 0 ? "+" : ""}${+(v / 100).toFixed(2)}`;
    ticks.appendChild(t);
  }
  const numbers = $("graph-moves");
  numbers.replaceChildren();
  const n = Math.max(state.moves.length, 1);
  const turns = turnOf[turnOf.length - 1] || 0;
  const every = [1, 2, 5, 10, 20, 25, 50, 100, 200].find((e) => turns / e <= 8) ?? 500;
  let shown = 0;
  turnOf.forEach((t, ply) => {
    if (ply === 0 || t === shown || t % every) return;
    shown = t;
    const label = document.createElement("span");
    label.textContent = t;
    label.style.left = `${(ply / n) * 100}%`;
    numbers.appendChild(label);
  });
  $("graph").onclick = (event) => {
    const box = $("graph").getBoundingClientRect();
    act.show(Math.round(((event.clientX - box.left) / box.width) * n));
  };
  $("graph-title").textContent = state.players === 2
    ? "Evaluation (pawns; above 0, p1 is better)"
    : "Evaluation (pawns, each player's own view)";
  const legend = $("graph-legend");
  legend.replaceChildren();
  if (state.players > 2) {
    for (let k = 0; k < state.players; k++) {
      const s = document.createElement("span");
      s.style.color = LINE_COLOURS[k % LINE_COLOURS.length];
      s.textContent = `\u25A0 p${k + 1}  `;
      legend.appendChild(s);
    }
  }
}
