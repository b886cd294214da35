//! What each game's drawing shows (`Picture::view`): the right cells, pieces and panels for
//! known positions, and moves that land where their tokens say.

mod common;

use common::after;
use tabula::game::view::View;
use tabula::game::{Game, GameConfig, Notation, Picture, Rules};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;

/// The name of the cell a piece stands on, for every piece of `kind`.
fn cells_of(view: &View, kind: &str) -> Vec<String> {
    view.pieces
        .iter()
        .filter(|p| p.kind == kind)
        .map(|p| view.cells[p.cell].name.clone())
        .collect()
}

/// The names of the cells that carry `mark`.
fn marked(view: &View, mark: &str) -> Vec<String> {
    view.cells
        .iter()
        .filter(|c| c.marks.contains(&mark))
        .map(|c| c.name.clone())
        .collect()
}

/// The drawing of a move given by its token.
fn move_cells<G: Game>(pos: &G, token: &str) -> (Option<String>, Option<String>, String) {
    let (view, drawn) = (pos.view(), pos.move_view(pos.parse_move(token).unwrap()));
    let name = |cell: Option<usize>| cell.map(|c| view.cells[c].name.clone());
    (name(drawn.from), name(drawn.to), drawn.words)
}

#[test]
fn the_rules_handle_draws_any_registered_game() {
    for entry in tabula::registry::Registry::standard().entries() {
        let rules = entry.rules(GameConfig::default()).unwrap();
        let (view, moves) = (rules.view(), rules.move_views());
        assert!(!view.cells.is_empty(), "{}", entry.name);
        let tokens: Vec<String> = moves.into_iter().map(|(token, _)| token).collect();
        assert_eq!(tokens, rules.legal_tokens(), "{}", entry.name);
    }
}

#[test]
fn tumbling_down_draws_stacks_and_kings() {
    let pos = after::<TumblingDown>("");
    let view = pos.view();
    assert_eq!(view.cells.len(), 64);
    assert_eq!(
        (
            view.cells[9].name.as_str(),
            view.cells[9].x,
            view.cells[9].y
        ),
        ("b2", 1.0, 1.0)
    );
    let checkers: usize = view.pieces.iter().map(|p| p.stack.len()).sum();
    assert_eq!(checkers, 58, "29 checkers a side");
    let h1 = view
        .pieces
        .iter()
        .find(|p| view.cells[p.cell].name == "a1")
        .unwrap();
    assert_eq!(
        (h1.stack.as_slice(), h1.kind),
        (&[0u8, 0, 0, 0][..], "king")
    );
    let moved = move_cells(&pos, "a2a1t");
    assert_eq!(
        moved,
        (
            Some("a2".into()),
            Some("a1".into()),
            "tumble a2 towards a1".into()
        )
    );
}

#[test]
fn splinter_draws_pieces_by_type_and_the_no_return_squares() {
    let pos = after::<Splinter>("h7h8");
    let view = pos.view();
    assert_eq!(view.cells.len(), 15 * 18);
    assert_eq!(view.pieces.len(), 30, "the corner rooks fell");
    assert_eq!(cells_of(&view, "king").len(), 2);
    let barred = marked(&view, "no-return");
    assert!(!barred.is_empty() && barred.iter().all(|name| pos.to_text().contains(name)));
    let start = after::<Splinter>("");
    let push = move_cells(&start, "h7h8");
    assert_eq!(
        (push.0.as_deref(), push.1.as_deref()),
        (Some("h7"), Some("h8"))
    );
}

#[test]
fn dimraw_draws_the_graph_hands_and_a_pending_removal() {
    let pos = after::<Dimraw>("@0 @5 @1 @7 @2");
    let view = pos.view();
    assert_eq!((view.cells.len(), view.links.len()), (20, 32));
    assert_eq!(cells_of(&view, "man").len(), 5);
    let panel = view.panels[0].lines.join("; ");
    assert!(panel.contains("removes a piece"), "{panel}");
    assert_eq!(
        move_cells(&pos, "x5"),
        (None, Some("5".into()), "remove the piece on 5".into())
    );
}

#[test]
fn dwindle_draws_pips_voids_the_chit_and_who_is_out() {
    let config = GameConfig {
        players: 3,
        board: "dw9".to_string(),
    };
    let mut pos = Dwindle::startpos(&config).unwrap();
    let view = pos.view();
    assert_eq!(view.cells.len(), 81);
    assert_eq!(cells_of(&view, "chit"), ["e5"]);
    let a9 = view.cells.iter().find(|c| c.name == "a9").unwrap();
    assert_eq!(a9.pips, 0x0C, "dw9's a9 tile");
    assert!(!marked(&view, "void").is_empty());
    let token = pos.legal_tokens()[0].clone();
    let (from, to, _) = move_cells(&pos, &token);
    assert_eq!((from.as_deref(), to), (Some("e5"), Some(token.clone())));
    pos.make(pos.parse_move(&token).unwrap());
    let view = pos.view();
    assert_eq!(cells_of(&view, "chit"), [token]);
    assert_eq!(marked(&view, "gone").len(), 1, "the tile the chit left");
    assert_eq!(view.panels[0].lines.len(), 3);
}

#[test]
fn dwnsiwn_draws_the_pyramid_dice_stocks_and_queue() {
    let start = after::<Dwnsiwn>("");
    let view = start.view();
    assert_eq!(view.cells.len(), 20);
    assert_eq!(marked(&view, "dungeon"), ["111"]);
    let apex = &view.cells[0];
    let under = view.cells.iter().find(|c| c.name == "111").unwrap();
    assert_eq!(
        (apex.x, apex.y),
        (under.x, under.y),
        "the dungeon lies under the apex"
    );
    assert_eq!(
        view.panels[1].lines[0].split(',').count(),
        20,
        "twenty rolls pending"
    );
    let rolls = "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6";
    let mut pos = after::<Dwnsiwn>(rolls);
    let token = pos
        .legal_tokens()
        .into_iter()
        .find(|t| t.contains('@'))
        .unwrap();
    let (_, to, words) = move_cells(&pos, &token);
    assert!(
        token.contains(to.as_deref().unwrap()) && words.contains(&token),
        "{words}"
    );
    pos.make(pos.parse_move(&token).unwrap());
    let view = pos.view();
    assert_eq!(cells_of(&view, "die"), [to.unwrap()]);
    assert!(view.panels[0].lines[0].starts_with("p1: "));
}
