//! `scoresheet fen`: a national-letter FEN or a piece list → standard FEN.

use std::process::ExitCode;

use crate::notation::fen::{FenReading, parse_fen, parse_piece_list};
use clap::{Args, ValueEnum};
use shakmaty::Color;

#[derive(Args, Debug)]
pub struct FenArgs {
    /// A FEN with any language's piece letters, or a piece list
    /// (`White: Kg1, Qe2, a3; Black: Kg8, h7`).
    text: String,
    /// Letters: auto, or a language code.
    #[arg(long, default_value = "auto")]
    lang: String,
    /// Side to move, for a piece list.
    #[arg(long, value_enum, default_value_t = Turn::White)]
    turn: Turn,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    White,
    Black,
}

pub fn run(args: FenArgs) -> Result<ExitCode, String> {
    let table = super::Table::load(&args.lang)?;
    let letters = table.letters();
    let turn = match args.turn {
        Turn::White => Color::White,
        Turn::Black => Color::Black,
    };
    let reading = if args.text.contains(':') {
        parse_piece_list(&args.text, letters, turn)
    } else {
        parse_fen(&args.text, letters)
    };
    match reading {
        Ok(FenReading { fen, letters }) => {
            super::print(&fen)?;
            if letters != "en" {
                super::say(format_args!(
                    "scoresheet: read with the {letters} piece letters"
                ));
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            super::say(format_args!("scoresheet: {e}"));
            Ok(ExitCode::from(1))
        }
    }
}
