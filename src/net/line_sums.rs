//! The first layer's sums along the line a search is on, one set per ply and seat, as engines
//! with NNUE keep them: each turn the search plays records the features it changed (the
//! game tells them, [`Inputs::last_change`]), and only a ply that is evaluated gets its sums,
//! from the nearest ply above it that has them, by the rows of those changes. A ply whose
//! change the game did not tell, or whose position was put in place rather than played to
//! (a split point's), is made afresh, from the thread's last sums ([`kept_sums`]).

use super::{Network, forward, kept_sums};
use crate::game::inputs::{ActiveInputs, FeatureChange, MAX_CHANGE, inputs_of};
use crate::game::{Evaluation, Inputs, Player};

/// The most seats with sums of their own (more are folded onto these).
const SEATS: usize = 6;

/// One ply of the line.
#[derive(Clone, Default)]
struct Ply {
    /// The features the turn that led here changed.
    change: FeatureChange,
    /// Whether `change` holds them; if not the sums here are made afresh.
    told: bool,
    /// Bit `seat` set: this ply's sums for that seat are up to date.
    ready: u8,
}

/// The sums along one search thread's line.
pub struct LineSums {
    net: &'static Network,
    plies: Vec<Ply>,
    /// Each ply's sums, seat by seat, `hidden` each.
    sums: Vec<i16>,
    /// Seats with sums of their own.
    seats: usize,
    /// The ply of the position the search is at.
    top: usize,
}

impl LineSums {
    /// Sums for a line of `plies` plies from `root` (more as it grows), evaluated by `net`.
    pub fn new<G: Inputs>(net: &'static Network, plies: usize, root: &G) -> Self {
        let seats = root.players().clamp(1, SEATS);
        let mut line = LineSums {
            net,
            plies: vec![Ply::default(); plies + 1],
            sums: vec![0; (plies + 1) * seats * net.shape.hidden],
            seats,
            top: 0,
        };
        line.put_in_place(root);
        line
    }

    /// The search played a turn on `pos` (a move or a turn handed over): its changes are
    /// recorded, and its sums are made when it is evaluated.
    #[inline]
    pub fn played<G: Inputs>(&mut self, pos: &G) {
        self.top += 1;
        if self.top == self.plies.len() {
            // A line longer than planned (a search that hands turns around plays two turns
            // a ply): room for as many plies again.
            let more = self.plies.len();
            self.plies.resize(2 * more, Ply::default());
            self.sums.resize(2 * self.sums.len(), 0);
        }
        let ply = &mut self.plies[self.top];
        ply.told = pos.last_change(&mut ply.change) && ply.change.told().is_some();
        ply.ready = 0;
    }

    /// The search took back the turn it played last.
    #[inline]
    pub fn took_back(&mut self) {
        self.top -= 1;
    }

    /// `pos` was put in place at the present ply rather than played to (the root, a split
    /// point's position): its sums are made afresh for every seat, from which the plies
    /// below it are made.
    pub fn put_in_place<G: Inputs>(&mut self, pos: &G) {
        let ply = &mut self.plies[self.top];
        (ply.told, ply.ready) = (false, 0);
        for seat in 0..self.seats {
            self.make_afresh(pos, seat as Player);
        }
    }

    /// The net's value of `pos`, the position at the present ply, for `player`, in
    /// centipawns held within the game's bound (as [`super::Evaluator::evaluate`] gives it).
    pub fn evaluate<G: Evaluation + Inputs>(&mut self, pos: &G, player: Player) -> i32 {
        super::within_bound(pos, self.net.centipawns(self.output(pos, player)))
    }

    /// The net's output for `pos`, the position at the present ply, seen from `player`.
    pub fn output<G: Inputs>(&mut self, pos: &G, player: Player) -> i32 {
        let seat = player as usize % self.seats;
        let bit = 1u8 << seat;
        let mut from = self.top;
        while self.plies[from].ready & bit == 0 {
            if !self.plies[from].told || from == 0 {
                self.make_afresh(pos, player);
                from = self.top;
                break;
            }
            from -= 1;
        }
        for ply in from + 1..=self.top {
            self.play_forward(pos, player, ply);
        }
        let (shape, weights) = (&self.net.shape, &self.net.weights);
        forward::output_of(shape, weights, self.slot(self.top, seat))
    }

    /// Where ply `ply`'s sums for `seat` start.
    fn at(&self, ply: usize, seat: usize) -> usize {
        (ply * self.seats + seat) * self.net.shape.hidden
    }

    /// Ply `ply`'s sums for `seat`.
    fn slot(&self, ply: usize, seat: usize) -> &[i16] {
        let at = self.at(ply, seat);
        &self.sums[at..at + self.net.shape.hidden]
    }

    /// Makes the present ply's sums for `player` afresh.
    fn make_afresh<G: Inputs>(&mut self, pos: &G, player: Player) {
        let seat = player as usize % self.seats;
        let mut active = ActiveInputs::default();
        pos.active_inputs(player, &mut active);
        let at = self.at(self.top, seat);
        let sums = &mut self.sums[at..at + self.net.shape.hidden];
        kept_sums::sums(self.net, player, active.as_slice(), sums);
        self.plies[self.top].ready |= 1 << seat;
    }

    /// Makes ply `ply`'s sums for `player` from ply `ply - 1`'s by the change recorded there.
    fn play_forward<G: Inputs>(&mut self, pos: &G, player: Player, ply: usize) {
        let seat = player as usize % self.seats;
        if self.plies[ply].ready & (1 << seat) != 0 {
            return;
        }
        let (mut added, mut removed) = ([0u16; MAX_CHANGE], [0u16; MAX_CHANGE]);
        let (off, on) = self.plies[ply].change.told().expect("a told change");
        let adds = inputs_of(pos, player, on, &mut added);
        let removes = inputs_of(pos, player, off, &mut removed);
        let (above, here) = (self.at(ply - 1, seat), self.at(ply, seat));
        let (upper, lower) = self.sums.split_at_mut(here);
        let (shape, weights) = (&self.net.shape, &self.net.weights);
        forward::update_into(
            shape,
            weights,
            &added[..adds],
            &removed[..removes],
            &upper[above..],
            lower,
        );
        self.plies[ply].ready |= 1 << seat;
    }
}
