//! The loss curve as an SVG drawing: training and validation loss by epoch.

/// The chart of a run's training and validation loss after each epoch, titled `title`.
pub fn losses_by_epoch(title: &str, losses: &[(f64, f64)]) -> String {
    let (train, valid): (Vec<f64>, Vec<f64>) = losses.iter().copied().unzip();
    loss_curve(
        title,
        &[
            ("training", "#1f77b4", &train),
            ("validation", "#d62728", &valid),
        ],
    )
}

/// An SVG line chart of `series` (name, colour, values by epoch) titled `title`.
fn loss_curve(title: &str, series: &[(&str, &str, &[f64])]) -> String {
    let (width, height, margin) = (640.0, 400.0, 60.0);
    let epochs = series.iter().map(|s| s.2.len()).max().unwrap_or(0).max(2);
    let values = series.iter().flat_map(|s| s.2.iter().copied());
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (low, high) = if low < high {
        (low, high)
    } else {
        (low - 1e-3, low + 1e-3)
    };
    let x = |epoch: usize| margin + epoch as f64 / (epochs - 1) as f64 * (width - 2.0 * margin);
    let y = |value: f64| height - margin - (value - low) / (high - low) * (height - 2.0 * margin);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" \
         fill=\"white\"/>\n<text x=\"{margin}\" y=\"24\" font-size=\"14\">{}</text>\n",
        escape(title)
    );
    svg += &format!(
        "<line x1=\"{margin}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"black\"/>\n<line \
         x1=\"{margin}\" y1=\"{margin}\" x2=\"{margin}\" y2=\"{b}\" stroke=\"black\"/>\n",
        b = height - margin,
        r = width - margin
    );
    svg += &format!(
        "<text x=\"4\" y=\"{}\">{high:.5}</text>\n<text x=\"4\" y=\"{}\">{low:.5}</text>\n\
         <text x=\"{}\" y=\"{}\">epoch</text>\n<text x=\"{margin}\" y=\"{}\">1</text>\n\
         <text x=\"{}\" y=\"{}\">{epochs}</text>\n",
        margin + 4.0,
        height - margin,
        width / 2.0,
        height - 20.0,
        height - margin + 16.0,
        width - margin - 8.0,
        height - margin + 16.0,
    );
    for (row, (name, colour, values)) in series.iter().enumerate() {
        let points: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(epoch, &v)| format!("{:.1},{:.1}", x(epoch), y(v)))
            .collect();
        svg += &format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\n\
             <text x=\"{}\" y=\"{}\" fill=\"{colour}\">{}</text>\n",
            points.join(" "),
            width - margin - 120.0,
            margin + 16.0 * row as f64,
            escape(name)
        );
    }
    svg + "</svg>\n"
}

/// `text` safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
