//! The network file: a header that names what the net is for, then its quantised weights.
//!
//! Layout (little-endian):
//! - header, [`HEADER_BYTES`] bytes: the magic `TABNET\0\0`; the format version (u16); the
//!   activation (u8, 0 for clipped ReLU); a zero byte; the game's name (UTF-8, zero-padded to
//!   [`NAME_BYTES`]); the number of inputs (u32) and of hidden units (u32); the quantisation
//!   scales QA of the first layer and QB of the output layer (u32 each); the centipawns of a
//!   tenfold in odds, the game's `evaluation_decade` when it was trained (u32); the hash of the
//!   game's input layout (u64, [`layout_hash`]); the architecture hash (u64,
//!   [`architecture_hash`]) and the content hash (u64, FNV-1a of every byte after the header);
//! - body: the first layer's weights, input by input, `hidden` i16 each (scale QA); its
//!   biases (`hidden` i16, scale QA); the output weights (`hidden` i16, scale QB); the output
//!   bias (i32, scale QA x QB);
//! - optionally, a policy head over the same hidden layer: the number of its outputs (u32, the
//!   game's [`crate::game::Inputs::POLICY_SPACE`], a move's output being its
//!   index by `policy_indices`) and its scale QP (u32); its weights, output by output, `hidden` i16 each
//!   (scale QP, applied to the clipped hidden layer at scale QA); its biases (i32 each, scale
//!   QA x QP). A net without this section has no policy; the header is the same either way
//!   (the section is covered by the content hash, and its size checked against the file's).
//!
//! A net is named by its content hash: `<game>-<first 16 hex digits>.tnet`.

/// The most inputs a net may have.
pub const MAX_INPUTS: usize = 8192;
/// The most hidden units a net may have.
pub const MAX_HIDDEN: usize = 1024;
/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"TABNET\0\0";
/// The version of this layout.
pub const VERSION: u16 = 1;
/// Bytes of the game's name in the header.
pub const NAME_BYTES: usize = 32;
/// Bytes of the header.
pub const HEADER_BYTES: usize = 8 + 2 + 1 + 1 + NAME_BYTES + 4 * 5 + 8 * 3;
/// The most outputs a policy head may have.
pub const MAX_POLICY_MOVES: usize = 1 << 16;
/// The activation code of clipped ReLU, `clamp(x, 0, 1)`.
pub const CLIPPED_RELU: u8 = 0;

/// What a net is: the game, its shape and its scales.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetShape {
    /// The game's variant name.
    pub game: String,
    /// Inputs (the game's [`crate::game::Inputs::INPUTS`]).
    pub inputs: usize,
    /// Hidden units (a multiple of 16).
    pub hidden: usize,
    /// The activation code.
    pub activation: u8,
    /// The first layer's scale.
    pub qa: u32,
    /// The output layer's scale.
    pub qb: u32,
    /// Centipawns of a tenfold in the odds of winning.
    pub decade: u32,
    /// The hash of the game's input layout.
    pub layout: u64,
}

/// The quantised weights, in the order of the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetWeights {
    /// `inputs x hidden` first-layer weights, input by input.
    pub feature: Vec<i16>,
    /// `hidden` first-layer biases.
    pub feature_bias: Vec<i16>,
    /// `hidden` output weights.
    pub output: Vec<i16>,
    /// The output bias.
    pub output_bias: i32,
    /// The policy head, if the net has one.
    pub policy: Option<PolicyWeights>,
}

/// A policy head's quantised weights: one output per move index, each a weighted sum of the
/// clipped hidden layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyWeights {
    /// Outputs (the game's policy outputs).
    pub moves: usize,
    /// The weights' scale.
    pub qp: u32,
    /// `moves x hidden` weights, output by output.
    pub weights: Vec<i16>,
    /// `moves` biases (scale QA x QP).
    pub biases: Vec<i32>,
}

/// FNV-1a, 64 bits: the hashes of this format.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The hash of a game's input layout: its text and its number of inputs.
pub fn layout_hash(layout: &str, inputs: usize) -> u64 {
    fnv1a(format!("{layout}|{inputs}").as_bytes())
}

/// The architecture hash: everything that must match for a net to be read as this build
/// reads it (format, game, inputs and their meaning, shape, activation, scales).
pub fn architecture_hash(shape: &NetShape) -> u64 {
    fnv1a(
        format!(
            "v{VERSION}|{}|{:016x}|{}|{}|{}|{}|{}",
            shape.game,
            shape.layout,
            shape.inputs,
            shape.hidden,
            shape.activation,
            shape.qa,
            shape.qb
        )
        .as_bytes(),
    )
}

/// The bytes of a net file.
pub fn encode(shape: &NetShape, weights: &NetWeights) -> Result<Vec<u8>, String> {
    if shape.game.len() > NAME_BYTES {
        return Err(format!("game name '{}' is too long", shape.game));
    }
    let mut body = Vec::new();
    let halves = [&weights.feature, &weights.feature_bias, &weights.output];
    for value in halves.into_iter().flatten() {
        body.extend_from_slice(&value.to_le_bytes());
    }
    body.extend_from_slice(&weights.output_bias.to_le_bytes());
    if let Some(policy) = &weights.policy {
        body.extend_from_slice(&(policy.moves as u32).to_le_bytes());
        body.extend_from_slice(&policy.qp.to_le_bytes());
        for value in &policy.weights {
            body.extend_from_slice(&value.to_le_bytes());
        }
        for value in &policy.biases {
            body.extend_from_slice(&value.to_le_bytes());
        }
    }
    let mut bytes = Vec::with_capacity(HEADER_BYTES + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.push(shape.activation);
    bytes.push(0);
    let mut name = shape.game.as_bytes().to_vec();
    name.resize(NAME_BYTES, 0);
    bytes.extend_from_slice(&name);
    for value in [
        shape.inputs as u32,
        shape.hidden as u32,
        shape.qa,
        shape.qb,
        shape.decade,
    ] {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    for value in [shape.layout, architecture_hash(shape), fnv1a(&body)] {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    bytes.extend_from_slice(&body);
    Ok(bytes)
}

/// Reads little-endian fields one after another.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let field = self.bytes[self.at..self.at + N]
            .try_into()
            .expect("N bytes");
        self.at += N;
        field
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
    fn i16s(&mut self, count: usize) -> Vec<i16> {
        (0..count)
            .map(|_| i16::from_le_bytes(self.take()))
            .collect()
    }
    fn i32s(&mut self, count: usize) -> Vec<i32> {
        (0..count)
            .map(|_| i32::from_le_bytes(self.take()))
            .collect()
    }
}

/// The most bytes a net file whose header is `header` (its first [`HEADER_BYTES`] bytes, or
/// fewer) may have, with the largest policy head: so that a reader checks the header before
/// it reads the body, and reads no more than the header's shape allows.
pub fn largest_file(header: &[u8]) -> Result<usize, String> {
    let shape = decode_header(header)?.0;
    let value_bytes = 2 * (shape.inputs + 2) * shape.hidden + 4;
    let policy_bytes = 8 + MAX_POLICY_MOVES * (2 * shape.hidden + 4);
    Ok(HEADER_BYTES + value_bytes + policy_bytes)
}

/// Reads and checks a net file's header: its magic, version, architecture hash and
/// supported shape; returns the shape and the content hash it states.
fn decode_header(bytes: &[u8]) -> Result<(NetShape, u64), String> {
    if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
        return Err("not a tabula network (no TABNET header)".to_string());
    }
    let mut reader = Reader { bytes, at: 8 };
    let version = u16::from_le_bytes(reader.take());
    if version != VERSION {
        return Err(format!(
            "network format version {version}; this build reads version {VERSION}"
        ));
    }
    let [activation, _] = reader.take();
    let name: [u8; NAME_BYTES] = reader.take();
    let end = name.iter().position(|&b| b == 0).unwrap_or(NAME_BYTES);
    let game = std::str::from_utf8(&name[..end])
        .map_err(|_| "the network's game name is not UTF-8".to_string())?;
    let [inputs, hidden, qa, qb, decade] = [(); 5].map(|_| reader.u32());
    let [layout, architecture, content] = [(); 3].map(|_| reader.u64());
    let shape = NetShape {
        game: game.to_string(),
        inputs: inputs as usize,
        hidden: hidden as usize,
        activation,
        qa,
        qb,
        decade,
        layout,
    };
    if architecture != architecture_hash(&shape) {
        return Err("the network's architecture hash does not match its header".to_string());
    }
    let hidden_fits = shape.hidden % 16 == 0 && (16..=MAX_HIDDEN).contains(&shape.hidden);
    if activation != CLIPPED_RELU || !hidden_fits || shape.inputs > MAX_INPUTS {
        return Err(format!(
            "unsupported network: activation {activation}, {} inputs, {} hidden units (clipped \
             ReLU, up to {MAX_INPUTS} inputs and a multiple of 16 up to {MAX_HIDDEN} hidden \
             units are supported)",
            shape.inputs, shape.hidden
        ));
    }
    Ok((shape, content))
}

/// Reads a net file, checking its magic, version, hashes and size; returns its shape, its
/// weights and its content hash.
pub fn decode(bytes: &[u8]) -> Result<(NetShape, NetWeights, u64), String> {
    let (shape, content) = decode_header(bytes)?;
    let mut reader = Reader {
        bytes,
        at: HEADER_BYTES,
    };
    let value_bytes = 2 * (shape.inputs + 2) * shape.hidden + 4;
    let policy_moves = match bytes.get(HEADER_BYTES + value_bytes..HEADER_BYTES + value_bytes + 4) {
        Some(field) => u32::from_le_bytes(field.try_into().expect("4 bytes")) as usize,
        None => 0,
    };
    let policy_bytes = match policy_moves {
        0 => 0,
        moves if moves <= MAX_POLICY_MOVES => 8 + moves * (2 * shape.hidden + 4),
        moves => return Err(format!("a policy head of {moves} outputs is too large")),
    };
    if bytes.len() != HEADER_BYTES + value_bytes + policy_bytes {
        return Err(format!(
            "the network file has {} bytes; its header says {}",
            bytes.len(),
            HEADER_BYTES + value_bytes + policy_bytes
        ));
    }
    if fnv1a(&bytes[HEADER_BYTES..]) != content {
        return Err("the network's content hash does not match its weights".to_string());
    }
    let weights = NetWeights {
        feature: reader.i16s(shape.inputs * shape.hidden),
        feature_bias: reader.i16s(shape.hidden),
        output: reader.i16s(shape.hidden),
        output_bias: i32::from_le_bytes(reader.take()),
        policy: None,
    };
    let policy = (policy_bytes > 0).then(|| {
        let [moves, qp] = [(); 2].map(|_| reader.u32() as usize);
        PolicyWeights {
            moves,
            qp: qp as u32,
            weights: reader.i16s(moves * shape.hidden),
            biases: reader.i32s(moves),
        }
    });
    Ok((shape, NetWeights { policy, ..weights }, content))
}

/// The content hash a net file's header states, unchecked (a file with no header has none).
pub fn content_hash_field(bytes: &[u8]) -> Option<u64> {
    let field = bytes.get(HEADER_BYTES - 8..HEADER_BYTES)?;
    (&bytes[..8] == MAGIC).then(|| u64::from_le_bytes(field.try_into().expect("8 bytes")))
}

/// The file name a net goes by: its game and the start of its content hash.
pub fn file_name(game: &str, content: u64) -> String {
    format!("{game}-{content:016x}.tnet")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> (NetShape, NetWeights) {
        let shape = NetShape {
            game: "dimraw".to_string(),
            inputs: 3,
            hidden: 16,
            activation: CLIPPED_RELU,
            qa: 255,
            qb: 64,
            decade: 400,
            layout: layout_hash("three inputs", 3),
        };
        let weights = NetWeights {
            feature: (0..48).map(|i| i * 7 - 100).collect(),
            feature_bias: (0..16).collect(),
            output: (0..16).map(|i| 3 - i).collect(),
            output_bias: -12345,
            policy: None,
        };
        (shape, weights)
    }

    #[test]
    fn a_net_with_a_policy_head_reads_back_and_one_without_keeps_its_bytes() {
        let (shape, weights) = tiny();
        let plain = encode(&shape, &weights).unwrap();
        let policy = PolicyWeights {
            moves: 5,
            qp: 64,
            weights: (0..80).map(|i| 40 - i).collect(),
            biases: vec![-3, 70_000, 0, 1, -99_999],
        };
        let with = NetWeights {
            policy: Some(policy),
            ..weights.clone()
        };
        let bytes = encode(&shape, &with).unwrap();
        assert_eq!(bytes[..HEADER_BYTES - 8], plain[..HEADER_BYTES - 8]);
        assert_eq!(bytes[HEADER_BYTES..plain.len()], plain[HEADER_BYTES..]);
        let (read_shape, read_weights, _) = decode(&bytes).unwrap();
        assert_eq!((read_shape, read_weights), (shape.clone(), with));
        assert_eq!(decode(&plain).unwrap().1, weights);
        assert!(
            decode(&bytes[..bytes.len() - 4])
                .unwrap_err()
                .contains("bytes")
        );
    }

    #[test]
    fn a_net_reads_back_with_its_content_hash() {
        let (shape, weights) = tiny();
        let bytes = encode(&shape, &weights).unwrap();
        let (read_shape, read_weights, content) = decode(&bytes).unwrap();
        assert_eq!((read_shape, read_weights), (shape, weights));
        assert_eq!(content, fnv1a(&bytes[HEADER_BYTES..]));
    }

    #[test]
    fn a_changed_weight_a_changed_header_and_a_torn_file_are_refused() {
        let (shape, weights) = tiny();
        let bytes = encode(&shape, &weights).unwrap();
        let mut changed = bytes.clone();
        *changed.last_mut().unwrap() ^= 1;
        assert!(decode(&changed).unwrap_err().contains("content hash"));
        let mut header = bytes.clone();
        header[8 + 2 + 2 + NAME_BYTES + 4] ^= 1; // the hidden units
        assert!(decode(&header).unwrap_err().contains("architecture hash"));
        assert!(
            decode(&bytes[..bytes.len() - 2])
                .unwrap_err()
                .contains("bytes")
        );
        let mut version = bytes;
        version[8] = 7;
        assert!(decode(&version).unwrap_err().contains("version 7"));
        assert!(decode(b"not a net").is_err());
    }
}
