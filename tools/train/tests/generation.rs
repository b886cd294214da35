//! `train generation` end to end on this machine: a small Dimraw generation runs its stages
//! as local jobs, writes its ledger row, resumes without redoing finished stages, reruns
//! only a lost shard, and its net (trained on an earlier data set too) is rebuilt from its row
//! byte for byte; a three-player Dwindle generation gates against the parent in two seats.

use std::path::{Path, PathBuf};
use std::process::Command;

fn binary(name: &str) -> PathBuf {
    // The engine and the arena are other packages of the workspace, built beside this one.
    let path = PathBuf::from(env!("CARGO_BIN_EXE_train")).with_file_name(name);
    assert!(
        path.exists(),
        "no {name} at {} (cargo test --workspace builds it)",
        path.display()
    );
    path
}

/// Runs `train generation` with the small generation's settings and `extra`; its output.
fn generation(work: &Path, ledger: &Path, extra: &[&str]) -> (bool, String) {
    generation_trained(work, ledger, "--hidden 16 --epochs 2 --batch 256", extra)
}

/// As [`generation`], with `train` as the training settings.
fn generation_trained(work: &Path, ledger: &Path, train: &str, extra: &[&str]) -> (bool, String) {
    let datagen = "--games 6 --nodes 200 --plies 4";
    generation_of(work, ledger, "classic", datagen, train, extra)
}

/// A small Dimraw generation from `parent` with these `datagen` and `train` settings.
fn generation_of(
    work: &Path,
    ledger: &Path,
    parent: &str,
    datagen: &str,
    train: &str,
    extra: &[&str],
) -> (bool, String) {
    let earlier = ledger.with_file_name("earlier.data");
    if !earlier.exists() {
        std::fs::create_dir_all(ledger.parent().unwrap()).unwrap();
        let made = Command::new(binary("tabula"))
            .args([
                "datagen", "--game", "dimraw", "--games", "2", "--nodes", "100", "--out",
            ])
            .arg(&earlier)
            .output()
            .expect("datagen runs");
        assert!(made.status.success(), "{made:?}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_train"))
        .arg("generation")
        .args([
            "--game", "dimraw", "--parent", parent, "--shards", "2", "--jobs", "2",
        ])
        .args(["--datagen", datagen, "--seed", "9"])
        .args(["--train", train])
        .arg("--with-data")
        .arg(&earlier)
        .args([
            "--gate",
            "--each nodes=100 --games 2 --openings random=4 --seed 3",
        ])
        .arg("--work")
        .arg(work)
        .arg("--ledger")
        .arg(ledger)
        .arg("--tabula")
        .arg(binary("tabula"))
        .arg("--arena")
        .arg(binary("arena"))
        .args(extra)
        .output()
        .expect("train runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[test]
fn a_generation_records_its_row_resumes_and_rebuilds_its_net_byte_for_byte() {
    let root = std::env::temp_dir().join(format!("train-generation-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (work, ledger) = (root.join("work"), root.join("generations.tsv"));

    let (ok, first) = generation(&work, &ledger, &[]);
    assert!(ok, "{first}");
    assert!(
        first.contains("data: 2 of 2 jobs to run") && first.contains("gate: 1 of 1 jobs"),
        "{first}"
    );
    let text = std::fs::read_to_string(&ledger).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let row: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(&row[..3], ["1", "classic", "classic"], "{text}");
    assert!(
        row[6].ends_with("earlier.data"),
        "an earlier data set: {text}"
    );
    assert_eq!(row[13], "2", "two gate games: {text}");
    assert!(
        row[19].starts_with("dimraw-") && row[19].ends_with(".tnet"),
        "{text}"
    );
    assert!(row[18] == "kept" || row[18] == "not kept", "{text}");

    // Run again: nothing to do, and the row is not written twice.
    let (ok, again) = generation(&work, &ledger, &[]);
    assert!(
        ok && !again.contains("jobs to run") && again.contains("already recorded"),
        "{again}"
    );
    assert_eq!(std::fs::read_to_string(&ledger).unwrap(), text);

    // A lost shard is made again, alone; its bytes are the same, so nothing after it changes.
    let shard = std::fs::read_dir(&work)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| {
            path.to_string_lossy().ends_with(".2") && path.to_string_lossy().contains("data-")
        })
        .expect("shard 2");
    let bytes = std::fs::read(&shard).unwrap();
    std::fs::remove_file(&shard).unwrap();
    let (ok, resumed) = generation(&work, &ledger, &[]);
    assert!(
        ok && resumed.contains("data: 1 of 2 jobs to run"),
        "{resumed}"
    );
    assert_eq!(std::fs::read(&shard).unwrap(), bytes);

    // The row alone makes the same net in a fresh folder.
    let (ok, rebuilt) = generation(&root.join("fresh"), &ledger, &["--rebuild", "1"]);
    assert!(ok && rebuilt.contains("rebuilt byte for byte"), "{rebuilt}");
    assert!(rebuilt.contains(row[19]), "{rebuilt}");

    // Settings train does not know stop the generation with train's own error.
    let (ok, refused) = generation_trained(&root.join("bad"), &ledger, "--hiden 16", &[]);
    assert!(
        !ok && refused.contains("train settings '--hiden 16'"),
        "{refused}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_head_fitted_to_mcts_visits_keeps_the_parents_value_net() {
    let root = std::env::temp_dir().join(format!("train-generation-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let ledger = root.join("generations.tsv");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src/games/dimraw");
    let parent = std::fs::read_dir(games)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|e| e == "tnet"))
        .expect("Dimraw's net file");
    let datagen = "--games 6 --nodes 200 --plies 4 --search mcts --sample-plies 4";
    let policy = ["--policy", "--epochs 1 --batch 256"];
    let parent_text = parent.to_string_lossy().to_string();
    let (ok, made) = generation_of(
        &root.join("work"),
        &ledger,
        &parent_text,
        datagen,
        "keep",
        &policy,
    );
    assert!(ok, "{made}");
    assert!(
        made.contains("with an MCTS root's visits as their target"),
        "{made}"
    );
    let text = std::fs::read_to_string(&ledger).unwrap();
    let row: Vec<&str> = text.lines().nth(1).expect("a row").split('\t').collect();
    assert_eq!(row[8], "keep", "{text}");
    let net = std::fs::read_dir(root.join("work"))
        .unwrap()
        .flat_map(|entry| {
            std::fs::read_dir(entry.unwrap().path())
                .into_iter()
                .flatten()
        })
        .map(|entry| entry.unwrap().path())
        .find(|path| path.file_name().is_some_and(|name| name == row[19]))
        .expect("the generation's net");
    let (_, parent_weights, _) =
        tabula::net::file::decode(&std::fs::read(&parent).unwrap()).unwrap();
    let (_, weights, _) = tabula::net::file::decode(&std::fs::read(&net).unwrap()).unwrap();
    assert!(weights.policy.is_some(), "a policy head");
    assert_eq!(
        tabula::net::file::NetWeights {
            policy: None,
            ..weights
        },
        parent_weights
    );

    // The hand-written evaluation has no value net to keep.
    let (ok, refused) = generation_of(
        &root.join("bad"),
        &ledger,
        "classic",
        datagen,
        "keep",
        &policy,
    );
    assert!(
        !ok && refused.contains("the parent must be a net file"),
        "{refused}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_three_player_generation_gates_against_two_parents_by_the_seat_model() {
    let root = std::env::temp_dir().join(format!("train-generation-3p-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let ledger = root.join("generations.tsv");
    let output = Command::new(env!("CARGO_BIN_EXE_train"))
        .arg("generation")
        .args(["--game", "dwindle", "--parent", "classic", "--shards", "1"])
        .args(["--datagen", "--players 3 --games 6 --nodes 200 --plies 3"])
        .args(["--train", "--hidden 16 --epochs 2 --batch 256"])
        .args([
            "--gate",
            "--players 3 --each nodes=100 --games 6 --openings random=3 --seed 3",
        ])
        .arg("--work")
        .arg(root.join("work"))
        .arg("--ledger")
        .arg(&ledger)
        .arg("--tabula")
        .arg(binary("tabula"))
        .arg("--arena")
        .arg(binary("arena"))
        .output()
        .expect("train runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{text}");
    let log = std::fs::read_to_string(root.join("work/logs/gate-1.log")).unwrap();
    assert!(
        log.contains("parent2: average score"),
        "the parent holds two seats: {log}"
    );
    let ledger_text = std::fs::read_to_string(&ledger).unwrap();
    let row: Vec<&str> = ledger_text.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!(row[13], "6", "six gate games: {ledger_text}");
    assert_eq!(row[15], "-", "no pairs with three seats: {ledger_text}");
    assert!(row[14].contains("+/-"), "an Elo: {ledger_text}");
    std::fs::remove_dir_all(&root).unwrap();
}
