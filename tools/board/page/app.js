// The page: keeps the server's state (pushed as server-sent events), draws it, and turns
// clicks into requests. Every rule is the server's: the page only offers what it lists.

import { COLOURS, LINE_COLOURS, drawBoard, drawGraph } from "./draw.js";
import { fillForm, fillGames, fillSeats, formSetup, gameChanged } from "./form.js";

const $ = (id) => document.getElementById(id);
let state = null;
let received = 0;
let selected = null;
let previewing = false;
let flipped = false;
// The analysis asked for last ({engine, multipv}), to follow the ply on show.
let analysing = null;

function message(text) {
  $("message").textContent = text || "";
}

// This page's game (its address is /game/<id>) and that game's API.
const GAME_ID = Number(location.pathname.split("/")[2]);
const GAME_API = `/api/game/${GAME_ID}`;

// The server's token for this page: requests that change the board carry it.
const HEADERS = {
  "content-type": "application/json",
  "x-board-token": document.querySelector('meta[name="board-token"]').content,
};

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify(body ?? {}),
  });
  let reply;
  try { reply = await response.json(); } catch { reply = { error: `the server said ${response.status}` }; }
  if (!response.ok || reply.error) {
    message(reply.error || `the server said ${response.status}`);
    return null;
  }
  message("");
  return reply;
}

function accept(next) {
  if (!next || next.error || (state && next.version < state.version)) return;
  if (!state || state.ply !== next.ply || state.plies !== next.plies) {
    selected = null;
    $("chooser").hidden = true;
  }
  state = next;
  received = performance.now();
  window.tabulaState = state;
  render();
  followPly();
}

// A running analysis follows the ply on show: it starts again there.
let following = null;
function followPly() {
  const a = state.analysis;
  if (!analysing || !a || !a.running || a.ply === state.ply || state.shown_turn.kind === "over") return;
  clearTimeout(following);
  following = setTimeout(async () => accept(await api(`${GAME_API}/analyse`, analysing)), 150);
}

// Starts the form's game at this address.
async function startGame(event) {
  event.preventDefault();
  accept(await api(`${GAME_API}/new`, formSetup()));
}

// Starts the form's game at a new address and goes there; this one goes on.
async function startElsewhere() {
  const next = await api("/api/games", formSetup());
  if (next) location.assign(`/game/${next.id}`);
}

// ---- drawing ----

function legalMoves() {
  return state.legal || [];
}

// The cell every legal move starts from, when there is just one (the chit in Dwindle).
function onlySource() {
  const sources = new Set(legalMoves().map((m) => m.from));
  return sources.size === 1 && !sources.has(null) ? [...sources][0] : null;
}

function cellMarks() {
  const marks = new Map();
  const add = (i, m) => { if (i !== null && i !== undefined) marks.set(i, [...(marks.get(i) || []), m]); };
  const moves = legalMoves();
  if (selected === null) selected = onlySource();
  for (const m of moves) add(m.from ?? m.to, "movable");
  if (selected !== null) {
    add(selected, "selected");
    for (const m of moves) if (m.from === selected) add(m.to, "target");
  }
  return marks;
}

function onCell(i) {
  if (previewing) return;
  const moves = legalMoves();
  if (selected !== null) {
    const picked = moves.filter((m) => m.from === selected && m.to === i);
    if (picked.length) return choose(picked);
  }
  if (moves.some((m) => m.from === i)) {
    selected = selected === i && onlySource() === null ? null : i;
  } else {
    const placed = moves.filter((m) => m.from === null && m.to === i);
    if (placed.length) return choose(placed);
    selected = null;
  }
  render();
}

function choose(moves) {
  if (moves.length === 1) return play(moves[0].token);
  const box = $("chooser");
  box.replaceChildren("Which one? ");
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.words;
    b.dataset.token = m.token;
    b.onclick = () => play(m.token);
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "cancel";
  cancel.onclick = () => { box.hidden = true; };
  box.appendChild(cancel);
  box.hidden = false;
}

async function play(token) {
  $("chooser").hidden = true;
  selected = null;
  accept(await api(`${GAME_API}/move`, { token }));
}

function scoreText(score, seatOptions) {
  if (!score) return "";
  if (score.kind === "mate") return score.value > 0 ? `mate in ${score.value}` : `mated in ${-score.value}`;
  const cp = score.value;
  const mcts = (seatOptions || []).some(([k, v]) => k === "Search" && v === "mcts");
  const share = 100 / (1 + Math.pow(10, -cp / 400));
  return `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}` + (mcts ? ` (win ${share.toFixed(1)}%)` : "");
}

function clockText(ms) {
  const t = Math.max(0, ms) / 1000;
  const m = Math.floor(t / 60);
  return `${m}:${(t - m * 60).toFixed(1).padStart(4, "0")}`;
}

function infoLine(info, options, ply) {
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
    s.onmouseenter = () => preview(ply, info.pv.slice(0, i + 1));
    s.onmouseleave = endPreview;
    pv.append(s, " ");
  });
  div.appendChild(pv);
  return div;
}

async function preview(ply, tokens) {
  const response = await fetch(`${GAME_API}/preview`, {
    method: "POST", headers: HEADERS, body: JSON.stringify({ ply, tokens }),
  });
  const reply = await response.json();
  if (!reply.view) return;
  previewing = true;
  $("board").classList.add("preview");
  const arrows = reply.arrow ? [{ move: reply.arrow, kind: "pv" }] : [];
  drawBoard($("board"), reply.view, new Map(), () => {}, { flip: flipped, arrows });
}

function endPreview() {
  previewing = false;
  $("board").classList.remove("preview");
  render();
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
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
    }
    if (seat.engine !== null) {
      const restart = document.createElement("button");
      restart.textContent = "restart engine";
      restart.className = "restart";
      restart.onclick = async () => accept(await api(`${GAME_API}/restart`, { seat: k }));
      div.appendChild(restart);
    }
    for (const info of seat.info) div.appendChild(infoLine(info, seat.options, seat.ply));
    if (seat.note) {
      const n = document.createElement("div");
      n.className = "info";
      n.textContent = seat.note;
      div.appendChild(n);
    }
    box.appendChild(div);
  });
}

// A result as people say it: "p2 wins", "draw", "p1 loses".
function resultText(result) {
  const m = result.match(/^p(\d+)(win|loses)$/);
  if (m) return `p${m[1]} ${m[2] === "win" ? "wins" : "loses"}`;
  return result === "draw" ? "a draw" : result;
}

function renderStatus() {
  let text;
  if (state.end) text = `Game over: ${resultText(state.end.result)} (${state.end.reason})`;
  else if (state.turn.kind === "chance") text = state.dice === "manual" ? "roll the dice and enter the roll" : "the dice roll";
  else text = `p${state.turn.player + 1} to move` + (state.paused ? " (paused)" : "");
  if (state.ply !== state.plies) text += `; showing ply ${state.ply} of ${state.plies}`;
  const dice = state.turn.kind === "chance" || state.moves.some((m) => m.mover === null);
  $("status").textContent = `${state.game} #${state.id}: ${text}` + (dice ? ` (dice seed ${state.seed})` : "");
  const last = state.ply > 0 ? state.moves[state.ply - 1] : null;
  $("last-move").textContent = last ? `last: ${last.mover === null ? "dice" : "p" + (last.mover + 1)} ${last.words}` : "";
  $("last-move").dataset.token = last ? last.token : "";
  $("pause").textContent = state.paused ? "Resume" : "Pause";
  $("pause").hidden = !!state.end;
}

function renderExtra() {
  const box = $("extra");
  box.replaceChildren();
  for (const m of legalMoves().filter((m) => m.from === null && m.to === null)) {
    const b = document.createElement("button");
    b.textContent = m.words;
    b.dataset.token = m.token;
    b.onclick = () => play(m.token);
    box.appendChild(b);
  }
}

function renderPanels() {
  const box = $("panels");
  box.replaceChildren();
  for (const panel of state.view.panels) {
    const div = document.createElement("div");
    div.className = "panel";
    const h = document.createElement("h4");
    h.textContent = panel.title;
    div.appendChild(h);
    for (const line of panel.lines) {
      const l = document.createElement("div");
      l.textContent = line;
      div.appendChild(l);
    }
    box.appendChild(div);
  }
}

const DIE_FACES = ["\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

// A roll as a die face (or its token when it is not 1 to 6).
function rollText(token) {
  const v = Number(token.split(":")[1]);
  return v >= 1 && v <= 6 ? DIE_FACES[v - 1] : token;
}

// The moves in a table, a row per turn and a column per player, in words: a player's
// decisions in a row (a placement and the removal it earns) share a cell, and rolls fold into
// the decision that follows them (or stand alone at the end).
function renderMoves() {
  const table = $("moves");
  table.replaceChildren();
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
    for (const r of rolls) {
      const die = document.createElement("span");
      die.className = "dice";
      die.textContent = rollText(r) + " ";
      span.appendChild(die);
    }
    span.append(text);
    const first = ply - rolls.length;
    if (first <= state.ply && state.ply <= ply && state.ply > 0) span.classList.add("current");
    span.onclick = () => show(ply);
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
  const box = $("moves-box");
  const current = table.querySelector(".current");
  if (current) box.scrollTop = current.offsetTop - box.clientHeight / 2;
}

// The latest run of rolls up to the ply on show (at most eight, the newest last).
function latestRolls() {
  let end = state.ply;
  while (end > 0 && state.moves[end - 1].mover !== null) end -= 1;
  let start = end;
  while (start > 0 && state.moves[start - 1].mover === null) start -= 1;
  return state.moves.slice(Math.max(start, end - 8), end).map((m) => m.token);
}

// The engines' best move at the ply on show: the analysis's first line there, or the thinking
// engine's at the live ply.
function bestArrows() {
  const find = (token) => state.here.find((m) => m.token === token);
  const a = state.analysis;
  let token = null;
  if (a && a.ply === state.ply && a.lines.length && a.lines[0].pv.length) token = a.lines[0].pv[0];
  if (!token && state.ply === state.plies) {
    const seat = state.seats.find((s) => s.thinking && s.info.length && s.info[0].pv.length);
    if (seat) token = seat.info[0].pv[0];
  }
  const move = token && find(token);
  return move ? [{ move, kind: "best" }] : [];
}

// The graph's scale and words: whose view, and the range shown.
function renderGraph() {
  const evals = state.moves.map((m) => Math.abs(m.eval ?? 0));
  const range = Math.max(200, ...evals.map((v) => Math.min(v, 1000)));
  drawGraph($("graph"), state.moves, state.ply, state.players, range);
  const pawns = (range / 100).toFixed(range % 100 ? 1 : 0);
  document.querySelector("#graph-box .top").textContent = `+${pawns}`;
  document.querySelector("#graph-box .bottom").textContent = `-${pawns}`;
  $("graph-title").textContent = state.players === 2
    ? "Evaluation (p1's view, pawns; above the line p1 is better)"
    : "Evaluation (each player's own view at his moves, pawns)";
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

function renderAnalysis() {
  const box = $("analysis");
  box.replaceChildren();
  const a = state.analysis;
  if (!a) return;
  box.append(`${a.engine} on ply ${a.ply}${a.running ? " (thinking)" : " (stopped)"}`);
  for (const info of a.lines) box.appendChild(infoLine(info, [], a.ply));
  if (a.note) box.append(` ${a.note}`);
}

function render() {
  if (!state || previewing) return;
  renderStatus();
  drawBoard($("board"), state.view, cellMarks(), onCell, {
    flip: flipped, last: state.last_move, arrows: bestArrows(), rolls: latestRolls(),
  });
  renderExtra();
  renderSeats();
  renderPanels();
  renderMoves();
  renderAnalysis();
  renderGraph();
  $("save-fen").value = state.save.fen;
  $("save-moves").value = state.save.moves;
  $("save-record").value = state.save.record;
}

function tickClocks() {
  if (!state) return;
  const spent = performance.now() - received;
  document.querySelectorAll(".clock.running").forEach((c) => {
    c.textContent = clockText(Number(c.dataset.left) - spent);
  });
}

// The ply asked for and not yet shown, so that keys pressed quickly step on from it.
let pendingPly = null;
let showing = false;

// Shows `ply`. One request at a time, the latest ply asked for next: requests sent together
// could reach the server in another order and leave it on an older ply.
async function show(ply) {
  if (ply < 0 || ply > state.plies) return;
  pendingPly = ply;
  if (showing) return;
  showing = true;
  while (pendingPly !== null) {
    const target = pendingPly;
    const next = await api(`${GAME_API}/show`, { ply: target });
    if (pendingPly === target) pendingPly = null;
    accept(next);
  }
  showing = false;
}

function flip() {
  flipped = !flipped;
  document.body.dataset.flipped = flipped ? "1" : "";
  render();
}

// Left and right step through the game, Home and End go to its ends, f flips the board;
// not while typing.
function onKey(event) {
  if (!state || event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const from = pendingPly ?? state.ply;
  const to = { ArrowLeft: from - 1, ArrowRight: from + 1, Home: 0, End: state.plies }[event.key];
  if (to !== undefined) {
    event.preventDefault();
    show(to);
  } else if (event.key === "f") {
    flip();
  }
}

async function init() {
  fillGames(await (await fetch("/api/catalog")).json());
  $("game").onchange = gameChanged;
  $("players").onchange = fillSeats;
  $("new-game").onsubmit = startGame;
  $("start-elsewhere").onclick = startElsewhere;
  $("token-form").onsubmit = (e) => { e.preventDefault(); play($("token").value.trim()); $("token").value = ""; };
  $("first").onclick = () => show(0);
  $("back").onclick = () => show((pendingPly ?? state.ply) - 1);
  $("forward").onclick = () => show((pendingPly ?? state.ply) + 1);
  $("last").onclick = () => show(state.plies);
  $("takeback").onclick = async () => accept(await api(`${GAME_API}/takeback`));
  $("pause").onclick = async () => accept(await api(`${GAME_API}/pause`, { paused: !state.paused }));
  $("load").onclick = async () => accept(await api(`${GAME_API}/load`, { text: $("load-text").value }));
  $("analyse").onclick = async () => {
    analysing = { engine: Number($("analysis-engine").value), multipv: Number($("analysis-multipv").value) };
    accept(await api(`${GAME_API}/analyse`, analysing));
  };
  $("analyse-stop").onclick = async () => {
    analysing = null;
    accept(await api(`${GAME_API}/analyse/stop`));
  };
  $("flip").onclick = flip;
  document.addEventListener("keydown", onKey);
  accept(await (await fetch(`${GAME_API}/state`)).json());
  fillForm(state.setup);
  const events = new EventSource(`${GAME_API}/events`);
  events.addEventListener("state", (e) => accept(JSON.parse(e.data)));
  setInterval(tickClocks, 100);
  document.body.dataset.ready = "1";
}

init();
