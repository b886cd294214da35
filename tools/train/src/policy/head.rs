//! The float policy head: one logit per move index, a weighted sum of the value net's clipped
//! hidden layer plus a bias, added to each legal move's prior score from one ply of the value
//! net (so the head learns what that score misses, and a head of zeros is today's priors);
//! the softmax over a position's legal moves; cross-entropy against the wanted probabilities
//! (an MCTS root's visits, or the search's move); Adam. Gradients are summed over a fixed
//! number of chunks of each batch in a fixed order, so that the head does not depend on how
//! many threads fit it.

use rayon::prelude::*;
use tabula::net::file::PolicyWeights;

use super::samples::PolicySamples;
use crate::adam::Adam;

/// Chunks a batch is split into (fixed, for results that do not depend on the thread count).
const CHUNKS: usize = 8;
/// The weights' scale in the file: a weight of 1.0 is QP.
pub const QP: u32 = 256;

/// The head's parameters: `moves x hidden` weights, output by output, then `moves` biases.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    /// Outputs (the game's policy outputs).
    pub moves: usize,
    /// Hidden units it reads.
    pub hidden: usize,
    /// Every parameter.
    pub params: Vec<f32>,
}

/// What a head makes of some samples: the summed cross-entropy and how many searched moves
/// it ranks first.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Summed cross-entropy (natural log).
    pub loss: f64,
    /// Samples whose top logit is the searched move.
    pub hits: usize,
}

impl Score {
    fn add(self, other: Score) -> Score {
        Score {
            loss: self.loss + other.loss,
            hits: self.hits + other.hits,
        }
    }
}

impl Head {
    /// A head of zeros (the priors of the moves' scores alone).
    pub fn new(moves: usize, hidden: usize) -> Self {
        Head {
            moves,
            hidden,
            params: vec![0.0; moves * (hidden + 1)],
        }
    }

    /// Sample `i`'s probabilities of its moves, into `out`; returns the top move's position.
    fn softmax(&self, samples: &PolicySamples, i: usize, qa: f32, out: &mut Vec<f32>) -> usize {
        let activations = samples.activations_of(i);
        let biases = &self.params[self.moves * self.hidden..];
        out.clear();
        let moves = samples.moves_of(i).iter().zip(samples.scores_of(i));
        out.extend(moves.map(|(&m, &score)| {
            let row = &self.params[m as usize * self.hidden..][..self.hidden];
            let dot: f32 = row
                .iter()
                .zip(activations)
                .map(|(w, &a)| w * f32::from(a))
                .sum();
            dot / qa + biases[m as usize] + score
        }));
        let top = (0..out.len())
            .max_by(|&a, &b| out[a].total_cmp(&out[b]))
            .unwrap_or(0);
        let peak = out[top];
        let mut total = 0.0;
        for logit in out.iter_mut() {
            *logit = (*logit - peak).exp();
            total += *logit;
        }
        out.iter_mut().for_each(|p| *p /= total);
        top
    }

    /// The head's score over `samples` (activations at scale `qa`).
    pub fn score(&self, samples: &PolicySamples, qa: f32) -> Score {
        let chunk = samples.len().div_ceil(CHUNKS).max(1);
        (0..CHUNKS)
            .into_par_iter()
            .map(|c| {
                let mut probabilities = Vec::new();
                (c * chunk..((c + 1) * chunk).min(samples.len()))
                    .map(|i| {
                        let top = self.softmax(samples, i, qa, &mut probabilities);
                        Score {
                            loss: cross_entropy(&probabilities, samples.wanted_of(i)),
                            hits: usize::from(top == samples.targets[i] as usize),
                        }
                    })
                    .fold(Score::default(), Score::add)
            })
            .collect::<Vec<_>>()
            .into_iter()
            .fold(Score::default(), Score::add)
    }

    /// The head in integers, in the network file's format (weights at QP, biases at QA x QP).
    pub fn quantise(&self, qa: u32) -> PolicyWeights {
        let split = self.moves * self.hidden;
        PolicyWeights {
            moves: self.moves,
            qp: QP,
            weights: self.params[..split]
                .iter()
                .map(|&w| (w * QP as f32).round().clamp(-32767.0, 32767.0) as i16)
                .collect(),
            biases: self.params[split..]
                .iter()
                .map(|&b| (b * (qa * QP) as f32).round() as i32)
                .collect(),
        }
    }
}

/// Adam over a head, with one gradient per chunk of a batch.
pub struct HeadTrainer {
    /// The head being fitted.
    pub head: Head,
    adam: Adam,
    chunks: Vec<Vec<f32>>,
    total: Vec<f32>,
}

impl HeadTrainer {
    /// A trainer for `head`.
    pub fn new(head: Head) -> Self {
        let size = head.params.len();
        HeadTrainer {
            head,
            adam: Adam::new(size),
            chunks: vec![vec![0.0; size]; CHUNKS],
            total: vec![0.0; size],
        }
    }

    /// One Adam step at `rate` on the samples `batch` (indices into `samples`); returns the
    /// batch's summed cross-entropy.
    pub fn step(&mut self, samples: &PolicySamples, batch: &[u32], qa: f32, rate: f32) -> f64 {
        let chunk = batch.len().div_ceil(CHUNKS).max(1);
        let head = &self.head;
        let losses: Vec<f64> = self
            .chunks
            .par_iter_mut()
            .enumerate()
            .map(|(c, gradient)| {
                gradient.fill(0.0);
                let start = (c * chunk).min(batch.len());
                let end = ((c + 1) * chunk).min(batch.len());
                add_gradient(head, samples, &batch[start..end], qa, gradient)
            })
            .collect();
        self.total.fill(0.0);
        for gradient in &self.chunks {
            self.total
                .iter_mut()
                .zip(gradient)
                .for_each(|(t, g)| *t += g);
        }
        self.adam
            .step(&mut self.head.params, &self.total, batch.len(), rate);
        losses.iter().sum()
    }
}

/// The cross-entropy of `probabilities` against `wanted` (natural log).
fn cross_entropy(probabilities: &[f32], wanted: &[f32]) -> f64 {
    let terms = probabilities.iter().zip(wanted).filter(|&(_, &w)| w > 0.0);
    -terms
        .map(|(&p, &w)| f64::from(w) * f64::from(p.max(1e-30).ln()))
        .sum::<f64>()
}

/// Adds the cross-entropy gradient of the samples `order` to `gradient`; returns their loss.
fn add_gradient(
    head: &Head,
    samples: &PolicySamples,
    order: &[u32],
    qa: f32,
    gradient: &mut [f32],
) -> f64 {
    let (hidden, split) = (head.hidden, head.moves * head.hidden);
    let mut probabilities = Vec::new();
    let mut loss = 0.0;
    for &i in order {
        let i = i as usize;
        head.softmax(samples, i, qa, &mut probabilities);
        let wanted = samples.wanted_of(i);
        loss += cross_entropy(&probabilities, wanted);
        let activations = samples.activations_of(i);
        let moves = samples.moves_of(i).iter().zip(&probabilities).zip(wanted);
        for ((&m, &p), &w) in moves {
            let slope = p - w;
            let row = &mut gradient[m as usize * hidden..][..hidden];
            for (g, &a) in row.iter_mut().zip(activations) {
                *g += slope * f32::from(a) / qa;
            }
            gradient[split + m as usize] += slope;
        }
    }
    loss
}
