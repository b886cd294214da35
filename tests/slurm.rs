//! The batch path on a real batch system: `tools/slurm/run.sh` starts a single-node Slurm
//! cluster here, runs a 4-shard datagen and a 4-shard arena match as job arrays, merges them
//! and checks them against the whole runs, then runs a small `train generation` on it and
//! rebuilds its net from its ledger row. It needs root (through `sudo -n` otherwise) and
//! installs Debian's slurm-wlm and munge if they are missing, so it runs only when
//! `TABULA_SLURM_TESTS=1` (as in CI).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn a_sharded_datagen_and_match_run_as_slurm_job_arrays() {
    if std::env::var("TABULA_SLURM_TESTS").as_deref() != Ok("1") {
        eprintln!("skipped: set TABULA_SLURM_TESTS=1 to start a Slurm cluster here");
        return;
    }
    let tabula = PathBuf::from(env!("CARGO_BIN_EXE_tabula"));
    // The arena and train are other packages of the workspace, built beside this binary.
    let [arena, train] = ["arena", "train"].map(|name| {
        let path = tabula.with_file_name(name);
        assert!(
            path.exists(),
            "no {name} binary at {} (cargo test --workspace builds it)",
            path.display()
        );
        path
    });
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/slurm/run.sh");
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n");
    let mut command = if root {
        Command::new(script)
    } else {
        let mut sudo = Command::new("sudo");
        sudo.args(["-n", script]);
        sudo
    };
    let output = command
        .arg(&tabula)
        .arg(&arena)
        .arg(&train)
        .output()
        .expect("run.sh starts");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(text.contains("merged equal their whole runs"), "{text}");
    assert!(text.contains("its row rebuilt its net"), "{text}");
}
