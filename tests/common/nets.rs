//! Nets for tests: weights that are a fixed function of their place, so that no test needs
//! a training run.

use tabula::game::Game;
use tabula::game::hashing::mix64;
use tabula::net::file::{CLIPPED_RELU, NetShape, NetWeights, PolicyWeights, layout_hash};

/// A value in `-range..=range` fixed by `i`.
fn spread(i: usize, range: u64) -> i16 {
    (mix64(i as u64) % (2 * range + 1)) as i16 - range as i16
}

/// A net for `G` whose weights are a fixed function of their place (no training needed).
pub fn fixed_net<G: Game>(hidden: usize) -> (NetShape, NetWeights) {
    let shape = NetShape {
        game: G::NAME.to_string(),
        inputs: G::INPUTS,
        hidden,
        activation: CLIPPED_RELU,
        qa: 255,
        qb: 64,
        decade: 400,
        layout: layout_hash(G::INPUT_LAYOUT, G::INPUTS),
    };
    let weights = NetWeights {
        feature: (0..G::INPUTS * hidden).map(|i| spread(i, 60)).collect(),
        feature_bias: (0..hidden).map(|i| spread(i + 7, 100) + 60).collect(),
        output: (0..hidden).map(|i| spread(i + 99, 90)).collect(),
        output_bias: 1000,
        policy: None,
    };
    (shape, weights)
}

/// `weights` with a fixed policy head of `moves` outputs over its `hidden` units.
pub fn with_policy(weights: NetWeights, hidden: usize, moves: usize) -> NetWeights {
    NetWeights {
        policy: Some(PolicyWeights {
            moves,
            qp: 256,
            weights: (0..moves * hidden).map(|i| spread(i + 5, 200)).collect(),
            biases: (0..moves)
                .map(|i| i32::from(spread(i + 3, 3000)) * 40)
                .collect(),
        }),
        ..weights
    }
}

/// Writes a net file under a name of its own (this test process's and `name`) and returns its
/// path.
pub fn write_net(bytes: &[u8], name: &str) -> String {
    let path = std::env::temp_dir().join(format!("net-{}-{name}.tnet", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().to_string()
}
