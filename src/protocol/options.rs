//! The engine's options in one typed table: each option's declaration line, `setoption`
//! parsing and reading all come from its one row; enumerated values are the enums of
//! [`super::choices`].

use crate::game::{GameConfig, LeafScoring};
use crate::registry::{Entry, Registry};
use crate::search::mcts::MctsSettings;
use crate::search::{ManyPlayers, Style};

use super::choices::{Choice, DiceKind, IllegalMove, PlayoutKind, SearchKind, Switch};

/// The words of the [`Choice`] a field holds (the field names the type for [`choice!`]).
fn words_of<C: Choice>(_field: fn(&EngineOptions) -> C) -> Vec<&'static str> {
    C::words()
}

/// Option values as set by `setoption` (or their defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The game (`UCI_Variant`).
    pub variant: &'static str,
    /// Number of players (`Players`).
    pub players: usize,
    /// Search threads (`Threads`).
    pub threads: usize,
    /// Transposition table (or MCTS tree) size in MiB (`Hash`).
    pub hash_mib: usize,
    /// Search algorithm (`Search`).
    pub search: SearchKind,
    /// Lines to report (`MultiPV`).
    pub multipv: usize,
    /// Milliseconds kept for communication (`MoveOverhead`).
    pub move_overhead: u64,
    /// Seed for randomized searches (`Seed`).
    pub seed: u64,
    /// Seed of the engine's dice (`DiceSeed`): the rolls `go` answers at a chance ply, and
    /// those of `Dice engine`.
    pub dice_seed: u64,
    /// The start board, for games with named boards (`Board`).
    pub board: &'static str,
    /// The search for more than two players (`ManyPlayers`).
    pub many_players: ManyPlayers,
    /// Star2 probing at chance plies (`ChanceProbe`).
    pub chance_probe: bool,
    /// Late-move reductions in alpha-beta (`Reductions`).
    pub reductions: Switch,
    /// Null-move pruning in alpha-beta (`NullMove`).
    pub null_move: Switch,
    /// Reverse futility pruning in alpha-beta (`Futility`).
    pub futility: Switch,
    /// Quiescence search in alpha-beta (`Quiescence`).
    pub quiescence: Switch,
    /// No ply counted for a decision that finishes a turn, in alpha-beta (`Extensions`).
    pub extensions: Switch,
    /// Internal iterative reductions in alpha-beta (`IIR`).
    pub internal_reductions: Switch,
    /// Late-move pruning in alpha-beta (`LMP`).
    pub late_move_pruning: Switch,
    /// The MCTS exploration constant in hundredths (`Exploration`).
    pub exploration: u64,
    /// How MCTS scores a leaf (`Playout`).
    pub playout: PlayoutKind,
    /// Random plies before the evaluation in `cutoff` playouts (`PlayoutPlies`).
    pub playout_plies: u64,
    /// Guided MCTS: the minimax value's weight against the mean reward, in percent, or -1 for
    /// the game's measured choice (`Minimax`).
    pub minimax: i64,
    /// Who rolls the dice (`Dice`).
    pub dice: DiceKind,
    /// What a bad token in `position` does (`IllegalMove`).
    pub illegal_move: IllegalMove,
}

impl EngineOptions {
    /// The defaults for an engine offering the games of `registry`.
    pub fn defaults(registry: &Registry) -> Self {
        EngineOptions {
            variant: registry.names().first().copied().unwrap_or_default(),
            players: 2,
            threads: 1,
            hash_mib: 64,
            search: SearchKind::AlphaBeta,
            multipv: 1,
            move_overhead: 30,
            seed: 0,
            dice_seed: 0,
            board: registry.boards().first().copied().unwrap_or_default(),
            many_players: ManyPlayers::Paranoid,
            chance_probe: false,
            reductions: Switch::Auto,
            null_move: Switch::Auto,
            futility: Switch::Auto,
            quiescence: Switch::Auto,
            extensions: Switch::Auto,
            internal_reductions: Switch::Auto,
            late_move_pruning: Switch::Auto,
            exploration: 50,
            playout: PlayoutKind::Auto,
            playout_plies: 8,
            minimax: -1,
            dice: DiceKind::Runner,
            illegal_move: IllegalMove::Error,
        }
    }

    /// The settings that shape the start position.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            players: self.players,
            board: self.board.to_string(),
        }
    }

    /// The search style these options ask for in `entry`'s game (whose own choices `auto`
    /// values take).
    pub fn style(&self, entry: &Entry) -> Style {
        Style {
            many_players: self.many_players,
            chance_probe: self.chance_probe,
            reductions: self.reductions.resolve(entry.reductions),
            null_move: self.null_move.resolve(entry.null_move),
            futility: self.futility.resolve(entry.futility),
            quiescence: self.quiescence.resolve(entry.quiescence),
            extensions: self.extensions.resolve(entry.extensions),
            internal_reductions: self.internal_reductions.resolve(entry.internal_reductions),
            late_move_pruning: self.late_move_pruning.resolve(entry.late_move_pruning),
            mcts: (self.search == SearchKind::Mcts).then(|| MctsSettings {
                exploration: self.exploration as f32 / 100.0,
                leaves: match self.playout {
                    PlayoutKind::Random => LeafScoring::Playout { cutoff: 0 },
                    PlayoutKind::Cutoff => LeafScoring::Playout {
                        cutoff: self.playout_plies as u32,
                    },
                    PlayoutKind::Eval => LeafScoring::Evaluation,
                    PlayoutKind::Auto => entry.mcts_leaves,
                },
                minimax: u32::try_from(self.minimax).unwrap_or(entry.mcts_minimax) as f32 / 100.0,
                seed: self.seed,
            }),
        }
    }

    /// The MCTS tree's size: `Hash` while the search is MCTS, else none.
    pub fn tree_mib(&self) -> usize {
        match self.search {
            SearchKind::Mcts => self.hash_mib,
            _ => 0,
        }
    }

    /// The alpha-beta table's size: `Hash`, or the least while MCTS has the memory.
    pub fn table_mib(&self) -> usize {
        match self.search {
            SearchKind::Mcts => 1,
            _ => self.hash_mib,
        }
    }
}

/// What the engine must do when an option takes a new value, beyond storing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the next search reads it.
    None,
    /// A new game: the variant or its start position changed.
    NewGame,
    /// The table and tree are made anew.
    Memory,
    /// The engine's dice stream starts again from the new seed.
    Dice,
}

/// The values an option takes, and how to read and write its field.
enum Value {
    Spin {
        min: i64,
        max: i64,
        get: fn(&EngineOptions) -> i64,
        set: fn(&mut EngineOptions, i64),
    },
    Combo {
        words: Vec<&'static str>,
        get: fn(&EngineOptions) -> &'static str,
        set: fn(&mut EngineOptions, &'static str),
    },
    Check {
        get: fn(&EngineOptions) -> bool,
        set: fn(&mut EngineOptions, bool),
    },
}

/// One option: its name, what a change needs, and its values.
pub struct OptionSpec {
    /// The canonical name.
    pub name: &'static str,
    /// What a change needs.
    pub effect: Effect,
    value: Value,
}

/// A whole-number option stored in field `$field`.
macro_rules! spin {
    ($name:literal, $field:ident, $min:expr, $max:expr, $effect:ident) => {
        OptionSpec {
            name: $name,
            effect: Effect::$effect,
            value: Value::Spin {
                min: $min as i64,
                max: $max as i64,
                get: |o| o.$field as i64,
                set: |o, v| o.$field = v as _,
            },
        }
    };
}

/// An option of enumerated values (a [`Choice`]) stored in field `$field`.
macro_rules! choice {
    ($name:literal, $field:ident, $effect:ident) => {
        OptionSpec {
            name: $name,
            effect: Effect::$effect,
            value: Value::Combo {
                words: words_of(|o| o.$field),
                get: |o| o.$field.word(),
                set: |o, w| o.$field = Choice::from_word(w).expect("a word of the list"),
            },
        }
    };
}

/// A true-or-false option stored in field `$field`.
macro_rules! check {
    ($name:literal, $field:ident, $effect:ident) => {
        OptionSpec {
            name: $name,
            effect: Effect::$effect,
            value: Value::Check {
                get: |o| o.$field,
                set: |o, v| o.$field = v,
            },
        }
    };
}

/// Every option of an engine, in declaration order.
pub struct OptionTable {
    specs: Vec<OptionSpec>,
}

/// A parsed `setoption`: what changed and the new options.
pub struct OptionChange {
    /// The option's canonical name.
    pub name: &'static str,
    /// What the change needs.
    pub effect: Effect,
    /// All options with the change applied.
    pub options: EngineOptions,
}

impl OptionTable {
    /// The options of an engine offering the games of `registry`.
    pub fn new(registry: &Registry) -> Self {
        let fewest = registry.entries().iter().map(|e| e.players.0).min();
        let most = registry.entries().iter().map(|e| e.players.1).max();
        let mut specs = vec![
            OptionSpec {
                name: "UCI_Variant",
                effect: Effect::NewGame,
                value: Value::Combo {
                    words: registry.names(),
                    get: |o| o.variant,
                    set: |o, w| o.variant = w,
                },
            },
            spin!(
                "Players",
                players,
                fewest.unwrap_or(2),
                most.unwrap_or(2),
                NewGame
            ),
            spin!("Threads", threads, 1, 256, None),
            spin!("Hash", hash_mib, 1, 65536, Memory),
            choice!("Search", search, Memory),
            spin!("MultiPV", multipv, 1, 256, None),
            spin!("MoveOverhead", move_overhead, 0, 5000, None),
            spin!("Seed", seed, 0, u32::MAX, None),
        ];
        let boards = registry.boards();
        if !boards.is_empty() {
            specs.push(OptionSpec {
                name: "Board",
                effect: Effect::NewGame,
                value: Value::Combo {
                    words: boards,
                    get: |o| o.board,
                    set: |o, w| o.board = w,
                },
            });
        }
        specs.extend([
            choice!("ManyPlayers", many_players, None),
            check!("ChanceProbe", chance_probe, None),
            choice!("Reductions", reductions, None),
            choice!("NullMove", null_move, None),
            choice!("Futility", futility, None),
            choice!("Quiescence", quiescence, None),
            choice!("Extensions", extensions, None),
            choice!("IIR", internal_reductions, None),
            choice!("LMP", late_move_pruning, None),
            spin!("Exploration", exploration, 1, 1000, None),
            choice!("Playout", playout, None),
            spin!("PlayoutPlies", playout_plies, 1, 1000, None),
            spin!("Minimax", minimax, -1, 100, None),
            choice!("Dice", dice, None),
            spin!("DiceSeed", dice_seed, 0, u32::MAX, Dice),
            choice!("IllegalMove", illegal_move, None),
        ]);
        OptionTable { specs }
    }

    /// Every option's canonical name, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.specs.iter().map(|s| s.name).collect()
    }

    /// The value of option `name` in `options`, as the protocol writes it.
    pub fn get(&self, name: &str, options: &EngineOptions) -> Option<String> {
        let spec = self.specs.iter().find(|s| s.name == name)?;
        Some(match &spec.value {
            Value::Spin { get, .. } => get(options).to_string(),
            Value::Combo { get, .. } => get(options).to_string(),
            Value::Check { get, .. } => get(options).to_string(),
        })
    }

    /// The `option ...` lines of the handshake, with `defaults`' values.
    pub fn declarations(&self, defaults: &EngineOptions) -> Vec<String> {
        self.specs
            .iter()
            .map(|spec| {
                let name = spec.name;
                match &spec.value {
                    Value::Spin { min, max, get, .. } => format!(
                        "option name {name} type spin default {} min {min} max {max}",
                        get(defaults)
                    ),
                    Value::Combo { words, get, .. } => {
                        let vars: String = words.iter().map(|v| format!(" var {v}")).collect();
                        format!(
                            "option name {name} type combo default {}{vars}",
                            get(defaults)
                        )
                    }
                    Value::Check { get, .. } => {
                        format!("option name {name} type check default {}", get(defaults))
                    }
                }
            })
            .collect()
    }

    /// Applies `setoption name <name> value <value>` to a copy of `current`.
    pub fn parse_setoption(
        &self,
        args: &[&str],
        current: &EngineOptions,
    ) -> Result<OptionChange, String> {
        let (name, value) = match args {
            ["name", name, "value", value] => (*name, *value),
            ["name", name] => return Err(format!("option '{name}' needs a value")),
            _ => return Err("expected: setoption name <Name> value <value>".to_string()),
        };
        let spec = self
            .specs
            .iter()
            .find(|spec| spec.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown option '{name}'"))?;
        let mut options = current.clone();
        match &spec.value {
            Value::Spin { min, max, set, .. } => {
                let number = value
                    .parse::<i64>()
                    .ok()
                    .filter(|v| (min..=max).contains(&v))
                    .ok_or_else(|| {
                        format!("value '{value}' is not a whole number in {min}..={max}")
                    })?;
                set(&mut options, number);
            }
            Value::Combo { words, set, .. } => {
                let word = words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(value))
                    .ok_or_else(|| {
                        format!("value '{value}' is not one of: {}", words.join(", "))
                    })?;
                set(&mut options, word);
            }
            Value::Check { set, .. } => {
                let flag = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("value '{value}' is not true or false")),
                };
                set(&mut options, flag);
            }
        }
        Ok(OptionChange {
            name: spec.name,
            effect: spec.effect,
            options,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value an option declares (combos: each word; spins: both ends; checks: both).
    fn values(spec: &OptionSpec) -> Vec<String> {
        match &spec.value {
            Value::Spin { min, max, .. } => vec![min.to_string(), max.to_string()],
            Value::Combo { words, .. } => words.iter().map(|w| w.to_string()).collect(),
            Value::Check { .. } => vec!["true".to_string(), "false".to_string()],
        }
    }

    #[test]
    fn every_value_of_every_option_is_set_and_read_back_in_any_case() {
        let registry = Registry::standard();
        let table = OptionTable::new(&registry);
        let defaults = EngineOptions::defaults(&registry);
        for spec in &table.specs {
            for value in values(spec) {
                for spelling in [value.clone(), value.to_ascii_uppercase()] {
                    let name = spec.name.to_ascii_lowercase();
                    let args = ["name", &name, "value", &spelling];
                    let change = table.parse_setoption(&args, &defaults).unwrap();
                    assert_eq!(change.name, spec.name);
                    assert_eq!(table.get(spec.name, &change.options), Some(value.clone()));
                }
            }
        }
    }

    #[test]
    fn every_option_refuses_a_value_outside_its_kind() {
        let registry = Registry::standard();
        let table = OptionTable::new(&registry);
        let defaults = EngineOptions::defaults(&registry);
        for spec in &table.specs {
            let bad = match &spec.value {
                Value::Spin { max, .. } => (max + 1).to_string(),
                _ => "nonsense".to_string(),
            };
            let args = ["name", spec.name, "value", &bad];
            assert!(
                table.parse_setoption(&args, &defaults).is_err(),
                "{}",
                spec.name
            );
            let declared = table.get(spec.name, &defaults).unwrap();
            let args = ["name", spec.name, "value", &declared];
            let change = table.parse_setoption(&args, &defaults).unwrap();
            assert_eq!(change.options, defaults, "{} keeps its default", spec.name);
        }
        let spin_below = ["name", "Hash", "value", "0"];
        assert!(table.parse_setoption(&spin_below, &defaults).is_err());
    }

    #[test]
    fn every_option_is_declared_once_with_its_default() {
        let registry = Registry::standard();
        let table = OptionTable::new(&registry);
        let defaults = EngineOptions::defaults(&registry);
        let lines = table.declarations(&defaults);
        assert_eq!(lines.len(), table.specs.len());
        for (line, spec) in lines.iter().zip(&table.specs) {
            let default = table.get(spec.name, &defaults).unwrap();
            let start = format!("option name {} type ", spec.name);
            assert!(line.starts_with(&start), "{line}");
            assert!(line.contains(&format!(" default {default}")), "{line}");
        }
    }

    #[test]
    fn minimax_minus_one_takes_each_game_s_choice_and_a_percent_overrides_it() {
        let registry = Registry::standard();
        let table = OptionTable::new(&registry);
        let mut options = EngineOptions::defaults(&registry);
        options.search = SearchKind::Mcts;
        let weight = |options: &EngineOptions, game: &str| {
            let entry = registry.find(game).unwrap();
            options.style(entry).mcts.unwrap().minimax
        };
        assert_eq!(options.minimax, -1);
        assert_eq!(weight(&options, "tumbling-down"), 0.7);
        assert_eq!(weight(&options, "splinter"), 0.7);
        assert_eq!(weight(&options, "dwnsiwn"), 0.2);
        assert_eq!(weight(&options, "dimraw"), 0.4);
        let args = ["name", "Minimax", "value", "55"];
        let options = table.parse_setoption(&args, &options).unwrap().options;
        assert_eq!(weight(&options, "tumbling-down"), 0.55);
        assert_eq!(weight(&options, "dwnsiwn"), 0.55);
    }

    #[test]
    fn each_refinement_s_auto_takes_its_games_and_on_or_off_overrides_it() {
        let registry = Registry::standard();
        let table = OptionTable::new(&registry);
        let defaults = EngineOptions::defaults(&registry);
        type Picks = fn(&Style) -> bool;
        let cases: [(&str, Picks, &[&str]); 7] = [
            (
                "Reductions",
                |s| s.reductions,
                &["tumbling-down", "dimraw", "dwnsiwn"],
            ),
            ("NullMove", |s| s.null_move, &["tumbling-down", "splinter"]),
            ("Futility", |s| s.futility, &["tumbling-down", "splinter"]),
            (
                "Quiescence",
                |s| s.quiescence,
                &["tumbling-down", "splinter", "dimraw"],
            ),
            ("Extensions", |s| s.extensions, &["tumbling-down", "dimraw"]),
            ("IIR", |s| s.internal_reductions, &["dimraw"]),
            ("LMP", |s| s.late_move_pruning, &["tumbling-down", "dimraw"]),
        ];
        for (name, picks, auto_games) in cases {
            let on_in = |options: &EngineOptions, game: &str| {
                picks(&options.style(registry.find(game).unwrap()))
            };
            let on: Vec<&str> = registry
                .names()
                .into_iter()
                .filter(|game| on_in(&defaults, game))
                .collect();
            assert_eq!(on, auto_games, "{name} auto");
            for (word, expected) in [("on", true), ("off", false)] {
                let args = ["name", name, "value", word];
                let options = table.parse_setoption(&args, &defaults).unwrap().options;
                for game in registry.names() {
                    assert_eq!(on_in(&options, game), expected, "{name} {word} in {game}");
                }
            }
        }
    }
}
