//! Policy samples from a data set: each record's position rebuilt by its game's rules, the
//! value net's clipped hidden layer for the player to decide, the move indices of its legal
//! moves and which of them the search chose.

use tabula::datagen::format::{self, RECORD_BYTES, Record};
use tabula::game::inputs::ActiveInputs;
use tabula::game::{Game, GameConfig, GameVisitor, Outcome};
use tabula::net::file::{NetShape, NetWeights};
use tabula::net::forward::{self, Accumulator};

/// Samples stored back to back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolicySamples {
    /// Hidden units per sample.
    pub hidden: usize,
    /// Each sample's clipped hidden layer (0 to QA), `hidden` bytes each.
    pub activations: Vec<u8>,
    /// Every sample's distinct legal move indices, back to back.
    pub moves: Vec<u16>,
    /// Where each sample's moves start in `moves`; one more entry than samples.
    pub starts: Vec<u32>,
    /// Each sample's chosen move, as a position in its own moves.
    pub targets: Vec<u16>,
}

impl PolicySamples {
    /// How many samples there are.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Sample `i`'s hidden layer.
    pub fn activations_of(&self, i: usize) -> &[u8] {
        &self.activations[i * self.hidden..(i + 1) * self.hidden]
    }

    /// Sample `i`'s legal move indices.
    pub fn moves_of(&self, i: usize) -> &[u16] {
        &self.moves[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    fn push(&mut self, activations: &[u8], moves: &[u16], target: u16) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.activations.extend_from_slice(activations);
        self.moves.extend_from_slice(moves);
        self.starts.push(self.moves.len() as u32);
        self.targets.push(target);
    }
}

/// What the data sets gave: training and validation samples, the game's move indices, and
/// how often the value net's own choice after one ply (what MCTS's priors favour without a
/// policy) is the search's move on the validation samples.
#[derive(Debug, Default)]
pub struct Extracted {
    /// Training samples.
    pub training: PolicySamples,
    /// Held-out samples.
    pub validation: PolicySamples,
    /// Move indices of the game (the head's outputs).
    pub moves: usize,
    /// Validation samples whose best move after one ply by the value net is the search's.
    pub one_ply_hits: usize,
    /// Records skipped: no move recorded (an older data set) or a single legal move.
    pub skipped: usize,
}

/// The samples of data sets `sets` (all of the net's game) for the net in `net_bytes`; every
/// `holdout`-th record is held out (none when 0).
pub fn read(net_bytes: &[u8], sets: &[&[u8]], holdout: usize) -> Result<Extracted, String> {
    let (shape, weights, _) = tabula::net::file::decode(net_bytes)?;
    if shape.qa > u32::from(u8::MAX) {
        return Err(format!(
            "a first-layer scale of {} does not fit a byte",
            shape.qa
        ));
    }
    let mut extracted = Extracted::default();
    for bytes in sets {
        let (header, body) = format::split(bytes)?;
        if header.game != shape.game {
            return Err(format!(
                "the data set is of {}, the network of {}",
                header.game, shape.game
            ));
        }
        let mut visitor = Extract {
            net_bytes,
            shape: &shape,
            weights: &weights,
            players: header.players as usize,
            body: &body,
            holdout,
            into: &mut extracted,
            found: None,
        };
        tabula::games::visit_all(&mut visitor);
        visitor
            .found
            .unwrap_or_else(|| Err(format!("the data set's game '{}' is unknown", header.game)))?;
    }
    Ok(extracted)
}

/// Finds the net's game among the registered ones and extracts a data set's samples.
struct Extract<'a> {
    net_bytes: &'a [u8],
    shape: &'a NetShape,
    weights: &'a NetWeights,
    players: usize,
    body: &'a [u8],
    holdout: usize,
    into: &'a mut Extracted,
    found: Option<Result<(), String>>,
}

impl GameVisitor for Extract<'_> {
    fn visit<G: Game>(&mut self) {
        if G::NAME == self.shape.game {
            self.found = Some(self.extract::<G>());
        }
    }
}

impl Extract<'_> {
    fn extract<G: Game>(&mut self) -> Result<(), String> {
        let net = tabula::net::load::<G>(self.net_bytes)?;
        let config = GameConfig {
            players: self.players,
            ..GameConfig::default()
        };
        let hidden = self.shape.hidden;
        self.into.moves = G::MOVE_INDEX_SPACE;
        self.into.training.hidden = hidden;
        self.into.validation.hidden = hidden;
        let (mut active, mut sums) = (ActiveInputs::default(), Accumulator::default());
        let (mut legal, mut indices, mut clipped) = (Vec::new(), Vec::new(), vec![0u8; hidden]);
        for (i, bytes) in self.body.chunks_exact(RECORD_BYTES).enumerate() {
            let record = Record::decode(bytes.try_into().expect("whole records"))?;
            let mut pos = G::from_text(&record.text, &config)
                .map_err(|e| format!("record {i}: '{}': {e}", record.text))?;
            pos.generate(&mut legal);
            if record.best.is_empty() || legal.len() < 2 {
                self.into.skipped += 1;
                continue;
            }
            let best = pos
                .parse_move(&record.best)
                .map_err(|e| format!("record {i}: move '{}': {e}", record.best))?;
            indices.clear();
            for &mv in &legal {
                let index = G::move_index(mv) as u16;
                if !indices.contains(&index) {
                    indices.push(index);
                }
            }
            let chosen = G::move_index(best) as u16;
            let target = indices
                .iter()
                .position(|&m| m == chosen)
                .expect("a legal move") as u16;
            active.clear();
            pos.active_inputs(record.mover, &mut active);
            forward::refresh(self.shape, self.weights, active.as_slice(), &mut sums);
            for (byte, &sum) in clipped.iter_mut().zip(&sums.0[..hidden]) {
                *byte = sum.clamp(0, self.shape.qa as i16) as u8;
            }
            let held_out = self.holdout != 0 && i % self.holdout == self.holdout - 1;
            if held_out {
                let one_ply = best_after_one_ply(&mut pos, &legal, record.mover, net);
                self.into.one_ply_hits += usize::from(one_ply == best);
                self.into.validation.push(&clipped, &indices, target);
            } else {
                self.into.training.push(&clipped, &indices, target);
            }
        }
        Ok(())
    }
}

/// The move whose position the value net likes best for `mover` (a move that wins at once
/// first), as MCTS's priors without a policy rank them.
fn best_after_one_ply<G: Game>(
    pos: &mut G,
    legal: &[G::Move],
    mover: u8,
    net: &tabula::net::Network,
) -> G::Move {
    let mut best = (i32::MIN, legal[0]);
    for &mv in legal {
        pos.make(mv);
        let value = match pos.outcome() {
            Some(Outcome::Win(winner)) if winner == mover => i32::MAX,
            Some(Outcome::Win(_)) => i32::MIN + 1,
            Some(Outcome::Draw) => 0,
            None => net.evaluate(pos, mover),
        };
        pos.unmake();
        if value > best.0 {
            best = (value, mv);
        }
    }
    best.1
}
