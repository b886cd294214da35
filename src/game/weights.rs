//! Evaluation weights as data. A game with a tunable evaluation keeps its weights in a
//! `weights.txt` beside its code, one `name value` pair per line (`#` starts a comment), and
//! reads them at compile time with [`parse`]; its evaluation is the dot product of those
//! weights with the position's terms ([`dot`]). `tools/tune` fits the weights to game results
//! and writes the file ([`format`]).

/// The weights named `names`, in that order, from a weights text. A missing, repeated or
/// malformed weight stops the build (the function runs in a `const`).
pub const fn parse<const N: usize>(text: &str, names: [&str; N]) -> [i32; N] {
    let mut weights = [0; N];
    let mut found = [false; N];
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(Pair {
        name: (name_start, name_end),
        value: (value_start, value_end),
    }) = next_pair(bytes, &mut at)
    {
        let mut i = 0;
        while i < N && !same(bytes, name_start, name_end, names[i].as_bytes()) {
            i += 1;
        }
        if i == N {
            panic!("the weights text names a term the evaluation does not have");
        }
        if found[i] {
            panic!("the weights text gives a term twice");
        }
        weights[i] = integer(bytes, value_start, value_end);
        found[i] = true;
    }
    let mut i = 0;
    while i < N {
        if !found[i] {
            panic!("the weights text lacks a term of the evaluation");
        }
        i += 1;
    }
    weights
}

/// Where the name and the value of one `name value` line of a data text lie in its bytes.
#[derive(Clone, Copy)]
pub(crate) struct Pair {
    /// The name's start and end.
    pub name: (usize, usize),
    /// The value's start and end.
    pub value: (usize, usize),
}

/// The next pair of a `name value` text (`#` starts a comment) from byte `*at` on, blank and
/// comment lines skipped; `*at` moves past its line. `None` at the end of the text. A line
/// with more than a name and a value stops the build (the function runs in a `const`). The
/// weights and the search profile ([`crate::game::profile::Profile::parse`]) are such texts.
pub(crate) const fn next_pair(bytes: &[u8], at: &mut usize) -> Option<Pair> {
    while *at < bytes.len() {
        let end = line_end(bytes, *at);
        let (name_start, name_end) = word(bytes, *at, end);
        *at = end + 1;
        if name_start == name_end || bytes[name_start] == b'#' {
            continue;
        }
        let (value_start, value_end) = word(bytes, name_end, end);
        let (rest, _) = word(bytes, value_end, end);
        if rest != end && bytes[rest] != b'#' {
            panic!("a line has more than a name and a value");
        }
        return Some(Pair {
            name: (name_start, name_end),
            value: (value_start, value_end),
        });
    }
    None
}

/// Where the line starting at `from` ends (its newline, or the end of the text).
const fn line_end(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while at < bytes.len() && bytes[at] != b'\n' {
        at += 1;
    }
    at
}

/// The first word within `bytes[from..end]`, as (start, end); (end, end) when there is none.
const fn word(bytes: &[u8], from: usize, end: usize) -> (usize, usize) {
    let mut start = from;
    while start < end && bytes[start].is_ascii_whitespace() {
        start += 1;
    }
    let mut stop = start;
    while stop < end && !bytes[stop].is_ascii_whitespace() {
        stop += 1;
    }
    (start, stop)
}

/// Whether `bytes[start..end]` spells `name`.
pub(crate) const fn same(bytes: &[u8], start: usize, end: usize, name: &[u8]) -> bool {
    if end - start != name.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        if bytes[start + i] != name[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The signed decimal integer `bytes[start..end]`.
pub(crate) const fn integer(bytes: &[u8], start: usize, end: usize) -> i32 {
    let negative = start < end && bytes[start] == b'-';
    let mut at = start + negative as usize;
    if at == end {
        panic!("a name without a value");
    }
    let mut value: i32 = 0;
    while at < end {
        let digit = bytes[at];
        if !digit.is_ascii_digit() || value > 100_000_000 {
            panic!("a value that is not a whole number of reasonable size");
        }
        value = value * 10 + (digit - b'0') as i32;
        at += 1;
    }
    if negative { -value } else { value }
}

/// The evaluation: the weights' dot product with the terms.
#[inline]
pub fn dot<const N: usize>(weights: &[i32; N], terms: &[i32; N]) -> i32 {
    weights.iter().zip(terms).map(|(w, t)| w * t).sum()
}

/// The [`Evaluation`](super::Evaluation) items of an evaluation made of weighted terms, for a
/// game's `impl Evaluation` in its `eval.rs`: `evaluate`, `EVAL_TERMS`, `EVAL_WEIGHTS` and
/// `eval_terms`, from that module's `TERMS` and `WEIGHTS` and the game's
/// `terms(&self, player) -> [i32; N]`.
#[macro_export]
macro_rules! weighted_evaluation {
    () => {
        fn evaluate(&self, player: $crate::game::Player) -> i32 {
            $crate::game::weights::dot(&WEIGHTS, &self.terms(player))
        }

        const EVAL_TERMS: &'static [&'static str] = &TERMS;
        const EVAL_WEIGHTS: &'static [i32] = &WEIGHTS;

        fn eval_terms(&self, player: $crate::game::Player) -> Vec<f64> {
            self.terms(player).map(f64::from).to_vec()
        }
    };
}

/// A weights text for `names` and `weights`, with `header` as its opening comment lines.
pub fn format(header: &str, names: &[&str], weights: &[i32]) -> String {
    let mut text: String = header.lines().map(|line| format!("# {line}\n")).collect();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for (name, weight) in names.iter().zip(weights) {
        text.push_str(&format!("{name:width$} {weight}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# a comment\n\nking -40\n  mobility 2 # trailing\ntempo\t10\n";

    #[test]
    fn weights_are_read_by_name_in_the_asked_order() {
        const W: [i32; 3] = parse(TEXT, ["tempo", "king", "mobility"]);
        assert_eq!(W, [10, -40, 2]);
    }

    #[test]
    fn a_formatted_text_reads_back() {
        let names = ["tempo", "king_height"];
        let text = format("fitted by hand\nsecond line", &names, &[7, -3]);
        assert!(text.starts_with("# fitted by hand\n# second line\n"));
        assert_eq!(parse(&text, names), [7, -3]);
    }

    #[test]
    #[should_panic(expected = "lacks a term")]
    fn a_missing_weight_is_refused() {
        parse(TEXT, ["tempo", "king", "mobility", "edge"]);
    }

    #[test]
    #[should_panic(expected = "does not have")]
    fn an_unknown_weight_is_refused() {
        parse(TEXT, ["tempo", "king"]);
    }

    #[test]
    #[should_panic(expected = "not a whole number")]
    fn a_malformed_value_is_refused() {
        parse("tempo 1x\n", ["tempo"]);
    }

    #[test]
    fn the_dot_product_weighs_each_term() {
        assert_eq!(dot(&[10, -40, 2], &[1, 2, 30]), 10 - 80 + 60);
    }
}
