//! `tabula net <file>`: what a network file holds (its game, format, inputs, layers, scales,
//! heads and hashes) and whether this build would load it, read as the engine reads one (a
//! regular file only, the header checked before the body).

use super::cli::Context;
use crate::net::file::{self, NetShape, NetWeights};
use crate::net::read_net_file;

/// `tabula net`'s arguments.
#[derive(clap::Args)]
pub struct NetArgs {
    /// The network file (`tools/train`'s output, `<game>-<hash>.tnet`).
    file: String,
}

impl NetArgs {
    /// Prints the file's description, a `name value` line each; errors for a file that is not
    /// a readable, whole tabula network.
    pub fn run(self, context: &Context) -> Result<(), String> {
        let path = &self.file;
        let at = |e: String| format!("'{path}': {e}");
        let bytes = read_net_file(path).map_err(at)?;
        let (shape, weights, content) = file::decode(&bytes).map_err(at)?;
        for line in describe(&shape, &weights, content, bytes.len()) {
            (context.emit)(&line);
        }
        let fit = match context.registry.find(&shape.game) {
            Err(_) => format!("no: this build has no game '{}'", shape.game),
            Ok(entry) => match (entry.net_from_bytes)(&bytes) {
                Ok(_) => {
                    let embedded = (entry.embedded_net)().is_some_and(|e| e.content == content);
                    let builtin = if embedded {
                        "; it is the built-in net"
                    } else {
                        ""
                    };
                    format!("yes: {} reads it{builtin}", entry.name)
                }
                Err(e) => format!("no: {e}"),
            },
        };
        (context.emit)(&format!("loads {fit}"));
        Ok(())
    }
}

/// The lines that describe a net: one fact each, its name first.
fn describe(shape: &NetShape, weights: &NetWeights, content: u64, bytes: usize) -> Vec<String> {
    let activation = match shape.activation {
        file::CLIPPED_RELU => "clipped ReLU".to_string(),
        code => format!("code {code}"),
    };
    let heads = match &weights.policy {
        Some(policy) => format!(
            "value (1 output) and policy ({} outputs, one per move index, scale QP {})",
            policy.moves, policy.qp
        ),
        None => "value (1 output); no policy head".to_string(),
    };
    vec![
        format!("name {}", file::file_name(&shape.game, content)),
        format!("game {}", shape.game),
        format!("format version {}, {bytes} bytes", file::VERSION),
        format!(
            "inputs {} (layout hash {:016x})",
            shape.inputs, shape.layout
        ),
        format!(
            "layers {} -> {} ({activation}) -> 1",
            shape.inputs, shape.hidden
        ),
        format!(
            "scales QA {}, QB {}; {} centipawns per tenfold in the odds of winning",
            shape.qa, shape.qb, shape.decade
        ),
        format!("heads {heads}"),
        format!(
            "hashes content {content:016x}, architecture {:016x}",
            file::architecture_hash(shape)
        ),
    ]
}
