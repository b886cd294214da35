//! Openings end to end: written distinct and replayable, balanced ones, and exported games.

mod common;

use common::*;

#[test]
fn openings_are_written_distinct_and_replayable() {
    let file = temp_file("openings.txt");
    arena(&[
        "openings", "--game", "dwnsiwn", "--plies", "24", "--count", "10", "--out", &file,
    ]);
    let openings = lines(&file);
    assert_eq!(openings.len(), 10);
    let mut distinct = openings.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 10);
    let engines = [engine("search", "a"), engine("search", "b")];
    let file_arg = format!("file={file}");
    let out = run(
        "dwnsiwn",
        &engines,
        &[
            "--each",
            "nodes=200",
            "--games",
            "2",
            "--openings",
            &file_arg,
        ],
    );
    assert!(out.contains("Games: 2,"), "{out}");
}

/// Whether the player to move after `tokens` (Dwindle, two players) wins with one move.
fn wins_in_one(tokens: &[&str]) -> bool {
    use tabula::game::{GameConfig, Turn, outcome::Outcome};
    let registry = tabula::registry::Registry::standard();
    let mut rules = registry
        .find("dwindle")
        .and_then(|entry| entry.rules(GameConfig::default()))
        .unwrap();
    rules.set_position(None, tokens).unwrap();
    let Turn::Player(mover) = rules.turn() else {
        return false;
    };
    rules.legal_tokens().iter().any(|token| {
        let mut line = tokens.to_vec();
        line.push(token);
        rules.set_position(None, &line).unwrap();
        rules.outcome() == Some(Outcome::Win(mover))
    })
}

#[test]
fn balanced_openings_drop_decided_ones_and_say_how_many_were_judged() {
    let book = |balanced: bool| {
        let out = temp_file(&format!("dwindle-{balanced}.book"));
        let mut args = vec![
            "openings", "--game", "dwindle", "--plies", "4", "--count", "30", "--seed", "3",
            "--out", &out,
        ];
        let judge = format!("cmd={FAKE} search");
        if balanced {
            args.extend(["--balanced", "nodes=2000", "--engine", &judge, "name=judge"]);
        }
        (arena(&args), lines(&out))
    };
    let decided = |book: &[String]| {
        book.iter()
            .filter(|line| {
                let tokens: Vec<&str> = line.split(' ').skip(2).collect();
                wins_in_one(&tokens)
            })
            .count()
    };
    let (_, random) = book(false);
    assert!(decided(&random) > 0, "the random book has decided openings");
    let (said, balanced) = book(true);
    assert_eq!(balanced.len(), 30, "{said}");
    assert_eq!(decided(&balanced), 0, "{said}");
    let figures: Vec<usize> = said
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // judged N ... (nodes=2000): kept 30 within 100 cp, dropped M ... and K further off
    let (judged, kept, mates, off) = (figures[0], figures[2], figures[4], figures[5]);
    assert_eq!((kept, judged), (30, kept + mates + off), "{said}");
    assert!(mates > 0, "{said}");
}

#[test]
fn exported_games_read_back_as_their_records() {
    let records = temp_file("export.records");
    let engines = [
        engine("search", "a"),
        format!("{}|option.Search=random", engine("search", "b")),
    ];
    let args = ["--each", "nodes=200", "--games", "2", "--records", &records];
    run("dwnsiwn", &engines, &args);
    let text = arena(&["export", &records]);
    assert!(
        text.starts_with("[Event \"tabula arena\"]\n[Variant \"dwnsiwn\"]\n[Round \"1\"]"),
        "{text}"
    );
    let exported = ugi::export::read(&text).unwrap();
    let recorded: Vec<(ugi::record::GameRecord, String)> = lines(&records)
        .iter()
        .map(|l| {
            (
                ugi::record::GameRecord::parse(l).unwrap(),
                "dwnsiwn".to_string(),
            )
        })
        .collect();
    assert_eq!(exported, recorded);
    assert!(
        exported
            .iter()
            .all(|(r, _)| r.moves.iter().any(|m| m.starts_with("roll:"))),
        "dice too"
    );
}
