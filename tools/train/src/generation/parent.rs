//! The net a generation starts from and is gated against.

use std::path::PathBuf;

use super::stages::{StageKey, quoted_path};

/// An evaluation an engine can play with.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The engine's embedded net.
    Builtin,
    /// The hand-written evaluation.
    Classic,
    /// A net file.
    File(PathBuf),
}

impl Evaluation {
    /// The engine options (name, value) that make the engine play with it.
    pub fn engine_options(&self) -> Vec<(&'static str, String)> {
        match self {
            Evaluation::Builtin => vec![("Eval", "net".to_string())],
            Evaluation::Classic => vec![("Eval", "classic".to_string())],
            Evaluation::File(path) => vec![
                ("Eval", "net".to_string()),
                ("EvalFile", path.display().to_string()),
            ],
        }
    }
}

/// The parent: its evaluation and its hash, read once.
#[derive(Clone, Debug)]
pub struct Parent {
    /// What the engine plays with.
    pub evaluation: Evaluation,
    /// Its content hash for stage keys and the ledger (`builtin` or `classic` for the
    /// engine's own evaluations, which the engine's hash stands for).
    pub hash: String,
}

impl Parent {
    /// The parent `text` names: `builtin`, `classic` or a net file (whose bytes are hashed).
    pub fn parse(text: &str) -> Result<Self, String> {
        let (evaluation, hash) = match text {
            "builtin" => (Evaluation::Builtin, text.to_string()),
            "classic" => (Evaluation::Classic, text.to_string()),
            path => {
                let path = PathBuf::from(path);
                let hash = StageKey::new("net").file(&path)?.hex();
                (Evaluation::File(path), hash)
            }
        };
        Ok(Parent { evaluation, hash })
    }

    /// `tabula datagen`'s options for it.
    pub fn datagen_options(&self) -> String {
        match &self.evaluation {
            Evaluation::Builtin => "--eval net".to_string(),
            Evaluation::Classic => "--eval classic".to_string(),
            Evaluation::File(path) => format!("--eval net --eval-file {}", quoted_path(path)),
        }
    }

    /// The engine options that make the engine play with it.
    pub fn engine_options(&self) -> Vec<(&'static str, String)> {
        self.evaluation.engine_options()
    }
}
