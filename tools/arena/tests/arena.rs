//! The arena end to end: short matches in every game, faulty engines, resume and the SPRT.

use std::process::Command;

const ARENA: &str = env!("CARGO_BIN_EXE_arena");
const FAKE: &str = env!("CARGO_BIN_EXE_fake-engine");

/// Runs the arena with these arguments; returns its standard output (it must exit 0).
fn arena(args: &[&str]) -> String {
    let output = Command::new(ARENA).args(args).output().expect("arena runs");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "exit {:?}\n{text}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

fn engine(mode: &str, name: &str) -> String {
    format!("cmd={FAKE} {mode}|name={name}")
}

/// The arguments of a match between two engines given as `cmd=... name=...` groups.
fn match_args<'a>(game: &'a str, engines: &'a [String], rest: &[&'a str]) -> Vec<String> {
    let mut args: Vec<String> = vec!["match".into(), "--game".into(), game.into()];
    for e in engines {
        args.push("--engine".into());
        args.extend(e.split('|').map(str::to_string));
    }
    args.extend(rest.iter().map(|s| s.to_string()));
    args
}

fn run(game: &str, engines: &[String], rest: &[&str]) -> String {
    let args = match_args(game, engines, rest);
    arena(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn temp_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("arena-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path.to_string_lossy().to_string()
}

fn lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn short_matches_at_fixed_nodes_in_every_game() {
    for entry in tabula::registry::Registry::standard().entries() {
        // Three players where the game takes them, to cover more than two.
        let (game, players) = (entry.name, &entry.players.1.min(3).to_string());
        let records = temp_file(&format!("{game}.records"));
        let engines = [engine("search", "search"), engine("search", "random")];
        let mut engines = engines.to_vec();
        engines[1] = format!("{}|option.Search=random", engines[1]);
        let out = run(
            game,
            &engines,
            &[
                "--players",
                players,
                "--each",
                "nodes=300",
                "--games",
                "2",
                "--openings",
                "random=2",
                "count=3",
                "--records",
                &records,
            ],
        );
        let played = lines(&records);
        let expected = if players == "3" { 3 } else { 2 };
        assert_eq!(played.len(), expected, "{game}: {out}");
        assert!(
            played
                .iter()
                .all(|l| l.contains("reason=rules") || l.contains("reason=max plies")),
            "{game}: {played:?}"
        );
        assert!(out.contains("Results"), "{game}: {out}");
        if players == "3" {
            assert!(out.contains("average rank"), "{out}");
        } else {
            assert!(out.contains("Ptnml(0-2)"), "{out}");
        }
    }
}

/// Plays 4 Dimraw games at movetime 50 between the fake engine searching ("good") and the fake
/// engine run with `bad` ("bad"), recording them in `records`; returns the arena's output.
fn four_games_against(bad: &str, records: &str) -> String {
    let engines = [
        engine("search", "good"),
        format!("cmd={FAKE} {bad}|name=bad"),
    ];
    // The margin is wide so that the good engine keeps its time on a loaded machine: a hang
    // then costs 1.05 s a game.
    let limits = ["--each", "movetime=50", "--margin", "1000", "--games", "4"];
    let rest: Vec<&str> = limits.into_iter().chain(["--records", records]).collect();
    run("dimraw", &engines, &rest)
}

#[test]
fn faulty_engines_lose_and_the_match_goes_on() {
    for (fault, expected) in [
        ("crash", "the engine exited"),
        ("exit", "the engine exited"),
        ("hang", "no answer in time"),
        ("illegal", "illegal move 'zz99'"),
        ("malformed", "malformed answer 'bestmove'"),
    ] {
        let records = temp_file(&format!("{fault}.records"));
        let out = four_games_against(&format!("{fault} 2"), &records);
        let played = lines(&records);
        assert_eq!(played.len(), 4, "{fault}: {out}");
        for line in &played {
            assert!(line.contains(expected), "{fault}: {line}");
            let bad_seat = if line.contains("seats=bad,good") {
                0
            } else {
                1
            };
            let scores = if bad_seat == 0 {
                "scores=0,1"
            } else {
                "scores=1,0"
            };
            assert!(line.contains(scores), "{fault}: {line}");
        }
        assert!(out.contains("Faults: 4"), "{fault}: {out}");
    }
}

/// The processes whose command line holds `marker`.
#[cfg(target_os = "linux")]
fn processes_with(marker: &str) -> Vec<String> {
    let entries = std::fs::read_dir("/proc").expect("/proc");
    entries
        .filter_map(|entry| std::fs::read(entry.ok()?.path().join("cmdline")).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).replace('\0', " "))
        .filter(|command| command.contains(marker))
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn hung_engines_are_ended_with_their_whole_process_group() {
    let marker = format!("leftover-check-{}", std::process::id());
    let records = temp_file("hang-group.records");
    let out = four_games_against(&format!("hang 2 {marker}"), &records);
    assert_eq!(lines(&records).len(), 4, "{out}");
    let left = processes_with(&marker);
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn an_interrupted_match_resumes_from_its_records() {
    let records = temp_file("resume.records");
    let engines = [
        engine("search", "a"),
        format!("{}|option.Search=random", engine("search", "b")),
    ];
    let args = ["--each", "nodes=200", "--games", "6", "--records", &records];
    run("tumbling-down", &engines, &args);
    let all = lines(&records);
    assert_eq!(all.len(), 6);
    std::fs::write(&records, all[..2].join("\n") + "\n").unwrap();
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let out = run("tumbling-down", &engines, &resumed);
    assert!(out.contains("Resuming: 2 games already played"), "{out}");
    assert!(out.contains("Games: 6,"), "{out}");
    let again = lines(&records);
    assert_eq!(again.len(), 6);
    let mut numbers: Vec<String> = again
        .iter()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), 6, "every game once: {again:?}");
}

#[test]
fn the_sprt_stops_a_one_sided_match_early() {
    let engines = [
        engine("search", "search"),
        format!("{}|option.Search=random", engine("search", "random")),
    ];
    let out = run(
        "dimraw",
        &engines,
        &[
            "--each",
            "nodes=500",
            "--games",
            "400",
            "--sprt",
            "elo0=0",
            "elo1=10",
            "--concurrency",
            "2",
            "--report-every",
            "5",
        ],
    );
    assert!(out.contains("H1 accepted"), "{out}");
    if std::path::Path::new("/proc/stat").exists() {
        // The first report's steal is the match's; later ones add the stretch since the last.
        let steal: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("CPU steal: "))
            .collect();
        assert!(steal.len() >= 2, "{out}");
        assert!(!steal[0].contains("since the last report"), "{out}");
        assert!(
            steal[1..]
                .iter()
                .all(|l| l.ends_with("% since the last report)")),
            "{out}"
        );
    }
    let games: usize = out
        .lines()
        .rfind(|l| l.starts_with("Games: "))
        .and_then(|l| l.split([' ', ',']).nth(1)?.parse().ok())
        .unwrap();
    assert!(games < 400, "stopped after {games} games");
    let by_seat = out
        .lines()
        .rfind(|l| l.starts_with("search by seat: "))
        .expect("the first engine's results by seat");
    // `p1 W-D-L a-b-c, p2 W-D-L d-e-f`: the six counts add up to the games played.
    let counted: usize = by_seat
        .split(", ")
        .flat_map(|part| part.rsplit(' ').next().unwrap().split('-'))
        .map(|n| n.parse::<usize>().expect("a count"))
        .sum();
    assert_eq!(counted, games, "{by_seat}");
}

#[test]
fn engines_of_one_name_are_refused() {
    let engines = [engine("search", "same"), engine("search", "same")];
    let args = match_args("dimraw", &engines, &["--each", "nodes=10"]);
    let output = Command::new(ARENA)
        .args(&args)
        .output()
        .expect("arena runs");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("two engines are named 'same'"), "{error}");
}

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

#[test]
fn engines_that_disagree_with_the_referee_are_reported() {
    let records = temp_file("liar.records");
    let engines = [
        engine("search", "honest"),
        format!("cmd={FAKE} liar|name=liar"),
    ];
    let out = run(
        "dimraw",
        &engines,
        &["--each", "nodes=200", "--games", "2", "--records", &records],
    );
    assert!(out.contains("Warning: game"), "{out}");
    assert!(out.contains("Disagreements with the referee: 2"), "{out}");
    for line in lines(&records) {
        assert!(
            line.contains("notes=liar disagrees: 'response none'"),
            "{line}"
        );
    }
}

/// The record lines of `path` by game, without the fields that differ between runs of the
/// same games (times, and the shard that played it).
fn games_of(path: &str) -> Vec<String> {
    let mut games: Vec<String> = lines(path)
        .iter()
        .map(|line| {
            line.split('\t')
                .filter(|f| !f.starts_with("times=") && !f.starts_with("shard="))
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect();
    games.sort_by_key(|l| l.split('\t').next().unwrap()[5..].parse::<usize>().unwrap());
    games
}

/// The last summary block of `out`, without the machine's CPU steal (a fact of the machine,
/// not of the games, which a merge cannot know).
fn summary_of(out: &str) -> String {
    out[out.rfind("Results").expect("a summary")..]
        .lines()
        .filter(|line| !line.starts_with("CPU steal: "))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn a_match_split_into_three_shards_and_merged_equals_the_whole_match() {
    for (game, players, games) in [("dwnsiwn", "2", "12"), ("dwindle", "3", "12")] {
        let engines = [
            engine("search", "a"),
            format!("{}|option.Search=mcts", engine("search", "b")),
        ];
        let args = |records: &str, shard: &str| {
            let mut args = match_args(game, &engines, &[]);
            args.extend(
                [
                    "--players",
                    players,
                    "--each",
                    "nodes=150",
                    "--games",
                    games,
                    "--openings",
                    "random=2",
                    "count=5",
                    "--seed",
                    "7",
                    "--records",
                    records,
                    "--shard",
                    shard,
                ]
                .map(str::to_string),
            );
            args
        };
        let run_args =
            |args: Vec<String>| arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let whole = temp_file(&format!("{game}-whole.records"));
        let whole_out = run_args(args(&whole, "1/1"));
        let shards: Vec<String> = (1..=3)
            .map(|k| temp_file(&format!("{game}-shard{k}.records")))
            .collect();
        for (k, path) in shards.iter().enumerate() {
            run_args(args(path, &format!("{}/3", k + 1)));
            assert!(
                !lines(path).is_empty(),
                "{game}: shard {} played nothing",
                k + 1
            );
        }
        let mut merge: Vec<&str> = vec!["merge"];
        merge.extend(shards.iter().map(String::as_str));
        let merged = arena(&merge);
        assert!(
            merged.contains(&format!("Merged {games} of {games} games from 3 files")),
            "{merged}"
        );
        assert!(!merged.contains("Missing"), "{merged}");
        let mut sharded: Vec<String> = shards.iter().flat_map(|p| games_of(p)).collect();
        sharded.sort_by_key(|l| l.split('\t').next().unwrap()[5..].parse::<usize>().unwrap());
        assert_eq!(sharded, games_of(&whole), "{game}: game for game");
        assert_eq!(summary_of(&merged), summary_of(&whole_out), "{game}");
        if std::path::Path::new("/proc/stat").exists() {
            assert!(whole_out.contains("\nCPU steal: "), "{whole_out}");
        }

        let two = arena(&["merge", &shards[0], &shards[2]]);
        assert!(two.contains("Missing shards: 2/3"), "{two}");
        assert!(two.contains("Missing games: "), "{two}");
        let refused = Command::new(ARENA)
            .args(["merge", &shards[0], &shards[0]])
            .output()
            .unwrap();
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains("overlap"));
        let foreign = temp_file(&format!("{game}-foreign.records"));
        let text = std::fs::read_to_string(&shards[1]).unwrap();
        std::fs::write(&foreign, text.replace("\tmatch=", "\tmatch=0")).unwrap();
        let other = Command::new(ARENA)
            .args(["merge", &shards[0], &foreign])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&other.stderr).contains("another match"));
    }
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

/// The record file `name` of four Dimraw games between two searching engines `a` and `b`, at
/// 300 nodes a move.
fn dimraw_records(name: &str) -> String {
    let records = temp_file(name);
    let engines = [engine("search", "a"), engine("search", "b")];
    let args = ["--each", "nodes=300", "--games", "4", "--records", &records];
    run("dimraw", &engines, &args);
    records
}

#[test]
fn a_replay_searches_every_decision_of_each_distinct_game_the_same_way_twice() {
    let records = dimraw_records("replay.records");
    let distinct: std::collections::HashSet<(String, String)> = lines(&records)
        .iter()
        .map(|l| {
            let r = ugi::record::GameRecord::parse(l).unwrap();
            (r.opening, r.moves.join(" "))
        })
        .collect();
    let decisions: usize = distinct.iter().map(|(_, m)| m.split(' ').count()).sum();
    let searcher = format!("cmd={FAKE} search");
    let out = arena(&[
        "replay", &records, "--engine", &searcher, "name=x", "--engine", &searcher, "name=y",
        "--each", "depth=3",
    ]);
    let said: Vec<&str> = out.lines().collect();
    assert_eq!(said.len(), 2, "{out}");
    let first = format!("x: {decisions} searches, ");
    assert!(said[0].starts_with(&first), "{out}");
    assert!(said[0].contains(" nodes (1.0000 of the first)"), "{out}");
    let nodes = |line: &str| line.split(", ").nth(1).unwrap().to_string();
    assert_eq!(nodes(said[0]), nodes(said[1]), "{out}");
    assert!(!nodes(said[0]).starts_with("0 "), "{out}");
    let refused = Command::new(ARENA)
        .args([
            "replay",
            &records,
            "--engine",
            &searcher,
            "--each",
            "tc=1+0.01",
        ])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not tc"));
    let mixed = temp_file("replay-mixed.records");
    let mut text = lines(&records);
    text[0] = text[0].replace("variant=dimraw", "variant=splinter");
    std::fs::write(&mixed, text.join("\n")).unwrap();
    let refused = Command::new(ARENA)
        .args(["replay", &mixed, "--engine", &searcher, "--each", "depth=1"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("mix games"));
}

#[test]
fn times_give_every_recorded_decision_to_an_engine() {
    let records = dimraw_records("times.records");
    let moves: usize = lines(&records)
        .iter()
        .map(|l| ugi::record::GameRecord::parse(l).unwrap().moves.len())
        .sum();
    let out = arena(&["times", &records]);
    let said: Vec<&str> = out.lines().collect();
    assert_eq!(said.len(), 3, "{out}");
    assert!(
        said[0].starts_with("ms a decision (mean) by plies"),
        "{out}"
    );
    let decisions = |line: &str| -> usize {
        let after = line.split(" over ").nth(1).unwrap();
        after.split(' ').next().unwrap().parse().unwrap()
    };
    assert!(
        said[1].starts_with("a: ") && said[2].starts_with("b: "),
        "{out}"
    );
    assert_eq!(decisions(said[1]) + decisions(said[2]), moves, "{out}");
}

#[test]
fn lost_games_give_the_positions_where_the_loser_decided() {
    let records = temp_file("lost.records");
    // `exit 1000` plays random moves (it would misbehave only after 1,000 of them). Each pair
    // of games has its own opening, and in a pair the loser decides first in different
    // positions, so every lost game gives its own line.
    let engines = [engine("search", "s"), engine("exit 1000", "r")];
    let args = [
        "--each",
        "nodes=300",
        "--games",
        "4",
        "--openings",
        "random=4",
        "--records",
        &records,
    ];
    run("dimraw", &engines, &args);
    let lost = lines(&records)
        .iter()
        .map(|l| ugi::record::GameRecord::parse(l).unwrap())
        .filter(|r| {
            r.seats
                .iter()
                .zip(&r.scores)
                .any(|(s, &x)| s == "r" && x == 0.0)
        })
        .count();
    assert!(lost > 0, "the random player lost no game");
    let book = temp_file("lost.book");
    let out = arena(&[
        "lost", &records, "--name", "r", "--plies", "0", "--out", &book,
    ]);
    assert_eq!(out.trim(), format!("wrote {lost} openings to {book}"));
    let openings = lines(&book);
    assert_eq!(openings.len(), lost);
    assert!(
        openings.iter().all(|l| l.starts_with("startpos moves ")),
        "{openings:?}"
    );
    let none = temp_file("lost-none.book");
    arena(&[
        "lost", &records, "--name", "nobody", "--plies", "0", "--out", &none,
    ]);
    assert!(lines(&none).is_empty());
    // The book is an openings file a match plays.
    let replayed = run(
        "dimraw",
        &engines,
        &["--each", "nodes=300", "--openings", &format!("file={book}")],
    );
    assert!(replayed.contains("Finished game 2"), "{replayed}");
}

/// The arguments of `arena tune` of the fake engine's search in Tumbling Down, over two
/// profile knobs, with `rest` after them.
fn tune_args(state: &str, rest: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "tune",
        "--game",
        "tumbling-down",
        "--engine",
        &format!("cmd={FAKE} search"),
        "--each",
        "nodes=300",
        "--param",
        "profile.futility_margin=100,10,1000,15",
        "--param",
        "profile.aspiration_window=40,5,400,5",
        "--openings",
        "random=4",
        "count=8",
        "--state",
        state,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(rest.iter().map(|s| s.to_string()));
    args
}

fn tune(state: &str, rest: &[&str]) -> String {
    let args = tune_args(state, rest);
    arena(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn a_tuning_run_plays_seat_swapped_pairs_keeps_its_state_and_writes_the_profile() {
    let (state, records, profile) = (
        temp_file("tune.state"),
        temp_file("tune.rec"),
        temp_file("tune.txt"),
    );
    std::fs::write(&profile, "# a profile\nnull_move on\n").unwrap();
    let out = tune(
        &state,
        &[
            "--iterations",
            "3",
            "--records",
            &records,
            "--profile",
            &profile,
            "--concurrency",
            "2",
        ],
    );
    assert!(out.contains("pairs 3/3"), "{out}");
    let text = std::fs::read_to_string(&state).unwrap();
    assert!(text.contains("done 3\n"), "{text}");
    let games = games_of(&records);
    assert_eq!(games.len(), 6, "{games:?}");
    let mut by_sample: std::collections::HashMap<String, Vec<String>> = Default::default();
    for line in lines(&records) {
        let field = |key: &str| {
            line.split('\t')
                .find_map(|f| f.strip_prefix(&format!("{key}=")))
                .unwrap()
                .to_string()
        };
        by_sample.entry(field("sample")).or_default().push(format!(
            "{} {}",
            field("seats"),
            field("opening")
        ));
    }
    assert_eq!(by_sample.len(), 3);
    for pair in by_sample.values() {
        let [one, two] = &pair[..] else {
            panic!("{pair:?}")
        };
        let (seats_one, opening_one) = one.split_once(' ').unwrap();
        let (seats_two, opening_two) = two.split_once(' ').unwrap();
        assert_eq!(opening_one, opening_two, "a pair shares its opening");
        let mut swapped: Vec<&str> = seats_one.split(',').collect();
        swapped.reverse();
        assert_eq!(swapped.join(","), seats_two, "seats swapped");
        assert!(seats_one.contains("theta+") && seats_one.contains("theta-"));
    }
    let written = std::fs::read_to_string(&profile).unwrap();
    assert!(
        written.starts_with("# a profile\nnull_move on\nfutility_margin "),
        "{written}"
    );
    let parsed = tabula::profile::Profile::parse(&written);
    assert!(parsed.null_move && (10..=1000).contains(&parsed.futility_margin));

    // Resuming a state 2 pairs into 3 plays only the third pair.
    let resumed = text.replace("done 3\n", "done 2\n");
    std::fs::write(&state, resumed).unwrap();
    let records_resumed = temp_file("tune-resumed.rec");
    let out = tune(
        &state,
        &["--iterations", "3", "--records", &records_resumed],
    );
    assert!(out.contains("Resuming") && out.contains("2 of 3"), "{out}");
    let games = games_of(&records_resumed);
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(
        lines(&records_resumed)
            .iter()
            .all(|l| l.contains("sample=2\t"))
    );

    // Other parameters than the state's are refused.
    let mut args = tune_args(&state, &["--iterations", "3"]);
    let at = args
        .iter()
        .position(|a| a == "profile.aspiration_window=40,5,400,5")
        .unwrap();
    args[at] = "profile.lmr_divisor=225,100,600,25".to_string();
    let output = Command::new(ARENA).args(&args).output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("tunes other parameters"));
    for path in [state, records, profile, records_resumed] {
        let _ = std::fs::remove_file(path);
    }
}
