//! What a player would call a fault of the page's layout, found by a script in the page: a
//! list of problems, each in words, empty when the page looks as it should.

/// A script that returns the faults of the page as drawn now (with the New game form folded):
/// the graph below the fold; the board and the side column not centred together; the move on
/// show out of the move list's sight; a "restart engine" button on a seat with no fault;
/// pieces that cover each other; a cell's name under a piece or a stone; coordinates smaller
/// than 11 pixels.
pub const LAYOUT_PROBLEMS: &str = r#"
const problems = [];
const rect = (e) => e.getBoundingClientRect();
const graph = rect(document.getElementById('graph'));
if (graph.bottom > window.innerHeight) problems.push(`the graph ends at ${graph.bottom}, below the window's ${window.innerHeight}`);
const board = rect(document.getElementById('board'));
const side = rect(document.querySelector('aside'));
const [left, right] = [board.left, window.innerWidth - side.right];
if (Math.abs(left - right) > 24) problems.push(`not centred: ${left} px on the left, ${right} on the right`);
const box = rect(document.getElementById('moves-box'));
const current = document.querySelector('#moves .current');
if (current) {
  const c = rect(current);
  if (c.top < box.top - 1 || c.bottom > box.bottom + 1) problems.push(`the move on show (${current.textContent}) is out of sight in the move list`);
}
for (const seat of document.querySelectorAll('.seat-box')) {
  if (seat.querySelector('.restart') && !seat.querySelector('.fault')) problems.push(`seat ${seat.dataset.seat} offers a restart with no fault`);
}
const pieces = [...document.querySelectorAll('#board .piece rect, #board .piece circle')].map(rect);
for (let i = 0; i < pieces.length; i++) {
  for (let j = i + 1; j < pieces.length; j++) {
    const [a, b] = [pieces[i], pieces[j]];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    const nested = (a.left >= b.left && a.right <= b.right) || (b.left >= a.left && b.right <= a.right);
    if (w > 1 && h > 1 && !nested) problems.push(`two pieces overlap at ${Math.round(a.left)},${Math.round(a.top)}`);
  }
}
const stones = [...document.querySelectorAll('#board .piece circle')].map(rect);
for (const name of document.querySelectorAll('#board .cell-name:not(.on-piece)')) {
  const n = rect(name);
  for (const s of stones) {
    const [cx, cy, r] = [(s.left + s.right) / 2, (s.top + s.bottom) / 2, (s.right - s.left) / 2];
    const dx = Math.max(n.left - cx, 0, cx - n.right), dy = Math.max(n.top - cy, 0, cy - n.bottom);
    if (Math.hypot(dx, dy) < r - 1) problems.push(`the name ${name.textContent} lies on a piece`);
  }
  for (const p of [...document.querySelectorAll('#board .piece rect')].map(rect)) {
    const w = Math.min(n.right, p.right) - Math.max(n.left, p.left);
    const h = Math.min(n.bottom, p.bottom) - Math.max(n.top, p.top);
    if (w > 1 && h > 1) problems.push(`the name ${name.textContent} lies on a piece`);
  }
}
for (const coord of document.querySelectorAll('#board .coord')) {
  if (rect(coord).height < 11) problems.push(`coordinate ${coord.textContent} is ${rect(coord).height} px high`);
}
return problems;
"#;
