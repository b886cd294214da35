use super::*;

/// A finished three-player game of `sample`: seats by engine name, and the winning seat.
fn game(sample: usize, rotation: usize, seats: [&str; 3], winner: usize) -> GameRecord {
    GameRecord {
        game: 3 * sample + rotation,
        sample,
        rotation,
        seats: seats.iter().map(|s| s.to_string()).collect(),
        opening: "startpos".into(),
        result: format!("p{}win", winner + 1),
        scores: (0..3).map(|s| f64::from(u8::from(s == winner))).collect(),
        reason: "rules".into(),
        moves: Vec::new(),
        times: Vec::new(),
        notes: Vec::new(),
        schedule: None,
    }
}

#[test]
fn n_player_summaries_give_each_engine_an_error_over_complete_samples() {
    let header = Header {
        variant: "dwindle".into(),
        players: 3,
        names: vec!["a".into(), "b".into()],
        sprt: None,
    };
    let rotations = [["a", "b", "b"], ["b", "a", "b"], ["b", "b", "a"]];
    let mut tally = Tally::default();
    // Engine a wins every rotation of sample 0, none of sample 1, one of sample 2: its
    // averages by sample are 1, 0 and 1/3; b's (two seats a game) are 0, 1/2 and 1/3.
    for (sample, a_wins) in [[true; 3], [false; 3], [true, false, false]]
        .into_iter()
        .enumerate()
    {
        for (rotation, seats) in rotations.iter().enumerate() {
            let a_seat = seats.iter().position(|&s| s == "a").expect("a plays");
            let winner = if a_wins[rotation] {
                a_seat
            } else {
                (a_seat + 1) % 3
            };
            tally.add(&game(sample, rotation, *seats, winner), &header);
        }
    }
    // An incomplete sample counts in the averages but not in the errors.
    tally.add(&game(3, 0, rotations[0], 0), &header);
    let text = summary(&header, &tally);
    assert!(
        text.contains("a: average score 0.500 (by sample 0.444 +/- 0.576 over 3)"),
        "{text}"
    );
    assert!(
        text.contains("b: average score 0.250 (by sample 0.278 +/- "),
        "{text}"
    );
    assert!(text.contains("Equal share: 0.333 a seat"), "{text}");
    assert!(tally.samples.len() == 1, "complete samples are dropped");
    assert!(!text.contains("Elo") && !text.contains("LLR"), "{text}");
}

#[test]
fn one_seat_each_gives_the_first_engine_an_elo_and_an_sprt() {
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    let header = Header {
        variant: "dwindle".into(),
        players: 3,
        names: names(&["a", "b", "c"]),
        sprt: Some(sprt),
    };
    assert!(header.check_sprt().is_ok());
    let two_engines = Header {
        names: names(&["a", "b"]),
        ..header
    };
    let error = two_engines
        .check_sprt()
        .expect_err("a seats twice in a game");
    assert!(error.contains("2 engines and 3 players"), "{error}");
    let header = Header {
        names: names(&["a", "b", "c"]),
        ..two_engines
    };
    let rotations = [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]];
    let mut tally = Tally::default();
    // Engine a wins two rotations of every sample: a share of 2/3 against 1/3.
    for sample in 0..200 {
        for (rotation, seats) in rotations.iter().enumerate() {
            let a_seat = seats.iter().position(|&s| s == "a").expect("a plays");
            let winner = match rotation {
                2 => (a_seat + 1) % 3,
                _ => a_seat,
            };
            tally.add(&game(sample, rotation, *seats, winner), &header);
        }
    }
    let text = summary(&header, &tally);
    // A share of 2/3 is a winning weight of 4 against 1 + 1: 400 log10 4 Elo.
    let elo = format!("a: Elo {:.2} +/- ", 400.0 * 4f64.log10());
    assert!(text.contains(&elo), "{text}");
    let llr = tally.llr(&header, &sprt).expect("defined");
    assert!(llr > 2.944, "{llr}");
    assert!(
        text.contains(&format!("LLR: {llr:.2} (-2.94, 2.94) [0.00, 10.00]")),
        "{text}"
    );
}
