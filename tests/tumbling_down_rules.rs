//! Tumbling Down against its rulebook: the hand-checkable cases (its perft table: tests/perft/tumbling-down.txt) and one test per special rule.

mod common;

use common::{after, legal_count, then};
use tabula::game::perft::perft;
use tabula::game::{Evaluation, GameConfig, Notation, Outcome, Rules, Turn};
use tabula::games::tumbling_down::TumblingDown;

fn start() -> TumblingDown {
    TumblingDown::startpos(&GameConfig::default()).unwrap()
}

fn td(tokens: &str) -> TumblingDown {
    after::<TumblingDown>(tokens)
}

fn stack_at(pos: &TumblingDown, square: &str) -> String {
    let text = pos.to_text();
    let board = text.split_whitespace().next().unwrap();
    let (f, r) = (square.as_bytes()[0] - b'a', square.as_bytes()[1] - b'1');
    let rank = board.split('/').nth(7 - r as usize).unwrap();
    rank.split(',').nth(f as usize).unwrap().to_string()
}

#[test]
fn depth_3_has_306_p1_wins() {
    let mut pos = start();
    let mut moves = Vec::new();
    let mut wins = 0;
    pos.generate(&mut moves);
    for &a in &moves.clone() {
        pos.make(a);
        let mut replies = Vec::new();
        pos.generate(&mut replies);
        for &b in &replies {
            pos.make(b);
            assert_eq!(pos.outcome(), None, "no game ends before ply 3");
            let mut thirds = Vec::new();
            pos.generate(&mut thirds);
            for &c in &thirds {
                pos.make(c);
                wins += (pos.outcome() == Some(Outcome::Win(0))) as u32;
                pos.unmake();
            }
            pos.unmake();
        }
        pos.unmake();
    }
    assert_eq!(wins, 306);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn perft_depth_4_equals_sum_of_divide() {
    let mut pos = start();
    let total = perft(&mut pos, 4);
    let mut divided = 0;
    let stop = std::sync::atomic::AtomicBool::new(false);
    let whole = tabula::game::perft::divide(&mut pos, 4, Default::default(), &stop, &mut |_, n| {
        divided += n
    });
    assert!(whole);
    assert_eq!(total, divided);
    assert!(total > 3154640 * 100);
}

#[test]
fn start_tokens_follow_t6() {
    let tokens = start().legal_tokens();
    assert_eq!(tokens.len(), 148);
    for t in [
        "a1a2", "a1a2t", "a1b1", "a1b1t", "a1b2", "a1b2t", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
    ] {
        assert!(tokens.contains(&t.to_string()), "{t}");
    }
    assert!(
        !tokens.contains(&"e1f2t".to_string()),
        "height 1 has no tumble (T5)"
    );
    assert!(!tokens.contains(&"a1a0".to_string()));
}

#[test]
fn case_1_edge_pile_and_king_capture() {
    let pos = td("a2a1t");
    assert_eq!(stack_at(&pos, "a2"), ".");
    assert_eq!(stack_at(&pos, "a1"), "xxxxxxx");
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(legal_count(&pos), 148);
    let pos = then(&pos, "d8e8");
    assert_eq!(legal_count(&pos), 138);
    let won = then(&pos, "a1b2t");
    assert_eq!(stack_at(&won, "h8"), "oooox");
    assert_eq!(won.outcome(), Some(Outcome::Win(0)));
    assert_eq!(legal_count(&won), 0);
    let step = then(&pos, "a1b2");
    assert_eq!(step.outcome(), None);
    assert_eq!(step.turn(), Turn::Player(1));
    assert_eq!(legal_count(&step), 143);
}

#[test]
fn case_2_one_of_two_equal_kings_captured() {
    let pos = td("d1c1t f7g8t b2a3 g8f7t a5a6 f8e8t d2c2");
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(legal_count(&pos), 165);
    assert_eq!(stack_at(&td("d1c1t f7g8t"), "g8"), "ooooo");
    assert_eq!(stack_at(&pos, "b3"), "xxo");
    let won = then(&pos, "b3b2t");
    assert_eq!(stack_at(&won, "b1"), "xxxxxo");
    assert_eq!(won.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn case_3_threefold_repetition_draws() {
    let pos = td("e1f1 d8c8 f1e1 c8d8 e1f1 d8c8 f1e1");
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(pos.outcome(), None);
    assert_eq!(legal_count(&pos), 148);
    let drawn = then(&pos, "c8d8");
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    assert_eq!(legal_count(&drawn), 0);
}

#[test]
fn case_4_capture_cancelled_by_a_taller_king() {
    let pos = td("d2d1 f7g8t b2b3 g8f7t a4a3 h7g8 c1b1t b3a2t a5b5");
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(legal_count(&pos), 169);
    assert_eq!(stack_at(&pos, "a1"), "xxxxx");
    assert_eq!(stack_at(&pos, "a2"), "xxxxxxo");
    let covered = then(&pos, "a2a1");
    assert_eq!(covered.outcome(), None);
    assert_eq!(covered.turn(), Turn::Player(0));
    assert_eq!(legal_count(&covered), 98);
    let beside = then(&pos, "a2b1");
    assert_eq!(beside.outcome(), None);
    assert_eq!(legal_count(&beside), 94);
    let piled = then(&pos, "a2a1t");
    assert_eq!(stack_at(&piled, "a1"), "xxxxxxxxxxxo");
    assert_eq!(piled.outcome(), Some(Outcome::Win(1)));
}

#[test]
fn case_5_self_capture_loses() {
    let pos = td("b1a1 f6g6 c1d2 h4g4 a2b3t g6f6 c2d1t e7f7 b4c4 g5h5 d5e6 g8f7t b2b1t");
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(legal_count(&pos), 149);
    assert_eq!(stack_at(&pos, "e6"), "xo");
    let lost = then(&pos, "e6f7t");
    assert_eq!(lost.outcome(), Some(Outcome::Win(0)));
}

#[test]
fn case_6_buried_checker_is_no_capture() {
    let pos = td("b3b4 h7g8t c2d2 g7h7t e1f1 f8g8t c1b1 g8f7t b2b3 f6f5");
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(legal_count(&pos), 133);
    assert_eq!(stack_at(&pos, "b3"), "xox");
    let next = then(&pos, "b3b2t");
    assert_eq!(stack_at(&next, "b1"), "xxxxox");
    assert_eq!(next.outcome(), None);
    assert_eq!(next.turn(), Turn::Player(1));
    assert_eq!(legal_count(&next), 146);
}

fn from_text(text: &str) -> TumblingDown {
    TumblingDown::from_text(text, &GameConfig::default()).unwrap()
}

#[test]
fn two_kings_either_capture_wins() {
    // p2 has two kings of height 2 (a8, h8); p1 steps onto one of them.
    let pos = from_text(
        ".,.,.,.,.,.,.,./oo,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,x/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p1 0",
    );
    let won = then(&pos, "h6h7");
    assert_eq!(won.outcome(), Some(Outcome::Win(0)));
}

#[test]
fn losing_the_last_pure_stack_loses() {
    // p1's only pure stack is a single checker; stepping it onto an o stack leaves p1 no pure stack.
    let pos = from_text(
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./o,.,.,.,.,.,.,./x,.,.,.,.,.,.,. p1 0",
    );
    let lost = then(&pos, "a1a2");
    assert_eq!(stack_at(&lost, "a2"), "ox");
    assert_eq!(
        lost.outcome(),
        Some(Outcome::Win(1)),
        "R10 (b): no pure stack after the move"
    );
}

#[test]
fn both_kings_falling_is_a_win_for_the_mover() {
    // p1 tumbles "xxox" east from a1: x to b1, x to c1, o onto p1's king d1 (x), x onto p2's king e1 (o) at the edge pile.
    // Line from a1 east has 7 squares; use a position where the pile lands precisely.
    let pos = from_text(
        ".,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,xoxx,x,o p1 0",
    );
    // f1 = xoxx (p1 controls), g1 = x (p1 king, height 1), h1 = o (p2 king). Tumble f1 east: x on g1, o..x pile on h1.
    let next = then(&pos, "f1g1t");
    assert_eq!(stack_at(&next, "g1"), "xx");
    assert_eq!(stack_at(&next, "h1"), "ooxx");
    assert_eq!(next.outcome(), Some(Outcome::Win(0)));
}

#[test]
fn four_hundred_plies_draw() {
    let pos = from_text(
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p1 399",
    );
    let next = then(&pos, "a1b1");
    assert_eq!(next.outcome(), Some(Outcome::Draw));
    let at_limit = from_text(
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p2 400 draw",
    );
    assert_eq!(at_limit.outcome(), Some(Outcome::Draw));
    assert!(
        next.to_text().ends_with(" p2 400 draw"),
        "a finished game's text names its result"
    );
    let unfinished = at_limit.to_text().replace(" draw", "");
    assert!(TumblingDown::from_text(&unfinished, &GameConfig::default()).is_err());
    assert_eq!(legal_count(&at_limit), 0);
}

#[test]
fn a_win_on_ply_400_is_still_a_win() {
    let pos = from_text(
        ".,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./o,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p1 399",
    );
    let next = then(&pos, "a1a2");
    assert_eq!(next.outcome(), Some(Outcome::Win(0)));
}

#[test]
fn start_text_round_trips() {
    let text = start().to_text();
    assert_eq!(
        text,
        ".,.,.,o,oo,oo,ooo,oooo/.,.,.,.,o,oo,oo,ooo/.,.,.,.,.,o,oo,oo/x,.,.,.,.,.,o,oo/xx,x,.,.,.,.,.,o/xx,xx,x,.,.,.,.,./xxx,xx,xx,x,.,.,.,./xxxx,xxx,xx,xx,x,.,.,. p1 0"
    );
    assert_eq!(from_text(&text).to_text(), text);
    assert_eq!(from_text(&text).hash(), start().hash());
}

#[test]
fn broken_texts_are_rejected() {
    let cfg = GameConfig::default();
    for bad in [
        "",
        "p1 0",
        ".,.,. p1 0",
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p3 0",
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p1 401",
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xq,.,.,.,.,.,.,. p1 0",
        ".,.,.,.,.,.,.,ox/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,.,.,.,.,.,.,. p1 0",
        ".,.,.,.,.,.,.,oo/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./xx,,.,.,.,.,.,. p1 0",
    ] {
        assert!(
            TumblingDown::from_text(bad, &cfg).is_err(),
            "accepted: {bad}"
        );
    }
}

#[test]
fn token_grammar() {
    let pos = start();
    assert!(pos.parse_move("a1b2t").is_ok());
    assert!(pos.parse_move("a1c3t").unwrap_err().contains("malformed"));
    assert!(pos.parse_move("A1B2").unwrap_err().contains("malformed"));
    assert!(pos.parse_move("a1a1").unwrap_err().contains("malformed"));
    assert!(
        pos.parse_move("h8g7").unwrap_err().contains("illegal"),
        "p2's stack"
    );
    assert!(
        pos.parse_move("e1f2t").unwrap_err().contains("illegal"),
        "height 1 tumble"
    );
    assert!(pos.parse_move("a1a0").is_err());
}

/// The search's null move hands the turn over, keeps the hash exact, and `unmake` takes it
/// back; the same player, or a finished game, is refused.
#[test]
fn the_turn_is_handed_over_and_back() {
    let mut pos = td("e1f2 h4g4");
    let (text, hash) = (pos.to_text(), pos.hash());
    assert!(!pos.hand_turn_to(0), "p1 is already to move");
    assert!(pos.hand_turn_to(1));
    assert_eq!(pos.turn(), Turn::Player(1));
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    assert_ne!(pos.hash(), hash);
    let p2_to_move =
        TumblingDown::from_text(&text.replace(" p1 2", " p2 3"), &GameConfig::default());
    assert_eq!(pos.to_text(), p2_to_move.as_ref().unwrap().to_text());
    assert_eq!(pos.legal_tokens(), p2_to_move.unwrap().legal_tokens());
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), (text, hash));
    let mut won = td("a2a1t d8e8 a1b2t");
    assert!(won.outcome().is_some());
    assert!(!won.hand_turn_to(1));
}

#[test]
fn a_threat_to_answer_is_a_landing_on_the_mover_s_king_next_with_none_of_his_now() {
    let landings = |pos: &TumblingDown| {
        let mut moves = Vec::new();
        pos.noisy_candidates(&mut moves);
        moves.len()
    };
    // After a2a1t p1's a1b2t would cover p2's king at h8, and p2 can cover none of p1's.
    let threatened = td("a2a1t");
    assert_eq!(landings(&threatened), 0);
    assert!(threatened.must_answer_threat());
    // With p1 to move, the landing is his to play, not a threat to answer.
    let capture = td("a2a1t d8e8");
    assert!(landings(&capture) > 0);
    assert!(!capture.must_answer_threat());
    // Nothing threatens a king at the start.
    assert!(!td("").must_answer_threat());
}

#[test]
fn the_noisy_decisions_land_a_checker_on_an_opponent_s_king() {
    let noisy = |pos: &TumblingDown, token| pos.is_noisy(pos.parse_move(token).unwrap());
    // Case 1: the tumble's top checker lands on p2's king at h8; the step stops short of it.
    let capture = td("a2a1t d8e8");
    assert!(noisy(&capture, "a1b2t"), "the tumble covers the king");
    assert!(!noisy(&capture, "a1b2"), "the step lands on no king");
    // Case 4: covering the king at a1 is noisy even where a taller king cancels the loss.
    let cancelled = td("d2d1 f7g8t b2b3 g8f7t a4a3 h7g8 c1b1t b3a2t a5b5");
    assert!(noisy(&cancelled, "a2a1"), "a step onto the king");
    assert!(noisy(&cancelled, "a2a1t"), "a pile onto the king");
    assert!(!noisy(&cancelled, "a2b1"), "a step beside it");
    // Case 5: landing on the mover's own king is no capture of the opponent's.
    let own = td("b1a1 f6g6 c1d2 h4g4 a2b3t g6f6 c2d1t e7f7 b4c4 g5h5 d5e6 g8f7t b2b1t");
    assert!(!noisy(&own, "e6f7t"), "the mover's own king");
    // Case 6: a checker of the opponent's buried under the pile covers nothing.
    let buried = td("b3b4 h7g8t c2d2 g7h7t e1f1 f8g8t c1b1 g8f7t b2b3 f6f5");
    assert!(
        !noisy(&buried, "b3b2t"),
        "only the mover's checker on top counts"
    );
    // Quiescence's list holds exactly these decisions, found without the rest.
    let listed = |pos: &TumblingDown| {
        let mut moves = Vec::new();
        pos.noisy_candidates(&mut moves);
        moves
            .iter()
            .map(|&mv| pos.format_move(mv))
            .collect::<Vec<_>>()
    };
    assert_eq!(listed(&capture), ["a1b2t"]);
    assert_eq!(listed(&cancelled), ["a2a1", "a2a1t"]);
    assert!(listed(&own).is_empty() && listed(&buried).is_empty());
}
