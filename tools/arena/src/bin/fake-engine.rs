//! An engine for the arena's tests: tabula's engine in-process, so the tests need no
//! other binary, and on request one that misbehaves.
//!
//! `fake-engine search`: the engine as it is. `fake-engine <fault> [after]`: tabula's
//! random search until its `after`-th `go`, then the fault: `crash` aborts, `hang` never
//! answers, `illegal` answers a token no game has, `malformed` answers a bare `bestmove`,
//! `exit` quits quietly. `liar` plays on but always claims the game is still running.

use std::io::BufRead;

use tabula::protocol::Engine;
use tabula::protocol::output::Output;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fault = args.get(1).cloned().unwrap_or_default();
    let after: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let output = Output::stdout();
    let first = tabula::registry::Registry::standard().names()[0];
    let mut engine = Engine::new(first, output.clone()).expect("a variant");
    let honest = fault == "search";
    if !honest {
        engine.handle("setoption name Search value random");
    }
    let mut gos = 0;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !honest && line.starts_with("setoption name Search") {
            continue;
        }
        if fault == "liar" && line == "query result" {
            output.line("response none");
            continue;
        }
        if line.starts_with("go") {
            gos += 1;
            if gos > after {
                match fault.as_str() {
                    "crash" => std::process::abort(),
                    "hang" => loop {
                        std::thread::sleep(std::time::Duration::from_secs(1));
                    },
                    "illegal" => {
                        output.line("bestmove zz99");
                        continue;
                    }
                    "malformed" => {
                        output.line("bestmove");
                        continue;
                    }
                    "exit" => return,
                    _ => {}
                }
            }
        }
        if !engine.handle(&line) {
            return;
        }
    }
}
