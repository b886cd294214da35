//! `tabula profile`: a game's search profile, knob by knob, and the parameters `arena tune`
//! takes for the knobs to tune.

use super::cli::Context;
use crate::game::profile::{KnobKind, OPTION_PREFIX, Profile, listing};
use crate::registry::Entry;

/// `tabula profile`'s arguments.
#[derive(clap::Args)]
pub struct ProfileArgs {
    /// Instead, print `arena tune` parameters for these number knobs (comma-separated).
    #[arg(long)]
    tune: Option<String>,
}

impl ProfileArgs {
    /// Lists `--game`'s profile (see [`run`]).
    pub fn run(self, context: &Context) -> Result<(), String> {
        run(&context.entry, self.tune.as_deref(), context.emit)
    }
}

/// Writes `entry`'s profile (every knob with its value, range and meaning) or, with `tune`
/// naming knobs (comma-separated), one `arena tune` parameter per knob:
/// `--param profile.<knob>=<value>,<min>,<max>,<step>`.
pub fn run(entry: &Entry, tune: Option<&str>, emit: &dyn Fn(&str)) -> Result<(), String> {
    let Some(names) = tune else {
        emit(&format!(
            "# {}'s search profile (profile.txt in its folder under src/games)",
            entry.name
        ));
        for line in listing(&entry.profile) {
            emit(&line);
        }
        return Ok(());
    };
    for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let knob =
            Profile::knob(name).ok_or_else(|| format!("the profile has no knob '{name}'"))?;
        let KnobKind::Number { min, max, step } = knob.kind else {
            return Err(format!("{name} is a switch: only numbers are tuned"));
        };
        let value = (knob.get)(&entry.profile);
        emit(&format!(
            "--param {OPTION_PREFIX}{name}={value},{min},{max},{step}"
        ));
    }
    Ok(())
}
