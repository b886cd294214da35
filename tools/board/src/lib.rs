//! `board`: a local web board for tabula's games. It links tabula's rules as the referee,
//! talks UGI to the engines named on its command line, and serves a page that draws any
//! game from the view the game gives of itself.

pub mod board;
pub mod bounds;
pub mod driver;
pub mod guard;
pub mod info;
pub mod lobby;
pub mod server;
pub mod setup;
pub mod snapshot;
pub mod table;

use ugi::engine::EngineSpec;

/// Tabula itself from this very binary (`<exe> --ugi`): alpha-beta, MCTS and random.
pub fn own_engines() -> Result<Vec<EngineSpec>, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let quoted = format!("'{}'", exe.display().to_string().replace('\'', r"'\''"));
    let engine = |name: &str, search: &str| EngineSpec {
        name: name.to_string(),
        cmd: format!("{quoted} --ugi"),
        options: vec![("Search".to_string(), search.to_string())],
        handshake: ugi::engine::HANDSHAKE_TIME,
    };
    Ok(vec![
        engine("tabula alpha-beta", "alphabeta"),
        engine("tabula mcts", "mcts"),
        engine("tabula random", "random"),
    ])
}
