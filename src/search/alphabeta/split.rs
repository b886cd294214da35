//! Work splitting among a search's threads (young brothers wait): once a thread has searched
//! a node's first move and another thread stands idle, it hands the node's other moves out,
//! one at a time, to whichever thread asks first, itself included. Such a node is a split
//! point. Split points form a stack: only a thread working in the innermost one may open
//! another, so each is nested in a move of the one below it. A thread whose own split point
//! has no moves left helps in those nested in it until its last move is back.
//!
//! Every thread searches a move it took with the node's best value so far as its alpha and
//! hands the value back; a value at or above beta cuts the split point, and every thread
//! working inside it (at its level of the stack or deeper) stops there.
//!
//! A helper with no work spins a little, then sleeps until a split point opens or the
//! search ends ([`SplitBoard::park`]): a spinning thread takes a core that the machine (a
//! virtual one, sharing its host) may otherwise give to the thread that does the work.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use super::node::Node;
use crate::game::Game;

/// One move of a split point, to be searched by whichever thread takes it.
#[derive(Clone, Copy, Debug)]
pub struct Job<M> {
    /// Its index in the node's ordered move list.
    pub index: usize,
    /// The move.
    pub mv: M,
    /// The plies its probe is reduced by.
    pub reduced: u32,
}

/// A move that raised the split point's alpha, with its value and line (the move first).
#[derive(Clone, Debug)]
pub struct Raise<M> {
    /// Its index in the node's ordered move list.
    pub index: usize,
    /// Its value.
    pub value: i32,
    /// Its line, the move first.
    pub line: Vec<M>,
}

/// A node whose remaining moves are shared out, and what its moves have found.
pub struct SplitPoint<G: Game> {
    /// Which split point this is (a thread keeps the position of the one it last joined).
    id: u64,
    /// The position at the split point (with its history, for repetitions).
    pos: G,
    /// The node.
    node: Node,
    jobs: Vec<Job<G::Move>>,
    next: usize,
    /// The best value found so far (the moves searched before the split included).
    alpha: i32,
    /// The best value of any move searched here (fail-soft), moves before the split included.
    pub best: i32,
    /// The moves that raised alpha, in the order they did.
    pub raises: Vec<Raise<G::Move>>,
    /// Whether a move reached beta.
    pub cut: bool,
    /// Threads that joined it and are not done (its opener not counted).
    working: usize,
}

impl<G: Game> SplitPoint<G> {
    /// A split point at `pos`, whose moves before `jobs` found `best` and left `alpha`.
    pub fn new(pos: G, node: Node, jobs: Vec<Job<G::Move>>, alpha: i32, best: i32) -> Self {
        SplitPoint {
            id: 0,
            pos,
            node,
            jobs,
            next: 0,
            alpha,
            best,
            raises: Vec::new(),
            cut: false,
            working: 0,
        }
    }

    fn has_jobs(&self) -> bool {
        !self.cut && self.next < self.jobs.len()
    }
}

/// A split point a thread joined.
pub struct Joined<G> {
    /// Its stack level.
    pub level: usize,
    /// Its id.
    pub id: u64,
    /// Its node.
    pub node: Node,
    /// Its position, unless the thread has it from a move taken there before.
    pub pos: Option<G>,
}

/// The split points of one search, shared by all its threads.
pub struct SplitBoard<G: Game> {
    stack: Mutex<Vec<SplitPoint<G>>>,
    /// Whether some split point has moves left to hand out.
    open: AtomicBool,
    /// Threads waiting for work.
    idle: AtomicUsize,
    /// The outermost stack level whose split point was cut (`usize::MAX`: none).
    cut_level: AtomicUsize,
    /// Split points on the stack.
    levels: AtomicUsize,
    next_id: AtomicUsize,
    /// Helpers asleep in [`SplitBoard::park`]; the lock that their sleep and its wake-up share.
    parked: Mutex<usize>,
    /// Wakes the parked helpers.
    wake: Condvar,
}

/// The longest a parked helper sleeps before it looks again (a safety net: it is woken).
const PARK_TIMEOUT: Duration = Duration::from_millis(2);

impl<G: Game> Default for SplitBoard<G> {
    fn default() -> Self {
        SplitBoard {
            stack: Mutex::new(Vec::new()),
            open: AtomicBool::new(false),
            idle: AtomicUsize::new(0),
            cut_level: AtomicUsize::new(usize::MAX),
            levels: AtomicUsize::new(0),
            next_id: AtomicUsize::new(1),
            parked: Mutex::new(0),
            wake: Condvar::new(),
        }
    }
}

impl<G: Game> SplitBoard<G> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<SplitPoint<G>>> {
        // A thread that panicked holding the lock leaves nothing half-written.
        crate::sync::lock(&self.stack)
    }

    fn update_open(&self, stack: &[SplitPoint<G>]) {
        self.open
            .store(stack.iter().any(SplitPoint::has_jobs), Relaxed);
    }

    /// Whether a thread waits for work (only then is a node worth splitting).
    pub fn someone_idle(&self) -> bool {
        self.idle.load(Relaxed) > 0
    }

    /// Whether some split point has moves left (what idle threads watch).
    pub fn is_open(&self) -> bool {
        self.open.load(Relaxed)
    }

    /// Counts a thread in or out of the idle ones.
    pub fn set_idle(&self, idle: bool) {
        if idle {
            self.idle.fetch_add(1, Relaxed);
        } else {
            self.idle.fetch_sub(1, Relaxed);
        }
    }

    /// Sleeps until a split point has moves to hand out, `stop` is raised and
    /// [`SplitBoard::wake_all`] called, or [`PARK_TIMEOUT`] has passed.
    pub fn park(&self, stop: &AtomicBool) {
        let _ = self.park_for(stop, PARK_TIMEOUT);
    }

    /// [`SplitBoard::park`] with its longest sleep; returns whether it had to sleep it out.
    fn park_for(&self, stop: &AtomicBool, timeout: Duration) -> bool {
        let mut parked = crate::sync::lock(&self.parked);
        if self.is_open() || stop.load(Relaxed) {
            return false;
        }
        *parked += 1;
        let (mut parked, waited) = self
            .wake
            .wait_timeout(parked, timeout)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *parked -= 1;
        waited.timed_out()
    }

    /// Wakes the parked helpers (after a split point opened, or the search stopped).
    pub fn wake_all(&self) {
        if *crate::sync::lock(&self.parked) > 0 {
            self.wake.notify_all();
        }
    }

    /// Whether the split point at `level`, or one it is nested in, was cut.
    pub fn cut_at_or_above(&self, level: usize) -> bool {
        self.cut_level.load(Relaxed) <= level
    }

    /// Whether a thread working in the split point at `level` (`None`: in none) works in
    /// the innermost one, where alone it may open another (so that they stay nested).
    pub fn innermost(&self, level: Option<usize>) -> bool {
        self.levels.load(Relaxed) == level.map_or(0, |l| l + 1)
    }

    /// Pushes a split point opened by a thread working in the one at `level`; returns its
    /// stack level, or `None` where that is no longer the innermost.
    pub fn open(&self, mut split: SplitPoint<G>, level: Option<usize>) -> Option<usize> {
        let mut stack = self.lock();
        if stack.len() != level.map_or(0, |l| l + 1) {
            return None;
        }
        split.id = self.next_id.fetch_add(1, Relaxed) as u64;
        stack.push(split);
        self.levels.store(stack.len(), Relaxed);
        self.update_open(&stack);
        let level = stack.len() - 1;
        drop(stack);
        self.wake_all();
        Some(level)
    }

    /// A thread joins the innermost split point with moves left nested inside the one at
    /// `level` (`None`: any): its level, its id, its node, and its position (cloned only
    /// when `known_id` is another split point's).
    pub fn join(&self, level: Option<usize>, known_id: u64) -> Option<Joined<G>> {
        let mut stack = self.lock();
        let found = stack.iter().rposition(SplitPoint::has_jobs)?;
        if level.is_some_and(|l| found <= l) {
            return None;
        }
        let split = &mut stack[found];
        split.working += 1;
        Some(Joined {
            level: found,
            id: split.id,
            node: split.node,
            pos: (split.id != known_id).then(|| split.pos.clone()),
        })
    }

    /// Takes the next move of the split point at `level`, with the alpha to search it at.
    pub fn take(&self, level: usize) -> Option<(Job<G::Move>, i32)> {
        let mut stack = self.lock();
        let split = &mut stack[level];
        if !split.has_jobs() {
            return None;
        }
        let job = split.jobs[split.next];
        split.next += 1;
        let alpha = split.alpha;
        if !split.has_jobs() {
            self.update_open(&stack);
        }
        Some((job, alpha))
    }

    /// Hands back the value of a move searched to the end (never one cut short).
    pub fn record(&self, level: usize, job: Job<G::Move>, value: i32, child_line: &[G::Move]) {
        let mut stack = self.lock();
        let split = &mut stack[level];
        split.best = split.best.max(value);
        if value <= split.alpha {
            return;
        }
        split.alpha = value;
        let mut line = Vec::with_capacity(child_line.len() + 1);
        line.push(job.mv);
        line.extend_from_slice(child_line);
        split.raises.push(Raise {
            index: job.index,
            value,
            line,
        });
        if value >= split.node.beta {
            split.cut = true;
            self.cut_level.fetch_min(level, Relaxed);
            self.update_open(&stack);
        }
    }

    /// A thread that joined the split point at `level` is done with it.
    pub fn leave(&self, level: usize) {
        self.lock()[level].working -= 1;
    }

    /// Takes the innermost split point (at `level`) off the stack, if no other thread
    /// works in it any more.
    pub fn try_close(&self, level: usize) -> Option<SplitPoint<G>> {
        let mut stack = self.lock();
        if stack.len() != level + 1 || stack[level].working > 0 {
            return None;
        }
        let split = stack.pop().expect("the split point is open");
        self.levels.store(stack.len(), Relaxed);
        let _ = self
            .cut_level
            .compare_exchange(level, usize::MAX, Relaxed, Relaxed);
        self.update_open(&stack);
        Some(split)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameConfig, Rules};
    use crate::games::tumbling_down::TumblingDown;

    /// Far longer than a wake-up takes: a helper that sleeps it out was not woken.
    const A_MINUTE: Duration = Duration::from_secs(60);

    /// Parks a helper on `board` (for a minute unless woken), waits until it sleeps, runs
    /// `wake`, and asserts that the helper was woken.
    fn park_and(board: &SplitBoard<TumblingDown>, stop: &AtomicBool, wake: impl FnOnce()) {
        std::thread::scope(|scope| {
            let helper = scope.spawn(|| board.park_for(stop, A_MINUTE));
            while *crate::sync::lock(&board.parked) == 0 {
                std::thread::yield_now();
            }
            wake();
            let slept_it_out = helper.join().expect("the helper returns");
            assert!(!slept_it_out, "the parked helper was not woken");
        });
    }

    #[test]
    fn a_parked_helper_wakes_when_a_split_point_opens() {
        let (board, stop) = (SplitBoard::default(), AtomicBool::new(false));
        park_and(&board, &stop, || {
            let pos = TumblingDown::startpos(&GameConfig::default()).expect("a start");
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            let node = Node {
                side: 0,
                depth: 3,
                ply: 0,
                alpha: -100,
                beta: 100,
            };
            let jobs = vec![Job {
                index: 1,
                mv: moves[1],
                reduced: 0,
            }];
            assert_eq!(
                board.open(SplitPoint::new(pos, node, jobs, 0, 0), None),
                Some(0)
            );
        });
        assert!(board.is_open());
    }

    #[test]
    fn a_parked_helper_wakes_when_the_search_stops() {
        let (board, stop) = (SplitBoard::default(), AtomicBool::new(false));
        park_and(&board, &stop, || {
            stop.store(true, Relaxed);
            board.wake_all();
        });
        assert!(!board.is_open());
    }
}
