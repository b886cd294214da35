//! The float model as integers, in the network file's format (`tabula::net::file`).

use tabula::net::file::{CLIPPED_RELU, NetShape, NetWeights};

use crate::data::GameFacts;
use crate::model::Model;

/// The first layer's scale: a clipped unit of 1.0 is QA.
pub const QA: u32 = 255;
/// The output layer's scale.
pub const QB: u32 = 64;

/// `value * scale` rounded to the nearest i16 (saturating).
fn to_i16(value: f32, scale: u32) -> i16 {
    (value * scale as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

/// The shape and integer weights of `model` for the game of `facts`.
pub fn quantise(model: &Model, facts: &GameFacts) -> (NetShape, NetWeights) {
    let (inputs, hidden) = (model.inputs, model.hidden);
    let params = &model.params;
    let shape = NetShape {
        game: facts.name.clone(),
        inputs,
        hidden,
        activation: CLIPPED_RELU,
        qa: QA,
        qb: QB,
        decade: facts.decade,
        layout: facts.layout,
    };
    let first = (inputs + 1) * hidden;
    let weights = NetWeights {
        feature: params[..inputs * hidden]
            .iter()
            .map(|&w| to_i16(w, QA))
            .collect(),
        feature_bias: params[inputs * hidden..first]
            .iter()
            .map(|&w| to_i16(w, QA))
            .collect(),
        output: params[first..first + hidden]
            .iter()
            .map(|&w| to_i16(w, QB))
            .collect(),
        output_bias: (params[first + hidden] * (QA * QB) as f32).round() as i32,
        policy: None,
    };
    (shape, weights)
}
