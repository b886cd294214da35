//! Transcript tests of the UGI protocol against the real binary.

mod common;

use common::engine::{Talk, bestmove, is_error, start_engine};
use tabula::options::OptionTable;
use tabula::registry::Registry;

const START_FEN: &str = ".,.,.,o,oo,oo,ooo,oooo/.,.,.,.,o,oo,oo,ooo/.,.,.,.,.,o,oo,oo/x,.,.,.,.,.,o,oo/xx,x,.,.,.,.,.,o/xx,xx,x,.,.,.,.,./xxx,xx,xx,x,.,.,.,./xxxx,xxx,xx,xx,x,.,.,. p1 0";

#[test]
fn handshake_lists_every_option() {
    let mut engine = start_engine(&[]);
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert!(lines[0].starts_with("id name tabula "));
    let registry = Registry::standard();
    for name in OptionTable::new(&registry).names() {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type "))),
            "{name} missing"
        );
    }
    let names = registry.names();
    let variants = format!(
        "option name UCI_Variant type combo default {} var {}",
        names[0],
        names.join(" var ")
    );
    assert!(lines.contains(&variants), "{lines:?}");
    engine.send("uci");
    assert_eq!(engine.until("uciok").last().unwrap(), "uciok");
    engine.quit();
}

#[test]
fn options_accept_good_values_and_refuse_bad_ones() {
    let mut engine = start_engine(&[]);
    for good in [
        "setoption name Hash value 8",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name MoveOverhead value 10",
        "setoption name Seed value 42",
        "setoption name UCI_Variant value tumbling-down",
        "setoption name Board value dw7",
        "setoption name profile.futility_margin value 140",
        "setoption name Exploration value -1",
    ] {
        assert_eq!(engine.exchange(good), Vec::<String>::new(), "{good}");
    }
    for bad in [
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Nonsense value 1",
        "setoption name Players value 3",
        "setoption name UCI_Variant value chess",
        "setoption name Search value minimax",
        "setoption name Playout value sometimes",
        "setoption name Exploration value 0",
        "setoption name profile.futility_margin value 5",
        "setoption name profile.no_such_knob value 5",
        "setoption name Hash",
        "setoption",
    ] {
        let lines = engine.exchange(bad);
        assert!(lines.len() == 1 && is_error(&lines[0]), "{bad}: {lines:?}");
    }
    assert_eq!(engine.query("players"), "2");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" multipv 2 ")),
        "MultiPV 2 reports two lines"
    );
    engine.quit();
}

#[test]
fn every_query_answers_once() {
    let mut engine = start_engine(&["--game", "tumbling-down"]);
    assert_eq!(engine.query("p1turn"), "true");
    assert_eq!(engine.query("gameover"), "false");
    assert_eq!(engine.query("result"), "none");
    assert_eq!(engine.query("tomove"), "p1");
    assert_eq!(engine.query("players"), "2");
    assert_eq!(engine.query("chance"), "none");
    assert_eq!(engine.query("scores"), "none");
    assert_eq!(engine.query("legalmoves").split(' ').count(), 148);
    assert_eq!(engine.query("islegal a1b2t"), "true");
    assert_eq!(engine.query("islegal e1f2t"), "false");
    assert_eq!(engine.query("islegal nonsense"), "false");
    assert_eq!(engine.query("fen"), START_FEN);
    engine.exchange("position startpos moves a2a1t d8e8 a1b2t");
    assert_eq!(engine.query("gameover"), "true");
    assert_eq!(engine.query("result"), "p1win");
    assert_eq!(engine.query("scores"), "1 0");
    assert_eq!(engine.query("tomove"), "none");
    assert_eq!(engine.query("p1turn"), "false");
    assert_eq!(engine.query("legalmoves"), "");
    for bad in ["query", "query colour", "query islegal", "query fen please"] {
        let lines = engine.exchange(bad);
        assert!(lines.len() == 1 && is_error(&lines[0]), "{bad}: {lines:?}");
    }
    engine.quit();
}

#[test]
fn positions_from_text_and_moves() {
    let mut engine = start_engine(&[]);
    engine.exchange(&format!("position fen {START_FEN} moves e1f2 h4g4"));
    assert!(engine.query("fen").ends_with(" p1 2"));
    engine.exchange("position startpos moves e1f1 d8c8 f1e1 c8d8 e1f1 d8c8 f1e1 c8d8");
    assert_eq!(engine.query("result"), "draw");
    assert_eq!(engine.query("scores"), "0.5 0.5");
    engine.exchange("position startpos moves e1f2");
    let before = engine.query("fen");
    for bad in [
        "position startpos moves e1f2 a1a3",
        "position startpos moves h8g7",
        "position fen x,x p1 0",
        "position fen",
        "position sideways",
        "position",
    ] {
        let lines = engine.exchange(bad);
        assert!(lines.len() == 1 && is_error(&lines[0]), "{bad}: {lines:?}");
        assert_eq!(engine.query("fen"), before, "{bad} changed the position");
    }
    engine.quit();
}

#[test]
fn go_with_each_limit_gives_one_legal_bestmove() {
    let mut engine = start_engine(&[]);
    for go in [
        "go depth 3",
        "go nodes 2000",
        "go movetime 100",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go p1time 500 p2time 500 p1inc 5 p2inc 5 movestogo 10",
    ] {
        engine.send(go);
        let lines = engine.until("bestmove");
        let best = bestmove(&lines);
        assert!(
            lines.iter().any(|l| l.starts_with("info depth ")),
            "{go}: {lines:?}"
        );
        assert_eq!(engine.query(&format!("islegal {best}")), "true", "{go}");
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        for field in [
            " seldepth ",
            " score ",
            " nodes ",
            " nps ",
            " time ",
            " hashfull ",
            " pv ",
        ] {
            assert!(info.contains(field), "{go}: {field} missing in {info}");
        }
    }
    engine.send("go nodes 500");
    let nodes = nodes_searched(&engine.until("bestmove"));
    assert!(nodes <= 500, "node limit respected: {nodes}");
    engine.quit();
}

#[test]
fn stop_ends_go_infinite_and_isready_answers_meanwhile() {
    let mut engine = start_engine(&[]);
    engine.send("go infinite");
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "isready must not stop the search"
    );
    let refused: Vec<String> = engine
        .exchange("position startpos moves e1f2")
        .into_iter()
        .filter(|l| !l.starts_with("info depth"))
        .collect();
    assert!(refused.len() == 1 && is_error(&refused[0]), "{refused:?}");
    engine.send("stop");
    engine.until("bestmove");
    let after = engine.exchange("stop");
    assert!(
        !after.iter().any(|l| l.starts_with("bestmove")),
        "a second stop gives no second bestmove: {after:?}"
    );
    engine.quit();
}

#[test]
fn go_without_a_decision_answers_none() {
    let mut engine = start_engine(&[]);
    engine.exchange("position startpos moves a2a1t d8e8 a1b2t");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert!(is_error(&lines[0]));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    engine.send("go depth");
    let lines = engine.until("bestmove");
    assert!(is_error(&lines[0]));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    engine.quit();
}

#[test]
fn a_mate_in_one_is_reported_in_plies() {
    let mut engine = start_engine(&[]);
    engine.exchange("position startpos moves a2a1t d8e8");
    engine.send("go depth 4");
    let lines = engine.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove a1b2t");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    engine.quit();
}

#[test]
fn perft_and_bench_through_the_protocol() {
    let mut engine = start_engine(&[]);
    engine.send("go perft 2");
    let lines = engine.until("Nodes searched");
    assert_eq!(lines.len(), 150);
    assert!(lines.contains(&"a1b2t: 148".to_string()));
    assert!(lines[148].starts_with("info string perft 21904 nodes in "));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 21904");
    // Sent on the last line: taken, not refused as coming while perft runs.
    engine.send("bench 2");
    let lines = engine.until_line("of bench totals", is_bench_total);
    let last: Vec<&str> = lines.last().unwrap().split(' ').collect();
    assert!(
        matches!(last[..], [n, "nodes", m, "nps"] if n.parse::<u64>().is_ok() && m.parse::<u64>().is_ok()),
        "{lines:?}"
    );
    engine.send("bench 2");
    let again = engine.until_line("of bench totals", is_bench_total);
    assert_eq!(
        again.last().unwrap().split(' ').next(),
        Some(last[0]),
        "the node count is deterministic"
    );
    engine.quit();
}

/// The last line of a bench: `<nodes> nodes <nps> nps`.
fn is_bench_total(line: &str) -> bool {
    line.ends_with(" nps") && !line.starts_with("info")
}

#[test]
fn perft_and_bench_run_on_the_search_thread_and_stop_on_stop() {
    let mut engine = start_engine(&["--game", "splinter"]);
    engine.send("go perft 12");
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("Nodes searched")),
        "isready is answered while perft runs: {lines:?}"
    );
    let refused = engine.exchange("position startpos");
    assert!(refused.len() == 1 && is_error(&refused[0]), "{refused:?}");
    engine.send("stop");
    let lines = engine.until("info string perft stopped after ");
    assert!(
        lines.iter().all(|l| !l.starts_with("Nodes searched")),
        "{lines:?}"
    );
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);

    engine.send(&format!("bench {}", tabula::commands::bench::MAX_DEPTH));
    engine.send("isready");
    assert!(engine.until("readyok").iter().all(|l| !is_bench_total(l)));
    engine.send("stop");
    let lines = engine.until("info string bench stopped after ");
    assert!(lines.iter().all(|l| !is_bench_total(l)), "{lines:?}");
    engine.quit();
}

#[test]
fn absurd_perft_and_bench_depths_are_refused() {
    let mut engine = start_engine(&[]);
    let most = tabula::game::perft::MAX_DEPTH;
    for line in [format!("go perft {}", most + 1), "go perft 64".to_string()] {
        let lines = engine.exchange(&line);
        assert_eq!(lines.len(), 2, "{line}: {lines:?}");
        assert!(is_error(&lines[0]) && lines[0].contains(&format!("at most {most}")));
        assert_eq!(lines[1], "bestmove (none)");
    }
    let lines = engine.exchange(&format!("bench {}", tabula::commands::bench::MAX_DEPTH + 1));
    assert!(lines.len() == 1 && is_error(&lines[0]), "{lines:?}");
    engine.quit();
}

#[test]
fn long_lines_are_refused_unread_and_errors_echo_no_control_characters() {
    let mut engine = start_engine(&[]);
    let long = "x".repeat(tabula::protocol::MAX_LINE * 2);
    let lines = engine.exchange(&long);
    assert_eq!(lines.len(), 1, "{}", lines.len());
    assert!(
        is_error(&lines[0]) && lines[0].len() < 200,
        "{}",
        &lines[0][..200]
    );
    assert!(lines[0].contains("lines may be at most"), "{}", lines[0]);
    let lines = engine.exchange(&"y".repeat(100_000));
    assert!(lines.len() == 1 && is_error(&lines[0]) && lines[0].len() < 1000);
    let lines = engine.exchange("\u{1b}[2J\u{7}bell go");
    assert!(lines.len() == 1 && is_error(&lines[0]), "{lines:?}");
    assert!(!lines[0].chars().any(char::is_control), "{lines:?}");
    assert!(lines[0].contains("\\u{1b}[2J"), "{lines:?}");
    assert_eq!(engine.query("fen"), START_FEN);
    engine.quit();
}

#[test]
fn go_nodes_zero_is_refused_with_a_bestmove() {
    let mut engine = start_engine(&[]);
    let lines = engine.exchange("go nodes 0");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(is_error(&lines[0]));
    assert_eq!(lines[1], "bestmove (none)");
    engine.quit();
}

#[test]
fn garbage_never_takes_the_engine_down() {
    let mut engine = start_engine(&[]);
    for garbage in [
        "",
        "   ",
        "hello world",
        "\u{1b}[2J",
        "go sideways",
        "position fen moves",
        "ééé",
        "bench x",
    ] {
        let lines = engine.exchange(garbage);
        assert!(
            lines.iter().all(|l| is_error(l) || l == "bestmove (none)"),
            "{garbage:?}: {lines:?}"
        );
    }
    assert_eq!(engine.query("fen"), START_FEN);
    engine.quit();
}

#[test]
fn bytes_that_are_not_utf8_are_an_error_line_not_an_exit() {
    let mut engine = start_engine(&[]);
    engine.send_bytes(&[0xff, 0xfe, b'g', b'o', 0x80]);
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(lines.len() == 2 && is_error(&lines[0]), "{lines:?}");
    assert_eq!(engine.query("tomove"), "p1");
    engine.quit();
}

/// This machine kind has 24 GiB; a 64 GiB table cannot be had.
#[test]
fn a_hash_larger_than_memory_is_refused() {
    let mut engine = start_engine(&[]);
    let lines = engine.exchange("setoption name Hash value 65536");
    assert!(lines.len() == 1 && is_error(&lines[0]), "{lines:?}");
    engine.send("go depth 2");
    engine.until("bestmove");
    engine.exchange("setoption name Search value mcts");
    let Some(available) = tabula::search::memory::available_mib() else {
        return engine.quit();
    };
    if available < 65536 {
        let lines = engine.exchange("setoption name Hash value 65536");
        assert!(
            lines.len() == 1 && is_error(&lines[0]),
            "MCTS too: {lines:?}"
        );
        assert!(lines[0].contains("MiB available"), "{lines:?}");
    }
    engine.send("go nodes 100");
    engine.until("bestmove");
    engine.quit();
}

#[test]
fn a_large_hash_table_is_had_without_writing_it() {
    let mut engine = start_engine(&[]);
    let Some(before) = engine.resident_mib() else {
        return engine.quit();
    };
    let fits = tabula::search::memory::available_mib().is_some_and(|m| m > 3000);
    if fits {
        assert!(engine.exchange("setoption name Hash value 2048").is_empty());
        engine.exchange("ucinewgame");
        let after = engine.resident_mib().unwrap();
        assert!(
            after < before + 256,
            "{before} MiB, then {after} MiB: the table was written"
        );
        engine.send("go depth 3");
        engine.until("bestmove");
    }
    engine.quit();
}

/// The most nodes any `info` line of `lines` reports.
fn nodes_searched(lines: &[String]) -> u64 {
    lines
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .max()
        .unwrap_or(0)
}

#[test]
fn uginewgame_empties_the_table_whether_it_writes_it_or_makes_a_new_one() {
    let mut engine = start_engine(&[]);
    for hash in [1, 64] {
        engine.exchange(&format!("setoption name Hash value {hash}"));
        engine.exchange("uginewgame");
        engine.send("go depth 5");
        let fresh = nodes_searched(&engine.until("bestmove"));
        engine.send("go depth 5");
        let again = nodes_searched(&engine.until("bestmove"));
        assert!(
            again < fresh,
            "Hash {hash}: the table helps ({again} vs {fresh})"
        );
        // Once the table's memory is mapped (by its warm-up thread, or by `isready`),
        // `uginewgame` writes it over instead of making a new one.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while engine.query("tablemapped") != "true" {
            assert!(
                std::time::Instant::now() < deadline,
                "Hash {hash}: never mapped"
            );
            engine.exchange("isready");
        }
        engine.exchange("uginewgame");
        engine.send("go depth 5");
        let after = nodes_searched(&engine.until("bestmove"));
        assert_eq!(
            after, fresh,
            "Hash {hash}: the new game starts from an empty table"
        );
    }
    engine.quit();
}

#[test]
fn a_large_mcts_tree_is_had_without_writing_it() {
    let mut engine = start_engine(&[]);
    let Some(before) = engine.resident_mib() else {
        return engine.quit();
    };
    if tabula::search::memory::available_mib().is_some_and(|m| m > 3000) {
        engine.exchange("setoption name Search value mcts");
        // The old store wrote its 512 MiB of slots before it answered.
        assert!(engine.exchange("setoption name Hash value 2048").is_empty());
        let after = engine.resident_mib().unwrap();
        assert!(
            after < before + 256,
            "{before} MiB, then {after} MiB: the tree was written"
        );
        engine.exchange("ucinewgame");
        engine.send("go nodes 2000");
        assert!(bestmove(&engine.until("bestmove")).len() > 1);
    }
    engine.quit();
}
