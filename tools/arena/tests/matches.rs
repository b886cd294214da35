//! Matches end to end: short matches in every game, faulty and hung engines, resume, the
//! SPRT, engine names, the referee, and shards merged.

mod common;

use common::*;

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

#[test]
fn an_engine_that_starts_slowly_is_waited_for_as_long_as_its_handshake_limit_says() {
    // An engine that needs a second before it can answer anything (a JVM loading its game).
    let slow = format!("cmd=sleep 1; exec {FAKE} search|name=slow");
    let engines = [engine("search", "quick"), slow];
    let records = temp_file("slow.records");
    let limits = ["--each", "nodes=200", "--games", "2", "--records", &records];
    let short: Vec<&str> = limits
        .iter()
        .copied()
        .chain(["--handshake-timeout", "0.3"])
        .collect();
    run("dimraw", &engines, &short);
    let played = lines(&records);
    assert_eq!(played.len(), 2);
    for line in &played {
        assert!(
            line.contains(
                "could not start: slow: no ugiok (no answer within the handshake limit of 0.3 s"
            ),
            "the forfeit names the limit: {line}"
        );
    }
    let records = temp_file("slow-waited.records");
    let limits = ["--each", "nodes=200", "--games", "2", "--records", &records];
    let waited = [engines[0].clone(), format!("{}|handshake=10", engines[1])];
    let long: Vec<&str> = limits
        .iter()
        .copied()
        .chain(["--handshake-timeout", "0.3"])
        .collect();
    run("dimraw", &waited, &long);
    for line in lines(&records) {
        assert!(
            line.contains("reason=rules"),
            "the engine's own limit wins: {line}"
        );
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
