//! Where a stage's jobs run: as processes here, a few at a time, or as one Slurm job array
//! (`sbatch --wait`, one array task per job) on whatever cluster `sbatch` reaches.
//!
//! A job is a shell command whose success leaves its `done` file in place (it writes its
//! output under another name and renames it, or touches a marker), so a job whose file exists
//! is not run again, and a stage is done when every job's file exists.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::stages::quoted_path;

/// One job of a stage.
#[derive(Clone, Debug)]
pub struct Job {
    /// The shell command line.
    pub command: String,
    /// The file its success leaves.
    pub done: PathBuf,
}

/// Where jobs run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    /// Processes on this machine, at most this many at once.
    Local(usize),
    /// A Slurm job array per stage, submitted with `sbatch --wait`.
    Slurm,
}

impl Runner {
    /// The runner named `name` (`local` or `slurm`); `jobs` bounds a local one.
    pub fn parse(name: &str, jobs: usize) -> Result<Self, String> {
        match name {
            "local" => Ok(Runner::Local(jobs.max(1))),
            "slurm" => Ok(Runner::Slurm),
            other => Err(format!("unknown runner '{other}' (local or slurm)")),
        }
    }

    /// Runs the jobs of stage `stage` whose files are missing, logging each to
    /// `<work>/logs/<stage>-<k>.log` (k from 1); fails unless every job's file then exists.
    pub fn run(&self, jobs: &[Job], work: &Path, stage: &str) -> Result<(), String> {
        let logs = work.join("logs");
        std::fs::create_dir_all(&logs)
            .map_err(|e| format!("cannot make '{}': {e}", logs.display()))?;
        let todo: Vec<(usize, &Job)> = (1..)
            .zip(jobs)
            .filter(|(_, job)| !job.done.exists())
            .collect();
        if !todo.is_empty() {
            println!("{stage}: {} of {} jobs to run", todo.len(), jobs.len());
            match self {
                Runner::Local(at_once) => run_here(&todo, *at_once, work, stage)?,
                Runner::Slurm => run_on_slurm(&todo, work, stage)?,
            }
        }
        let failed: Vec<String> = (1..)
            .zip(jobs)
            .filter(|(_, job)| !job.done.exists())
            .map(|(k, _)| log_of(work, stage, k).display().to_string())
            .collect();
        match failed.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "{stage}: {} jobs failed; see {}",
                failed.len(),
                failed.join(", ")
            )),
        }
    }
}

/// Where job `k` (from 1) of stage `stage` logs its output, under the work folder `work`.
pub fn log_of(work: &Path, stage: &str, k: usize) -> PathBuf {
    work.join("logs").join(format!("{stage}-{k}.log"))
}

/// Runs the jobs here, `at_once` at a time.
fn run_here(
    todo: &[(usize, &Job)],
    at_once: usize,
    work: &Path,
    stage: &str,
) -> Result<(), String> {
    let mut running: Vec<Child> = Vec::new();
    for &(k, job) in todo {
        if running.len() == at_once {
            running.remove(0).wait().map_err(|e| e.to_string())?;
        }
        let log_path = log_of(work, stage, k);
        let log = std::fs::File::create(&log_path)
            .map_err(|e| format!("cannot write '{}': {e}", log_path.display()))?;
        let errors = log.try_clone().map_err(|e| e.to_string())?;
        let child = Command::new("sh")
            .args(["-c", &job.command])
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(errors)
            .spawn()
            .map_err(|e| format!("cannot start sh: {e}"))?;
        running.push(child);
    }
    for mut child in running {
        child.wait().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Runs the jobs as one array of `sbatch --wait`: task k runs the k-th job left to do.
fn run_on_slurm(todo: &[(usize, &Job)], work: &Path, stage: &str) -> Result<(), String> {
    let mut script = String::from("#!/bin/sh\ncase \"$SLURM_ARRAY_TASK_ID\" in\n");
    for (task, (k, job)) in (1..).zip(todo) {
        let log = quoted_path(&log_of(work, stage, *k));
        script.push_str(&format!("{task}) ( {} ) > {log} 2>&1 ;;\n", job.command));
    }
    script.push_str("*) exit 2 ;;\nesac\n");
    let path = work.join(format!("{stage}.sbatch"));
    std::fs::write(&path, script).map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    let status = Command::new("sbatch")
        .arg("--wait")
        .arg(format!("--array=1-{}", todo.len()))
        .arg(format!("--job-name=tabula-{stage}"))
        .arg(format!(
            "--output={}",
            work.join("logs")
                .join(format!("{stage}-slurm-%a.log"))
                .display()
        ))
        .arg(&path)
        .status()
        .map_err(|e| format!("cannot run sbatch: {e}"))?;
    if !status.success() {
        println!("{stage}: sbatch ended with {status}; checking which jobs finished");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_jobs_run_once_and_a_failed_one_is_named() {
        let work = std::env::temp_dir().join(format!("train-runner-{}", std::process::id()));
        std::fs::create_dir_all(&work).unwrap();
        let counter = work.join("runs");
        let job = |name: &str, ok: bool| Job {
            command: format!(
                "echo x >> {} && {}",
                quoted_path(&counter),
                if ok {
                    format!("touch {}", quoted_path(&work.join(name)))
                } else {
                    "false".to_string()
                }
            ),
            done: work.join(name),
        };
        let runner = Runner::parse("local", 2).unwrap();
        let good = [job("a", true), job("b", true), job("c", true)];
        runner.run(&good, &work, "s").unwrap();
        runner.run(&good, &work, "s").unwrap();
        let runs = std::fs::read_to_string(&counter).unwrap();
        assert_eq!(runs.lines().count(), 3, "done jobs are not run again");
        let error = runner.run(&[job("d", false)], &work, "t").unwrap_err();
        assert!(
            error.contains("1 jobs failed") && error.contains("t-1.log"),
            "{error}"
        );
        assert_eq!(
            Runner::parse("pbs", 1),
            Err("unknown runner 'pbs' (local or slurm)".into())
        );
        std::fs::remove_dir_all(&work).unwrap();
    }
}
