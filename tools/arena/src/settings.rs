//! The `key=value` words of the command line: engines, limits, openings and the SPRT.

use std::time::Duration;

use rand::Rng;

use crate::openings;
use crate::referee::{GameSettings, Opening};
use crate::stats::Sprt;
use ugi::clock::Limits;
use ugi::engine::EngineSpec;

/// How the games of a match or a tuning run are set up and run.
#[derive(clap::Args)]
pub struct Playing {
    /// file=<path> (one opening per line) or random=<plies> [count=<n>].
    #[arg(long, num_args = 1..)]
    pub openings: Vec<String>,
    /// Games (a tuning run: pairs) played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of the dice and of generated openings (a tuning run's flips too).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds an engine may take to answer the handshake and each `isready` (an engine's
    /// own `handshake=<s>` overrides it).
    #[arg(long, value_name = "S", default_value_t = ugi::engine::HANDSHAKE_TIME.as_secs_f64())]
    pub handshake_timeout: f64,
}

impl Playing {
    /// `--each` words over the handshake limit of `--handshake-timeout`.
    pub fn each(&self, words: &[String]) -> Result<Common, String> {
        let seconds = self.handshake_timeout;
        let limit = Duration::try_from_secs_f64(seconds)
            .map_err(|_| format!("bad time '{seconds}' for --handshake-timeout"))?;
        let base = Common {
            handshake: Some(limit),
            ..Common::default()
        };
        parse_limits(words, Some(&base))
    }
}

/// Limits and options given for every engine (`--each`) or for one.
#[derive(Clone, Debug, Default)]
pub struct Common {
    /// Per-move limits.
    pub limits: Limits,
    /// `setoption` pairs.
    pub options: Vec<(String, String)>,
    /// The handshake limit (`handshake=<s>`), if given.
    pub handshake: Option<Duration>,
}

fn split(word: &str) -> Result<(&str, &str), String> {
    word.split_once('=')
        .ok_or_else(|| format!("expected key=value, got '{word}'"))
}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("bad value '{value}' for {key}"))
}

/// Seconds as milliseconds (`10`, `0.1`).
fn millis(key: &str, seconds: &str) -> Result<u64, String> {
    let s: f64 = number(key, seconds)?;
    if !(0.0..1e9).contains(&s) {
        return Err(format!("bad time '{seconds}' for {key}"));
    }
    Ok((s * 1000.0).round() as u64)
}

/// Applies one limit or option word to `common`; returns false for a key it does not know.
fn apply(common: &mut Common, key: &str, value: &str) -> Result<bool, String> {
    match key {
        "tc" => {
            let (base, inc) = value.split_once('+').unwrap_or((value, "0"));
            common.limits.clock = Some((millis(key, base)?, millis(key, inc)?));
        }
        "movetime" => common.limits.movetime = Some(number(key, value)?),
        "nodes" => common.limits.nodes = Some(number(key, value)?),
        "depth" => common.limits.depth = Some(number(key, value)?),
        "handshake" => common.handshake = Some(Duration::from_millis(millis(key, value)?)),
        _ => match key.strip_prefix("option.") {
            Some(name) => common.options.push((name.to_string(), value.to_string())),
            None => return Ok(false),
        },
    }
    Ok(true)
}

/// Parses `--each` words (or an engine's own, over `base`).
pub fn parse_limits(words: &[String], base: Option<&Common>) -> Result<Common, String> {
    let mut common = base.cloned().unwrap_or_default();
    for word in words {
        let (key, value) = split(word)?;
        if !apply(&mut common, key, value)? {
            return Err(format!("unknown key '{key}' in --each"));
        }
    }
    Ok(common)
}

/// Parses one `--engine`: `cmd=` and `name=` plus limits and options, over `each`.
pub fn parse_engine(words: &[String], each: &Common) -> Result<(EngineSpec, Limits), String> {
    let (mut spec, rest) = EngineSpec::parse(words)?;
    let mut common = each.clone();
    for (key, value) in &rest {
        if !apply(&mut common, key, value)? {
            return Err(format!("unknown key '{key}' in --engine"));
        }
    }
    let limits = common.limits;
    if limits == Limits::default() {
        return Err(format!(
            "engine '{}' has no limit: give tc=, movetime=, nodes= or depth=",
            spec.cmd
        ));
    }
    common.options.append(&mut spec.options);
    spec.options = common.options;
    spec.handshake = common.handshake.unwrap_or(spec.handshake);
    Ok((spec, limits))
}

/// Parses `--openings`: `file=<path>`, or `random=<plies> [count=<n>]`; none means startpos.
pub fn parse_openings<R: Rng>(
    words: &[String],
    settings: &GameSettings,
    rng: &mut R,
) -> Result<Vec<Opening>, String> {
    let (mut file, mut plies, mut count) = (None, None, 100);
    for word in words {
        match split(word)? {
            ("file", path) => file = Some(path.to_string()),
            ("random", value) => plies = Some(number("random", value)?),
            ("count", value) => count = number("count", value)?,
            (key, _) => return Err(format!("unknown key '{key}' in --openings")),
        }
    }
    match (file, plies) {
        (Some(path), None) => openings::read(&path, settings),
        (None, Some(plies)) => openings::generate(settings, plies, count, rng),
        (None, None) => Ok(vec![Opening::parse("startpos")?]),
        (Some(_), Some(_)) => Err("--openings takes file= or random=, not both".to_string()),
    }
}

/// Parses `--sprt elo0= elo1= alpha= beta=` (alpha and beta default to 0.05).
pub fn parse_sprt(words: &[String]) -> Result<Option<Sprt>, String> {
    if words.is_empty() {
        return Ok(None);
    }
    let mut sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for word in words {
        let (key, value) = split(word)?;
        let v: f64 = number(key, value)?;
        match key {
            "elo0" => sprt.elo0 = v,
            "elo1" => sprt.elo1 = v,
            "alpha" => sprt.alpha = v,
            "beta" => sprt.beta = v,
            _ => return Err(format!("unknown key '{key}' in --sprt")),
        }
    }
    let probability = 0.0..0.5;
    if sprt.elo1 <= sprt.elo0
        || !probability.contains(&sprt.alpha)
        || !probability.contains(&sprt.beta)
        || sprt.alpha == 0.0
        || sprt.beta == 0.0
    {
        return Err("--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5".to_string());
    }
    Ok(Some(sprt))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn engines_take_each_and_their_own_settings() {
        let each = parse_limits(&words("tc=10+0.1 option.Hash=16"), None).unwrap();
        let (spec, limits) = parse_engine(
            &words("cmd=./tabula name=new option.Threads=2 nodes=500"),
            &each,
        )
        .unwrap();
        assert_eq!(spec.name, "new");
        assert_eq!(limits.clock, Some((10_000, 100)));
        assert_eq!(limits.nodes, Some(500));
        assert_eq!(spec.options.len(), 2);
        assert!(parse_engine(&words("name=x nodes=5"), &each).is_err());
        assert!(parse_engine(&words("cmd=x"), &Common::default()).is_err());
        assert!(parse_engine(&words("cmd=x bogus=1"), &each).is_err());
    }

    #[test]
    fn sprt_bounds_are_checked() {
        let sprt = parse_sprt(&words("elo0=0 elo1=10 alpha=0.05 beta=0.1"))
            .unwrap()
            .unwrap();
        assert_eq!((sprt.elo1, sprt.beta), (10.0, 0.1));
        assert!(parse_sprt(&words("elo0=5 elo1=0")).is_err());
        assert_eq!(parse_sprt(&[]).unwrap(), None);
    }
}
