//! The engine's options in one typed table: each option's declaration line, `setoption`
//! parsing and reading all come from its one row; enumerated values are the enums of
//! [`super::choices`]. The search profile's knobs come from their declarations in
//! [`crate::game::profile`]: each is a hidden option `profile.<knob>`, and a few also stand behind a
//! public option (`Reductions`, `Exploration`, ...) whose `auto` (or -1) keeps the game's value.

use crate::game::profile::{KNOBS, KnobKind};
use crate::registry::Registry;

use super::EngineOptions;
use super::choices::Choice;

/// The words of the [`Choice`] a field holds (the field names the type for [`choice!`]).
fn words_of<C: Choice>(_field: fn(&EngineOptions) -> C) -> Vec<&'static str> {
    C::words()
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
    /// The network file is read (and the option refused if it cannot be).
    Network,
}

/// The words of a public option that switches a knob: the game's value, or on, or off.
const SWITCH_WORDS: [&str; 3] = ["auto", "on", "off"];

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
    /// A text (a file name); `<empty>` is the empty text.
    Text {
        get: fn(&EngineOptions) -> &str,
        set: fn(&mut EngineOptions, &str),
    },
    /// A public `auto`/`on`/`off` combo over switch knob `knob` (`auto`: the game's value).
    Switch { knob: usize },
    /// A public spin over number knob `knob`, -1 for the game's value.
    Tuned { knob: usize },
    /// The hidden `profile.<knob>` option: the knob's own values.
    Knob { knob: usize },
}

/// One option: its name, what a change needs, and its values.
pub struct OptionSpec {
    /// The canonical name.
    pub name: String,
    /// What a change needs.
    pub effect: Effect,
    value: Value,
}

impl OptionSpec {
    /// Whether the handshake leaves it out (the profile's knobs).
    pub fn is_hidden(&self) -> bool {
        matches!(self.value, Value::Knob { .. })
    }
}

/// A whole-number option stored in field `$field`.
macro_rules! spin {
    ($name:literal, $field:ident, $min:expr, $max:expr, $effect:ident) => {
        OptionSpec {
            name: $name.to_string(),
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
            name: $name.to_string(),
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
            name: $name.to_string(),
            effect: Effect::$effect,
            value: Value::Check {
                get: |o| o.$field,
                set: |o, v| o.$field = v,
            },
        }
    };
}

/// The index of the knob named `name` (a public option's knob, named in this file).
fn knob_index(name: &str) -> usize {
    KNOBS
        .iter()
        .position(|knob| knob.name == name)
        .unwrap_or_else(|| panic!("the profile has no knob '{name}'"))
}

/// A public option over a profile knob: a switch's `auto`/`on`/`off`, a number's -1 or value.
fn public_knob(name: &str, knob: &str) -> OptionSpec {
    let knob = knob_index(knob);
    let value = match KNOBS[knob].kind {
        KnobKind::Switch => Value::Switch { knob },
        KnobKind::Number { .. } => Value::Tuned { knob },
    };
    OptionSpec {
        name: name.to_string(),
        effect: Effect::None,
        value,
    }
}

/// Every option of an engine, in declaration order.
pub struct OptionTable {
    specs: Vec<OptionSpec>,
}

/// A parsed `setoption`: what changed and the new options.
pub struct OptionChange {
    /// The option's canonical name.
    pub name: String,
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
                name: "UCI_Variant".to_string(),
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
                name: "Board".to_string(),
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
            public_knob("Reductions", "late_move_reductions"),
            public_knob("NullMove", "null_move"),
            public_knob("Futility", "futility"),
            public_knob("Quiescence", "quiescence"),
            public_knob("Extensions", "extensions"),
            public_knob("IIR", "internal_reductions"),
            public_knob("LMP", "late_move_pruning"),
            public_knob("Exploration", "mcts_exploration"),
            choice!("Playout", playout, None),
            spin!("PlayoutPlies", playout_plies, 1, 1000, None),
            public_knob("Minimax", "mcts_minimax"),
            choice!("Dice", dice, None),
            spin!("DiceSeed", dice_seed, 0, u32::MAX, Dice),
            choice!("IllegalMove", illegal_move, None),
            choice!("Eval", eval, None),
            OptionSpec {
                name: "EvalFile".to_string(),
                effect: Effect::Network,
                value: Value::Text {
                    get: |o| &o.eval_file,
                    set: |o, text| o.eval_file = text.to_string(),
                },
            },
        ]);
        specs.extend((0..KNOBS.len()).map(|knob| OptionSpec {
            name: KNOBS[knob].option_name(),
            effect: Effect::None,
            value: Value::Knob { knob },
        }));
        OptionTable { specs }
    }

    /// Every declared option's canonical name, in order (the profile's hidden ones left out).
    pub fn names(&self) -> Vec<&str> {
        self.declared().map(|s| s.name.as_str()).collect()
    }

    /// The options the handshake declares.
    fn declared(&self) -> impl Iterator<Item = &OptionSpec> {
        self.specs.iter().filter(|spec| !spec.is_hidden())
    }

    /// The value of option `name` in `options`, as the protocol writes it (a hidden knob's:
    /// its override, or `auto` where it has none).
    pub fn get(&self, name: &str, options: &EngineOptions) -> Option<String> {
        let spec = self.specs.iter().find(|s| s.name == name)?;
        Some(match &spec.value {
            Value::Spin { get, .. } => get(options).to_string(),
            Value::Combo { get, .. } => get(options).to_string(),
            Value::Check { get, .. } => get(options).to_string(),
            Value::Text { get, .. } => text_or_empty(get(options)).to_string(),
            Value::Switch { knob } => match options.profile.get(*knob) {
                None => SWITCH_WORDS[0].to_string(),
                Some(value) => KNOBS[*knob].format(value),
            },
            Value::Tuned { knob } => options.profile.get(*knob).unwrap_or(-1).to_string(),
            Value::Knob { knob } => options
                .profile
                .get(*knob)
                .map_or_else(|| "auto".to_string(), |v| KNOBS[*knob].format(v)),
        })
    }

    /// The `option ...` lines of the handshake, with `defaults`' values.
    pub fn declarations(&self, defaults: &EngineOptions) -> Vec<String> {
        self.declared()
            .map(|spec| {
                let name = &spec.name;
                match &spec.value {
                    Value::Spin { min, max, get, .. } => format!(
                        "option name {name} type spin default {} min {min} max {max}",
                        get(defaults)
                    ),
                    Value::Combo { words, get, .. } => combo(name, get(defaults), words),
                    Value::Switch { .. } => combo(name, SWITCH_WORDS[0], &SWITCH_WORDS),
                    Value::Tuned { knob } => {
                        let max = match KNOBS[*knob].kind {
                            KnobKind::Number { max, .. } => max,
                            KnobKind::Switch => 1,
                        };
                        format!("option name {name} type spin default -1 min -1 max {max}")
                    }
                    Value::Check { get, .. } => {
                        format!("option name {name} type check default {}", get(defaults))
                    }
                    Value::Text { get, .. } => format!(
                        "option name {name} type string default {}",
                        text_or_empty(get(defaults))
                    ),
                    Value::Knob { .. } => unreachable!("hidden options are not declared"),
                }
            })
            .collect()
    }

    /// Applies `setoption name <name> value <value>` to a copy of `current`; the value is one
    /// argument, the rest of the line as sent (only a text option's, a file name, may hold
    /// white space).
    pub fn parse_setoption(
        &self,
        args: &[&str],
        current: &EngineOptions,
    ) -> Result<OptionChange, String> {
        let (name, value) = match args {
            ["name", name, "value", value] => (*name, value.to_string()),
            ["name", name] => return Err(format!("option '{name}' needs a value")),
            _ => return Err("expected: setoption name <Name> value <value>".to_string()),
        };
        let spec = self
            .specs
            .iter()
            .find(|spec| spec.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown option '{name}'"))?;
        let mut options = current.clone();
        set_value(&spec.value, &value, &mut options)?;
        Ok(OptionChange {
            name: spec.name.clone(),
            effect: spec.effect,
            options,
        })
    }
}

/// How the protocol writes an empty text.
const EMPTY: &str = "<empty>";

/// A text as the protocol writes it: `<empty>` for the empty one.
fn text_or_empty(text: &str) -> &str {
    if text.is_empty() { EMPTY } else { text }
}

/// A combo's declaration line.
fn combo(name: &str, default: &str, words: &[&str]) -> String {
    let vars: String = words.iter().map(|v| format!(" var {v}")).collect();
    format!("option name {name} type combo default {default}{vars}")
}

/// Sets an option of kind `kind` to the text `value` in `options`, checked.
fn set_value(kind: &Value, value: &str, options: &mut EngineOptions) -> Result<(), String> {
    match kind {
        Value::Spin { min, max, set, .. } => {
            let number = value
                .parse::<i64>()
                .ok()
                .filter(|v| (min..=max).contains(&v))
                .ok_or_else(|| format!("value '{value}' is not a whole number in {min}..={max}"))?;
            set(options, number);
        }
        Value::Combo { words, set, .. } => {
            let word = find_word(words, value)?;
            set(options, word);
        }
        Value::Check { set, .. } => {
            let flag = match value.to_ascii_lowercase().as_str() {
                "true" => true,
                "false" => false,
                _ => return Err(format!("value '{value}' is not true or false")),
            };
            set(options, flag);
        }
        Value::Text { set, .. } => match value.eq_ignore_ascii_case(EMPTY) {
            true => set(options, ""),
            false => set(options, value),
        },
        Value::Switch { knob } => {
            let word = find_word(&SWITCH_WORDS, value)?;
            let set = (word != "auto").then(|| i64::from(word == "on"));
            options.profile.set(*knob, set);
        }
        Value::Tuned { knob } => {
            let set =
                match value.trim() {
                    "-1" => None,
                    number => Some(KNOBS[*knob].parse(number).map_err(|e| {
                        format!("value '{value}': -1 for the game's own, else {e}")
                    })?),
                };
            options.profile.set(*knob, set);
        }
        Value::Knob { knob } => {
            let set = match value.eq_ignore_ascii_case("auto") {
                true => None,
                false => Some(KNOBS[*knob].parse(value)?),
            };
            options.profile.set(*knob, set);
        }
    }
    Ok(())
}

/// The word of `words` that `value` spells, in any case.
fn find_word(words: &[&'static str], value: &str) -> Result<&'static str, String> {
    words
        .iter()
        .copied()
        .find(|w| w.eq_ignore_ascii_case(value))
        .ok_or_else(|| format!("value '{value}' is not one of: {}", words.join(", ")))
}

#[cfg(test)]
mod tests;
