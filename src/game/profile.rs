//! A game's search profile: every choice and number the search reads, declared once.
//!
//! Each knob below is one declaration (a doc line, a name, a type, the standard value and, for
//! numbers, a range and an SPSA step). From it come: the [`Profile`] field the search reads,
//! its standard value, its line in a game's `profile.txt` (read at compile time by
//! [`Profile::parse`]), a hidden engine option `profile.<name>` that overrides it without a
//! rebuild, its line in `tabula profile`, and a parameter `arena tune` can move (the range and
//! step). A game's profile is the standard one with its `profile.txt` applied. Margins are in
//! the game's own centipawns, so each game has (and tunes) its own.

use crate::game::weights::{Pair, integer, next_pair, same};

/// What a knob holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnobKind {
    /// On or off (`on`/`off` in a profile text, 1/0 as an option value).
    Switch,
    /// A whole number within `min..=max`; `step` is a sensible SPSA perturbation.
    Number {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
        /// The size of a tuning step (SPSA's final perturbation).
        step: i64,
    },
}

/// One knob: its name, what it means, and how to read and write it in a [`Profile`].
pub struct Knob {
    /// The name in `profile.txt`, `tabula profile` and `arena tune` (the option is
    /// `profile.<name>`).
    pub name: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// What it holds.
    pub kind: KnobKind,
    /// Its value in a profile, as a whole number (switches: 0 or 1).
    pub get: fn(&Profile) -> i64,
    /// Sets it in a profile from a whole number already checked against its kind.
    pub set: fn(&mut Profile, i64),
}

impl Knob {
    /// The engine option that overrides this knob.
    pub fn option_name(&self) -> String {
        format!("{OPTION_PREFIX}{}", self.name)
    }

    /// Checks `value` against the knob's kind.
    pub fn check(&self, value: i64) -> Result<i64, String> {
        let (min, max) = match self.kind {
            KnobKind::Switch => (0, 1),
            KnobKind::Number { min, max, .. } => (min, max),
        };
        match (min..=max).contains(&value) {
            true => Ok(value),
            false => Err(format!("{} is at least {min} and at most {max}", self.name)),
        }
    }

    /// Parses a value as a profile text or an option writes it (`on`/`off`, `true`/`false`
    /// or a number), checked against the knob's kind.
    pub fn parse(&self, text: &str) -> Result<i64, String> {
        let value = match text.to_ascii_lowercase().as_str() {
            "on" | "true" => 1,
            "off" | "false" => 0,
            other => other
                .parse::<i64>()
                .map_err(|_| format!("{}: '{text}' is not a whole number", self.name))?,
        };
        self.check(value)
    }

    /// The value as a profile text writes it.
    pub fn format(&self, value: i64) -> String {
        match (self.kind, value) {
            (KnobKind::Switch, 0) => "off".to_string(),
            (KnobKind::Switch, _) => "on".to_string(),
            _ => value.to_string(),
        }
    }
}

/// The prefix of the hidden engine options that override the profile.
pub const OPTION_PREFIX: &str = "profile.";

/// A knob's value converted from a whole number (the profile text's and the options').
macro_rules! from_number {
    (bool, $value:expr) => {
        $value != 0
    };
    (i32, $value:expr) => {
        $value as i32
    };
}

/// A knob's kind from its declaration.
macro_rules! kind_of {
    (bool) => {
        KnobKind::Switch
    };
    (i32, $min:literal, $max:literal, $step:literal) => {
        KnobKind::Number {
            min: $min,
            max: $max,
            step: $step,
        }
    };
}

/// Declares the profile: the struct, its standard value, the knob list and the const setter.
macro_rules! profile {
    ($(
        #[doc = $doc:literal]
        $name:ident: $ty:ident = $default:literal $(, $min:literal ..= $max:literal, step $step:literal)?;
    )*) => {
        /// Every choice and number of the search for one game (see the module's doc).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Profile {
            $(
                #[doc = $doc]
                pub $name: $ty,
            )*
        }

        impl Profile {
            /// Every knob at its standard value: every refinement off, today's numbers.
            pub const STANDARD: Profile = Profile { $($name: $default,)* };

            /// Sets the knob named `bytes[start..end]` to `value`; false for no such knob. A
            /// value outside the knob's range stops the build when run in a `const`.
            const fn set_named(&mut self, bytes: &[u8], start: usize, end: usize, value: i64) -> bool {
                $(
                    if same(bytes, start, end, stringify!($name).as_bytes()) {
                        $(
                            if value < $min || value > $max {
                                panic!(concat!("profile: ", stringify!($name), " is outside its range"));
                            }
                        )?
                        self.$name = from_number!($ty, value);
                        return true;
                    }
                )*
                false
            }
        }

        /// Every knob, in declaration order.
        pub static KNOBS: &[Knob] = &[$(
            Knob {
                name: stringify!($name),
                doc: $doc,
                kind: kind_of!($ty $(, $min, $max, $step)?),
                get: |profile| profile.$name as i64,
                set: |profile, value| profile.$name = from_number!($ty, value),
            },
        )*];
    };
}

profile! {
    /// Alpha-beta reduces late moves (late-move reductions).
    late_move_reductions: bool = false;
    /// The shallowest depth at which late moves are reduced.
    lmr_min_depth: i32 = 3, 2..=8, step 1;
    /// Moves before this index in the ordered list are never reduced.
    lmr_first_reduced: i32 = 3, 1..=12, step 1;
    /// The reduction is ln(depth) * ln(index) * 100 / this (larger reduces less).
    lmr_divisor: i32 = 225, 100..=600, step 25;
    /// Alpha-beta tries null moves (two players, where the rules can hand the turn over).
    null_move: bool = false;
    /// The fewest plies left at which a null move is tried.
    null_move_min_depth: i32 = 3, 2..=8, step 1;
    /// The null move's reply is searched this many plies shallower, plus depth / the next knob.
    null_move_reduction: i32 = 2, 1..=5, step 1;
    /// The null move's reduction grows a ply per this many plies of depth.
    null_move_depth_divisor: i32 = 6, 2..=20, step 2;
    /// Alpha-beta cuts a node near the horizon whose static value beats beta by a margin.
    futility: bool = false;
    /// The most plies left at which a node is cut by its static value.
    futility_max_depth: i32 = 3, 1..=8, step 1;
    /// The futility margin per ply left, in the game's centipawns.
    futility_margin: i32 = 100, 10..=1000, step 15;
    /// Alpha-beta searches the noisy decisions past the horizon (quiescence search).
    quiescence: bool = false;
    /// Alpha-beta counts no ply for a decision that finishes a turn or answers a threat.
    extensions: bool = false;
    /// Alpha-beta searches a node that the table knows no move for a ply shallower (IIR).
    internal_reductions: bool = false;
    /// The shallowest depth at which internal iterative reductions apply.
    iir_min_depth: i32 = 4, 2..=12, step 1;
    /// Alpha-beta leaves out late quiet moves near the horizon (late-move pruning).
    late_move_pruning: bool = false;
    /// The most plies left at which late quiet moves are left out.
    lmp_max_depth: i32 = 2, 1..=6, step 1;
    /// Late-move pruning keeps this many moves, plus the next knob times depth squared.
    lmp_base: i32 = 3, 0..=20, step 1;
    /// Late-move pruning's moves kept per depth squared, in hundredths.
    lmp_per_depth_squared: i32 = 100, 25..=400, step 15;
    /// The half-width of the first aspiration window, in the game's centipawns.
    aspiration_window: i32 = 40, 5..=400, step 5;
    /// The first iteration that searches with an aspiration window.
    aspiration_min_depth: i32 = 4, 2..=10, step 1;
    /// An aspiration window that widens past this half-width opens fully, in centipawns.
    aspiration_max_window: i32 = 1000, 100..=4000, step 50;
    /// A draw's worth over an even evaluation to p1 when the search is p1's, in centipawns.
    draw_preference_p1: i32 = 0, -500..=500, step 15;
    /// A draw's worth over an even evaluation to p2 when the search is p2's, in centipawns.
    draw_preference_p2: i32 = 0, -500..=500, step 15;
    /// The game's evaluation per tenfold change in the odds of winning (tools/tune fits it).
    evaluation_decade: i32 = 400, 50..=5000, step 40;
    /// The moves a clock is spread over when `go` gives no movestogo (and the most it may).
    moves_to_go: i32 = 30, 3..=200, step 3;
    /// The share of the increment a move may spend beyond its share of the clock, in percent.
    increment_share: i32 = 75, 0..=100, step 5;
    /// The hard time limit is this many times the soft one (within the clock's bound).
    hard_time_ratio: i32 = 4, 1..=10, step 1;
    /// MCTS scores new leaves by random playouts to the end instead of the evaluation.
    mcts_playouts: bool = false;
    /// The MCTS exploration constant, in hundredths (rewards run from 0 to 1).
    mcts_exploration: i32 = 50, 1..=1000, step 5;
    /// Guided MCTS: the evaluation's minimax value's weight against the mean reward, percent.
    mcts_minimax: i32 = 40, 0..=100, step 5;
    /// Guided MCTS: a move this many centipawns worse than the best gets 1/e of its prior.
    mcts_prior_temperature: i32 = 120, 5..=2000, step 10;
    /// Guided MCTS: PUCT divides an edge's exploration by its visits plus this, in hundredths.
    mcts_visit_offset: i32 = 100, 1..=1000, step 10;
}

impl Default for Profile {
    fn default() -> Self {
        Profile::STANDARD
    }
}

impl Profile {
    /// The standard profile with a profile text's `name value` lines applied (`#` starts a
    /// comment; switches are `on` or `off`). An unknown knob, a malformed line or a value
    /// outside its range stops the build (the function runs in a game's `const`).
    pub const fn parse(text: &str) -> Profile {
        let mut profile = Profile::STANDARD;
        let bytes = text.as_bytes();
        let mut at = 0;
        while let Some(Pair {
            name: (name_start, name_end),
            value: (value_start, value_end),
        }) = next_pair(bytes, &mut at)
        {
            let value = if same(bytes, value_start, value_end, b"on") {
                1
            } else if same(bytes, value_start, value_end, b"off") {
                0
            } else {
                integer(bytes, value_start, value_end) as i64
            };
            if !profile.set_named(bytes, name_start, name_end, value) {
                panic!("the profile text names a knob the search does not have");
            }
        }
        profile
    }

    /// The knob named `name`.
    pub fn knob(name: &str) -> Option<&'static Knob> {
        KNOBS.iter().find(|knob| knob.name == name)
    }

    /// This profile with each knob that `overrides` gives a value set to it.
    pub fn overridden(mut self, overrides: &Overrides) -> Profile {
        for (knob, value) in KNOBS.iter().zip(&overrides.0) {
            if let Some(value) = *value {
                (knob.set)(&mut self, value);
            }
        }
        self
    }

    /// How much more than an even evaluation a draw is worth to each seat (`p1`, `p2`) when
    /// the search is that seat's (two players).
    pub fn draw_preference(&self) -> [i32; 2] {
        [self.draw_preference_p1, self.draw_preference_p2]
    }

    /// This profile with every switch off (its numbers kept): plain alpha-beta.
    pub fn plain(mut self) -> Profile {
        for knob in KNOBS.iter().filter(|k| k.kind == KnobKind::Switch) {
            (knob.set)(&mut self, 0);
        }
        self
    }
}

/// Values that override some knobs of a game's profile (the `profile.<name>` options, and the
/// public options that stand for a knob, such as `Reductions`), by knob index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overrides(Vec<Option<i64>>);

impl Default for Overrides {
    fn default() -> Self {
        Overrides(vec![None; KNOBS.len()])
    }
}

impl Overrides {
    /// The override of knob `index`, if any.
    pub fn get(&self, index: usize) -> Option<i64> {
        self.0.get(index).copied().flatten()
    }

    /// Overrides knob `index` with `value`, or removes its override for `None`.
    pub fn set(&mut self, index: usize, value: Option<i64>) {
        self.0[index] = value;
    }
}

/// A profile text with knob `name` set to the whole number `value`, checked against the knob's
/// range and written as [`Knob::format`] writes it: its line replaced where it has one, else
/// added at the end; other lines kept, and the line's comment too unless `comment` gives a new
/// one. The tools that write a game's `profile.txt` (`tools/tune`, `arena tune`) go through it.
pub fn set_knob_in_text(
    text: &str,
    name: &str,
    value: i64,
    comment: Option<&str>,
) -> Result<String, String> {
    let knob = Profile::knob(name).ok_or_else(|| format!("the profile has no knob '{name}'"))?;
    let value = knob.check(value)?;
    Ok(set_in_text(text, name, &knob.format(value), comment))
}

/// A profile text with the line of knob `name` set to `value` (see [`set_knob_in_text`]).
fn set_in_text(text: &str, name: &str, value: &str, comment: Option<&str>) -> String {
    let mut found = false;
    let mut out = String::with_capacity(text.len() + 32);
    for line in text.lines() {
        let mut words = line.split_whitespace();
        if words.next() == Some(name) && !found {
            found = true;
            out.push_str(&format!("{name} {value}"));
            match (comment, line.find('#')) {
                (Some(new), _) => out.push_str(&format!(" # {new}")),
                (None, Some(at)) => out.push_str(&format!(" {}", &line[at..])),
                (None, None) => {}
            }
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    if !found {
        out.push_str(&format!("{name} {value}"));
        if let Some(new) = comment {
            out.push_str(&format!(" # {new}"));
        }
        out.push('\n');
    }
    out
}

/// The lines of `tabula profile`: each knob with the game's value, the standard one where the
/// game differs, its range and its meaning.
pub fn listing(profile: &Profile) -> Vec<String> {
    let width = KNOBS.iter().map(|k| k.name.len()).max().unwrap_or(0);
    KNOBS
        .iter()
        .map(|knob| {
            let value = (knob.get)(profile);
            let standard = (knob.get)(&Profile::STANDARD);
            let range = match knob.kind {
                KnobKind::Switch => "on/off".to_string(),
                KnobKind::Number { min, max, step } => format!("{min}..={max} step {step}"),
            };
            let changed = match value == standard {
                true => String::new(),
                false => format!(" (standard {})", knob.format(standard)),
            };
            let shown = knob.format(value);
            let range = format!("[{range}]{changed}");
            format!("{:width$} {shown:>5}  {range:36} {}", knob.name, knob.doc)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_text_sets_the_knobs_it_names_and_leaves_the_rest_standard() {
        const TEXT: &str = "# a comment\nfutility on\n  futility_margin 140 # per ply\n";
        const PARSED: Profile = Profile::parse(TEXT);
        assert_eq!(PARSED.futility_margin, 140);
        let expected = Profile {
            futility: true,
            futility_margin: 140,
            ..Profile::STANDARD
        };
        assert_eq!(PARSED, expected);
    }

    #[test]
    fn every_knob_reads_back_what_is_set_and_refuses_values_outside_its_range() {
        for knob in KNOBS {
            let standard = (knob.get)(&Profile::STANDARD);
            assert_eq!(knob.check(standard), Ok(standard), "{}", knob.name);
            let (low, high) = match knob.kind {
                KnobKind::Switch => (0, 1),
                KnobKind::Number { min, max, step } => {
                    assert!(min < max && step > 0 && step <= max - min, "{}", knob.name);
                    (min, max)
                }
            };
            for value in [low, high] {
                let mut profile = Profile::STANDARD;
                (knob.set)(&mut profile, value);
                assert_eq!((knob.get)(&profile), value, "{}", knob.name);
                assert_eq!(knob.parse(&knob.format(value)), Ok(value));
            }
            assert!(knob.check(low - 1).is_err() && knob.check(high + 1).is_err());
            assert!(!knob.doc.is_empty());
        }
    }

    #[test]
    fn overrides_change_only_their_knobs() {
        let mut overrides = Overrides::default();
        let index = KNOBS.iter().position(|k| k.name == "lmr_divisor").unwrap();
        overrides.set(index, Some(300));
        let profile = Profile::STANDARD.overridden(&overrides);
        assert_eq!(profile.lmr_divisor, 300);
        assert_eq!(
            Profile {
                lmr_divisor: 225,
                ..profile
            },
            Profile::STANDARD
        );
        overrides.set(index, None);
        assert_eq!(Profile::STANDARD.overridden(&overrides), Profile::STANDARD);
    }

    #[test]
    fn a_knob_set_in_a_text_replaces_its_line_or_is_added() {
        let text = "# header\nfutility on # kept\nmoves_to_go 15\n";
        let set = set_in_text(text, "moves_to_go", "20", None);
        assert_eq!(set, "# header\nfutility on # kept\nmoves_to_go 20\n");
        let added = set_in_text(text, "evaluation_decade", "650", None);
        assert!(added.ends_with("moves_to_go 15\nevaluation_decade 650\n"));
        assert_eq!(Profile::parse(&added).evaluation_decade, 650);
        let with_comment = set_in_text(text, "futility", "off", None);
        assert!(with_comment.contains("futility off # kept\n"));
        let new_comment = set_in_text(text, "futility", "on", Some("new"));
        assert!(new_comment.contains("futility on # new\n"));
        let checked = set_knob_in_text(text, "moves_to_go", 20, None).unwrap();
        assert_eq!(checked, set);
        let switched = set_knob_in_text(text, "futility", 0, None).unwrap();
        assert!(switched.contains("futility off # kept\n"));
        assert!(
            set_knob_in_text(text, "moves_to_go", 2, None).is_err(),
            "below its range"
        );
        assert!(set_knob_in_text(text, "no_such_knob", 2, None).is_err());
    }
}
