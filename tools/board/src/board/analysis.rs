//! The board's analysis: an engine searching the ply on show until stopped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use tabula::game::Turn;
use ugi::engine::Fault;

use super::Board;
use crate::driver::{self, AnalyseJob};
use crate::table::Analysis;

impl Board {
    /// Starts `engine` analysing the ply on show with `multipv` lines, until stopped.
    pub fn analyse(self: &Arc<Self>, engine: usize, multipv: usize) -> Result<(), String> {
        let mut spec = self
            .common
            .config
            .engines
            .get(engine)
            .cloned()
            .ok_or_else(|| format!("there is no engine number {engine}"))?;
        if !(1..=crate::bounds::MAX_MULTIPV as usize).contains(&multipv) {
            let most = crate::bounds::MAX_MULTIPV;
            return Err(format!("MultiPV must be 1 to {most}"));
        }
        self.act(|table| {
            if let Some(old) = &table.analysis {
                old.stop.store(true, Ordering::Relaxed);
            }
            let ply = table.cursor;
            if table.rules_at(ply)?.turn() == Turn::Over {
                return Err("the game is over at this ply".to_string());
            }
            let id = table.next_id();
            let stop = Arc::new(AtomicBool::new(false));
            spec.options
                .push(("MultiPV".to_string(), multipv.to_string()));
            let job = AnalyseJob {
                generation: table.generation,
                id,
                spec,
                setup: table.engine_setup(),
                position: format!("position {}", table.position_line(ply)),
                stop: stop.clone(),
            };
            table.analysis = Some(Analysis {
                id,
                engine,
                ply,
                lines: Vec::new(),
                running: true,
                note: None,
                stop,
                started: std::time::Instant::now(),
                unwatched_since: None,
            });
            let board = Arc::clone(self);
            thread::spawn(move || driver::analyse(board, job));
            Ok(())
        })
    }

    /// Stops the analysis (its last lines stay on show).
    pub fn stop_analysis(self: &Arc<Self>) -> Result<(), String> {
        self.act(|table| {
            if let Some(analysis) = table.analysis.as_mut() {
                analysis.stop.store(true, Ordering::Relaxed);
                analysis.running = false;
            }
            Ok(())
        })
    }

    /// An analysis ended (stopped, or the engine failed).
    pub(super) fn end_analysis(&self, generation: u64, id: u64, failure: Option<Fault>) {
        let mut table = self.lock();
        if table.generation != generation {
            return;
        }
        if let Some(analysis) = table.analysis.as_mut().filter(|a| a.id == id) {
            analysis.running = false;
            if let Some(fault) = failure {
                analysis.note = Some(format!("the engine stopped: {}", fault.describe()));
            }
        }
        drop(table);
        self.notify();
    }
}
