//! The float network the trainer fits: inputs -> hidden (clipped ReLU) -> one logit, whose
//! sigmoid is the evaluating seat's expected share; mean squared error of that share against
//! the target; Adam. Gradients are summed over a fixed number of chunks of each batch in a
//! fixed order, so that the result does not depend on how many threads run them.

use rand::{Rng as _, SeedableRng as _};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use crate::adam::Adam;
use crate::data::Samples;

/// Chunks a batch is split into (fixed, for results that do not depend on the thread count).
const CHUNKS: usize = 8;
/// The first layer's weights and biases stay within this bound, so that the quantised
/// accumulator cannot overflow on any position of up to about 60 active inputs.
pub const FIRST_LAYER_BOUND: f32 = 1.98;

/// The network's parameters, all in one vector: first-layer weights (input by input), its
/// biases, the output weights, the output bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Inputs.
    pub inputs: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Every parameter.
    pub params: Vec<f32>,
}

impl Model {
    /// A model with weights drawn from `seed`.
    pub fn new(inputs: usize, hidden: usize, seed: u64) -> Self {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut uniform =
            |bound: f32| (rng.next_u32() as f32 / u32::MAX as f32 * 2.0 - 1.0) * bound;
        let mut params = Vec::with_capacity((inputs + 2) * hidden + 1);
        params.extend((0..inputs * hidden).map(|_| uniform(0.1)));
        params.extend((0..hidden).map(|_| uniform(0.1)));
        let output = 1.0 / (hidden as f32).sqrt();
        params.extend((0..hidden).map(|_| uniform(output)));
        params.push(0.0);
        Model {
            inputs,
            hidden,
            params,
        }
    }

    /// The first layer's weights of `input`.
    fn row(&self, input: usize) -> &[f32] {
        &self.params[input * self.hidden..][..self.hidden]
    }

    fn feature_bias(&self) -> &[f32] {
        &self.params[self.inputs * self.hidden..][..self.hidden]
    }

    fn output_weights(&self) -> &[f32] {
        &self.params[(self.inputs + 1) * self.hidden..][..self.hidden]
    }

    fn output_bias(&self) -> f32 {
        self.params[(self.inputs + 2) * self.hidden]
    }

    /// The first layer's sums for these active inputs.
    fn accumulate(&self, active: &[u16], sums: &mut [f32]) {
        sums.copy_from_slice(self.feature_bias());
        for &input in active {
            for (sum, weight) in sums.iter_mut().zip(self.row(input as usize)) {
                *sum += weight;
            }
        }
    }

    /// The logit for these active inputs.
    pub fn logit(&self, active: &[u16]) -> f32 {
        let mut sums = vec![0.0; self.hidden];
        self.accumulate(active, &mut sums);
        self.logit_of(&sums)
    }

    fn logit_of(&self, sums: &[f32]) -> f32 {
        sums.iter()
            .zip(self.output_weights())
            .map(|(sum, weight)| sum.clamp(0.0, 1.0) * weight)
            .sum::<f32>()
            + self.output_bias()
    }

    /// The mean loss over `samples`.
    pub fn loss(&self, samples: &Samples) -> f64 {
        let chunk = samples.len().div_ceil(CHUNKS).max(1);
        let parts: Vec<f64> = (0..CHUNKS)
            .into_par_iter()
            .map(|c| {
                let mut sums = vec![0.0; self.hidden];
                (c * chunk..((c + 1) * chunk).min(samples.len()))
                    .map(|i| {
                        self.accumulate(samples.inputs_of(i), &mut sums);
                        let error = sigmoid(self.logit_of(&sums)) - samples.targets[i];
                        f64::from(error * error)
                    })
                    .sum()
            })
            .collect();
        parts.iter().sum::<f64>() / samples.len().max(1) as f64
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// One chunk's gradient: dense, with the first-layer rows it touched listed.
struct Gradient {
    values: Vec<f32>,
    touched: Vec<u16>,
    seen: Vec<bool>,
    loss: f64,
}

impl Gradient {
    fn new(model: &Model) -> Self {
        Gradient {
            values: vec![0.0; model.params.len()],
            touched: Vec::new(),
            seen: vec![false; model.inputs],
            loss: 0.0,
        }
    }

    /// Forgets the gradient, clearing only what was written.
    fn clear(&mut self, model: &Model) {
        let hidden = model.hidden;
        for &input in &self.touched {
            self.values[input as usize * hidden..][..hidden].fill(0.0);
            self.seen[input as usize] = false;
        }
        self.touched.clear();
        self.values[model.inputs * hidden..].fill(0.0);
        self.loss = 0.0;
    }

    /// Adds the gradient of the samples `order` (indices into `samples`).
    fn add_samples(&mut self, model: &Model, samples: &Samples, order: &[u32]) {
        let hidden = model.hidden;
        let mut sums = vec![0.0; hidden];
        let mut deltas = vec![0.0f32; hidden];
        let tail = model.inputs * hidden;
        for &i in order {
            let active = samples.inputs_of(i as usize);
            model.accumulate(active, &mut sums);
            let predicted = sigmoid(model.logit_of(&sums));
            let error = predicted - samples.targets[i as usize];
            self.loss += f64::from(error * error);
            let slope = 2.0 * error * predicted * (1.0 - predicted);
            let (rows, rest) = self.values.split_at_mut(tail);
            let (bias, rest) = rest.split_at_mut(hidden);
            let (output, output_bias) = rest.split_at_mut(hidden);
            output_bias[0] += slope;
            let weights = model.output_weights();
            for u in 0..hidden {
                output[u] += slope * sums[u].clamp(0.0, 1.0);
                deltas[u] = match sums[u] > 0.0 && sums[u] < 1.0 {
                    true => slope * weights[u],
                    false => 0.0,
                };
                bias[u] += deltas[u];
            }
            for &input in active {
                if !self.seen[input as usize] {
                    self.seen[input as usize] = true;
                    self.touched.push(input);
                }
                let row = &mut rows[input as usize * hidden..][..hidden];
                for (g, d) in row.iter_mut().zip(&deltas) {
                    *g += d;
                }
            }
        }
    }
}

/// Adam's state and settings.
pub struct Trainer {
    /// The model being fitted.
    pub model: Model,
    adam: Adam,
    chunks: Vec<Gradient>,
    total: Gradient,
}

impl Trainer {
    /// A trainer for `model`.
    pub fn new(model: Model) -> Self {
        let size = model.params.len();
        Trainer {
            chunks: (0..CHUNKS).map(|_| Gradient::new(&model)).collect(),
            total: Gradient::new(&model),
            model,
            adam: Adam::new(size),
        }
    }

    /// One Adam step at `rate` on the samples `batch` (indices into `samples`); returns the
    /// batch's summed loss.
    pub fn step(&mut self, samples: &Samples, batch: &[u32], rate: f32) -> f64 {
        let chunk = batch.len().div_ceil(CHUNKS).max(1);
        let model = &self.model;
        self.chunks
            .par_iter_mut()
            .enumerate()
            .for_each(|(c, gradient)| {
                gradient.clear(model);
                let start = (c * chunk).min(batch.len());
                let end = ((c + 1) * chunk).min(batch.len());
                gradient.add_samples(model, samples, &batch[start..end]);
            });
        let hidden = model.hidden;
        let tail = model.inputs * hidden;
        self.total.clear(model);
        for gradient in &self.chunks {
            for &input in &gradient.touched {
                if !self.total.seen[input as usize] {
                    self.total.seen[input as usize] = true;
                    self.total.touched.push(input);
                }
                let from = &gradient.values[input as usize * hidden..][..hidden];
                let to = &mut self.total.values[input as usize * hidden..][..hidden];
                to.iter_mut().zip(from).for_each(|(t, f)| *t += f);
            }
            let (from, to) = (&gradient.values[tail..], &mut self.total.values[tail..]);
            to.iter_mut().zip(from).for_each(|(t, f)| *t += f);
            self.total.loss += gradient.loss;
        }
        self.adam(batch.len(), rate);
        self.total.loss
    }

    fn adam(&mut self, batch: usize, rate: f32) {
        let first_layer = (self.model.inputs + 1) * self.model.hidden;
        self.adam
            .step(&mut self.model.params, &self.total.values, batch, rate);
        for param in &mut self.model.params[..first_layer] {
            *param = param.clamp(-FIRST_LAYER_BOUND, FIRST_LAYER_BOUND);
        }
    }
}
