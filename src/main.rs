//! The `scoresheet` command: argument parsing and wiring only.

mod cmd;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cmd::Cli::parse();
    match cmd::run(cli) {
        Ok(code) => code,
        Err(e) => {
            // A standard error that cannot be written loses the message,
            // not the status.
            let _ = writeln!(std::io::stderr().lock(), "scoresheet: {e}");
            ExitCode::from(2)
        }
    }
}
