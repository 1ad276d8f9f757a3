//! Benchmark peer for `scoresheet`: reads PGN with `pgn-reader` on one
//! thread and replays every main-line move with `shakmaty`, the way a
//! dedicated SAN reader does.
//!
//! ```text
//! pgn-reader-replay FILE            replay only; prints games and plies
//! pgn-reader-replay FILE --san OUT  also write each game (tags, SAN
//!                                   movetext re-rendered from the moves,
//!                                   80 columns) to OUT
//! ```

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// Replays games; writes them when `out` is set.
struct Replay<W> {
    out: Option<W>,
    games: u64,
    plies: u64,
    errors: u64,
}

/// One game being replayed.
struct Game {
    pos: Chess,
    /// Half-moves played, for move numbers.
    ply: u32,
    /// Movetext written so far, and the length of its current line.
    text: String,
    column: usize,
    ok: bool,
}

impl Game {
    fn push(&mut self, token: &str) {
        if self.column > 0 && self.column + 1 + token.len() > 80 {
            self.text.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.text.push(' ');
            self.column += 1;
        }
        self.text.push_str(token);
        self.column += token.len();
    }
}

/// Tags of the game being read, and its start position.
struct Tags {
    text: String,
    start: Option<Chess>,
    ok: bool,
}

impl<W: Write> Visitor for Replay<W> {
    type Tags = Tags;
    type Movetext = Game;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Tags> {
        ControlFlow::Continue(Tags {
            text: String::new(),
            start: None,
            ok: true,
        })
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        // Chess960 castling rules read every FEN of the TCEC archive
        // (some start positions are shuffled) and standard games alike.
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok())
            {
                Some(pos) => tags.start = Some(pos),
                None => {
                    eprintln!("game {}: bad FEN tag", self.games + 1);
                    tags.ok = false;
                }
            }
        }
        if self.out.is_some() {
            tags.text.push('[');
            tags.text.push_str(&String::from_utf8_lossy(name));
            tags.text.push_str(" \"");
            tags.text.push_str(&value.decode_utf8_lossy());
            tags.text.push_str("\"]\n");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<(), Game> {
        ControlFlow::Continue(Game {
            pos: tags.start.unwrap_or_default(),
            ply: 0,
            text: tags.text,
            column: 0,
            ok: tags.ok,
        })
    }

    fn san(&mut self, game: &mut Game, san_plus: SanPlus) -> ControlFlow<()> {
        if !game.ok {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&game.pos) {
            Ok(m) => {
                if self.out.is_some() {
                    if game.ply == 0 {
                        game.text.push('\n');
                    }
                    let white = game.pos.turn().is_white();
                    let number = game.pos.fullmoves();
                    if white {
                        game.push(&format!("{number}."));
                    } else if game.ply == 0 {
                        game.push(&format!("{number}..."));
                    }
                    let san = SanPlus::from_move_and_play_unchecked(&mut game.pos, m);
                    game.push(&san.to_string());
                } else {
                    game.pos.play_unchecked(m);
                }
                game.ply += 1;
                self.plies += 1;
            }
            Err(e) => {
                eprintln!("game {}: {e}: {san_plus}", self.games + 1);
                game.ok = false;
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut Game, outcome: Outcome) -> ControlFlow<()> {
        if self.out.is_some() {
            if game.ply == 0 {
                game.text.push('\n');
            }
            game.push(&outcome.to_string());
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) {
        self.games += 1;
        self.errors += u64::from(!game.ok);
        if let Some(out) = self.out.as_mut() {
            // A write error shows again, and is reported, at the flush.
            let _ = writeln!(out, "{}\n", game.text);
        }
    }
}

fn run(path: &str, out: Option<&str>) -> io::Result<(u64, u64, u64)> {
    let out = out
        .map(|p| File::create(p).map(|f| BufWriter::with_capacity(1 << 16, f)))
        .transpose()?;
    let mut replay = Replay {
        out,
        games: 0,
        plies: 0,
        errors: 0,
    };
    let mut reader = Reader::new(File::open(path)?);
    while reader.read_game(&mut replay)?.is_some() {}
    if let Some(out) = replay.out.as_mut() {
        out.flush()?;
    }
    Ok((replay.games, replay.plies, replay.errors))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, out) = match args.as_slice() {
        [path] => (path, None),
        [path, flag, out] if flag == "--san" => (path, Some(out.as_str())),
        _ => {
            eprintln!("usage: pgn-reader-replay FILE [--san OUT]");
            return ExitCode::from(2);
        }
    };
    match run(path, out) {
        Ok((games, plies, errors)) => {
            eprintln!("{games} games, {plies} plies, {errors} with errors");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("pgn-reader-replay: {path}: {e}");
            ExitCode::from(2)
        }
    }
}
