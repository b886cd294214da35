//! Decisions and their tokens: `@v`, `a-b`, `xv`, `pass`.

use super::board::POINTS;

/// One Dimraw decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DmMove {
    /// Put a hand piece on this empty point.
    Place(u8),
    /// Move a piece from the first point to the second along an edge.
    Step(u8, u8),
    /// Remove the opponent's piece on this point.
    Remove(u8),
    /// Do nothing (only when nothing else is legal).
    #[default]
    Pass,
}

impl DmMove {
    /// A compact code: kind in bits 10-11, the points in bits 0-9.
    pub fn code(self) -> u16 {
        match self {
            DmMove::Pass => 0,
            DmMove::Place(v) => 1 << 10 | v as u16,
            DmMove::Step(a, b) => 2 << 10 | (a as u16) << 5 | b as u16,
            DmMove::Remove(v) => 3 << 10 | v as u16,
        }
    }

    /// The token.
    pub fn token(self) -> String {
        match self {
            DmMove::Pass => "pass".to_string(),
            DmMove::Place(v) => format!("@{v}"),
            DmMove::Step(a, b) => format!("{a}-{b}"),
            DmMove::Remove(v) => format!("x{v}"),
        }
    }
}

/// Parses a point number `0`..`19` with no leading zero.
fn point(text: &str) -> Option<u8> {
    let valid = !text.is_empty() && text.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit());
    let value: usize = text
        .parse()
        .ok()
        .filter(|_| valid && (text == "0" || !text.starts_with('0')))?;
    (value < POINTS).then_some(value as u8)
}

/// Checks the grammar `"@" V | V "-" V | "x" V | "pass"`.
pub fn check_syntax(token: &str) -> Result<(), String> {
    let ok = if token == "pass" {
        true
    } else if let Some(rest) = token.strip_prefix('@').or_else(|| token.strip_prefix('x')) {
        point(rest).is_some()
    } else if let Some((a, b)) = token.split_once('-') {
        point(a).is_some() && point(b).is_some()
    } else {
        false
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "malformed token '{token}': expected @v, a-b, xv or pass with points 0..19"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar() {
        for good in ["@0", "@19", "9-3", "x12", "pass", "10-11"] {
            assert!(check_syntax(good).is_ok(), "{good}");
        }
        for bad in [
            "@20", "@07", "x", "9-", "-3", "PASS", "@ 1", "9--3", "x-1", "@+1", "3-4-5",
        ] {
            assert!(check_syntax(bad).is_err(), "{bad}");
        }
    }
}
