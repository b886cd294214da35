// The new-game form: the catalog's games, players, boards and engines, a row per seat, and
// the setup it makes (and fills back in after a reload).

const $ = (id) => document.getElementById(id);
// What the server offers: games with their players and boards, and engines.
let catalog = null;

// Fills the form's choices from the catalog.
export function fillGames(games) {
  catalog = games;
  $("game").replaceChildren(...catalog.games.map((g) => new Option(g.name, g.name)));
  const engines = catalog.engines.map((name, i) => new Option(name, i));
  $("analysis-engine").replaceChildren(...engines);
  $("analysis-multipv").max = catalog.max_multipv;
  gameChanged();
}

// The chosen game's player range and boards, and its seats.
export function gameChanged() {
  const game = catalog.games.find((g) => g.name === $("game").value);
  $("players").min = game.players[0];
  $("players").max = game.players[1];
  $("players").value = Math.min(Math.max(Number($("players").value), game.players[0]), game.players[1]);
  $("players").disabled = game.players[0] === game.players[1];
  $("board-name").replaceChildren(...game.boards.map((b) => new Option(b, b)));
  $("board-label").hidden = game.boards.length === 0;
  fillSeats();
}

// A row per seat: who sits there (a person or an engine) and the engine's settings; rows
// already there keep what was chosen in them.
export function fillSeats() {
  const n = Number($("players").value);
  const box = $("seat-setup");
  const old = [...box.children];
  box.replaceChildren();
  for (let k = 0; k < n; k++) {
    if (old[k]) { box.appendChild(old[k]); continue; }
    const row = document.createElement("div");
    row.className = "seat";
    row.dataset.seat = k;
    const who = document.createElement("select");
    who.className = "who";
    who.append(new Option("person", "person"), ...catalog.engines.map((name, i) => new Option(name, i)));
    who.value = k === 0 || !catalog.engines.length ? "person" : "0";
    row.append(`p${k + 1} `, who);
    row.insertAdjacentHTML("beforeend", `
      <span class="engine-fields">
      <select class="search"><option value="">engine's search</option><option>alphabeta</option><option>mcts</option><option>random</option></select>
      threads <input class="threads" type="number" min="1" max="${catalog.max_threads}" value="1">
      MultiPV <input class="multipv" type="number" min="1" max="${catalog.max_multipv}" value="1">
      </span>
      <select class="limit-kind"><option value="movetime">ms a move</option><option value="nodes">nodes</option><option value="depth">depth</option><option value="clock">clock s+s</option><option value="none">none</option></select>
      <input class="limit-value" size="8" value="1000">`);
    who.onchange = () => showSeatFields(row);
    box.appendChild(row);
    showSeatFields(row);
  }
}

// A person's row offers only a clock; an engine's, its search, threads, MultiPV and limit.
function showSeatFields(row) {
  const person = row.querySelector(".who").value === "person";
  row.querySelector(".engine-fields").hidden = person;
  for (const option of row.querySelector(".limit-kind").options) {
    option.hidden = person && !["clock", "none"].includes(option.value);
  }
  const kind = row.querySelector(".limit-kind");
  if (person && !["clock", "none"].includes(kind.value)) kind.value = "none";
  row.querySelector(".limit-value").hidden = kind.value === "none";
  kind.onchange = () => { row.querySelector(".limit-value").hidden = kind.value === "none"; };
}

// One seat's row as its setup: the engine, its options and its limit.
function seatSetup(row) {
  const who = row.querySelector(".who").value;
  const kind = row.querySelector(".limit-kind").value;
  const value = row.querySelector(".limit-value").value.trim();
  const seat = `p${Number(row.dataset.seat) + 1}`;
  const whole = (what) => {
    if (!/^[0-9]+$/.test(value) || Number(value) < 1) {
      throw new Error(`${seat}'s limit must be a whole number of ${what} (at least 1), not '${value}'`);
    }
    return Number(value);
  };
  let limit = null;
  if (kind === "movetime") limit = { kind, ms: whole("milliseconds") };
  if (kind === "nodes") limit = { kind, nodes: whole("nodes") };
  if (kind === "depth") limit = { kind, depth: whole("plies") };
  if (kind === "clock") {
    const match = value.match(/^([0-9]+(?:\.[0-9]+)?)(?:\+([0-9]+(?:\.[0-9]+)?))?$/);
    if (!match || Number(match[1]) <= 0) {
      throw new Error(`${seat}'s clock must be seconds and an increment, as 300+2 or 60, not '${value}'`);
    }
    limit = { kind, base_ms: Math.round(Number(match[1]) * 1000), inc_ms: Math.round(Number(match[2] || 0) * 1000) };
  }
  if (who === "person") return { engine: null, options: [], limit: kind === "clock" ? limit : null };
  const options = [["Threads", row.querySelector(".threads").value], ["MultiPV", row.querySelector(".multipv").value]];
  const search = row.querySelector(".search").value;
  if (search) options.push(["Search", search]);
  return { engine: Number(who), options, limit };
}

// The form as a new game's setup; throws an Error that says what to mend when a field is
// not what it should be.
export function formSetup() {
  const seed = $("seed").value.trim();
  return {
    game: $("game").value,
    players: Number($("players").value),
    board: $("board-label").hidden ? "" : $("board-name").value,
    dice: $("dice").value,
    seed: seed === "" ? null : Number(seed),
    seats: [...$("seat-setup").children].map(seatSetup),
  };
}

// Fills the form with the setup the game was started with, so that a reload shows it.
export function fillForm(setup) {
  $("game").value = setup.game;
  gameChanged();
  $("players").value = setup.players;
  fillSeats();
  if (setup.board) $("board-name").value = setup.board;
  $("dice").value = setup.dice;
  $("seed").value = setup.seed ?? "";
  setup.seats.forEach((seat, k) => {
    const row = $("seat-setup").children[k];
    row.querySelector(".who").value = seat.engine === null ? "person" : String(seat.engine);
    const option = (name) => (seat.options.find(([n]) => n === name) || [])[1];
    row.querySelector(".search").value = option("Search") || "";
    row.querySelector(".threads").value = option("Threads") || 1;
    row.querySelector(".multipv").value = option("MultiPV") || 1;
    const limit = seat.limit;
    const kind = limit ? limit.kind : "none";
    row.querySelector(".limit-kind").value = kind;
    const value = { movetime: limit?.ms, nodes: limit?.nodes, depth: limit?.depth,
      clock: limit && `${limit.base_ms / 1000}+${limit.inc_ms / 1000}` }[kind];
    row.querySelector(".limit-value").value = value ?? "";
    showSeatFields(row);
  });
}
