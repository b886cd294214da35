// The page: keeps the server's state (pushed as server-sent events), draws it, and turns
// clicks into requests. Every rule is the server's: the page only offers what it lists.

import { drawBoard } from "./draw.js";
import { fillForm, fillGames, fillSeats, formSetup, gameChanged } from "./form.js";
import { clockText, infoLine, renderGraph, renderMoves, renderSeats } from "./panels.js";

const $ = (id) => document.getElementById(id);
let state = null;
let received = 0;
let selected = null;
let previewing = false;
let flipped = false;
// The analysis asked for last ({engine, multipv}), to follow the ply on show.
let analysing = null;

// Shows `text` (an error, or nothing) in the message line `where`: the one beside the control
// that was used.
function message(text, where = "message") {
  for (const id of ["message", "setup-error", "analysis-error", "files-error"]) {
    $(id).textContent = id === where ? text || "" : "";
  }
}

// This page's game (its address is /game/<id>) and that game's API; at /game/new, none.
const GAME_ID = Number(location.pathname.split("/")[2]);
const NO_GAME = !Number.isInteger(GAME_ID);
const GAME_API = `/api/game/${GAME_ID}`;

// The server's token for this page: requests that change the board carry it.
const HEADERS = {
  "content-type": "application/json",
  "x-board-token": document.querySelector('meta[name="board-token"]').content,
};

// Posts `body` to `path`; the reply, or null after showing the error in `where`.
async function api(path, body, where = "message") {
  let reply, status = 0;
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: HEADERS,
      body: JSON.stringify(body ?? {}),
    });
    status = response.status;
    reply = await response.json();
  } catch {
    reply = { error: status ? `the board answered ${status}` : "the board does not answer: is it still running?" };
  }
  if (status !== 200 || reply.error) {
    message(reply.error || `the board answered ${status}`, where);
    return null;
  }
  message("", where);
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

// A running analysis follows the ply on show: it starts again there. `restarting` is the
// request in flight, which a Stop waits for, so that the restart cannot come after the stop.
let following = null;
let restarting = null;
function followPly() {
  const a = state.analysis;
  if (!analysing || !a || !a.running || a.ply === state.ply || state.shown_turn.kind === "over") return;
  clearTimeout(following);
  following = setTimeout(() => {
    if (!analysing) return;
    restarting = api(`${GAME_API}/analyse`, analysing, "analysis-error").then(accept);
  }, 150);
}

// The form's setup, or null after saying in the form what to mend.
function checkedSetup() {
  try {
    return formSetup();
  } catch (e) {
    message(e.message, "setup-error");
    return null;
  }
}

// Starts the form's game at this address, and folds the form away.
async function startGame(event) {
  event.preventDefault();
  if (NO_GAME) return startElsewhere();
  const setup = checkedSetup();
  const next = setup && await api(`${GAME_API}/new`, setup, "setup-error");
  if (!next) return;
  $("setup").open = false;
  accept(next);
}

// Starts the form's game at a new address and goes there; this one goes on.
async function startElsewhere() {
  const setup = checkedSetup();
  const next = setup && await api("/api/games", setup, "setup-error");
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

// What the panels do on a click.
const ACT = {
  show: (ply) => show(ply),
  preview: (ply, tokens) => preview(ply, tokens),
  endPreview: () => endPreview(),
  restart: async (seat) => accept(await api(`${GAME_API}/restart`, { seat })),
};

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
  $("status").textContent = `${state.game} #${state.id}: ${text}`;
  $("status").title = $("status").textContent;
  $("dice-seed").textContent = dice ? `(dice seed ${state.seed})` : "";
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

function renderAnalysis() {
  const box = $("analysis");
  box.replaceChildren();
  const a = state.analysis;
  if (!a) return;
  box.append(`${a.engine} on ply ${a.ply}${a.running ? " (thinking)" : " (stopped)"}`);
  for (const info of a.lines) box.appendChild(infoLine(info, [], a.ply, ACT));
  if (a.note) box.append(` ${a.note}`);
}

function render() {
  if (!state || previewing) return;
  renderStatus();
  drawBoard($("board"), state.view, cellMarks(), onCell, {
    flip: flipped, last: state.last_move, arrows: bestArrows(), rolls: latestRolls(),
  });
  renderExtra();
  renderSeats(state, ACT);
  renderPanels();
  const turnOf = renderMoves(state, ACT);
  renderAnalysis();
  renderGraph(state, turnOf, ACT);
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
  $("load").onclick = async () => accept(await api(`${GAME_API}/load`, { text: $("load-text").value }, "files-error"));
  $("analyse").onclick = async () => {
    const multipv = Number($("analysis-multipv").value);
    if (!Number.isInteger(multipv) || multipv < 1 || multipv > Number($("analysis-multipv").max)) {
      return message(`MultiPV must be a whole number from 1 to ${$("analysis-multipv").max}`, "analysis-error");
    }
    analysing = { engine: Number($("analysis-engine").value), multipv };
    accept(await api(`${GAME_API}/analyse`, analysing, "analysis-error"));
  };
  $("analyse-stop").onclick = async () => {
    analysing = null;
    clearTimeout(following);
    await restarting;
    accept(await api(`${GAME_API}/analyse/stop`, {}, "analysis-error"));
  };
  $("flip").onclick = flip;
  document.addEventListener("keydown", onKey);
  if (NO_GAME) {
    // Every game was closed: the page offers the form to start one.
    document.body.dataset.noGame = "1";
    $("status").textContent = "no game is open: start one";
    $("setup").open = true;
    document.body.dataset.ready = "1";
    return;
  }
  accept(await (await fetch(`${GAME_API}/state`)).json());
  fillForm(state.setup);
  const events = new EventSource(`${GAME_API}/events`);
  events.addEventListener("state", (e) => accept(JSON.parse(e.data)));
  setInterval(tickClocks, 100);
  document.body.dataset.ready = "1";
}

init();
