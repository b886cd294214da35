//! Games as PGN-like text, for people and other programs to replay: tag pairs, then the
//! tokens as moves, each game ending with its result.
//!
//! ```text
//! [Event "tabula arena"]
//! [Variant "dwnsiwn"]
//! [Round "8"]
//! [Seat1 "new"]
//! [Seat2 "old"]
//! [Result "p2win"]
//! [Scores "0,1"]
//! [Reason "rules"]
//! [Opening "startpos moves roll:1 11@111"]
//! [PlyCount "2"]
//!
//! c6=15 {12} roll:3 {0}
//! p2win
//! ```
//!
//! `Round` is the game's number in the match (from 1); `Sample`, `Rotation`, `Notes` and, for
//! a scheduled match, `Match`, `Engines`, `Of` and `Shard` follow the record's fields. Each token
//! is followed by its time in milliseconds as a comment. A game's tag values are escaped as in
//! PGN (`\"` and `\\`). Read back, a game gives its record again.

use crate::record::{GameRecord, Schedule};

/// The event tag every exported game carries.
const EVENT: &str = "tabula arena";
/// Tokens per line of move text.
const PER_LINE: usize = 8;

/// One game as export text, ending with a blank line.
pub fn write(record: &GameRecord, variant: &str) -> String {
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), EVENT.into()),
        ("Variant".into(), variant.into()),
        ("Round".into(), (record.game + 1).to_string()),
        ("Sample".into(), record.sample.to_string()),
        ("Rotation".into(), record.rotation.to_string()),
    ];
    for (seat, name) in record.seats.iter().enumerate() {
        tags.push((format!("Seat{}", seat + 1), name.clone()));
    }
    let scores: Vec<String> = record.scores.iter().map(f64::to_string).collect();
    tags.extend([
        ("Result".into(), record.result.clone()),
        ("Scores".into(), scores.join(",")),
        ("Reason".into(), record.reason.clone()),
        ("Opening".into(), record.opening.clone()),
        ("PlyCount".into(), record.moves.len().to_string()),
        ("Notes".into(), record.notes.join("; ")),
    ]);
    if let Some(s) = &record.schedule {
        tags.extend([
            ("Match".into(), s.fingerprint.clone()),
            ("Engines".into(), s.engines.join(",")),
            ("Of".into(), s.games.to_string()),
            ("Shard".into(), s.shard_text()),
        ]);
    }
    let mut text: String = tags
        .iter()
        .map(|(key, value)| format!("[{key} \"{}\"]\n", escape(value)))
        .collect();
    text.push('\n');
    let moves: Vec<String> = record
        .moves
        .iter()
        .enumerate()
        .map(|(k, token)| match record.times.get(k) {
            Some(ms) => format!("{token} {{{ms}}}"),
            None => token.clone(),
        })
        .collect();
    for line in moves.chunks(PER_LINE) {
        text += &line.join(" ");
        text.push('\n');
    }
    text += &record.result;
    text += "\n\n";
    text
}

/// Every game in export text, with its variant.
pub fn read(text: &str) -> Result<Vec<(GameRecord, String)>, String> {
    let mut games = Vec::new();
    let mut lines = text.lines().peekable();
    loop {
        while lines.next_if(|l| l.trim().is_empty()).is_some() {}
        if lines.peek().is_none() {
            return Ok(games);
        }
        let mut tags = Vec::new();
        while let Some(line) = lines.next_if(|l| l.trim_start().starts_with('[')) {
            tags.push(tag(line.trim())?);
        }
        let mut words = Vec::new();
        while let Some(line) = lines.next_if(|l| !l.trim_start().starts_with('[')) {
            words.extend(line.split_whitespace().map(str::to_string));
        }
        games.push(game(&tags, &words)?);
    }
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r', '\t'], " ")
}

/// One `[Key "value"]` line.
fn tag(line: &str) -> Result<(String, String), String> {
    let bad = || format!("bad tag line: {line}");
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (key, quoted) = inner.split_once(' ').ok_or_else(bad)?;
    let quoted = quoted.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or_else(bad)?;
    let (mut value, mut chars) = (String::new(), body.chars());
    while let Some(c) = chars.next() {
        value.push(if c == '\\' {
            chars.next().ok_or_else(bad)?
        } else {
            c
        });
    }
    Ok((key.to_string(), value))
}

/// A game from its tags and the words of its move text (tokens, `{ms}` comments, the result).
fn game(tags: &[(String, String)], words: &[String]) -> Result<(GameRecord, String), String> {
    let find = |key: &str| tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let need = |key: &str| find(key).ok_or_else(|| format!("a game without the tag {key}"));
    let number = |key: &str| -> Result<usize, String> {
        need(key)?.parse().map_err(|_| format!("bad {key} tag"))
    };
    let list = |text: &str, sep: char| -> Vec<String> {
        text.split(sep)
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let seats: Vec<String> = (1..)
        .map_while(|seat| find(&format!("Seat{seat}")).map(str::to_string))
        .collect();
    let result = need("Result")?.to_string();
    let (mut moves, mut times) = (Vec::new(), Vec::new());
    let body = match words.split_last() {
        Some((last, body)) if *last == result => body,
        _ => {
            return Err(format!(
                "the move text does not end with the result {result}"
            ));
        }
    };
    for word in body {
        match word.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
            Some(ms) => times.push(ms.parse().map_err(|_| format!("bad time comment {word}"))?),
            None => moves.push(word.clone()),
        }
    }
    let schedule = match find("Match") {
        None => None,
        Some(fingerprint) => Some(Schedule {
            fingerprint: fingerprint.to_string(),
            variant: need("Variant")?.to_string(),
            engines: list(need("Engines")?, ','),
            games: number("Of")?,
            shard: Schedule::parse_shard(need("Shard")?).ok_or("bad Shard tag")?,
        }),
    };
    let record = GameRecord {
        game: number("Round")?.checked_sub(1).ok_or("Round starts at 1")?,
        sample: number("Sample")?,
        rotation: number("Rotation")?,
        seats,
        opening: need("Opening")?.to_string(),
        result,
        scores: list(need("Scores")?, ',')
            .iter()
            .map(|s| s.parse().map_err(|_| format!("bad score {s}")))
            .collect::<Result<_, _>>()?,
        reason: need("Reason")?.to_string(),
        moves,
        times,
        notes: list(find("Notes").unwrap_or(""), ';'),
        schedule,
    };
    Ok((record, need("Variant")?.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> GameRecord {
        GameRecord {
            game: 7,
            sample: 3,
            rotation: 1,
            seats: vec!["new \"x\"".into(), "old\\y".into()],
            opening: "startpos moves roll:1 11@111".into(),
            result: "p2win".into(),
            scores: vec![0.0, 1.0],
            reason: "p1 illegal move 'zz'".into(),
            moves: (0..11).map(|k| format!("c{k}=15")).collect(),
            times: (0..11).collect(),
            notes: vec!["old says draw".into(), "again".into()],
            schedule: None,
        }
    }

    #[test]
    fn games_read_back_as_their_records() {
        let plain = record();
        let scheduled = GameRecord {
            schedule: Some(Schedule {
                fingerprint: "00ff".into(),
                variant: "dwnsiwn".into(),
                engines: vec!["new \"x\"".into(), "old\\y".into()],
                games: 12,
                shard: (2, 3),
            }),
            game: 8,
            ..record()
        };
        let text = write(&plain, "dwnsiwn") + &write(&scheduled, "dwnsiwn");
        assert!(text.contains("[Seat1 \"new \\\"x\\\"\"]"), "{text}");
        assert!(text.contains("\nc0=15 {0} c1=15 {1}"), "{text}");
        let games = read(&text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0], (plain, "dwnsiwn".to_string()));
        assert_eq!(games[1].0, scheduled);
    }

    #[test]
    fn broken_text_is_refused() {
        let text = write(&record(), "dwnsiwn");
        assert!(read(&text.replace("\np2win", "\n")).is_err(), "no result");
        assert!(read(&text.replace("[Result \"p2win\"]\n", "")).is_err());
        assert!(read(&text.replace("{3}", "{x}")).is_err());
        assert!(read("[Event \"unclosed]\n\n*").is_err());
        assert_eq!(read("\n\n").unwrap(), []);
    }
}
