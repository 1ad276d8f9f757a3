//! `scoresheet convert` and `scoresheet audit`.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use scoresheet::Format;
use scoresheet::audit::{ReportWriter, Row};
use scoresheet::convert::Converter;
use scoresheet::pipeline::{self, Sinks, Summary};

use super::partial::Partial;
use super::{AuditArgs, ConvertArgs, ReadArgs};

/// Problems printed on stderr before the rest are only counted.
const MAX_PRINTED: usize = 100;

pub fn run_convert(args: ConvertArgs) -> Result<ExitCode, String> {
    let converter = converter(&args.read)?
        .to(args.to.format())
        .every_ply(args.every_ply)
        .repair(args.repair)
        .to_lang(super::output_language(&args.to_lang)?);
    converter.validate().map_err(|e| e.to_string())?;
    let mut output = Output::create(args.output.as_deref())?;
    let mut rejects = args
        .rejects
        .as_deref()
        .map(Output::create_file)
        .transpose()?;
    let summary = run(
        &args.read,
        &converter,
        Some(output.writer()),
        rejects.as_mut().map(Output::writer),
    )?;
    output.commit()?;
    if let Some(rejects) = rejects {
        rejects.commit()?;
    }
    finish(&summary, &args.read)
}

pub fn run_audit(args: AuditArgs) -> Result<ExitCode, String> {
    let converter = converter(&args.read)?.to(Format::None);
    let summary = run(&args.read, &converter, None, None)?;
    finish(&summary, &args.read)
}

fn converter(read: &ReadArgs) -> Result<Converter<'static>, String> {
    if let Some(jobs) = read.jobs {
        // The global pool can only be built once; a second call is harmless.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build_global();
    }
    Ok(Converter::new()
        .from(read.from.notation(read.iccf_promotion.convention()))
        .iccf_promotion(read.iccf_promotion.convention())
        .letters(super::letters(&read.lang)?))
}

fn run(
    read: &ReadArgs,
    converter: &Converter<'_>,
    output: Option<&mut dyn Write>,
    rejects: Option<&mut dyn Write>,
) -> Result<Summary, String> {
    let inputs = super::inputs(&read.files)?;
    let auditing = converter.format() == Format::None;
    let mut report = match (&read.report, auditing) {
        (Some(path), _) => Some(Output::create_file(path)?),
        (None, true) => Some(Output::create(None)?),
        (None, false) => None,
    };
    let mut bar = super::progress::Bar::on_stderr(read.quiet);
    let printer = bar.printer();
    let mut printed = 0usize;
    let quiet = read.quiet || (auditing && read.report.is_none());
    let on_problem = |row: &Row| {
        if !quiet && printed < MAX_PRINTED {
            printer.eprintln(row);
        }
        printed += 1;
    };
    let mut sinks = Sinks {
        output: output.map(|w| Box::new(w) as Box<dyn Write>),
        rejects: rejects.map(|w| Box::new(w) as Box<dyn Write>),
        report: report
            .as_mut()
            .map(|r| ReportWriter::new(Box::new(r.writer()) as Box<dyn Write>)),
        on_problem: Box::new(on_problem),
    };
    let summary = pipeline::run_with_progress(
        &inputs,
        converter,
        &super::encoding(&read.encoding),
        &mut sinks,
        &mut bar,
    )
    .map_err(|e| format!("writing: {e}"))?;
    drop(sinks);
    drop(bar);
    if printed > MAX_PRINTED && !quiet {
        eprintln!(
            "… and {} more problems (all are in the report)",
            printed - MAX_PRINTED
        );
    }
    if let Some(report) = report {
        report.commit()?;
    }
    Ok(summary)
}

fn finish(summary: &Summary, read: &ReadArgs) -> Result<ExitCode, String> {
    for error in &summary.input_errors {
        eprintln!("scoresheet: {error}");
    }
    if !read.quiet || summary.has_problems() || !summary.input_errors.is_empty() {
        eprintln!("scoresheet: {summary}");
    }
    if let Some(path) = &read.summary {
        let mut file = Output::create_file(path)?;
        file.writer()
            .write_all(summary.to_json().as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        file.commit()?;
    }
    Ok(if !summary.input_errors.is_empty() {
        ExitCode::from(2)
    } else if summary.has_problems() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Standard output, or a file written beside its target and renamed into
/// place when complete, so that a failed run never leaves half a file.
/// A target that exists and is not a regular file (`/dev/null`, a named
/// pipe, `/dev/stdout`) is written directly: renaming over it would
/// replace the device.
enum Output {
    Stdout(BufWriter<io::Stdout>),
    Device {
        writer: BufWriter<File>,
        target: PathBuf,
    },
    File {
        writer: BufWriter<File>,
        temp: Partial,
    },
}

impl Output {
    fn create(path: Option<&Path>) -> Result<Output, String> {
        match path {
            None => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(p) if p.as_os_str() == "-" => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(p) => Output::create_file(p),
        }
    }

    fn create_file(target: &Path) -> Result<Output, String> {
        if std::fs::metadata(target).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(target)
                .map_err(|e| format!("{}: {e}", target.display()))?;
            return Ok(Output::Device {
                writer: BufWriter::with_capacity(1 << 16, file),
                target: target.to_owned(),
            });
        }
        let temp = Partial::new(target);
        let file = File::create(temp.path()).map_err(|e| format!("{}: {e}", target.display()))?;
        Ok(Output::File {
            writer: BufWriter::with_capacity(1 << 16, file),
            temp,
        })
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::Device { writer, .. } | Output::File { writer, .. } => writer,
        }
    }

    fn commit(self) -> Result<(), String> {
        match self {
            Output::Stdout(mut w) => match w.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("standard output: {e}"))
                }
                _ => Ok(()),
            },
            Output::Device { mut writer, target } => match writer.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("{}: {e}", target.display()))
                }
                _ => Ok(()),
            },
            Output::File { writer, temp } => {
                // On any failure `temp` is dropped, which removes the file.
                let fail = |e: io::Error| {
                    format!(
                        "{}: {e}; the file is left as it was",
                        temp.target().display()
                    )
                };
                let file = writer.into_inner().map_err(|e| fail(e.into_error()))?;
                file.sync_all().map_err(fail)?;
                let target = temp.target().to_owned();
                temp.finish()
                    .map_err(|e| format!("{}: {e}; the file is left as it was", target.display()))
            }
        }
    }
}
