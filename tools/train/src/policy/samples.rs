//! Policy samples from a data set: each record's position rebuilt by its game's rules, the
//! value net's clipped hidden layer for the player to decide, its legal moves' indices and
//! their scores for MCTS's priors from the value net after one ply (which the head corrects),
//! which of them the search chose, and the share each should have: an MCTS root's visits where
//! the record has them, else all of it the chosen move's.

use tabula::datagen::format::{self, RECORD_BYTES, Record};
use tabula::game::inputs::ActiveInputs;
use tabula::game::{Game, GameConfig, GameVisitor};
use tabula::net::Evaluator;
use tabula::net::file::{NetShape, NetWeights};
use tabula::net::forward::{self, Accumulator};
use tabula::search::mcts::expand::move_values;

/// Samples stored back to back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolicySamples {
    /// Hidden units per sample.
    pub hidden: usize,
    /// Each sample's clipped hidden layer (0 to QA), `hidden` bytes each.
    pub activations: Vec<u8>,
    /// Every sample's legal moves' indices, back to back.
    pub moves: Vec<u16>,
    /// Each of those moves' prior score from one ply of the value net.
    pub scores: Vec<f32>,
    /// Where each sample's moves start in `moves`; one more entry than samples.
    pub starts: Vec<u32>,
    /// Each sample's chosen move, as a position in its own moves.
    pub targets: Vec<u16>,
    /// Each of those moves' wanted probability (a sample's sum to 1).
    pub wanted: Vec<f32>,
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

    /// Sample `i`'s legal moves' indices.
    pub fn moves_of(&self, i: usize) -> &[u16] {
        &self.moves[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Sample `i`'s legal moves' prior scores.
    pub fn scores_of(&self, i: usize) -> &[f32] {
        &self.scores[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Sample `i`'s legal moves' wanted probabilities.
    pub fn wanted_of(&self, i: usize) -> &[f32] {
        &self.wanted[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    fn push(&mut self, activations: &[u8], moves: &[u16], scores: &[f32], target: &Target) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.activations.extend_from_slice(activations);
        self.moves.extend_from_slice(moves);
        self.scores.extend_from_slice(scores);
        self.wanted.extend_from_slice(&target.wanted);
        self.starts.push(self.moves.len() as u32);
        self.targets.push(target.chosen);
    }
}

/// What a record asks of the head in its position.
#[derive(Debug)]
struct Target {
    /// The search's move, as a position in the legal moves.
    chosen: u16,
    /// Each legal move's wanted probability.
    wanted: Vec<f32>,
}

impl Target {
    /// The target of `record` whose position has `legal` moves in generation order, the
    /// chosen one at place `chosen`: the visits' shares where the record has visits (checked
    /// against the position), else all on the chosen move.
    fn of(record: &Record, legal: usize, chosen: usize) -> Result<Target, String> {
        record.check_visits(legal, chosen)?;
        let mut wanted = vec![0.0; legal];
        let total: f32 = record.visits.iter().map(|&(_, v)| f32::from(v)).sum();
        if total > 0.0 {
            for &(place, visits) in &record.visits {
                wanted[place as usize] = f32::from(visits) / total;
            }
        } else {
            wanted[chosen] = 1.0;
        }
        Ok(Target {
            chosen: chosen as u16,
            wanted,
        })
    }
}

/// What the data sets gave: training and validation samples, the game's policy outputs, and
/// how often the move MCTS's priors favour without a head (the best after one ply of the
/// value net) is the search's on the validation samples.
#[derive(Debug, Default)]
pub struct Extracted {
    /// Training samples.
    pub training: PolicySamples,
    /// Held-out samples.
    pub validation: PolicySamples,
    /// Move indices of the game (the head's outputs).
    pub moves: usize,
    /// Validation samples whose highest prior score (one ply of the value net) is the
    /// search's move.
    pub one_ply_hits: usize,
    /// Records skipped: no move recorded (an older data set) or a single legal move.
    pub skipped: usize,
    /// Records whose target is an MCTS root's visits (the others': the chosen move).
    pub with_visits: usize,
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
        self.into.moves = G::POLICY_SPACE;
        self.into.training.hidden = hidden;
        self.into.validation.hidden = hidden;
        let profile = G::PROFILE;
        let (mut active, mut sums) = (ActiveInputs::default(), Accumulator::default());
        let (mut legal, mut clipped) = (Vec::new(), vec![0u8; hidden]);
        let (mut indices, mut policy_indices, mut scores) = (Vec::new(), Vec::new(), Vec::new());
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
            let chosen = legal.iter().position(|&m| m == best).expect("a legal move");
            self.into.with_visits += usize::from(!record.visits.is_empty());
            let target = Target::of(&record, legal.len(), chosen)
                .map_err(|e| format!("record {i}: '{}': {e}", record.text))?;
            indices.clear();
            G::policy_indices(&legal, &mut policy_indices);
            indices.extend(policy_indices.iter().map(|&index| index as u16));
            scores.clear();
            let values = move_values(&mut pos, &legal, &profile, Evaluator::Net(net));
            scores.extend(values.iter().map(|v| v.score));
            active.clear();
            pos.active_inputs(record.mover, &mut active);
            forward::refresh(self.shape, self.weights, active.as_slice(), &mut sums.0);
            for (byte, &sum) in clipped.iter_mut().zip(&sums.0[..hidden]) {
                *byte = sum.clamp(0, self.shape.qa as i16) as u8;
            }
            let held_out = self.holdout != 0 && i % self.holdout == self.holdout - 1;
            if held_out {
                let favoured = (0..scores.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b]));
                self.into.one_ply_hits += usize::from(favoured == Some(chosen));
                self.into
                    .validation
                    .push(&clipped, &indices, &scores, &target);
            } else {
                self.into
                    .training
                    .push(&clipped, &indices, &scores, &target);
            }
        }
        Ok(())
    }
}
