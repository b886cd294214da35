//! Transcript tests of the UGI protocol against the real binary, game by game: each game's
//! own tokens and options (Splinter's kept-group choices, Dwindle's players), and
//! searches other than alpha-beta (random, MCTS).

mod common;

use common::engine::{Talk, bestmove, is_error, start_engine};
use common::without_clock;

#[test]
fn splinter_through_the_protocol() {
    let mut engine = start_engine(&["--game", "splinter"]);
    assert_eq!(engine.query("legalmoves").split(' ').count(), 120);
    engine.exchange("position startpos moves h7h8 f10e10 h8h9 e10f10 h9h10 f10e10 h10h11 e10f10 h11h12 f10e10 h12h13 e10f10");
    assert_eq!(engine.query("islegal h13g14=f7"), "true");
    assert_eq!(engine.query("islegal h13g14"), "false");
    assert_eq!(engine.query("islegal h13g14=g7"), "false");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    let best = bestmove(&lines);
    assert_eq!(engine.query(&format!("islegal {best}")), "true");
    let fen = engine.query("fen");
    assert!(engine.exchange(&format!("position fen {fen}")).is_empty());
    assert_eq!(engine.query("fen"), fen);
    engine.quit();
}

#[test]
fn a_go_without_the_movers_clock_thinks_on_the_clocks_it_gives() {
    let mut engine = start_engine(&["--game", "dwindle"]);
    engine.exchange("setoption name Players value 3");
    engine.exchange("position startpos moves e6");
    assert_eq!(engine.query("tomove"), "p2");
    engine.send("go p1time 300 p3time 300");
    let lines = engine.until("bestmove");
    // Without a budget the search would go on until stop: the bestmove is the proof.
    assert_ne!(bestmove(&lines), "(none)", "{lines:?}");
    engine.quit();
}

#[test]
fn with_illegal_move_lose_a_bad_token_loses_the_game() {
    let mut engine = start_engine(&[]);
    let lines = engine.exchange("position startpos moves a2a1t zz99");
    assert!(
        lines.len() == 1 && lines[0].contains("the previous position stays"),
        "{lines:?}"
    );
    assert_eq!(
        engine.query("gameover"),
        "false",
        "by default the game goes on"
    );
    engine.exchange("setoption name IllegalMove value lose");
    let lines = engine.exchange("position startpos moves a2a1t zz99");
    assert!(lines.len() == 1 && is_error(&lines[0]), "{lines:?}");
    assert!(lines[0].contains("p2 loses the game by it"), "{lines:?}");
    assert_eq!(engine.query("gameover"), "true");
    assert_eq!(engine.query("result"), "p1win");
    assert_eq!(engine.query("scores"), "1 0");
    assert_eq!(engine.query("tomove"), "none");
    assert_eq!(engine.query("legalmoves"), "");
    assert!(
        engine.query("fen").ends_with(" p2 1"),
        "where the bad token came"
    );
    let lines = engine.exchange("go depth 1");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[1], "bestmove (none)");
    engine.send("go perft 1");
    let lines = engine.until("Nodes searched");
    assert_eq!(
        lines.last().unwrap(),
        "Nodes searched: 0",
        "a forfeited game has no moves to count: {lines:?}"
    );
    let lines = engine.exchange("position startpos moves a2a1t d8e8 zz99");
    assert!(lines[0].contains("p1 loses the game by it"), "{lines:?}");
    assert_eq!(engine.query("result"), "p2win");
    let lines = engine.exchange("position fen nonsense");
    assert!(
        lines[0].contains("the previous position stays"),
        "a bad text is nobody's move"
    );
    assert_eq!(engine.query("result"), "p2win");
    engine.exchange("position startpos");
    assert_eq!(
        engine.query("gameover"),
        "false",
        "a good position starts over"
    );
    engine.quit();
}

#[test]
fn dwindle_for_four_players_through_the_protocol() {
    let mut engine = start_engine(&["--game", "dwindle"]);
    for option in ["Board value dw7", "Players value 4"] {
        assert!(
            engine
                .exchange(&format!("setoption name {option}"))
                .is_empty(),
            "{option}"
        );
    }
    assert_eq!(engine.query("players"), "4");
    engine.exchange("position startpos moves a7 a5");
    assert_eq!(engine.query("tomove"), "p1", "p2 and p4 were knocked out");
    assert_eq!(engine.query("legalmoves").split(' ').count(), 46);
    engine.exchange("position startpos moves a7 a5 g6");
    assert_eq!(engine.query("result"), "p1win");
    assert_eq!(engine.query("scores"), "1 0 0 0");
    engine.exchange("position startpos moves b6");
    assert_eq!(engine.query("tomove"), "p2");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    let best = bestmove(&lines);
    assert!(best == "a7" || best == "b7", "{best}");
    let scores = lines
        .iter()
        .rfind(|l| l.starts_with("info string scores "))
        .expect("every player's value is reported");
    assert_eq!(scores.split(' ').count(), 3 + 4, "{scores}");
    for search in ["brs", "maxn"] {
        let set = format!("setoption name ManyPlayers value {search}");
        assert!(engine.exchange(&set).is_empty(), "{search}");
        engine.send("go depth 3");
        let lines = engine.until("bestmove");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{search}: {lines:?}"
        );
        let best = bestmove(&lines);
        assert_eq!(engine.query(&format!("islegal {best}")), "true", "{search}");
    }
    assert!(is_error(
        &engine.exchange("setoption name ManyPlayers value kingmaker")[0]
    ));
    engine.quit();
}

#[test]
fn dwindle_for_two_players_searches() {
    let mut engine = start_engine(&["--game", "dwindle"]);
    engine.exchange("setoption name Board value dw7");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert_eq!(
        lines.last().unwrap(),
        "bestmove a7",
        "a7 wins at once (rulebook case 4)"
    );
    engine.quit();
}

#[test]
fn dimraw_through_the_protocol() {
    let mut engine = start_engine(&[]);
    assert!(
        engine
            .exchange("setoption name UCI_Variant value dimraw")
            .is_empty()
    );
    assert_eq!(engine.query("fen"), ".................... 12 20 p1 0 0 1");
    assert_eq!(engine.query("legalmoves").split(' ').count(), 20);
    engine.exchange("position startpos moves @0 @5 @1 @7 @2");
    assert_eq!(
        engine.query("tomove"),
        "p1",
        "the mill's owner removes next"
    );
    assert_eq!(engine.query("legalmoves"), "x5 x7");
    engine.send("go depth 6");
    let lines = engine.until("bestmove");
    let best = bestmove(&lines);
    assert!(best == "x5" || best == "x7", "{best}");
    engine.send("go perft 3");
    assert_eq!(
        engine.until("Nodes searched").last().unwrap(),
        "Nodes searched: 480"
    );
    engine.quit();

    let mut engine = start_engine(&["--game", "dimraw"]);
    assert_eq!(engine.query("players"), "2");
    let lines = engine.exchange("position startpos moves @0 @0");
    assert!(lines.len() == 1 && is_error(&lines[0]), "{lines:?}");
    engine.quit();
}

#[test]
fn random_search_plays_legal_moves_reproducibly() {
    let play = || {
        let mut engine = start_engine(&["--game", "dimraw"]);
        engine.exchange("setoption name Search value random");
        engine.exchange("setoption name Seed value 11");
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..12 {
            engine.exchange(&format!("position startpos moves {}", moves.join(" ")));
            if engine.query("result") != "none" {
                break;
            }
            engine.send("go nodes 1000");
            let token = bestmove(&engine.until("bestmove"));
            assert_eq!(engine.query(&format!("islegal {token}")), "true");
            moves.push(token);
        }
        engine.quit();
        moves
    };
    let first = play();
    assert!(first.len() >= 6, "{first:?}");
    assert_eq!(
        play(),
        first,
        "the same Seed and commands give the same moves"
    );
}

/// MCTS over the protocol: it reports average depth, playouts as nodes, a score and the most
/// visited line, plays legal moves through a game, and repeats itself with one thread and a Seed.
#[test]
fn mcts_plays_and_repeats_itself_with_one_thread_and_a_seed() {
    let play = || {
        let mut engine = start_engine(&["--game", "dwindle"]);
        engine.exchange("setoption name Search value mcts");
        engine.exchange("setoption name Seed value 5");
        let mut moves: Vec<String> = Vec::new();
        let mut transcript = Vec::new();
        for _ in 0..8 {
            engine.exchange(&format!("position startpos moves {}", moves.join(" ")));
            engine.send("go nodes 3000");
            let lines = engine.until("bestmove");
            let info = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth"))
                .unwrap();
            for word in [" seldepth ", " nps ", " hashfull ", " pv "] {
                assert!(info.contains(word), "{word} in {info}");
            }
            // A proven root ends the search early with a mate score.
            let proven = info.contains(" score mate ");
            assert!(proven || info.contains(" score cp "), "{info}");
            assert!(proven || info.contains(" nodes 3000 "), "{info}");
            let token = bestmove(&lines);
            assert_eq!(engine.query(&format!("islegal {token}")), "true");
            transcript.extend(lines.iter().map(|l| without_clock(l)));
            moves.push(token);
        }
        engine.quit();
        transcript
    };
    let first = play();
    assert_eq!(play(), first);
}

/// A proven win is reported as a mate score and played at once.
#[test]
fn mcts_reports_a_proven_win_as_mate() {
    let mut engine = start_engine(&["--game", "tumbling-down"]);
    engine.exchange("setoption name Search value mcts");
    engine.exchange("position startpos moves a2a1t d8e8");
    engine.send("go movetime 20000");
    let lines = engine.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove a1b2t");
    let info = &lines[lines.len() - 2];
    assert!(info.contains(" score mate 1 "), "{info}");
    engine.quit();
}
