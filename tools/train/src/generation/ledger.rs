//! A game's `generations.tsv`: one row per generation run, kept or not, with all that
//! rebuilds its net (parent, data command, seed, shards, earlier data, train command) and what
//! its gate and speed measured.

use std::path::Path;

/// The columns, in order (the file's first line).
pub const COLUMNS: [&str; 20] = [
    "generation",
    "parent",
    "parent_hash",
    "datagen",
    "shards",
    "seed",
    "with_data",
    "positions",
    "train",
    "policy",
    "train_seconds",
    "validation_loss",
    "gate",
    "games",
    "elo",
    "ptnml",
    "llr",
    "nps_vs_parent",
    "kept",
    "net",
];

/// One generation's row: each column's text, in [`COLUMNS`]' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row(pub Vec<String>);

impl Row {
    /// The text of column `name`.
    pub fn get(&self, name: &str) -> &str {
        let index = COLUMNS
            .iter()
            .position(|c| *c == name)
            .expect("a ledger column");
        &self.0[index]
    }

    fn line(&self) -> String {
        self.0
            .iter()
            .map(|field| field.replace(['\t', '\n'], " "))
            .collect::<Vec<_>>()
            .join("\t")
    }
}

/// The rows of the ledger at `path` (none where it does not exist yet).
pub fn rows(path: &Path) -> Result<Vec<Row>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read '{}': {e}", path.display())),
    };
    let mut lines = text.lines();
    if lines.next() != Some(COLUMNS.join("\t").as_str()) {
        return Err(format!(
            "'{}' does not start with the ledger's columns",
            path.display()
        ));
    }
    lines
        .filter(|line| !line.is_empty())
        .map(|line| {
            let fields: Vec<String> = line.split('\t').map(str::to_string).collect();
            match fields.len() == COLUMNS.len() {
                true => Ok(Row(fields)),
                false => Err(format!(
                    "'{}': a row of {} fields",
                    path.display(),
                    fields.len()
                )),
            }
        })
        .collect()
}

/// The row of generation `generation` in the ledger at `path`.
pub fn find(path: &Path, generation: u32) -> Result<Row, String> {
    rows(path)?
        .into_iter()
        .find(|row| row.get("generation") == generation.to_string())
        .ok_or_else(|| format!("'{}' has no generation {generation}", path.display()))
}

/// Appends `row` to the ledger at `path` (starting it with the columns line).
pub fn append(path: &Path, row: &Row) -> Result<(), String> {
    use std::io::Write;
    let fresh = !path.exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    let mut text = String::new();
    if fresh {
        text.push_str(&COLUMNS.join("\t"));
        text.push('\n');
    }
    text.push_str(&row.line());
    text.push('\n');
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_append_and_read_back_by_generation() {
        let path = std::env::temp_dir().join(format!("ledger-{}.tsv", std::process::id()));
        let _ = std::fs::remove_file(&path);
        assert!(rows(&path).unwrap().is_empty());
        let row = |generation: u32| {
            let mut fields: Vec<String> = COLUMNS.iter().map(|c| format!("{c} value")).collect();
            fields[0] = generation.to_string();
            fields[3] = "--games 8\twith a tab".to_string();
            Row(fields)
        };
        append(&path, &row(1)).unwrap();
        append(&path, &row(2)).unwrap();
        assert_eq!(rows(&path).unwrap().len(), 2);
        let second = find(&path, 2).unwrap();
        assert_eq!(second.get("datagen"), "--games 8 with a tab");
        assert_eq!(second.get("net"), "net value");
        assert!(find(&path, 3).unwrap_err().contains("no generation 3"));
        std::fs::remove_file(&path).unwrap();
    }
}
