//! The net a generation starts from and is gated against.

use std::path::PathBuf;

use super::stages::{StageKey, quoted_path};

/// The net a generation starts from.
#[derive(Clone, Debug)]
pub enum Parent {
    /// The engine's embedded net.
    Builtin,
    /// The hand-written evaluation.
    Classic,
    /// A net file.
    File(PathBuf),
}

impl Parent {
    pub fn parse(text: &str) -> Self {
        match text {
            "builtin" => Parent::Builtin,
            "classic" => Parent::Classic,
            path => Parent::File(PathBuf::from(path)),
        }
    }

    /// Its content hash for stage keys and the ledger (the engine's hash stands for the
    /// built-in evaluations).
    pub fn hash(&self) -> Result<String, String> {
        match self {
            Parent::File(path) => Ok(StageKey::new("net").file(path)?.hex()),
            Parent::Builtin => Ok("builtin".to_string()),
            Parent::Classic => Ok("classic".to_string()),
        }
    }

    /// `tabula datagen`'s options for it.
    pub fn datagen_options(&self) -> String {
        match self {
            Parent::Builtin => "--eval net".to_string(),
            Parent::Classic => "--eval classic".to_string(),
            Parent::File(path) => format!("--eval net --eval-file {}", quoted_path(path)),
        }
    }

    /// The engine options (name, value) that make the engine play with it.
    pub fn engine_options(&self) -> Vec<(&'static str, String)> {
        match self {
            Parent::Builtin => vec![("Eval", "net".to_string())],
            Parent::Classic => vec![("Eval", "classic".to_string())],
            Parent::File(path) => vec![
                ("Eval", "net".to_string()),
                ("EvalFile", path.display().to_string()),
            ],
        }
    }
}
