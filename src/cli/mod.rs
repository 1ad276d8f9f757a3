//! The `scoresheet` command (feature `cli`): arguments parsed with clap,
//! one module per subcommand, wired to the library.

mod convert;
mod fen;
mod languages;
mod output;
mod partial;
mod progress;
mod reconcile;
#[cfg(feature = "serve")]
mod serve;

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::Format;
use crate::decode::EncodingChoice;
use crate::game::Letters;
use crate::input::Limits;
use crate::input::collect::{self, Collected, Input};
use crate::lang::Language;
use crate::notation::Notation;
use crate::notation::iccf::Promotion;
use crate::paths::{Role, check_distinct};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Runs the command line with the process's arguments and returns its
/// exit status: 0 when every game converted cleanly, 1 when some had
/// problems, 2 when the run could not be done.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // A standard error that cannot be written loses the message,
            // not the status.
            say(format_args!("scoresheet: {e}"));
            ExitCode::from(2)
        }
    }
}

/// Reads chess game scores in any notation and language, proves them by
/// replay, and writes standard PGN or FEN with an audit of every problem.
#[derive(Parser, Debug)]
#[command(name = "scoresheet", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Converts games to PGN, SAN in any language, or FEN.
    #[command(
        after_help = "Examples:\n  scoresheet convert examples/national-letters.pgn\n  scoresheet convert archive/ -o all.pgn --rejects rejects.pgn --report report.csv\n  scoresheet convert old.pgn --to san --to-lang hu -o new.txt --report report.csv\n  cat games.pgn | scoresheet convert --to fen"
    )]
    Convert(ConvertArgs),
    /// Replays games and reports every problem as CSV, writing no games.
    #[command(
        after_help = "Examples:\n  scoresheet audit archive.pgn --report findings.csv\n  scoresheet audit a.pgn b.pgn > findings.csv"
    )]
    Audit(AuditArgs),
    /// Turns a FEN written with national letters into a standard FEN.
    #[command(
        after_help = "Examples:\n  scoresheet fen '2bbffk1/gg3g1g/2h1ghg1/v7/3G4/G1H1FH2/1G2VGGG/1FBB2K1 w - - 0 1'\n  scoresheet fen 'világos: Kg1, Ve2, Bc1, a3; sötét: Kg8, Bd8, h7'\n  scoresheet fen --turn black 'White: Kg1, Qe2; Black: Kg8, h7'"
    )]
    Fen(fen::FenArgs),
    /// Reads two copies of one game's scoresheet, one kept by each
    /// player, as one game: writes it as PGN, and where the copies
    /// disagree, which was right and why. Exit status 0 when they agree
    /// everywhere, 1 when they disagree somewhere, 2 on errors.
    #[command(
        after_help = "Examples:\n  scoresheet reconcile examples/copy-white.txt examples/copy-black.txt\n  scoresheet reconcile examples/copy-white.txt examples/copy-black.txt -o game.pgn --report disagreements.csv"
    )]
    Reconcile(reconcile::ReconcileArgs),
    /// Lists the piece-letter tables, in auto-detection preference order.
    #[command(after_help = "Example:\n  scoresheet languages")]
    Languages,
    /// Starts the proofreading page: paste or drop a text, see the games
    /// read from it beside it, fix what the audit found.
    #[cfg(feature = "serve")]
    #[command(
        after_help = "Examples:\n  scoresheet serve\n  scoresheet serve --port 9000\n\nThen open the address it prints in a browser."
    )]
    Serve(serve::ServeArgs),
}

/// Options shared by `convert` and `audit`.
#[derive(Args, Debug)]
struct ReadArgs {
    /// Input files or directories (standard input when none, or `-`).
    files: Vec<PathBuf>,
    /// Input notation.
    #[arg(long, value_enum, default_value_t = FromArg::Auto)]
    from: FromArg,
    /// Input piece letters: auto, a language code, or a TOML table file
    /// (at most 1 MiB).
    #[arg(long, default_value = "auto")]
    lang: String,
    /// Piece digits of ICCF promotions: iccf (1=Q 2=R 3=B 4=N) or hu
    /// (1=Q 2=R 3=N 4=B; four-digit promotions as in Hungarian texts).
    #[arg(long, value_enum, default_value_t = IccfArg::Iccf)]
    iccf_promotion: IccfArg,
    /// Start games whose text states no start from FEN (national letters
    /// and piece lists read as `scoresheet fen` reads them).
    #[arg(long, value_name = "FEN")]
    start: Option<String>,
    /// Start games whose text states no start at these odds:
    /// pawn-and-move, pawn, knight, rook or queen.
    #[arg(long, value_name = "NAME")]
    odds: Option<String>,
    /// Input encoding: auto or a label (utf-8, windows-1250, iso-8859-2, …).
    #[arg(long, default_value = "auto")]
    encoding: String,
    /// Write the CSV report of findings to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Worker threads; 0, like leaving it out, means all cores. At most
    /// four per core (256 in all) are started.
    #[arg(short = 'j', long, value_name = "N")]
    jobs: Option<usize>,
    /// No progress, no per-finding messages; only the summary on errors.
    #[arg(short, long)]
    quiet: bool,
    /// Also write the summary (games read, clean, repaired, rejected,
    /// findings by kind, letter sets, notations, encodings, inputs
    /// unreadable, files skipped, inputs with no game) to FILE as JSON
    /// (`-`: standard output).
    #[arg(long, value_name = "FILE.json")]
    summary: Option<PathBuf>,
    /// Stop at a compressed input that decompresses to more than N times
    /// the compressed bytes read, or to N times 4 MiB when that is more:
    /// a decompression bomb (game files grow 5 to 15 times); 0: no limit.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_expansion: u64,
    /// Refuse a compressed input whose decoder would take more than MIB
    /// mebibytes of memory, as large an xz dictionary or zstd window as
    /// its header asks for; 0: no limit.
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    max_decoder_memory: u64,
}

impl ReadArgs {
    /// What decompressing an input may cost; 0 is no limit.
    fn limits(&self) -> Limits {
        Limits {
            max_expansion: Some(self.max_expansion).filter(|n| *n > 0),
            decoder_memory: Some(self.max_decoder_memory)
                .filter(|n| *n > 0)
                .map(|mib| mib.saturating_mul(1 << 20)),
        }
    }
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Output file (standard output when omitted).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Pgn)]
    to: Format,
    /// Output piece letters: a language code or `figurine`.
    #[arg(long, default_value = "en")]
    to_lang: String,
    /// Write games that cannot be converted, verbatim, to FILE (without
    /// it they are not written, and the summary line says so).
    #[arg(long, value_name = "FILE")]
    rejects: Option<PathBuf>,
    /// With --to fen or epd: every position of the main line, not only
    /// the last, each with its game and ply (FEN: game, ply and FEN
    /// separated by tabs; EPD: an `id` operation).
    #[arg(long)]
    every_ply: bool,
    /// Repair a game that does not replay when exactly one small edit
    /// (a misread character, a dropped or swapped half-move, …) makes the
    /// whole game legal; the original text is kept in a comment and in
    /// a `repaired` report row.
    #[arg(long)]
    repair: bool,
}

#[derive(Args, Debug)]
struct AuditArgs {
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum FromArg {
    /// Detect the notation of each game.
    Auto,
    /// Standard algebraic.
    San,
    /// Long algebraic (`Ng1-f3`), read by the SAN reader.
    Lan,
    /// Coordinates and UCI (`g1f3`, `e7e8q`), read by the SAN reader.
    Coord,
    /// ICCF numeric (`7163`).
    Iccf,
    /// Descriptive (`N-KB3`; Hungarian `H-KF3` with --lang hu).
    Descriptive,
}

impl FromArg {
    fn notation(self, iccf: Promotion) -> Option<Notation> {
        match self {
            FromArg::Auto => None,
            FromArg::San | FromArg::Lan | FromArg::Coord => Some(Notation::San),
            FromArg::Iccf => Some(Notation::Iccf(iccf)),
            FromArg::Descriptive => Some(Notation::Descriptive),
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum IccfArg {
    /// 1 = queen, 2 = rook, 3 = bishop, 4 = knight, five digits.
    Iccf,
    /// 1 = queen, 2 = rook, 3 = knight, 4 = bishop, four digits.
    Hu,
}

impl IccfArg {
    fn convention(self) -> Promotion {
        match self {
            IccfArg::Iccf => Promotion::Iccf,
            IccfArg::Hu => Promotion::Hungarian,
        }
    }
}

/// Runs the parsed command line.
fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Convert(args) => convert::run_convert(args),
        Command::Audit(args) => convert::run_audit(args),
        Command::Fen(args) => fen::run(args),
        Command::Reconcile(args) => reconcile::run(args),
        Command::Languages => languages::run(),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
    }
}

/// The letters asked for: `auto`, a built-in set, or a user's table
/// file, owned for the run.
enum Table {
    Builtin(Letters<'static>),
    Own(Box<Language>),
}

impl Table {
    /// `spec`: `auto`, a built-in code, or a `.toml` table's path.
    fn load(spec: &str) -> Result<Table, String> {
        if let Some(letters) = Letters::from_code(spec) {
            return Ok(Table::Builtin(letters));
        }
        let path = Path::new(spec);
        if spec.ends_with(".toml") || path.exists() {
            let text = read_table(path).map_err(|e| format!("{spec}: {e}"))?;
            let lang = Language::from_toml(&text, spec).map_err(|e| e.to_string())?;
            return Ok(Table::Own(Box::new(lang)));
        }
        Err(format!(
            "unknown language {spec:?}; `scoresheet languages` lists them, or give a .toml table"
        ))
    }

    fn letters(&self) -> Letters<'_> {
        match self {
            Table::Builtin(letters) => *letters,
            Table::Own(lang) => Letters::Fixed(lang),
        }
    }

    /// The table to write with.
    fn language(&self) -> Result<&Language, String> {
        match self.letters() {
            Letters::Fixed(lang) => Ok(lang),
            Letters::Auto => Err("--to-lang needs a language, not auto".into()),
        }
    }
}

/// A language table is a few kilobytes: one larger than this is refused
/// unread, so that `--lang /dev/zero` cannot fill memory.
const MAX_TABLE_BYTES: u64 = 1 << 20;

/// Reads a language table of at most [`MAX_TABLE_BYTES`].
fn read_table(path: &Path) -> io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_TABLE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TABLE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "larger than {} MiB; a language table is a few kilobytes",
                MAX_TABLE_BYTES >> 20
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

fn encoding(label: &str) -> EncodingChoice {
    match label {
        "auto" => EncodingChoice::Auto,
        label => EncodingChoice::Label(label.to_owned()),
    }
}

/// The inputs of a run, with every path checked against the others
/// before any output is created: standard output taken by one output at
/// most, no input (named or found by a directory walk) or output sharing
/// a file with an output. Files a directory walk leaves out, and
/// directories with nothing to read, are noted on standard error.
fn inputs(read: &ReadArgs, targets: &[(Role, Option<&Path>)]) -> Result<Collected, String> {
    let on_stdout: Vec<Role> = targets
        .iter()
        .filter(|(_, path)| output::is_stdout(*path))
        .map(|(role, _)| *role)
        .collect();
    if let [first, second, ..] = on_stdout[..] {
        return Err(format!(
            "{first} and {second} would both go to standard output; give one of them a file"
        ));
    }
    let files: Vec<(Role, &Path)> = targets
        .iter()
        .filter_map(|(role, path)| {
            path.filter(|p| !output::is_stdout(Some(p)))
                .map(|p| (*role, p))
        })
        .collect();
    let collected = collect::collect(&read.files).map_err(|e| e.to_string())?;
    if !read.quiet {
        for skipped in &collected.skipped {
            say(format_args!("scoresheet: {skipped}"));
        }
        for dir in &collected.empty_directories {
            say(format_args!(
                "scoresheet: {}: no file to read in this directory",
                dir.display()
            ));
        }
    }
    let mut paths: Vec<(Role, &Path)> = collected
        .inputs
        .iter()
        .filter_map(|i| match i {
            Input::Path(p) => Some((Role::Input, p.as_path())),
            Input::Stdin => None,
        })
        .collect();
    paths.extend(files);
    check_distinct(&paths).map_err(|e| e.to_string())?;
    Ok(collected)
}

/// Prints a line on standard output; a reader gone away (`| head`) ends
/// the printing quietly, and other failures are errors.
fn print(line: impl std::fmt::Display) -> Result<(), String> {
    match writeln!(io::stdout().lock(), "{line}") {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("standard output: {e}")),
        _ => Ok(()),
    }
}

/// Prints a line on standard error. A standard error that cannot be
/// written (a full disk, a closed pipe) loses the message, never the run.
fn say(line: impl std::fmt::Display) {
    let line = line.to_string();
    let _ = writeln!(io::stderr().lock(), "{}", for_terminal(&line));
}

/// Longest run of non-blank characters a message shows whole.
const LONGEST_SHOWN: usize = 200;
/// Characters shown of a longer run.
const SHOWN_OF_LONG: usize = 60;

/// `line` as it can be shown on a terminal: messages quote input text and
/// file names, whose control characters (ESC, NUL, CR) would drive the
/// terminal, so they are written as escapes (`\u{1b}`); and a run of more
/// than 200 non-blank characters (a megabyte-long token) is cut to its
/// first 60, with `…` and its length in bytes. Line breaks stay.
fn for_terminal(line: &str) -> std::borrow::Cow<'_, str> {
    let odd = |c: char| c.is_control() && c != '\n';
    let long = line
        .split(char::is_whitespace)
        .any(|word| word.len() > LONGEST_SHOWN);
    if !long && !line.chars().any(odd) {
        return line.into();
    }
    let mut out = String::with_capacity(line.len().min(4096));
    let mut rest = line;
    while !rest.is_empty() {
        let blank = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        let (spaces, tail) = rest.split_at(blank);
        let end = tail.find(char::is_whitespace).unwrap_or(tail.len());
        let (word, tail) = tail.split_at(end);
        push_shown(&mut out, spaces);
        if word.len() > LONGEST_SHOWN {
            let cut = word
                .char_indices()
                .nth(SHOWN_OF_LONG)
                .map_or(word.len(), |(i, _)| i);
            push_shown(&mut out, &word[..cut]);
            out.push_str(&format!("… ({} bytes)", word.len()));
        } else {
            push_shown(&mut out, word);
        }
        rest = tail;
    }
    out.into()
}

/// Appends `text` with its control characters but line breaks escaped.
fn push_shown(out: &mut String, text: &str) {
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
}
