//! One engine process: started from a command line, spoken to line by line, read by a
//! thread of its own so that every wait has a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::declared::DeclaredOption;
use crate::watcher;

/// The engines this program started that still run (each leads its own process group on
/// Unix), so that a tool that shuts down can end them all ([`end_all`]).
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn running() -> MutexGuard<'static, Vec<u32>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// On Unix, kills every process of the group that process `id` leads (the process itself
/// included).
pub fn kill_group(id: u32) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{id}")])
        .stderr(Stdio::null())
        .status();
}

/// Ends every engine this program started that still runs, with every process it started:
/// for a tool that is shutting down while engines may still be thinking.
pub fn end_all() {
    for id in std::mem::take(&mut *running()) {
        kill_group(id);
        watcher::tell(id, false);
    }
}

/// How long the handshake and `isready` may take unless an engine says otherwise
/// ([`EngineSpec::handshake`]).
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// What an engine is: its name, command line and options.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name in reports and records.
    pub name: String,
    /// The command line: its words run directly, or by `sh -c` where it needs a shell.
    pub cmd: String,
    /// `setoption` pairs, sent after the handshake, in order.
    pub options: Vec<(String, String)>,
    /// How long its handshake and each `isready` may take (an engine that loads a lot at
    /// start-up, on a JVM say, needs more than [`HANDSHAKE_TIME`]).
    pub handshake: Duration,
}

/// Why an engine could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process ended (crash or exit).
    Exited,
    /// No expected answer within the time allowed.
    NoAnswer,
}

impl Fault {
    /// A short description for records.
    pub fn describe(&self) -> &'static str {
        match self {
            Fault::Exited => "the engine exited",
            Fault::NoAnswer => "no answer in time",
        }
    }

    /// The description of a fault while waiting for the handshake or `readyok`, naming the
    /// limit and how to raise it.
    pub fn describe_handshake(&self, limit: Duration) -> String {
        match self {
            Fault::Exited => self.describe().to_string(),
            Fault::NoAnswer => format!(
                "no answer within the handshake limit of {} s (--handshake-timeout, or the \
                 engine's handshake=<s>, raises it)",
                limit.as_secs_f64()
            ),
        }
    }
}

impl EngineSpec {
    /// Parses the words of an `--engine`: `cmd=<command>`, `name=<name>` (default: the
    /// command) and `option.<Name>=<value>`; every other `key=value` is returned for the
    /// caller to read (limits, say).
    pub fn parse(words: &[String]) -> Result<(EngineSpec, Vec<(String, String)>), String> {
        let (mut cmd, mut name, mut options, mut rest) = (None, None, Vec::new(), Vec::new());
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("expected key=value, got '{word}'"))?;
            match key {
                "cmd" => cmd = Some(value.to_string()),
                "name" => name = Some(value.to_string()),
                _ => match key.strip_prefix("option.") {
                    Some(option) => options.push((option.to_string(), value.to_string())),
                    None => rest.push((key.to_string(), value.to_string())),
                },
            }
        }
        let cmd: String = cmd.ok_or("an --engine needs cmd=")?;
        let spec = EngineSpec {
            name: name.unwrap_or_else(|| cmd.clone()),
            cmd,
            options,
            handshake: HANDSHAKE_TIME,
        };
        Ok((spec, rest))
    }
}

/// Separates the words of one `--engine` once they are joined into a single argument.
const WORD_SEPARATOR: char = '\u{1f}';

/// The command line with the words after each `--engine` joined into one argument, so that
/// an argument parser keeps the engines apart; [`engine_words`] splits one again.
pub fn group_engine_args(args: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut grouped = Vec::new();
    let mut words = args.into_iter().peekable();
    while let Some(word) = words.next() {
        let is_engine = word == "--engine";
        grouped.push(word);
        if is_engine {
            let mut group = Vec::new();
            while let Some(next) = words.next_if(|w| !w.starts_with("--")) {
                group.push(next);
            }
            grouped.push(group.join(&WORD_SEPARATOR.to_string()));
        }
    }
    grouped
}

/// The words of one `--engine` argument joined by [`group_engine_args`].
pub fn engine_words(group: &str) -> Vec<String> {
    group.split(WORD_SEPARATOR).map(str::to_string).collect()
}

/// The process to start for the command line `line`: its words run directly when they need
/// no shell (plain words: letters, digits and `/._-+=,:@%`), so that nothing stands between
/// the tool and the engine; anything else (quotes, pipes, `&&`, variables) runs under
/// `sh -c`.
fn command_for(line: &str) -> Command {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+=,:@%".contains(c);
    let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
    match words.split_first() {
        Some((program, args)) if words.iter().all(|w| w.chars().all(plain)) => {
            let mut command = Command::new(program);
            command.args(args);
            command
        }
        _ => {
            let mut command = Command::new("sh");
            command.arg("-c").arg(line);
            command
        }
    }
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    exited: bool,
    declared: Vec<DeclaredOption>,
    /// How long `isready` may take.
    handshake: Duration,
}

impl EngineProcess {
    /// Starts `spec` for `variant` (with `setup` options such as `Players` first) and
    /// waits for the handshake and `readyok`.
    pub fn start(spec: &EngineSpec, setup: &[(String, String)]) -> Result<Self, String> {
        let mut engine = Self::spawn(command_for(&spec.cmd))
            .map_err(|e| format!("cannot start '{}': {e}", spec.cmd))?;
        engine.handshake = spec.handshake;
        engine.send("ugi");
        let mut declared = Vec::new();
        let limit = spec.handshake;
        engine
            .read_until("ugiok", limit, |line| {
                declared.extend(DeclaredOption::parse(line))
            })
            .map_err(|f| format!("{}: no ugiok ({})", spec.name, f.describe_handshake(limit)))?;
        engine.declared = declared;
        for (name, value) in setup.iter().chain(&spec.options) {
            engine.send(&format!("setoption name {name} value {value}"));
        }
        engine.ready().map_err(|f| {
            format!(
                "{}: no readyok ({})",
                spec.name,
                f.describe_handshake(limit)
            )
        })?;
        Ok(engine)
    }

    /// Starts `command` as an engine process, in a process group of its own (on Unix), with
    /// its standard input and output piped, and sends it nothing: for a caller that speaks
    /// the protocol itself ([`EngineProcess::start`] does the handshake).
    pub fn spawn(mut command: Command) -> Result<Self, String> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|e| e.to_string())?;
        running().push(child.id());
        watcher::tell(child.id(), true);
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            exited: false,
            declared: Vec::new(),
            handshake: HANDSHAKE_TIME,
        })
    }

    /// The process's id (on Unix, also its process group's).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The options the engine declared in its handshake.
    pub fn declared(&self) -> &[DeclaredOption] {
        &self.declared
    }

    /// Sends one line (a dead engine swallows it).
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends `bytes` (which need not be UTF-8) and a newline, as one line.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let line = [bytes, b"\n"].concat();
        if self
            .stdin
            .write_all(&line)
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            self.exited = true;
        }
    }

    /// Waits at most `limit` for the process to end by itself; its exit status, if it did.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Sends `isready` and waits for `readyok`, within the engine's handshake limit.
    pub fn ready(&mut self) -> Result<(), Fault> {
        self.send("isready");
        self.wait_for("readyok", self.handshake).map(|_| ())
    }

    /// The next line the engine writes, waiting at most `limit`.
    pub fn next_line(&mut self, limit: Duration) -> Result<String, Fault> {
        match self.lines.recv_timeout(limit) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Fault::NoAnswer),
            Err(RecvTimeoutError::Disconnected) => {
                self.exited = true;
                Err(Fault::Exited)
            }
        }
    }

    /// Reads lines until one starts with `prefix` (returned), within `limit`.
    pub fn wait_for(&mut self, prefix: &str, limit: Duration) -> Result<String, Fault> {
        self.read_until(prefix, limit, |_| {})
    }

    /// [`EngineProcess::wait_for`], handing each line before the one wanted to `earlier`.
    fn read_until(
        &mut self,
        prefix: &str,
        limit: Duration,
        mut earlier: impl FnMut(&str),
    ) -> Result<String, Fault> {
        let deadline = Instant::now() + limit;
        loop {
            let line = self.next_line(deadline.saturating_duration_since(Instant::now()))?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
            earlier(&line);
        }
    }

    /// Whether the process is still there to talk to.
    pub fn alive(&mut self) -> bool {
        !self.exited && matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the process, politely and then for sure, with every process it started: the
    /// command runs in a process group of its own (on Unix), and the whole group is killed, so
    /// that an engine under `sh -c` or one that started helpers leaves nothing behind.
    pub fn stop(&mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline && matches!(self.child.try_wait(), Ok(None)) {
            thread::sleep(Duration::from_millis(5));
        }
        running().retain(|&id| id != self.child.id());
        kill_group(self.child.id());
        watcher::tell(self.child.id(), false);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn engine_words_split_into_the_spec_and_the_rest() {
        let (spec, rest) =
            EngineSpec::parse(&words("cmd=./e name=new option.Hash=32 movetime=100")).unwrap();
        assert_eq!(
            spec,
            EngineSpec {
                name: "new".into(),
                cmd: "./e".into(),
                options: vec![("Hash".into(), "32".into())],
                handshake: HANDSHAKE_TIME,
            }
        );
        assert_eq!(rest, vec![("movetime".to_string(), "100".to_string())]);
        assert_eq!(EngineSpec::parse(&words("cmd=./e")).unwrap().0.name, "./e");
        assert!(EngineSpec::parse(&words("name=x")).is_err());
        assert!(EngineSpec::parse(&words("cmd")).is_err());
    }

    #[test]
    fn only_a_command_that_needs_a_shell_runs_under_one() {
        let program = |line: &str| {
            let command = command_for(line);
            let args: Vec<String> = command
                .get_args()
                .map(|a| a.to_string_lossy().to_string())
                .collect();
            (command.get_program().to_string_lossy().to_string(), args)
        };
        assert_eq!(
            program("./target/release/tabula  --game=dimraw"),
            ("./target/release/tabula".into(), words("--game=dimraw"))
        );
        for line in [
            "java -jar 'a b.jar'",
            "cd x && ./e",
            "./e | tee log",
            "$HOME/e",
            "\t",
        ] {
            assert_eq!(program(line), ("sh".into(), vec!["-c".into(), line.into()]));
        }
    }

    #[test]
    fn each_engine_keeps_its_words() {
        let args = words("arena --engine cmd=a name=x --games 2 --engine cmd=b");
        let grouped = group_engine_args(args);
        assert_eq!(grouped.len(), 7);
        assert_eq!(engine_words(&grouped[2]), words("cmd=a name=x"));
        assert_eq!(engine_words(&grouped[6]), words("cmd=b"));
    }
}
