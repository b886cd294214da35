//! `arena tune` end to end: SPSA over engine options, its state file and the written profile.

mod common;

use common::*;

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
    let parsed = tabula::game::profile::Profile::parse(&written);
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
