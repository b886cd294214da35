//! Training samples from a data set (`tabula datagen`): each record's position rebuilt by its
//! game's rules and seen from every seat, with the target that seat's network output should
//! approach.

use tabula::datagen::format::{self, RECORD_BYTES, Record, SHARE_UNIT};
use tabula::game::inputs::ActiveInputs;
use tabula::game::{Game, GameConfig, GameVisitor};
use tabula::search::score::share_of_score;

/// Samples with their active inputs stored one after another.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Every sample's active inputs, back to back.
    pub inputs: Vec<u16>,
    /// Where each sample's inputs start in `inputs`; one more entry than samples.
    pub starts: Vec<u32>,
    /// Each sample's target: the expected share of the game (0 to 1).
    pub targets: Vec<f32>,
}

impl Samples {
    /// How many samples there are.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// The active inputs of sample `i`.
    pub fn inputs_of(&self, i: usize) -> &[u16] {
        &self.inputs[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Adds `other`'s samples after these.
    fn append(&mut self, other: &Samples) {
        for i in 0..other.len() {
            self.push(other.inputs_of(i), other.targets[i]);
        }
    }

    fn push(&mut self, active: &[u16], target: f32) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.inputs.extend_from_slice(active);
        self.starts.push(self.inputs.len() as u32);
        self.targets.push(target);
    }
}

/// What the samples of a data set are for: its game's name, inputs and scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// The game's variant name.
    pub name: String,
    /// Its number of inputs.
    pub inputs: usize,
    /// Its input layout's hash.
    pub layout: u64,
    /// Its profile's `evaluation_decade`: centipawns per tenfold in the odds.
    pub decade: u32,
}

/// How records become samples.
#[derive(Clone, Copy, Debug)]
pub struct Labels {
    /// The result's share of a target; the search's score gives the rest (for the seat to
    /// decide, and with two players for the other seat too; other seats get the result).
    pub result_weight: f32,
    /// Only records whose search score is within this many centipawns of the game's own
    /// static evaluation for the player to decide (none: every record).
    pub quiet_margin: Option<i32>,
}

/// The facts and samples of data sets of one game (of any player counts), as [`read`] gives
/// them for each, put together.
pub fn read_all(
    sets: &[&[u8]],
    labels: Labels,
    holdout: usize,
) -> Result<(GameFacts, Samples, Samples), String> {
    let mut whole: Option<(GameFacts, Samples, Samples)> = None;
    for bytes in sets {
        let (facts, training, validation) = read(bytes, labels, holdout)?;
        match &mut whole {
            None => whole = Some((facts, training, validation)),
            Some((first, all_training, all_validation)) => {
                if *first != facts {
                    return Err(format!(
                        "the data sets are of {} and {}: one game at a time",
                        first.name, facts.name
                    ));
                }
                all_training.append(&training);
                all_validation.append(&validation);
            }
        }
    }
    whole.ok_or_else(|| "no data set".to_string())
}

/// A data set's facts and samples, its records split into training and validation: every
/// `holdout`-th record is held out (none when 0).
pub fn read(
    bytes: &[u8],
    labels: Labels,
    holdout: usize,
) -> Result<(GameFacts, Samples, Samples), String> {
    let (header, body) = format::split(bytes)?;
    let mut visitor = Extract {
        name: &header.game,
        players: header.players as usize,
        body: &body,
        labels,
        holdout,
        found: None,
    };
    tabula::games::visit_all(&mut visitor);
    visitor
        .found
        .unwrap_or_else(|| Err(format!("the data set's game '{}' is unknown", header.game)))
}

/// Finds the data set's game among the registered ones and extracts its samples.
struct Extract<'a> {
    name: &'a str,
    players: usize,
    body: &'a [u8],
    labels: Labels,
    holdout: usize,
    found: Option<Result<(GameFacts, Samples, Samples), String>>,
}

impl GameVisitor for Extract<'_> {
    fn visit<G: Game>(&mut self) {
        if G::NAME == self.name {
            self.found = Some(self.extract::<G>());
        }
    }
}

impl Extract<'_> {
    fn extract<G: Game>(&self) -> Result<(GameFacts, Samples, Samples), String> {
        if G::INPUTS == 0 {
            return Err(format!("{} declares no network inputs", G::NAME));
        }
        let facts = GameFacts {
            name: G::NAME.to_string(),
            inputs: G::INPUTS,
            layout: tabula::net::file::layout_hash(G::INPUT_LAYOUT, G::INPUTS),
            decade: G::PROFILE.evaluation_decade as u32,
        };
        let config = GameConfig {
            players: self.players,
            ..GameConfig::default()
        };
        let mut sets = (Samples::default(), Samples::default());
        let mut active = ActiveInputs::default();
        for (i, bytes) in self.body.chunks_exact(RECORD_BYTES).enumerate() {
            let record = Record::decode(bytes.try_into().expect("whole records"))?;
            let pos = G::from_text(&record.text, &config)
                .map_err(|e| format!("record {i}: '{}': {e}", record.text))?;
            if let Some(margin) = self.labels.quiet_margin {
                let static_value = pos.evaluate(record.mover);
                if (i32::from(record.score) - static_value).abs() > margin {
                    continue;
                }
            }
            let set = match self.holdout != 0 && i % self.holdout == self.holdout - 1 {
                true => &mut sets.1,
                false => &mut sets.0,
            };
            for seat in 0..self.players as u8 {
                active.clear();
                pos.active_inputs(seat, &mut active);
                set.push(active.as_slice(), self.target(&record, seat, facts.decade));
            }
        }
        Ok((facts, sets.0, sets.1))
    }

    /// The target of `seat` in `record`.
    fn target(&self, record: &Record, seat: u8, decade: u32) -> f32 {
        let share = f32::from(record.shares[seat as usize]) / SHARE_UNIT as f32;
        let score = match (seat == record.mover, self.players) {
            (true, _) => f32::from(record.score),
            (false, 2) => -f32::from(record.score),
            _ => return share,
        };
        let expected = share_of_score(score.clamp(-4000.0, 4000.0), decade as f32);
        let weight = self.labels.result_weight;
        weight * share + (1.0 - weight) * expected
    }
}
