//! The `scoresheet` command: argument parsing and wiring only.

mod cmd;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cmd::Cli::parse();
    match cmd::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("scoresheet: {e}");
            ExitCode::from(2)
        }
    }
}
