//! `arena merge`: the records of a sharded match joined into the summary of the whole.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use crate::records::{self, GameRecord};
use crate::shard::Shard;
use crate::stats::Sprt;
use crate::tournament::{Header, Tally, say, summary};
use ugi::record::Schedule;

/// The most missing game numbers listed by name.
const LISTED: usize = 20;

/// Reads the record files in `paths`, checks that they are shards of one match (one
/// fingerprint, one shard count, no game twice, every game in its own shard), says which
/// shards and games are missing, and writes the match's summary to `out`.
pub fn merge(paths: &[String], sprt: Option<Sprt>, out: &mut dyn Write) -> Result<(), String> {
    let games = read_games(paths)?;
    let Some((first, first_path)) = games.values().next() else {
        return Err("the record files hold no games".to_string());
    };
    let Some(schedule) = first.schedule.clone() else {
        return Err(format!(
            "'{first_path}' has records without their match (written by an older arena)"
        ));
    };
    let header = Header {
        variant: schedule.variant.clone(),
        players: first.seats.len(),
        names: schedule.engines.clone(),
        sprt,
    };
    header.check_sprt()?;
    let shards = shards_of(&games, &schedule, &header, first_path)?;
    let count = schedule.shard.1;
    let listed: Vec<String> = shards.iter().map(|k| format!("{k}/{count}")).collect();
    say(
        out,
        &format!(
            "Merged {} of {} games from {} files: shards {}",
            games.len(),
            schedule.games,
            paths.len(),
            listed.join(", ")
        ),
    );
    let missing_shards: Vec<String> = (1..=count)
        .filter(|k| !shards.contains(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing_shards.is_empty() {
        say(
            out,
            &format!("Missing shards: {}", missing_shards.join(", ")),
        );
    }
    let missing: Vec<usize> = (0..schedule.games)
        .filter(|g| !games.contains_key(g))
        .collect();
    if !missing.is_empty() {
        let named: Vec<String> = missing
            .iter()
            .take(LISTED)
            .map(|g| (g + 1).to_string())
            .collect();
        let more = if missing.len() > LISTED { ", ..." } else { "" };
        say(
            out,
            &format!(
                "Missing games: {} ({}{more})",
                missing.len(),
                named.join(", ")
            ),
        );
    }
    let mut tally = Tally::default();
    for (record, _) in games.values() {
        tally.add(record, &header);
    }
    say(out, &summary(&header, &tally));
    Ok(())
}

/// Every game of the record files by its number, with the file it came from; a game in two
/// files is an error (the shards overlap).
fn read_games(paths: &[String]) -> Result<BTreeMap<usize, (GameRecord, &str)>, String> {
    let mut games: BTreeMap<usize, (GameRecord, &str)> = BTreeMap::new();
    for path in paths {
        if !std::path::Path::new(path).exists() {
            return Err(format!("no record file '{path}'"));
        }
        for record in records::read_all(path)? {
            if let Some((_, first)) = games.get(&record.game) {
                return Err(format!(
                    "{} is in '{first}' and again in '{path}': shards overlap",
                    record.label()
                ));
            }
            games.insert(record.game, (record, path));
        }
    }
    Ok(games)
}

/// The shards the games come from, each game checked to be of this match and of its shard.
fn shards_of(
    games: &BTreeMap<usize, (GameRecord, &str)>,
    schedule: &Schedule,
    header: &Header,
    first_path: &str,
) -> Result<BTreeSet<usize>, String> {
    let mut shards = BTreeSet::new();
    for (record, path) in games.values() {
        let Some(own) = &record.schedule else {
            return Err(format!("'{path}': {} has no match fields", record.label()));
        };
        let (index, count) = own.shard;
        if own.fingerprint != schedule.fingerprint || count != schedule.shard.1 {
            return Err(format!(
                "'{path}' is from another match than '{first_path}' (fingerprint {} of {} \
                 shards, against {} of {}): the settings differ",
                own.fingerprint, count, schedule.fingerprint, schedule.shard.1
            ));
        }
        if record.game >= schedule.games
            || !(Shard { index, count }).plays(record.game / header.rotations())
        {
            return Err(format!(
                "'{path}': {} does not belong to shard {index}/{count}",
                record.label()
            ));
        }
        shards.insert(index);
    }
    Ok(shards)
}
