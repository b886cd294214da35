use super::*;
use crate::game::profile::Profile;
use crate::options::choices::SearchKind;
use crate::search::Style;

/// Every value an option declares (combos: each word; spins: both ends; checks: both;
/// knobs: both ends of their range).
fn values(spec: &OptionSpec) -> Vec<String> {
    match &spec.value {
        Value::Spin { min, max, .. } => vec![min.to_string(), max.to_string()],
        Value::Combo { words, .. } => words.iter().map(|w| w.to_string()).collect(),
        Value::Check { .. } => vec!["true".to_string(), "false".to_string()],
        // A text keeps its case; only the empty one is a word (in any case).
        Value::Text { .. } => vec![EMPTY.to_string()],
        Value::Switch { .. } => SWITCH_WORDS.map(str::to_string).to_vec(),
        Value::Tuned { knob } | Value::Knob { knob } => match KNOBS[*knob].kind {
            KnobKind::Number { min, max, .. } => vec![min.to_string(), max.to_string()],
            KnobKind::Switch => vec!["on".to_string(), "off".to_string()],
        },
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
                assert_eq!(table.get(&spec.name, &change.options), Some(value.clone()));
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
            // Any text is a file name here; the protocol refuses one it cannot read.
            Value::Text { .. } => continue,
            Value::Spin { max, .. } => (max + 1).to_string(),
            Value::Tuned { knob } | Value::Knob { knob } => match KNOBS[*knob].kind {
                KnobKind::Number { max, .. } => (max + 1).to_string(),
                KnobKind::Switch => "2".to_string(),
            },
            _ => "nonsense".to_string(),
        };
        let args = ["name", spec.name.as_str(), "value", &bad];
        assert!(
            table.parse_setoption(&args, &defaults).is_err(),
            "{}",
            spec.name
        );
        let declared = table.get(&spec.name, &defaults).unwrap();
        let args = ["name", spec.name.as_str(), "value", &declared];
        let change = table.parse_setoption(&args, &defaults).unwrap();
        assert_eq!(change.options, defaults, "{} keeps its default", spec.name);
    }
    let spin_below = ["name", "Hash", "value", "0"];
    assert!(table.parse_setoption(&spin_below, &defaults).is_err());
}

#[test]
fn every_declared_option_is_declared_once_with_its_default_and_knobs_are_hidden() {
    let registry = Registry::standard();
    let table = OptionTable::new(&registry);
    let defaults = EngineOptions::defaults(&registry);
    let lines = table.declarations(&defaults);
    let declared: Vec<&OptionSpec> = table.declared().collect();
    assert_eq!(lines.len(), declared.len());
    for (line, spec) in lines.iter().zip(declared) {
        let default = table.get(&spec.name, &defaults).unwrap();
        let start = format!("option name {} type ", spec.name);
        assert!(line.starts_with(&start), "{line}");
        assert!(line.contains(&format!(" default {default}")), "{line}");
    }
    for knob in KNOBS {
        let name = knob.option_name();
        assert!(!lines.iter().any(|l| l.contains(&name)), "{name} is hidden");
        assert!(
            table.specs.iter().any(|s| s.name == name),
            "{name} is settable"
        );
    }
}

/// The profile the options give `game`'s search.
fn profile_of(options: &EngineOptions, registry: &Registry, game: &str) -> Profile {
    options.style(registry.find(game).unwrap()).profile
}

#[test]
fn minimax_minus_one_takes_each_game_s_profile_and_a_percent_overrides_it() {
    let registry = Registry::standard();
    let table = OptionTable::new(&registry);
    let mut options = EngineOptions::defaults(&registry);
    options.search = SearchKind::Mcts;
    for entry in registry.entries() {
        let style = options.style(entry);
        assert!(style.mcts.is_some(), "MCTS is the search");
        assert_eq!(style.profile.mcts_minimax, entry.profile.mcts_minimax);
    }
    let args = ["name", "Minimax", "value", "55"];
    let options = table.parse_setoption(&args, &options).unwrap().options;
    for entry in registry.entries() {
        assert_eq!(options.style(entry).profile.mcts_minimax, 55);
    }
}

#[test]
fn each_public_switch_s_auto_takes_its_game_s_profile_and_on_or_off_overrides_it() {
    let registry = Registry::standard();
    let table = OptionTable::new(&registry);
    let defaults = EngineOptions::defaults(&registry);
    let switches = table
        .specs
        .iter()
        .filter_map(|spec| match spec.value {
            Value::Switch { knob } => Some((spec.name.as_str(), &KNOBS[knob])),
            _ => None,
        })
        .collect::<Vec<_>>();
    assert_eq!(switches.len(), 7);
    for (name, knob) in switches {
        for entry in registry.entries() {
            let auto = (knob.get)(&profile_of(&defaults, &registry, entry.name));
            assert_eq!(
                auto,
                (knob.get)(&entry.profile),
                "{name} auto in {}",
                entry.name
            );
        }
        for (word, expected) in [("on", 1), ("off", 0)] {
            let args = ["name", name, "value", word];
            let options = table.parse_setoption(&args, &defaults).unwrap().options;
            for game in registry.names() {
                let value = (knob.get)(&profile_of(&options, &registry, game));
                assert_eq!(value, expected, "{name} {word} in {game}");
            }
        }
    }
}

#[test]
fn a_hidden_knob_overrides_one_number_of_every_game_and_auto_gives_it_back() {
    let registry = Registry::standard();
    let table = OptionTable::new(&registry);
    let defaults = EngineOptions::defaults(&registry);
    let set = |value: &str, options: &EngineOptions| {
        let args = ["name", "profile.futility_margin", "value", value];
        table.parse_setoption(&args, options).map(|c| c.options)
    };
    let options = set("140", &defaults).unwrap();
    for entry in registry.entries() {
        let profile = profile_of(&options, &registry, entry.name);
        let expected = Profile {
            futility_margin: 140,
            ..entry.profile
        };
        assert_eq!(profile, expected, "{}", entry.name);
    }
    assert_eq!(set("auto", &options).unwrap(), defaults);
    assert!(set("5", &defaults).is_err(), "below the knob's range");
    let plain = Style::default().profile;
    assert_eq!(plain, Profile::STANDARD);
}
