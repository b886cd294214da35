//! Self-play data sets: reproducible from their settings, shards that merge into the whole
//! run, records that read back as legal positions of their game with a share per seat.

use tabula::commands::datagen::{merge, run};
use tabula::datagen::DatagenSettings;
use tabula::datagen::format::{self, RECORD_BYTES, Record};
use tabula::game::Turn;
use tabula::options::EngineOptions;
use tabula::registry::Registry;
use tabula::shard::Shard;

fn settings(
    registry: &Registry,
    game: &str,
    players: usize,
    shard: (usize, usize),
) -> DatagenSettings {
    let entry = registry.find(game).unwrap();
    let defaults = EngineOptions::defaults(registry);
    DatagenSettings {
        games: 4,
        nodes: 300,
        opening_plies: 4,
        seed: 9,
        shard: Shard {
            index: shard.0,
            count: shard.1,
        },
        options: EngineOptions {
            variant: entry.name,
            board: entry.boards.first().copied().unwrap_or(defaults.board),
            players,
            ..defaults
        },
    }
}

fn temp(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("datagen-{}-{name}", std::process::id()));
    path.to_string_lossy().to_string()
}

/// Runs one data set and returns its file's bytes.
fn data(
    registry: &Registry,
    game: &str,
    players: usize,
    shard: (usize, usize),
    name: &str,
) -> Vec<u8> {
    let path = temp(name);
    let settings = settings(registry, game, players, shard);
    run(registry.find(game).unwrap(), &settings, &path, &|_| {}).unwrap();
    std::fs::read(path).unwrap()
}

fn records(bytes: &[u8]) -> Vec<[u8; RECORD_BYTES]> {
    let (_, body) = format::split(bytes).unwrap();
    body.chunks_exact(RECORD_BYTES)
        .map(|c| c.try_into().unwrap())
        .collect()
}

#[test]
fn the_same_settings_give_the_same_bytes() {
    let registry = Registry::standard();
    for (game, players) in [("tumbling-down", 2), ("dwnsiwn", 2), ("dwindle", 3)] {
        let first = data(&registry, game, players, (1, 1), &format!("{game}-a"));
        let again = data(&registry, game, players, (1, 1), &format!("{game}-b"));
        assert!(records(&first).len() > 10, "{game}");
        assert_eq!(first, again, "{game}");
    }
}

#[test]
fn shards_merged_hold_exactly_the_whole_run() {
    let registry = Registry::standard();
    let whole = data(&registry, "splinter", 2, (1, 1), "whole");
    let paths: Vec<String> = (1..=3)
        .map(|k| {
            let name = format!("shard{k}");
            let bytes = data(&registry, "splinter", 2, (k, 3), &name);
            let path = temp(&format!("{name}.set"));
            std::fs::write(&path, bytes).unwrap();
            path
        })
        .collect();
    let merged = temp("merged");
    let count = merge(&paths, &merged, Some(5)).unwrap();
    let merged = std::fs::read(&merged).unwrap();
    assert_eq!(
        format::split(&merged).unwrap().0,
        format::split(&whole).unwrap().0
    );
    let (mut a, mut b) = (records(&whole), records(&merged));
    assert_eq!(count as usize, a.len());
    assert_ne!(a, b, "the merge shuffles");
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn records_are_positions_of_their_game_with_the_result_shared() {
    let registry = Registry::standard();
    for (game, players) in [("dimraw", 2), ("dwindle", 4)] {
        let bytes = data(&registry, game, players, (1, 1), &format!("{game}-check"));
        let (header, _) = format::split(&bytes).unwrap();
        assert_eq!(
            (header.game.as_str(), header.players as usize),
            (game, players)
        );
        let entry = registry.find(game).unwrap();
        let settings = settings(&registry, game, players, (1, 1));
        let mut rules = entry.rules(settings.options.config()).unwrap();
        for raw in records(&bytes) {
            let record = Record::decode(&raw).unwrap();
            rules.set_position(Some(&record.text), &[]).unwrap();
            assert_eq!(
                rules.turn(),
                Turn::Player(record.mover),
                "{game}: {}",
                record.text
            );
            let total: u32 = record.shares.iter().map(|&s| u32::from(s)).sum();
            assert!(
                (58..=60).contains(&total),
                "{game}: shares {:?}",
                record.shares
            );
            assert!(record.shares[players..].iter().all(|&s| s == 0));
        }
    }
}

#[test]
fn data_sets_of_different_games_do_not_merge() {
    let registry = Registry::standard();
    let (a, b) = (temp("td.set"), temp("dm.set"));
    std::fs::write(&a, data(&registry, "tumbling-down", 2, (1, 2), "td")).unwrap();
    std::fs::write(&b, data(&registry, "dimraw", 2, (1, 2), "dm")).unwrap();
    let error = merge(&[a, b], &temp("mixed"), None).unwrap_err();
    assert!(error.contains("dimraw"), "{error}");
}
