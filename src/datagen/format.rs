//! The data set file: a header, then fixed-size records, one per position a search scored.
//!
//! Layout (little-endian):
//! - header, [`HEADER_BYTES`] bytes: the magic `TABDATA\0`, the format version (u16), the
//!   record size (u16), the number of players (u8), three zero bytes, and the game's name
//!   (UTF-8, zero-padded to [`NAME_BYTES`]);
//! - records, [`RECORD_BYTES`] bytes each: the search's score for the player to decide (i16,
//!   centipawns, mate scores as the search gives them), that player (u8), the game's ply
//!   (u16), each seat's share of the result in sixtieths (6 x u8: 60 for a win, 30 each for a
//!   two-player draw, 20 each for a three-player draw; zero past the players), the length of
//!   the position text (u8), the position text (zero-padded to [`TEXT_BYTES`]), the length of
//!   the move the search chose (u8), that move's token (zero-padded to [`MOVE_BYTES`]), and
//!   the root's visits of an MCTS search: their number (u8, 0 for alpha-beta) and up to
//!   [`VISIT_SLOTS`] pairs of a legal move's place in the position's generation order (u16)
//!   and its visits (u16), the chosen move first and the others most visited first,
//!   zero-padded.
//!
//! The position text is the game's own (`seeds/<game>.md`), so a reader rebuilds the position
//! with the game's rules and takes from it whatever inputs a network declares; the chosen move,
//! or the visits where there are some, are a policy's target. A move's place in the
//! generation order keeps the visits small and free of any move encoding; a reader checks it
//! against the chosen move's place (see [`Record::check_visits`]).

use std::borrow::Cow;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"TABDATA\0";
/// The version of this layout.
pub const VERSION: u16 = 3;
/// Bytes of the game's name in the header.
pub const NAME_BYTES: usize = 32;
/// Bytes of the header.
pub const HEADER_BYTES: usize = 8 + 2 + 2 + 1 + 3 + NAME_BYTES;
/// Bytes of a position text in a record (the longest text of every game fits).
pub const TEXT_BYTES: usize = 200;
/// Bytes of a move token in a record (the longest token of every game fits).
pub const MOVE_BYTES: usize = 32;
/// The most root moves whose visits a record keeps (the most visited; the rest are dropped).
pub const VISIT_SLOTS: usize = 32;
/// Where a record's move starts.
const MOVE_START: usize = 12 + TEXT_BYTES;
/// Where a record's visits start.
const VISITS_START: usize = MOVE_START + 1 + MOVE_BYTES;
/// Bytes of a record.
pub const RECORD_BYTES: usize = VISITS_START + 1 + 4 * VISIT_SLOTS;
/// Bytes of a record of version 1, which ended before the move (still read: its records'
/// moves are empty).
const V1_RECORD_BYTES: usize = MOVE_START;
/// Bytes of a record of version 2, which ended before the visits (still read: its records
/// have none).
const V2_RECORD_BYTES: usize = VISITS_START;
/// Sixtieths in a whole point: a share of any number of players from 2 to 6 is whole.
pub const SHARE_UNIT: u32 = 60;

/// What a data set holds: one game, for a number of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's variant name.
    pub game: String,
    /// Players in every game of the set.
    pub players: u8,
}

/// One scored position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The search's score for the player to decide, in centipawns.
    pub score: i16,
    /// The player to decide.
    pub mover: u8,
    /// Plies played before this position (the opening's included).
    pub ply: u16,
    /// Each seat's share of the game's result, in sixtieths of a point.
    pub shares: [u8; 6],
    /// The position text.
    pub text: String,
    /// The move the search chose, as its token.
    pub best: String,
    /// An MCTS root's visits (none for alpha-beta): each move's place in the position's
    /// generation order and its visits, the chosen move first and the others most visited
    /// first, at most [`VISIT_SLOTS`].
    pub visits: Vec<(u16, u16)>,
}

impl Header {
    /// The header's bytes.
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        if self.game.len() > NAME_BYTES {
            return Err(format!("game name '{}' is too long", self.game));
        }
        let mut bytes = Vec::with_capacity(HEADER_BYTES);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(RECORD_BYTES as u16).to_le_bytes());
        bytes.push(self.players);
        bytes.extend_from_slice(&[0; 3]);
        bytes.extend_from_slice(self.game.as_bytes());
        bytes.resize(HEADER_BYTES, 0);
        Ok(bytes)
    }

    /// Reads a header, refusing another format, version or record size.
    pub fn decode(bytes: &[u8]) -> Result<Header, String> {
        Self::decode_sized(bytes).map(|(header, _)| header)
    }

    /// [`Header::decode`] and the size of the records that follow (smaller for versions 1
    /// and 2).
    fn decode_sized(bytes: &[u8]) -> Result<(Header, usize), String> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err("not a tabula data set (no TABDATA header)".to_string());
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        let size = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        if !matches!(
            (version, size),
            (VERSION, RECORD_BYTES) | (1, V1_RECORD_BYTES) | (2, V2_RECORD_BYTES)
        ) {
            return Err(format!(
                "data set version {version} with {size}-byte records; this build reads version \
                 {VERSION} with {RECORD_BYTES}-byte records"
            ));
        }
        let name = &bytes[16..HEADER_BYTES];
        let end = name.iter().position(|&b| b == 0).unwrap_or(NAME_BYTES);
        let game = std::str::from_utf8(&name[..end])
            .map_err(|_| "the game's name is not UTF-8".to_string())?;
        let header = Header {
            game: game.to_string(),
            players: bytes[12],
        };
        Ok((header, size))
    }
}

impl Record {
    /// The record's bytes; a position text longer than [`TEXT_BYTES`], a move longer than
    /// [`MOVE_BYTES`] or more than [`VISIT_SLOTS`] visited moves is an error.
    pub fn encode(&self) -> Result<[u8; RECORD_BYTES], String> {
        let (text, best) = (self.text.as_bytes(), self.best.as_bytes());
        if text.len() > TEXT_BYTES {
            return Err(format!(
                "a position text of {} bytes does not fit a record",
                text.len()
            ));
        }
        if best.len() > MOVE_BYTES {
            return Err(format!(
                "a move of {} bytes does not fit a record",
                best.len()
            ));
        }
        if self.visits.len() > VISIT_SLOTS {
            return Err(format!(
                "{} visited moves do not fit a record",
                self.visits.len()
            ));
        }
        let mut bytes = [0u8; RECORD_BYTES];
        bytes[0..2].copy_from_slice(&self.score.to_le_bytes());
        bytes[2] = self.mover;
        bytes[3..5].copy_from_slice(&self.ply.to_le_bytes());
        bytes[5..11].copy_from_slice(&self.shares);
        bytes[11] = text.len() as u8;
        bytes[12..12 + text.len()].copy_from_slice(text);
        bytes[MOVE_START] = best.len() as u8;
        bytes[MOVE_START + 1..MOVE_START + 1 + best.len()].copy_from_slice(best);
        bytes[VISITS_START] = self.visits.len() as u8;
        for (k, &(place, visits)) in self.visits.iter().enumerate() {
            let at = VISITS_START + 1 + 4 * k;
            bytes[at..at + 2].copy_from_slice(&place.to_le_bytes());
            bytes[at + 2..at + 4].copy_from_slice(&visits.to_le_bytes());
        }
        Ok(bytes)
    }

    /// Reads one record.
    pub fn decode(bytes: &[u8; RECORD_BYTES]) -> Result<Record, String> {
        let length = bytes[11] as usize;
        if length > TEXT_BYTES {
            return Err(format!("a record's text length {length} is out of range"));
        }
        let text = std::str::from_utf8(&bytes[12..12 + length])
            .map_err(|_| "a record's text is not UTF-8".to_string())?;
        let best_length = bytes[MOVE_START] as usize;
        if best_length > MOVE_BYTES {
            return Err(format!(
                "a record's move length {best_length} is out of range"
            ));
        }
        let best = std::str::from_utf8(&bytes[MOVE_START + 1..MOVE_START + 1 + best_length])
            .map_err(|_| "a record's move is not UTF-8".to_string())?;
        let visited = bytes[VISITS_START] as usize;
        if visited > VISIT_SLOTS {
            return Err(format!(
                "a record's {visited} visited moves are out of range"
            ));
        }
        let visits = (0..visited)
            .map(|k| {
                let at = VISITS_START + 1 + 4 * k;
                let word = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
                (word(at), word(at + 2))
            })
            .collect();
        let mut shares = [0; 6];
        shares.copy_from_slice(&bytes[5..11]);
        Ok(Record {
            score: i16::from_le_bytes([bytes[0], bytes[1]]),
            mover: bytes[2],
            ply: u16::from_le_bytes([bytes[3], bytes[4]]),
            shares,
            text: text.to_string(),
            best: best.to_string(),
            visits,
        })
    }

    /// Checks the visits against the rebuilt position, which has `moves` legal moves with the
    /// record's chosen move at place `chosen` of the generation order: every place is a move's,
    /// no move twice, and the first is the chosen move (a set from a build whose generation
    /// order differs fails here).
    pub fn check_visits(&self, moves: usize, chosen: usize) -> Result<(), String> {
        let mut seen = vec![false; moves];
        for &(place, _) in &self.visits {
            let slot = seen.get_mut(place as usize).ok_or_else(|| {
                format!("a visited move's place {place} is past the {moves} moves")
            })?;
            if std::mem::replace(slot, true) {
                return Err(format!("the move at place {place} is visited twice"));
            }
        }
        match self.visits.first() {
            Some(&(place, _)) if place as usize != chosen => Err(format!(
                "the first visited move is at place {place}, the chosen move {} at {chosen}: \
                 another generation order?",
                self.best
            )),
            _ => Ok(()),
        }
    }
}

/// A whole data set read from `bytes`: its header and its records' bytes in this version's
/// layout (records of version 1 are given an empty move, those of versions 1 and 2 no visits).
pub fn split(bytes: &[u8]) -> Result<(Header, Cow<'_, [u8]>), String> {
    let (header, size) = Header::decode_sized(bytes)?;
    let body = &bytes[HEADER_BYTES..];
    if body.len() % size != 0 {
        return Err(format!(
            "the records take {} bytes, not a whole number of {size}-byte records",
            body.len()
        ));
    }
    if size == RECORD_BYTES {
        return Ok((header, Cow::Borrowed(body)));
    }
    let mut converted = Vec::with_capacity(body.len() / size * RECORD_BYTES);
    for record in body.chunks_exact(size) {
        converted.extend_from_slice(record);
        converted.resize(converted.len() + RECORD_BYTES - size, 0);
    }
    Ok((header, Cow::Owned(converted)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_and_a_record_read_back() {
        let header = Header {
            game: "dwindle".to_string(),
            players: 4,
        };
        assert_eq!(Header::decode(&header.encode().unwrap()).unwrap(), header);
        let record = Record {
            score: -1234,
            mover: 3,
            ply: 517,
            shares: [0, 0, 60, 0, 0, 0],
            text: "some position text p4".to_string(),
            best: "a1-b2".to_string(),
            visits: vec![(4, 900), (0, 65535), (17, 1)],
        };
        assert_eq!(Record::decode(&record.encode().unwrap()).unwrap(), record);
    }

    #[test]
    fn another_version_and_a_torn_file_are_refused() {
        let mut bytes = Header {
            game: "dimraw".to_string(),
            players: 2,
        }
        .encode()
        .unwrap();
        bytes.extend_from_slice(&[0; RECORD_BYTES + 1]);
        assert!(split(&bytes).unwrap_err().contains("whole number"));
        bytes[8] = 9;
        assert!(Header::decode(&bytes).unwrap_err().contains("version 9"));
        assert!(Header::decode(b"hello").is_err());
    }

    /// A set of an older `version`, whose records end after `size` bytes, of `record`.
    fn old_set(version: u8, size: usize, record: &Record) -> Vec<u8> {
        let mut bytes = Header {
            game: "splinter".to_string(),
            players: 2,
        }
        .encode()
        .unwrap();
        bytes[8..12].copy_from_slice(&[version, 0, size as u8, 0]);
        bytes.extend_from_slice(&record.encode().unwrap()[..size]);
        bytes
    }

    #[test]
    fn sets_of_versions_1_and_2_read_without_moves_or_visits() {
        let record = Record {
            score: 77,
            mover: 1,
            ply: 9,
            shares: [60, 0, 0, 0, 0, 0],
            text: "old text".to_string(),
            best: String::new(),
            visits: Vec::new(),
        };
        let with_move = Record {
            best: "e4".to_string(),
            ..record.clone()
        };
        for (version, size, record) in [
            (1, V1_RECORD_BYTES, &record),
            (2, V2_RECORD_BYTES, &with_move),
        ] {
            let bytes = old_set(version, size, record);
            let (_, body) = split(&bytes).unwrap();
            assert_eq!(body.len(), RECORD_BYTES);
            assert_eq!(
                Record::decode(body[..].try_into().unwrap()).unwrap(),
                *record
            );
        }
    }

    #[test]
    fn visits_are_checked_against_the_positions_moves() {
        let record = |best: &str, visits: Vec<(u16, u16)>| Record {
            score: 0,
            mover: 0,
            ply: 0,
            shares: [0; 6],
            text: String::new(),
            best: best.to_string(),
            visits,
        };
        // The position's moves are a, b and c, in that order.
        let check = |record: Record| {
            let chosen = ["a", "b", "c"].iter().position(|&t| t == record.best);
            record.check_visits(3, chosen.unwrap())
        };
        assert!(check(record("b", vec![(1, 5), (0, 9)])).is_ok());
        assert!(check(record("b", vec![])).is_ok());
        let error = check(record("a", vec![(1, 5)])).unwrap_err();
        assert!(error.contains("generation order"), "{error}");
        assert!(check(record("b", vec![(1, 5), (3, 1)])).is_err());
        assert!(check(record("b", vec![(1, 5), (1, 1)])).is_err());
        let too_many = record("a", vec![(0, 1); VISIT_SLOTS + 1]);
        assert!(too_many.encode().is_err());
    }

    #[test]
    fn a_text_or_a_move_too_long_is_an_error() {
        let record = Record {
            score: 0,
            mover: 0,
            ply: 0,
            shares: [0; 6],
            text: "x".repeat(TEXT_BYTES + 1),
            best: String::new(),
            visits: Vec::new(),
        };
        assert!(record.encode().is_err());
        let record = Record {
            text: String::new(),
            best: "x".repeat(MOVE_BYTES + 1),
            ..record
        };
        assert!(record.encode().is_err());
    }
}
