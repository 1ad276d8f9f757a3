//! `scoresheet convert` and `scoresheet audit`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::Format;
use crate::audit::{ReportWriter, Row};
use crate::convert::Converter;
use crate::input::Limit;
use crate::input::collect::{Collected, Input};
use crate::paths::Role;
use crate::pipeline::{self, Sinks, Summary};

use super::output::{self, Output};
use super::{AuditArgs, ConvertArgs, ReadArgs, Table, say};

/// Problems printed on stderr before the rest are only counted.
const MAX_PRINTED: usize = 100;

pub fn run_convert(args: ConvertArgs) -> Result<ExitCode, String> {
    let (read_table, write_table) = (Table::load(&args.read.lang)?, Table::load(&args.to_lang)?);
    let start = start(&args.read)?;
    let converter = converter(&args.read, &read_table)
        .start(start.as_deref())
        .to(args.to)
        .every_ply(args.every_ply)
        .repair(args.repair)
        .to_lang(write_table.language()?);
    converter.validate().map_err(|e| e.to_string())?;
    let mut targets = vec![(Role::Output, args.output.as_deref())];
    targets.extend(args.rejects.as_deref().map(|p| (Role::Rejects, Some(p))));
    targets.extend(extra_targets(&args.read));
    // Every input is known and every path checked before any output is
    // created, so that a run never reads its own unfinished output.
    let collected = super::inputs(&args.read, &targets)?;
    let mut output = Output::create(args.output.as_deref())?;
    let mut rejects = args
        .rejects
        .as_deref()
        .map(|p| Output::create(Some(p)))
        .transpose()?;
    let summary_file = summary_file(&args.read)?;
    let ran = run(
        &args.read,
        &collected,
        &converter,
        Some(output.writer()),
        rejects.as_mut().map(Output::writer),
    )?;
    let (summary, report) = match ran {
        Ran::Done { summary, report } => (summary, report),
        Ran::Stopped { summary, report } => {
            // (`stopped` names the summary file itself.)
            let outputs = [Some(&output), rejects.as_ref(), report.as_ref()];
            return Ok(stopped(&summary, &outputs, &args.read));
        }
        ran => return Ok(ran.quiet_end()),
    };
    let outputs = [Some(output), rejects, report]
        .into_iter()
        .flatten()
        .collect();
    finish(
        &summary,
        &args.read,
        Some(&rejected_went(&args)),
        outputs,
        summary_file,
    )
}

/// Where rejected games went, for the summary line: the rejects file, or
/// nowhere, with the options that would keep or mend them.
fn rejected_went(args: &ConvertArgs) -> String {
    match args.rejects.as_deref() {
        Some(path) if output::is_stdout(Some(path)) => "written to standard output".into(),
        Some(path) => format!("written to {}", path.display()),
        None if args.repair => "not written; --rejects FILE keeps them".into(),
        None => "not written; --rejects FILE keeps them, --repair mends those one small edit makes legal".into(),
    }
}

pub fn run_audit(args: AuditArgs) -> Result<ExitCode, String> {
    let read_table = Table::load(&args.read.lang)?;
    let start = start(&args.read)?;
    let converter = converter(&args.read, &read_table)
        .start(start.as_deref())
        .to(Format::None);
    let mut targets = vec![(Role::Report, args.read.report.as_deref())];
    let summary = args.read.summary.as_deref();
    targets.extend(summary.map(|p| (Role::Summary, Some(p))));
    let collected = super::inputs(&args.read, &targets)?;
    let summary_file = summary_file(&args.read)?;
    match run(&args.read, &collected, &converter, None, None)? {
        Ran::Done { summary, report } => finish(
            &summary,
            &args.read,
            None,
            report.into_iter().collect(),
            summary_file,
        ),
        Ran::Stopped { summary, report } => Ok(stopped(&summary, &[report.as_ref()], &args.read)),
        ran => Ok(ran.quiet_end()),
    }
}

/// The summary file asked for, made before anything is read: a run whose
/// summary cannot be written replaces no output.
fn summary_file(read: &ReadArgs) -> Result<Option<Output>, String> {
    read.summary
        .as_deref()
        .map(|p| Output::create(Some(p)))
        .transpose()
}

/// The start `--start` or `--odds` states, as standard FEN.
fn start(read: &ReadArgs) -> Result<Option<String>, String> {
    crate::convert::start_fen(read.start.as_deref(), read.odds.as_deref())
        .map_err(|e| e.to_string())
}

/// The report and summary files asked for, as output targets.
fn extra_targets(read: &ReadArgs) -> Vec<(Role, Option<&Path>)> {
    let mut targets = Vec::new();
    targets.extend(read.report.as_deref().map(|p| (Role::Report, Some(p))));
    targets.extend(read.summary.as_deref().map(|p| (Role::Summary, Some(p))));
    targets
}

/// How a run ended.
enum Ran {
    /// Every input read; the report, not yet put in place.
    Done {
        summary: Box<Summary>,
        report: Option<Output>,
    },
    /// The reader of the output went away (`… | head`); whether problems
    /// were seen before.
    PipeClosed { problems: bool },
    /// A compressed input was found damaged or past a limit
    /// (`summary.stopped`); the report, not put in place.
    Stopped {
        summary: Box<Summary>,
        report: Option<Output>,
    },
}

impl Ran {
    /// The status of a run cut short by its reader: no message, as for
    /// the tools it is piped with, and 1 if problems were seen already.
    fn quiet_end(&self) -> ExitCode {
        match self {
            Ran::PipeClosed { problems: true } => ExitCode::from(1),
            _ => ExitCode::SUCCESS,
        }
    }
}

/// The most worker threads a run starts: more than four per core only
/// cost the time to start them (thousands take seconds).
fn max_jobs(cores: usize) -> usize {
    cores.saturating_mul(4).clamp(4, 256)
}

fn converter<'a>(read: &ReadArgs, table: &'a Table) -> Converter<'a> {
    if let Some(jobs) = read.jobs {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let most = max_jobs(cores);
        if jobs > most && !read.quiet {
            super::say(format_args!(
                "scoresheet: -j {jobs} is more threads than help on {cores} cores; using {most}"
            ));
        }
        // 0 is rayon's "all cores", the usual meaning of `-j 0`. The
        // global pool can only be built once; a second call is harmless.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.min(most))
            .build_global();
    }
    Converter::new()
        .from(read.from.notation(read.iccf_promotion.convention()))
        .iccf_promotion(read.iccf_promotion.convention())
        .letters(table.letters())
}

fn run(
    read: &ReadArgs,
    collected: &Collected,
    converter: &Converter<'_>,
    output: Option<&mut dyn Write>,
    rejects: Option<&mut dyn Write>,
) -> Result<Ran, String> {
    let auditing = converter.format() == Format::None;
    let mut report = match (&read.report, auditing) {
        (Some(path), _) => Some(Output::create(Some(path))?),
        (None, true) => Some(Output::create(None)?),
        (None, false) => None,
    };
    // No spinner over what is being typed at the terminal.
    let typed = collected.inputs.iter().any(Input::is_typed);
    let mut bar = super::progress::Bar::on_stderr(read.quiet || typed);
    let printer = bar.printer();
    // Rows printed, and the findings they tell of (one may stand for
    // many not listed); findings seen in all.
    let (mut printed, mut told, mut problems) = (0usize, 0u64, 0u64);
    let quiet = read.quiet || (auditing && read.report.is_none());
    let on_problem = |row: &Row, tally: u64| {
        if !quiet && printed < MAX_PRINTED {
            printer.eprintln(row);
            printed += 1;
            told += tally;
        }
        problems += tally;
    };
    let mut sinks = Sinks {
        output: output.map(|w| Box::new(w) as Box<dyn Write>),
        rejects: rejects.map(|w| Box::new(w) as Box<dyn Write>),
        report: report
            .as_mut()
            .map(|r| ReportWriter::new(Box::new(r.writer()) as Box<dyn Write>)),
        on_problem: Box::new(on_problem),
    };
    let result = pipeline::run(
        &collected.inputs,
        converter,
        &super::encoding(&read.encoding),
        read.limits(),
        &mut sinks,
        &mut bar,
    );
    drop(sinks);
    drop(bar);
    let summary = match result {
        Ok(summary) => Summary {
            skipped: collected.skipped.iter().map(ToString::to_string).collect(),
            // What a walk could not look at comes first: it was found first.
            input_errors: collected
                .unreadable
                .iter()
                .map(ToString::to_string)
                .chain(summary.input_errors)
                .collect(),
            ..summary
        },
        Err(_) if output::pipe_closed() => {
            return Ok(Ran::PipeClosed {
                problems: problems > 0,
            });
        }
        // The error names the file (see `output::Watched`).
        Err(e) => return Err(format!("writing {e}")),
    };
    if summary.stopped.is_some() {
        return Ok(Ran::Stopped {
            summary: Box::new(summary),
            report,
        });
    }
    if problems > told && !quiet {
        let more = problems - told;
        match &read.report {
            Some(_) => say(format_args!("… and {more} more problems, in the report")),
            None => say(format_args!(
                "… and {more} more problems (--report FILE writes them)"
            )),
        }
    }
    Ok(Ran::Done {
        summary: Box::new(summary),
        report,
    })
}

/// Says why the run stopped and that no file was replaced; the outputs
/// are dropped unfinished, which removes what they wrote.
fn stopped(summary: &Summary, outputs: &[Option<&Output>], read: &ReadArgs) -> ExitCode {
    for error in &summary.input_errors {
        say(format_args!("scoresheet: {error}"));
    }
    let Some(stop) = &summary.stopped else {
        return ExitCode::from(2);
    };
    let lift = match stop.limit {
        Some(Limit::Expansion) => "; --max-expansion 0 lifts the limit",
        Some(Limit::DecoderMemory) => "; --max-decoder-memory 0 lifts the limit",
        _ => "",
    };
    say(format_args!("scoresheet: {}{lift}", stop.message));
    let outputs = outputs.iter().flatten();
    let mut kept: Vec<String> = outputs
        .clone()
        .filter_map(|o| o.replaces())
        .map(|p| p.display().to_string())
        .collect();
    kept.extend(
        read.summary
            .as_deref()
            .filter(|p| !output::is_stdout(Some(p)))
            .map(|p| p.display().to_string()),
    );
    let streamed: Vec<String> = outputs.filter_map(|o| o.written_in_place()).collect();
    let mut line = format!(
        "scoresheet: the run stopped there, {} games into it",
        stop.games
    );
    match &kept[..] {
        [] => {}
        [one] => line.push_str(&format!("; {one} is left as it was")),
        [many @ .., last] => line.push_str(&format!(
            "; {} and {last} are left as they were",
            many.join(", ")
        )),
    }
    if !streamed.is_empty() {
        let what = match stop.limit {
            None => "may hold damaged text",
            Some(_) => "is only part of the input",
        };
        line.push_str(&format!(
            "; what was written to {} before it {what}",
            streamed.join(" and ")
        ));
    }
    say(line);
    ExitCode::from(2)
}

/// Ends a run: its unreadable inputs, its inputs with no game, the
/// summary line (saying where rejected games went, `rejected`, when
/// converting), its `outputs` and summary file put in place once the
/// summary is written (all of them, or none when it fails), and the exit
/// status. An input with no game is noted but is no problem: an empty
/// file converts to an empty output.
fn finish(
    summary: &Summary,
    read: &ReadArgs,
    rejected: Option<&str>,
    outputs: Vec<Output>,
    mut summary_file: Option<Output>,
) -> Result<ExitCode, String> {
    for error in &summary.input_errors {
        say(format_args!("scoresheet: {error}"));
    }
    if !read.quiet {
        for name in &summary.empty_inputs {
            let name = if name == "-" { "standard input" } else { name };
            say(format_args!("scoresheet: {name}: no game in it"));
        }
    }
    if !read.quiet || summary.has_problems() || !summary.input_errors.is_empty() {
        say(format_args!("scoresheet: {}", summary.line(rejected)));
    }
    if let Some(file) = summary_file.as_mut()
        && let Some(path) = &read.summary
    {
        // (Flushed now, unless to standard output after the games.)
        let to_file = !output::is_stdout(Some(path));
        file.writer()
            .write_all(summary.to_json().as_bytes())
            .and_then(|()| {
                if to_file {
                    file.writer().flush()
                } else {
                    Ok(())
                }
            })
            .map_err(|e| format!("{}: {e}; no output was replaced", path.display()))?;
    }
    output::put_in_place(outputs.into_iter().chain(summary_file))?;
    Ok(if !summary.input_errors.is_empty() {
        ExitCode::from(2)
    } else if summary.has_problems() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
