//! Learned evaluations: a game's network (inputs -> hidden, clipped ReLU -> one value, from
//! the evaluating seat's point of view), read from its file ([`file`]), evaluated in integers
//! ([`forward`], with AVX2 where the CPU has it; each search thread keeps its last sums, in
//! [`kept_sums`], an alpha-beta search its sums along its line, in [`line_sums`], and MCTS a
//! node's children's from the node's, in [`sibling_sums`]), its
//! optional policy head for MCTS's priors
//! ([`policy`]), and the choice between it and the game's hand-written evaluation
//! ([`Evaluator`]).

pub mod file;
pub mod forward;
pub mod kept_sums;
pub mod line_sums;
pub mod policy;
pub mod sibling_sums;

use std::sync::Mutex;

use crate::game::inputs::ActiveInputs;
use crate::game::{Evaluation, Inputs, Player};
use file::{NetShape, NetWeights};

/// The largest evaluation a net gives, in centipawns (far from the search's win scores).
pub const MAX_NET_EVAL: i32 = 10_000;

/// A network ready to evaluate: its shape and its quantised weights.
pub struct Network {
    /// What the net is for and how it is built.
    pub shape: NetShape,
    weights: NetWeights,
    /// The content hash (the net's name).
    pub content: u64,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({})", self.name())
    }
}

impl PartialEq for Network {
    fn eq(&self, other: &Self) -> bool {
        self.content == other.content
    }
}

impl Eq for Network {}

impl Network {
    /// The net's name: its file name ([`file::file_name`]).
    pub fn name(&self) -> String {
        file::file_name(&self.shape.game, self.content)
    }

    /// The net's output for these active inputs, in the output's integer scale (QA x QB per
    /// logit), from sums made afresh.
    pub fn output(&self, active: &[u16]) -> i32 {
        forward::output(&self.shape, &self.weights, active)
    }

    /// An output in centipawns of the game's scale.
    pub fn centipawns(&self, output: i32) -> i32 {
        let shape = &self.shape;
        // cp = logit * decade / ln(10), the logit being output / (QA * QB).
        let numerator = i64::from(output) * i64::from(shape.decade) * 10_000;
        let denominator = i64::from(shape.qa) * i64::from(shape.qb) * 23_026;
        ((numerator / denominator) as i32).clamp(-MAX_NET_EVAL, MAX_NET_EVAL)
    }

    /// The value of `pos` for `player`, in centipawns (from this thread's kept sums,
    /// [`kept_sums`]).
    pub fn evaluate<G: Inputs>(&self, pos: &G, player: Player) -> i32 {
        let mut active = ActiveInputs::default();
        pos.active_inputs(player, &mut active);
        self.centipawns(kept_sums::output(self, player, active.as_slice()))
    }

    /// Whether the net has a policy head ([`policy`]).
    pub fn has_policy(&self) -> bool {
        self.weights.policy.is_some()
    }

    /// Whether this net was made for game `G` as this build declares its inputs (and, with a
    /// policy head, its policy outputs).
    pub fn check_for<G: Inputs>(&self) -> Result<(), String> {
        let shape = &self.shape;
        if shape.game != G::NAME {
            return Err(format!(
                "the network is for {}, not {}",
                shape.game,
                G::NAME
            ));
        }
        if shape.inputs != G::INPUTS
            || shape.layout != file::layout_hash(G::INPUT_LAYOUT, G::INPUTS)
        {
            return Err(format!(
                "the network's inputs ({}, layout {:016x}) are not this build's {} inputs ({}, \
                 layout {:016x})",
                shape.inputs,
                shape.layout,
                G::NAME,
                G::INPUTS,
                file::layout_hash(G::INPUT_LAYOUT, G::INPUTS)
            ));
        }
        if let Some(policy) = &self.weights.policy
            && policy.moves != G::POLICY_SPACE
        {
            return Err(format!(
                "the network's policy head has {} outputs, not {}'s {} policy outputs",
                policy.moves,
                G::NAME,
                G::POLICY_SPACE
            ));
        }
        Ok(())
    }
}

/// Every net read so far, each once: nets live as long as the engine, so that searches can
/// hold them by reference; reading the same net (header and weights) again finds the first
/// copy.
static LOADED: Mutex<Vec<&'static Network>> = Mutex::new(Vec::new());

/// The net in `bytes` (a net file), checked for game `G`.
pub fn load<G: Inputs>(bytes: &[u8]) -> Result<&'static Network, String> {
    let (shape, weights, content) = file::decode(bytes)?;
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    let net = match loaded
        .iter()
        .find(|net| net.content == content && net.shape == shape)
    {
        Some(net) => *net,
        None => {
            let net: &'static Network = Box::leak(Box::new(Network {
                shape,
                weights,
                content,
            }));
            loaded.push(net);
            net
        }
    };
    net.check_for::<G>()?;
    Ok(net)
}

/// The net file at `path`, checked for game `G`.
pub fn load_file<G: Inputs>(path: &str) -> Result<&'static Network, String> {
    let bytes = read_net_file(path).map_err(|e| format!("'{path}': {e}"))?;
    load::<G>(&bytes).map_err(|e| format!("'{path}': {e}"))
}

/// The bytes of the net file at `path`, read so that no file can hang or flood the engine:
/// only a regular file is opened (a FIFO, a device such as `/dev/zero` or a directory is
/// refused before `open`, which could block), its header is read and checked first, and no
/// more is read than the header's shape allows.
pub fn read_net_file(path: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let not_a_file = || "not a regular file (a network is read only from one)".to_string();
    let cannot = |e: std::io::Error| format!("cannot read it: {e}");
    if !std::fs::metadata(path).map_err(cannot)?.is_file() {
        return Err(not_a_file());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    // The file opened may not be the one looked at (replaced between the two): look again.
    let length = file.metadata().map_err(cannot)?;
    if !length.is_file() {
        return Err(not_a_file());
    }
    let mut header = Vec::with_capacity(file::HEADER_BYTES);
    let mut reader = std::io::BufReader::new(file);
    (&mut reader)
        .take(file::HEADER_BYTES as u64)
        .read_to_end(&mut header)
        .map_err(cannot)?;
    let most = file::largest_file(&header)?;
    if length.len() > most as u64 {
        return Err(format!(
            "the file has {} bytes; a network of its header's shape has at most {most}",
            length.len()
        ));
    }
    let mut bytes = header;
    reader
        .take((most - bytes.len()) as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    Ok(bytes)
}

/// Game `G`'s embedded net, if it has one.
pub fn embedded<G: Inputs>() -> Option<&'static Network> {
    if G::EMBEDDED_NET.is_empty() {
        return None;
    }
    let content = file::content_hash_field(G::EMBEDDED_NET);
    let known = LOADED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|net| Some(net.content) == content && net.shape.game == G::NAME)
        .copied();
    Some(
        known.unwrap_or_else(|| {
            load::<G>(G::EMBEDDED_NET).expect("the embedded network fits its game")
        }),
    )
}

/// What gives a search its static values: the game's hand-written evaluation or a net.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluator {
    /// The game's [`Evaluation::evaluate`].
    #[default]
    Classic,
    /// A network of the game.
    Net(&'static Network),
}

impl Evaluator {
    /// The static value of `pos` for `player`, in centipawns. A net's value is held within
    /// the bound the game promises for its evaluation ([`Evaluation::value_bound_within`]),
    /// so that the search's pruning at chance plies stays exact with a net as well.
    #[inline]
    pub fn evaluate<G: Evaluation + Inputs>(self, pos: &G, player: Player) -> i32 {
        match self {
            Evaluator::Classic => pos.evaluate(player),
            Evaluator::Net(net) => within_bound(pos, net.evaluate(pos, player)),
        }
    }
}

/// A net's `value` held within the bound the game promises for its evaluation.
#[inline]
pub(crate) fn within_bound<G: Evaluation>(pos: &G, value: i32) -> i32 {
    pos.value_bound_within(0)
        .map_or(value, |bound| value.clamp(-bound, bound))
}
