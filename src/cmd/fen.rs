//! `scoresheet fen`: national-letter FEN → standard FEN.

use std::process::ExitCode;

use clap::Args;
use scoresheet::notation::fen::{FenReading, parse_fen};

#[derive(Args, Debug)]
pub struct FenArgs {
    /// The FEN, with any language's piece letters.
    text: String,
    /// Letters of the FEN: auto, or a language code.
    #[arg(long, default_value = "auto")]
    lang: String,
}

pub fn run(args: FenArgs) -> Result<ExitCode, String> {
    let letters = super::letters(&args.lang)?;
    match parse_fen(&args.text, letters) {
        Ok(FenReading { fen, letters }) => {
            println!("{fen}");
            if letters != "en" {
                eprintln!("scoresheet: read with the {letters} piece letters");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("scoresheet: {e}");
            Ok(ExitCode::from(1))
        }
    }
}
