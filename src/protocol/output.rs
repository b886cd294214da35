//! The one writer of engine output: whole lines, flushed, never interleaved.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::sync::lock;

/// A cloneable handle to the engine's output stream.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Output to the process's standard output.
    pub fn stdout() -> Self {
        Self::to(Box::new(std::io::stdout()))
    }

    /// Output to any writer.
    pub fn to(sink: Box<dyn Write + Send>) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes one line and flushes it. A closed stream is ignored: the GUI has gone.
    pub fn line(&self, text: &str) {
        let mut sink = lock(&self.sink);
        let _ = writeln!(sink, "{text}").and_then(|_| sink.flush());
    }
}
