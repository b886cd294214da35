//! Self-play data sets: reproducible from their settings, shards that merge into the whole
//! run, records that read back as legal positions of their game with a share per seat.

use tabula::commands::datagen::{merge, run};
use tabula::datagen::DatagenSettings;
use tabula::datagen::format::{self, RECORD_BYTES, Record};
use tabula::game::Turn;
use tabula::options::EngineOptions;
use tabula::options::choices::SearchKind;
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
        sampled_plies: 0,
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
    let settings = settings(registry, game, players, shard);
    data_of(registry, &settings, name)
}

/// Runs the data set of `settings` and returns its file's bytes.
fn data_of(registry: &Registry, settings: &DatagenSettings, name: &str) -> Vec<u8> {
    let path = temp(name);
    let entry = registry.find(settings.options.variant).unwrap();
    run(entry, settings, &path, &|_| {}).unwrap();
    std::fs::read(path).unwrap()
}

/// The settings of an MCTS data set whose first `sampled` searched decisions are drawn by
/// visits.
fn mcts_settings(registry: &Registry, game: &str, players: usize, sampled: u32) -> DatagenSettings {
    let mut settings = settings(registry, game, players, (1, 1));
    settings.options.search = SearchKind::Mcts;
    settings.sampled_plies = sampled;
    settings
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

#[test]
fn mcts_records_keep_the_roots_visits_and_alpha_beta_records_none() {
    let registry = Registry::standard();
    for (game, players) in [("splinter", 2), ("dwnsiwn", 2), ("dwindle", 3)] {
        let settings = mcts_settings(&registry, game, players, 0);
        let bytes = data_of(&registry, &settings, &format!("{game}-visits"));
        assert_eq!(
            bytes,
            data_of(&registry, &settings, &format!("{game}-again"))
        );
        let mut rules = registry
            .find(game)
            .unwrap()
            .rules(settings.options.config())
            .unwrap();
        let all = records(&bytes);
        assert!(all.len() > 10, "{game}");
        for raw in all {
            let record = Record::decode(&raw).unwrap();
            rules.set_position(Some(&record.text), &[]).unwrap();
            let tokens = rules.legal_tokens();
            let chosen = tokens
                .iter()
                .position(|t| *t == record.best)
                .expect("a legal move");
            record.check_visits(tokens.len(), chosen).unwrap();
            let visits: Vec<u16> = record.visits.iter().map(|&(_, v)| v).collect();
            assert!(visits.iter().any(|&v| v > 0), "{game}: no visits");
            assert!(
                visits[1..].windows(2).all(|pair| pair[0] >= pair[1]),
                "{game}: after the chosen move, the most visited first: {visits:?}"
            );
        }
        let alpha_beta = data(&registry, game, players, (1, 1), &format!("{game}-ab"));
        for raw in records(&alpha_beta) {
            assert!(Record::decode(&raw).unwrap().visits.is_empty(), "{game}");
        }
    }
}

#[test]
fn moves_drawn_by_visits_spread_the_games_and_the_records_keep_the_searchs_choice() {
    let registry = Registry::standard();
    let texts = |sampled: u32| -> Vec<(String, String)> {
        let settings = mcts_settings(&registry, "tumbling-down", 2, sampled);
        let bytes = data_of(&registry, &settings, &format!("sampled-{sampled}"));
        let decoded = records(&bytes)
            .into_iter()
            .map(|raw| Record::decode(&raw).unwrap());
        decoded.map(|r| (r.text, r.best)).collect()
    };
    let (plain, sampled) = (texts(0), texts(6));
    assert_ne!(plain, sampled, "drawing by visits changed no game");
    // The first game's first searched position is the same (its opening is), and so is the
    // search's choice there, whatever is then played.
    assert_eq!(plain[0], sampled[0]);
}
