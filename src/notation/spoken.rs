//! Writing moves spoken, as the FIDE Laws prescribe for blind players,
//! in German: `Springer Felix drei`, `Kurze Rochade`, `Bauer schlägt
//! David fünf`.

use shakmaty::san::San;
use shakmaty::{CastlingSide, Chess, Move, Role};

use crate::notation::san::suffix;

const SPOKEN_FILES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
const SPOKEN_RANKS: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];

fn spoken_piece(role: Role) -> &'static str {
    match role {
        Role::King => "König",
        Role::Queen => "Dame",
        Role::Rook => "Turm",
        Role::Bishop => "Läufer",
        Role::Knight => "Springer",
        Role::Pawn => "Bauer",
    }
}

/// Spoken German as the FIDE Laws prescribe for blind players: piece,
/// the SAN disambiguation, `schlägt` for captures, the square as file
/// name and rank numeral, then promotion, `Schach` or `Matt`.
pub fn append(out: &mut String, before: &Chess, m: Move, after: &Chess) {
    let mut words: Vec<&str> = Vec::with_capacity(8);
    match San::from_move(before, m) {
        San::Castle(CastlingSide::KingSide) => words.push("Kurze Rochade"),
        San::Castle(CastlingSide::QueenSide) => words.push("Lange Rochade"),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                words.push(spoken_piece(role));
            }
            if let Some(file) = file {
                words.push(SPOKEN_FILES[file as usize]);
            }
            if let Some(rank) = rank {
                words.push(SPOKEN_RANKS[rank as usize]);
            }
            if capture {
                words.push("schlägt");
            }
            words.push(SPOKEN_FILES[to.file() as usize]);
            words.push(SPOKEN_RANKS[to.rank() as usize]);
            if m.is_en_passant() {
                words.push("en passant");
            }
            if let Some(role) = promotion {
                words.push(spoken_piece(role));
            }
        }
        San::Put { .. } | San::Null => {}
    }
    match suffix(after) {
        "+" => words.push("Schach"),
        "#" => words.push("Matt"),
        _ => {}
    }
    out.push_str(&words.join(" "));
}
