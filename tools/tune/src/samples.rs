//! Training positions: arena records replayed through the rules library, each quiet
//! position after the opening kept with every player's terms and share of the game's result.

use rayon::prelude::*;
use tabula::game::{Game, GameConfig, GameVisitor, Player, Turn, play_tokens};
use tabula::options::EngineOptions;
use tabula::registry::{Entry, Registry};
use tabula::search::reference::max_n;
use tabula::search::tt::TranspositionTable;
use tabula::search::{Style, fixed_depth_value, quiescence_value};
use ugi::opening::Opening;
use ugi::record::GameRecord;

/// Which positions of a game become samples.
#[derive(Clone, Copy, Debug)]
pub struct Sampling {
    /// Plies after the opening that are skipped (still close to the book).
    pub skip: usize,
    /// A position is quiet when its static value and its search to `quiet_depth` differ by
    /// at most this many centipawns.
    pub quiet_margin: i32,
    /// The depth of the quietness search (0 without `quiet_quiescence` keeps every position).
    pub quiet_depth: u32,
    /// The quietness search plays on at its horizon with the game's noisy decisions, as the
    /// engine's quiescence search does (two-player positions; others keep the plain search).
    pub quiet_quiescence: bool,
    /// The depth of the search whose values are kept with each sample, to be blended into its
    /// label (0: none).
    pub label_depth: u32,
}

/// The transposition table each replayed two-player game's label searches share, in MiB.
const LABEL_TABLE_MIB: usize = 16;

/// One training position: for every player, the evaluation's terms from his point of view
/// and his share of the game's result (they add up to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation's terms for each player, `p1` first.
    pub terms: Vec<Vec<f64>>,
    /// Each player's share of the result.
    pub results: Vec<f64>,
    /// The record's sample: its opening, which the games that rotate the seats over it share
    /// (to split openings, never positions of one game or games of one opening, into sets).
    pub opening: usize,
    /// With [`Sampling::label_depth`]: each player's value from that search, `p1` first (with
    /// two players the mover's and its negation, with more max^n's).
    pub searched: Option<Vec<f64>>,
}

/// What the sampling of one game's records found.
#[derive(Debug, Default)]
pub struct Collected {
    /// The names of the evaluation's terms.
    pub names: Vec<&'static str>,
    /// The weights the game is built with.
    pub weights: Vec<i32>,
    /// The kept positions.
    pub samples: Vec<Sample>,
    /// Games replayed.
    pub games: usize,
    /// Records left out: another game, no rules result, a draw of more than two players
    /// (nobody's share to fit), or moves that do not replay.
    pub skipped: usize,
    /// Positions seen after the skipped plies, quiet or not.
    pub seen: usize,
}

/// Each player's share of a record's result decided by the rules (`p<k>win`, or a draw of
/// two players), else `None`. A draw of more players (everyone loses) shares nothing.
pub fn shares(record: &GameRecord) -> Option<Vec<f64>> {
    let players = record.seats.len();
    if record.result == "draw" && players == 2 {
        return Some(vec![0.5, 0.5]);
    }
    let winner: usize = record
        .result
        .strip_prefix('p')?
        .strip_suffix("win")?
        .parse()
        .ok()?;
    (1..=players)
        .contains(&winner)
        .then(|| (1..=players).map(|p| f64::from(p == winner)).collect())
}

/// Samples the records of game `name` (every record must be of that game or of none named).
pub fn collect(
    name: &str,
    records: &[GameRecord],
    sampling: Sampling,
) -> Result<Collected, String> {
    let mut visitor = Collector {
        name,
        records,
        sampling,
        found: None,
    };
    tabula::games::visit_all(&mut visitor);
    visitor
        .found
        .unwrap_or_else(|| Err(format!("no game is called '{name}'")))
}

struct Collector<'a> {
    name: &'a str,
    records: &'a [GameRecord],
    sampling: Sampling,
    found: Option<Result<Collected, String>>,
}

impl GameVisitor for Collector<'_> {
    fn visit<G: Game>(&mut self) {
        if G::NAME == self.name {
            self.found = Some(collect_game::<G>(self.records, self.sampling));
        }
    }
}

fn collect_game<G: Game>(records: &[GameRecord], sampling: Sampling) -> Result<Collected, String> {
    if G::EVAL_TERMS.is_empty() {
        return Err(format!("{}'s evaluation has no tunable weights", G::NAME));
    }
    let mut collected = Collected {
        names: G::EVAL_TERMS.to_vec(),
        weights: G::EVAL_WEIGHTS.to_vec(),
        ..Collected::default()
    };
    let style = engine_style::<G>();
    // Records are replayed in parallel (the searches for quietness and labels are most of
    // the work), and their samples kept in the records' order.
    let replayed: Vec<Option<Replayed>> = records
        .par_iter()
        .map(|record| {
            let of_this_game = record
                .schedule
                .as_ref()
                .is_none_or(|s| s.variant == G::NAME);
            match (of_this_game, shares(record)) {
                (true, Some(results)) => replay::<G>(record, results, sampling, style),
                _ => None,
            }
        })
        .collect();
    for found in replayed {
        match found {
            Some(game) => {
                collected.games += 1;
                collected.seen += game.seen;
                collected.samples.extend(game.samples);
            }
            None => collected.skipped += 1,
        }
    }
    Ok(collected)
}

/// What one record's replay found.
struct Replayed {
    samples: Vec<Sample>,
    /// Positions after the skipped plies, quiet or not.
    seen: usize,
}

/// Replays one record, its two-player label searches in `style` sharing one table as a game's
/// searches do; `None` when it does not replay.
fn replay<G: Game>(
    record: &GameRecord,
    results: Vec<f64>,
    sampling: Sampling,
    style: Style,
) -> Option<Replayed> {
    let opening = Opening::parse(&record.opening).ok()?;
    let config = GameConfig {
        players: results.len(),
        ..GameConfig::default()
    };
    let mut pos = match &opening.text {
        Some(text) => G::from_text(text, &config).ok()?,
        None => G::startpos(&config).ok()?,
    };
    play_tokens(&mut pos, opening.moves.iter().map(String::as_str)).ok()?;
    let label_search = LabelSearch {
        depth: sampling.label_depth,
        style,
        table: (sampling.label_depth > 0 && pos.players() == 2)
            .then(|| TranspositionTable::new(LABEL_TABLE_MIB)),
    };
    let mut kept = Vec::new();
    let mut seen = 0;
    for (ply, token) in record.moves.iter().enumerate() {
        if ply >= sampling.skip
            && let Turn::Player(mover) = pos.turn()
        {
            seen += 1;
            if is_quiet(&pos, mover, sampling) {
                let players = 0..pos.players() as Player;
                kept.push(Sample {
                    terms: players.map(|p| pos.eval_terms(p)).collect(),
                    results: results.clone(),
                    opening: record.sample,
                    searched: label_search.values(&pos, mover),
                });
            }
        }
        play_tokens(&mut pos, [token.as_str()]).ok()?;
    }
    Some(Replayed {
        samples: kept,
        seen,
    })
}

/// The search style the engine plays game `G` with under its default options (the labels').
fn engine_style<G: Game>() -> Style {
    EngineOptions::defaults(&Registry::standard()).style(&Entry::of::<G>())
}

/// The search that labels a replayed game's samples.
struct LabelSearch {
    /// Its depth (0: no labels).
    depth: u32,
    /// The engine's style for the game (two players).
    style: Style,
    /// The table the game's searches share (two players).
    table: Option<TranspositionTable>,
}

impl LabelSearch {
    /// Each player's value of `pos` (`None` at depth 0): with two players the engine's search
    /// for the mover (the other's is its negation); with more, max^n, where each player picks
    /// what is best for himself and the line's leaf gives every player's value.
    fn values<G: Game>(&self, pos: &G, mover: Player) -> Option<Vec<f64>> {
        if self.depth == 0 {
            return None;
        }
        if pos.players() != 2 {
            let values = max_n(&mut pos.clone(), self.depth);
            return Some(values.into_iter().map(f64::from).collect());
        }
        let value = fixed_depth_value(pos, self.depth, self.table.as_ref(), self.style);
        let mut values = vec![-f64::from(value); 2];
        values[mover as usize] = f64::from(value);
        Some(values)
    }
}

/// Whether the static value of `pos` for its mover is within the margin of a shallow search
/// (with [`Sampling::quiet_quiescence`] and two players, the engine's search with quiescence,
/// which at depth 0 is the quiescence search alone; its values are the textbook quiescent
/// search's, which in Splinter took a minute a game).
fn is_quiet<G: Game>(pos: &G, mover: u8, sampling: Sampling) -> bool {
    let quiescent = sampling.quiet_quiescence && pos.players() == 2;
    if sampling.quiet_depth == 0 && !quiescent {
        return true;
    }
    let searched = match (quiescent, sampling.quiet_depth) {
        (true, 0) => quiescence_value(pos),
        (true, depth) => {
            let style = Style::plain::<G>().with(|profile| profile.quiescence = true);
            fixed_depth_value(pos, depth, None, style)
        }
        (false, depth) => fixed_depth_value(pos, depth, None, Style::plain::<G>()),
    };
    (searched - pos.evaluate(mover)).abs() <= sampling.quiet_margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::game::{Evaluation, Notation, Rules, start_then};
    use tabula::games::dimraw::Dimraw;
    use tabula::games::dwindle::Dwindle;
    use tabula::search::reference::negamax_quiescent;

    fn record(result: &str, moves: &str) -> GameRecord {
        let line = format!(
            "game=3\tsample=1\trotation=0\tseats=a,b\topening=startpos moves a3b4t g6g7\t\
             result={result}\tscores=1,0\treason=rules\tplies=2\tmoves={moves}\ttimes=1 1\tnotes="
        );
        GameRecord::parse(&line).unwrap()
    }

    const ALL: Sampling = Sampling {
        skip: 0,
        quiet_margin: 0,
        quiet_depth: 0,
        quiet_quiescence: false,
        label_depth: 0,
    };

    #[test]
    fn every_position_before_a_move_is_a_sample_with_every_player_s_share() {
        let found = collect("tumbling-down", &[record("p2win", "c3c2 f6f5")], ALL).unwrap();
        assert_eq!((found.games, found.skipped, found.seen), (1, 0, 2));
        assert_eq!(found.samples.len(), 2);
        assert!(
            found
                .samples
                .iter()
                .all(|s| s.results == [0.0, 1.0] && s.opening == 1)
        );
        let after_c3c2 = play_then("a3b4t g6g7 c3c2");
        let terms = vec![after_c3c2.eval_terms(0), after_c3c2.eval_terms(1)];
        assert_eq!(found.samples[1].terms, terms);
        assert_eq!(terms[0].len(), found.names.len());
    }

    #[test]
    fn a_game_of_three_is_replayed_with_three_players() {
        let config = GameConfig {
            players: 3,
            ..GameConfig::default()
        };
        let mut pos = Dwindle::startpos(&config).unwrap();
        let mut tokens = Vec::new();
        for _ in 0..3 {
            let mut moves = Vec::new();
            pos.generate(&mut moves);
            tokens.push(pos.format_move(moves[0]));
            pos.make(moves[0]);
        }
        let line = format!(
            "game=0\tsample=0\trotation=0\tseats=a,b,c\topening=startpos\tresult=p3win\t\
             scores=0,0,1\treason=rules\tplies=3\tmoves={}\ttimes=1 1 1\tnotes=",
            tokens.join(" ")
        );
        let record = GameRecord::parse(&line).unwrap();
        let found = collect("dwindle", &[record], ALL).unwrap();
        assert_eq!((found.games, found.samples.len()), (1, 3));
        let last = &found.samples[2];
        assert_eq!(last.results, [0.0, 0.0, 1.0]);
        pos.unmake();
        assert_eq!(
            last.terms,
            (0..3).map(|p| pos.eval_terms(p)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn shares_come_from_the_rules_result() {
        let mut three = record("p3win", "");
        three.seats.push("c".to_string());
        assert_eq!(shares(&three), Some(vec![0.0, 0.0, 1.0]));
        three.result = "draw".to_string();
        assert_eq!(
            shares(&three),
            None,
            "a draw of three players shares nothing"
        );
        assert_eq!(shares(&record("draw", "")), Some(vec![0.5, 0.5]));
        assert_eq!(shares(&record("p1win", "")), Some(vec![1.0, 0.0]));
        assert_eq!(shares(&record("p3win", "")), None);
        assert_eq!(shares(&record("p1loses", "")), None);
    }

    fn play_then(tokens: &str) -> tabula::games::tumbling_down::TumblingDown {
        start_then(&GameConfig::default(), tokens).unwrap()
    }

    #[test]
    fn records_without_a_rules_result_or_with_bad_moves_are_skipped() {
        let records = [record("p1loses", "c3c2 f6f5"), record("draw", "c3c2 zz")];
        let found = collect("tumbling-down", &records, ALL).unwrap();
        assert_eq!((found.games, found.skipped), (0, 2));
        assert!(found.samples.is_empty());
    }

    #[test]
    fn skipped_plies_and_loud_positions_are_left_out() {
        let skip_one = Sampling { skip: 1, ..ALL };
        let found = collect("tumbling-down", &[record("draw", "c3c2 f6f5")], skip_one).unwrap();
        assert_eq!(found.samples.len(), 1);
        let strict = Sampling {
            quiet_depth: 1,
            quiet_margin: -1,
            ..ALL
        };
        let found = collect("tumbling-down", &[record("draw", "c3c2 f6f5")], strict).unwrap();
        assert_eq!((found.seen, found.samples.len()), (2, 0));
    }

    #[test]
    fn a_quiescent_quietness_test_keeps_the_positions_whose_static_value_it_agrees_with() {
        // p1 completes the mill 0-1-2 with its third decision and removes a p2 piece.
        let moves = "@0 @19 @1 @18 @2 x18";
        let line = format!(
            "game=0\tsample=0\trotation=0\tseats=a,b\topening=startpos\tresult=p1win\t\
             scores=1,0\treason=rules\tplies=6\tmoves={moves}\ttimes=1 1 1 1 1 1\tnotes="
        );
        let records = [GameRecord::parse(&line).unwrap()];
        let quiescent = Sampling {
            quiet_quiescence: true,
            ..ALL
        };
        let found = collect("dimraw", &records, quiescent).unwrap();
        let tokens: Vec<&str> = moves.split(' ').collect();
        let mut expected = Vec::new();
        for ply in 0..tokens.len() {
            let mut pos: Dimraw =
                start_then(&GameConfig::default(), &tokens[..ply].join(" ")).unwrap();
            let Turn::Player(mover) = pos.turn() else {
                unreachable!("no chance plies in Dimraw")
            };
            if negamax_quiescent(&mut pos, 0) == pos.evaluate(mover) {
                expected.push(vec![pos.eval_terms(0), pos.eval_terms(1)]);
            }
        }
        assert!(
            expected.len() < tokens.len(),
            "the mill before @2 moves the quiescence search off the static value"
        );
        let kept: Vec<_> = found.samples.iter().map(|s| s.terms.clone()).collect();
        assert_eq!((found.seen, kept), (tokens.len(), expected));
        let plain = collect("dimraw", &records, ALL).unwrap();
        assert_eq!(
            plain.samples.len(),
            tokens.len(),
            "depth 0 alone keeps them all"
        );
    }

    #[test]
    fn a_label_search_is_the_engine_s_with_one_table_per_game() {
        let labelled = Sampling {
            label_depth: 3,
            ..ALL
        };
        let found = collect("tumbling-down", &[record("draw", "c3c2 f6f5")], labelled).unwrap();
        let style = engine_style::<tabula::games::tumbling_down::TumblingDown>();
        assert!(
            style.profile.quiescence,
            "the engine's style, not the plain search"
        );
        // The game's two searches in order, sharing one table.
        let table = TranspositionTable::new(LABEL_TABLE_MIB);
        let first = fixed_depth_value(&play_then("a3b4t g6g7"), 3, Some(&table), style);
        let before_f6f5 = play_then("a3b4t g6g7 c3c2");
        assert_eq!(before_f6f5.turn(), Turn::Player(1));
        let value = fixed_depth_value(&before_f6f5, 3, Some(&table), style);
        assert_ne!(value, 0, "a value whose sign the test can see");
        let first = f64::from(first);
        assert_eq!(found.samples[0].searched, Some(vec![first, -first]));
        let value = f64::from(value);
        assert_eq!(found.samples[1].searched, Some(vec![-value, value]));
        let unlabelled = collect("tumbling-down", &[record("draw", "c3c2 f6f5")], ALL).unwrap();
        assert!(unlabelled.samples.iter().all(|s| s.searched.is_none()));
    }

    #[test]
    fn a_label_search_of_more_players_gives_their_max_n_values() {
        let labelled = Sampling {
            label_depth: 2,
            ..ALL
        };
        let line = "game=1\tsample=0\trotation=1\tseats=b,a,a\topening=startpos moves c7 c9 c5\t\
                    result=p3win\tscores=0,0,1\treason=rules\tplies=5\tmoves=c4 b4 h4 i3 b2\t\
                    times=1 1 1 1 1\tnotes=";
        let records = [GameRecord::parse(line).unwrap()];
        let found = collect("dwindle", &records, labelled).unwrap();
        let three = GameConfig {
            players: 3,
            ..GameConfig::default()
        };
        let mut before_b4 = tabula::game::start_then::<Dwindle>(&three, "c7 c9 c5 c4").unwrap();
        let values: Vec<f64> = max_n(&mut before_b4, 2)
            .into_iter()
            .map(f64::from)
            .collect();
        assert!(values.iter().any(|&v| v != values[0]), "{values:?}");
        assert_eq!(found.samples[1].searched, Some(values));
    }

    #[test]
    fn an_unknown_game_is_refused() {
        assert!(collect("chess", &[], ALL).is_err());
    }
}
