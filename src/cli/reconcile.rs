//! `scoresheet reconcile`: two copies of one game's scoresheet → the one
//! game as PGN, and where the copies disagree as CSV.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use shakmaty::Color;

use super::output::{Output, is_stdout, put_in_place};
use super::{FromArg, IccfArg, Table, say};
use crate::decode::{EncodingChoice, decode};
use crate::paths::{Role, check_distinct};
use crate::reconcile::{ReconcileOptions, Reconciliation, reconcile};

#[derive(Args, Debug)]
pub struct ReconcileArgs {
    /// The first copy of the scoresheet (A).
    a: PathBuf,
    /// The second copy (B), kept by the other player.
    b: PathBuf,
    /// Write the game to FILE (standard output when omitted).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Write the disagreements as CSV to FILE (without it, they are
    /// listed on standard error).
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Notation of both copies.
    #[arg(long, value_enum, default_value_t = FromArg::Auto)]
    from: FromArg,
    /// Piece letters of both copies: auto, a language code, or a TOML
    /// table file.
    #[arg(long, default_value = "auto")]
    lang: String,
    /// No list of disagreements and no summary on standard error.
    #[arg(short, long)]
    quiet: bool,
}

/// A scoresheet is a page: a copy larger than this is not one.
const MAX_SHEET_BYTES: u64 = 1 << 20;

/// The report's header row.
const HEADER: [&str; 9] = [
    "ply",
    "move_number",
    "side",
    "a_written",
    "b_written",
    "chosen",
    "right",
    "reason",
    "candidates",
];

pub fn run(args: ReconcileArgs) -> Result<ExitCode, String> {
    let targets = [
        (Role::Output, args.output.as_deref()),
        (Role::Report, args.report.as_deref()),
    ];
    let report_on_stdout = args.report.as_deref().is_some_and(|p| is_stdout(Some(p)));
    if report_on_stdout && is_stdout(args.output.as_deref()) {
        return Err(
            "the output and the report would both go to standard output; give one of them a file"
                .into(),
        );
    }
    let mut paths = vec![
        (Role::Input, args.a.as_path()),
        (Role::Input, args.b.as_path()),
    ];
    paths.extend(
        targets
            .iter()
            .filter_map(|(role, p)| p.filter(|p| !is_stdout(Some(p))).map(|p| (*role, p))),
    );
    check_distinct(&paths).map_err(|e| e.to_string())?;
    let table = Table::load(&args.lang)?;
    let options = ReconcileOptions {
        notation: args.from.notation(IccfArg::Iccf.convention()),
        letters: table.letters(),
    };
    let (a, b) = (read_sheet(&args.a)?, read_sheet(&args.b)?);
    let joined = reconcile(&a, &b, &options).map_err(|e| e.to_string())?;
    let mut game = Output::create(args.output.as_deref())?;
    write(
        game.writer(),
        joined.game.output().unwrap_or_default(),
        "the output",
    )?;
    let mut outputs = vec![game];
    if let Some(path) = &args.report {
        let mut report = Output::create(Some(path))?;
        write_report(report.writer(), &joined).map_err(|e| format!("{}: {e}", path.display()))?;
        outputs.push(report);
    } else if !args.quiet {
        for line in listed(&joined) {
            say(line);
        }
    }
    put_in_place(outputs)?;
    if !args.quiet {
        say(summary(&joined));
    }
    Ok(if joined.agrees() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A copy's text, in whatever encoding it is written.
fn read_sheet(path: &Path) -> Result<String, String> {
    let failed = |e: io::Error| format!("{}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(failed)?;
    let mut bytes = Vec::new();
    decode(file.take(MAX_SHEET_BYTES + 1), &EncodingChoice::Auto)
        .map_err(failed)?
        .reader
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > MAX_SHEET_BYTES {
        return Err(format!(
            "{}: larger than {} MiB; a scoresheet is a page",
            path.display(),
            MAX_SHEET_BYTES >> 20
        ));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn write(out: &mut dyn Write, text: &str, what: &str) -> Result<(), String> {
    match out.write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("{what}: {e}")),
        _ => Ok(()),
    }
}

/// The disagreements as CSV, a row each, then a row (ply 0) for each tag
/// the copies give different values.
fn write_report(out: &mut dyn Write, joined: &Reconciliation) -> Result<(), csv::Error> {
    let mut csv = csv::Writer::from_writer(out);
    csv.write_record(HEADER)?;
    for d in &joined.disagreements {
        csv.write_record([
            d.ply.to_string().as_str(),
            &d.move_number.to_string(),
            d.side_name(),
            &d.a_written,
            &d.b_written,
            &d.chosen,
            &d.right.to_string(),
            &d.reason,
            &d.candidates.join(" "),
        ])?;
    }
    for t in &joined.tag_conflicts {
        let reason = format!("the copies differ on the tag {}; A's value is kept", t.name);
        csv.write_record(["0", "0", "", &t.a, &t.b, &t.a, "", &reason, ""])?;
    }
    csv.flush()?;
    Ok(())
}

/// The disagreements as lines for people.
fn listed(joined: &Reconciliation) -> Vec<String> {
    let shown = |w: &str| {
        if w.is_empty() {
            "-".to_owned()
        } else {
            format!("\"{w}\"")
        }
    };
    let mut lines: Vec<String> = joined
        .disagreements
        .iter()
        .map(|d| {
            let dots = if d.side == Color::White { "." } else { "..." };
            format!(
                "{}{dots} A {} B {} → {} ({}): {}",
                d.move_number,
                shown(&d.a_written),
                shown(&d.b_written),
                d.chosen,
                if d.is_settled() {
                    format!("{} right", d.right)
                } else {
                    "unsettled".into()
                },
                d.reason
            )
        })
        .collect();
    lines.extend(
        joined
            .tag_conflicts
            .iter()
            .map(|t| format!("tag {}: A \"{}\", B \"{}\" (A's kept)", t.name, t.a, t.b)),
    );
    lines
}

/// The one-line summary.
fn summary(joined: &Reconciliation) -> String {
    let plies = joined.game.plies();
    if joined.agrees() {
        return format!("scoresheet: the copies agree on all {plies} half-moves");
    }
    let unsettled = joined.unsettled().count();
    format!(
        "scoresheet: {plies} half-moves; the copies disagree at {} ({} settled, {unsettled} unsettled) and on {} tag(s)",
        joined.disagreements.len(),
        joined.disagreements.len() - unsettled,
        joined.tag_conflicts.len()
    )
}
