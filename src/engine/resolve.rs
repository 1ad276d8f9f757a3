//! The one resolver: a pattern and a position give a move.
//!
//! Resolution keeps the legal moves that satisfy every constraint of the
//! pattern. When the pattern names the piece and one destination square,
//! only that piece's moves to that square are generated, which keeps the
//! common case as fast as a dedicated SAN reader.
//!
//! ```
//! use scoresheet::engine::resolve::{resolve_with, Resolution};
//! use scoresheet::model::MovePattern;
//! use shakmaty::{Chess, Role, Square};
//!
//! let pos = Chess::default();
//! let nf3 = MovePattern::piece_to(Role::Knight, Square::F3);
//! assert!(matches!(resolve_with(&pos, &nf3, None), Resolution::Unique(_)));
//! ```

use shakmaty::{
    Bitboard, Chess, EnPassantMode, Move, MoveList, Piece, Position, Rank, Role, Square, attacks,
};

use crate::engine::moves::{captured_square, destination};
use crate::engine::origins::Origins;
use crate::model::{Captured, MovePattern, Readings};

/// What a pattern means in a position.
#[derive(Debug, Clone)]
pub enum Resolution {
    /// Exactly one legal move fits.
    Unique(Move),
    /// No legal move fits.
    Illegal,
    /// Several legal moves fit; all of them.
    Ambiguous(Vec<Move>),
}

/// Resolves every reading of a move; the legal moves they give together
/// decide.
#[inline]
pub fn resolve_readings(pos: &Chess, readings: &Readings, origins: Option<&Origins>) -> Resolution {
    if readings.more.is_empty() {
        resolve_with(pos, &readings.first, origins)
    } else {
        resolve_several(pos, readings, origins)
    }
}

/// [`resolve_readings`] when there are several readings. A writer means a
/// reading that names one move: where some readings do, one that leaves
/// several open is not what was meant (`QR-N1` is the queen's rook, not
/// either rook on the queen's side, when the king's rook stands there
/// too).
fn resolve_several(pos: &Chess, readings: &Readings, origins: Option<&Origins>) -> Resolution {
    let mut unique: Vec<Move> = Vec::new();
    let mut open: Vec<Move> = Vec::new();
    for pattern in readings.iter() {
        match resolve_with(pos, pattern, origins) {
            Resolution::Unique(m) => push_new(&mut unique, m),
            Resolution::Ambiguous(moves) => moves.into_iter().for_each(|m| push_new(&mut open, m)),
            Resolution::Illegal => {}
        }
    }
    let found = if unique.is_empty() { open } else { unique };
    match found.as_slice() {
        [] => Resolution::Illegal,
        [m] => Resolution::Unique(*m),
        _ => Resolution::Ambiguous(found),
    }
}

fn push_new(moves: &mut Vec<Move>, m: Move) {
    if !moves.contains(&m) {
        moves.push(m);
    }
}

/// Resolves `pattern`, with the pieces' starting squares when the pattern
/// constrains them (descriptive notation).
pub fn resolve_with(pos: &Chess, pattern: &MovePattern, origins: Option<&Origins>) -> Resolution {
    // Starting squares matter only to a pattern that names them; without
    // them the one-square shortcut of SAN applies.
    let origins = origins
        .filter(|_| pattern.origin != Bitboard::FULL || pattern.captured_origin != Bitboard::FULL);
    if let Some(resolution) = by_attacks(pos, pattern, origins) {
        return resolution;
    }
    let fits = |m: &Move| matches(pattern, m) && fits_origins(pattern, m, origins);
    let mut moves = candidates(pos, pattern);
    moves.retain(|m| fits(m));
    if moves.is_empty() && pattern.role == Some(Role::King) && pattern.castle.is_none() {
        // Old texts write castling as the king's move (`Kg1`, `Ke1-g1`).
        moves = pos.legal_moves();
        moves.retain(|m| m.is_castle() && fits(m));
    }
    match moves.len() {
        0 => Resolution::Illegal,
        1 => Resolution::Unique(moves[0]),
        _ => Resolution::Ambiguous(moves.to_vec()),
    }
}

/// The hot path: the legal moves of a pattern found from attack tables
/// and one king-safety test per origin, without building move lists, for
/// every pattern that names its piece, or its origin square (coordinates,
/// ICCF), and is not castling or en passant (nor a king move that is not
/// found here: see [`king_move`]). `None` leaves the rest to the general
/// path.
fn by_attacks(pos: &Chess, p: &MovePattern, origins: Option<&Origins>) -> Option<Resolution> {
    if p.castle.is_some() {
        return None;
    }
    let board = pos.board();
    let turn = pos.turn();
    let role = match p.role {
        Some(role) => role,
        // Coordinates name the origin square: the piece is the one there.
        None => match p.from.single_square().and_then(|from| board.piece_at(from)) {
            Some(piece) if piece.color == turn => piece.role,
            Some(_) | None if p.from.single_square().is_some() => return Some(Resolution::Illegal),
            _ => return None,
        },
    };
    if role == Role::King {
        // Coordinates without a piece may also be castling (`e1g1`; in
        // Chess960 `b1c1` is both a king's step and castling): left to
        // the general path while the king may castle.
        if p.role.is_none() && pos.castles().has_color(turn) {
            return None;
        }
        return king_move(pos, p, origins).map(Resolution::Unique);
    }
    let mut targets = p.to & !pos.us();
    match p.captured {
        Captured::Piece(captured) => targets &= pos.their(captured),
        Captured::Nothing => targets &= !pos.them(),
        Captured::Unconstrained => {}
    }
    if p.captured_on != Bitboard::FULL {
        targets &= p.captured_on & pos.them();
    }
    if role == Role::Pawn
        && pos
            .ep_square(EnPassantMode::Legal)
            .is_some_and(|ep| p.to.contains(ep))
    {
        // En passant may fit: the general path knows it.
        return None;
    }
    let ours = pos.our(role) & p.from;
    // One square and nothing said of where pieces started, as SAN writes
    // moves: the legal origins are the moves, without gathering them.
    if origins.is_none()
        && let Some(to) = targets.single_square()
    {
        let capture = board.role_at(to);
        let mut moves = legal_origins_to(pos, p, role, ours, to)?
            .into_iter()
            .map(|from| Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: p.promotion,
            });
        return Some(match (moves.next(), moves.next()) {
            (None, _) => Resolution::Illegal,
            (Some(m), None) => Resolution::Unique(m),
            (Some(first), Some(second)) => {
                Resolution::Ambiguous([first, second].into_iter().chain(moves).collect())
            }
        });
    }
    let mut found: Option<Move> = None;
    let mut more: Vec<Move> = Vec::new();
    // Several squares (`N-B3`, `PxP`): most are out of reach, and each
    // square tried costs a king-safety test.
    for to in targets & reach(pos, role, ours) {
        let froms = legal_origins_to(pos, p, role, ours, to)?;
        let capture = board.role_at(to);
        for from in froms {
            let m = Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: p.promotion,
            };
            if !fits_origins(p, &m, origins) {
                continue;
            }
            match found {
                None => found = Some(m),
                Some(_) => more.push(m),
            }
        }
    }
    Some(match (found, more.is_empty()) {
        (None, _) => Resolution::Illegal,
        (Some(m), true) => Resolution::Unique(m),
        (Some(m), false) => {
            more.insert(0, m);
            Resolution::Ambiguous(more)
        }
    })
}

/// The squares that the pieces `ours`, of `role` (not the king), attack
/// or, pawns, may step to, whether or not the move is legal.
fn reach(pos: &Chess, role: Role, ours: Bitboard) -> Bitboard {
    let turn = pos.turn();
    let occupied = pos.board().occupied();
    let piece = Piece { role, color: turn };
    let attacked = ours.into_iter().fold(Bitboard::EMPTY, |reach, from| {
        reach | attacks::attacks(from, piece, occupied)
    });
    if role != Role::Pawn {
        return attacked;
    }
    let step = turn.fold_wb(8, -8);
    let single = ours.shift(step) & !occupied;
    let third = Bitboard::from_rank(turn.fold_wb(Rank::Third, Rank::Sixth));
    let double = (single & third).shift(step) & !occupied;
    attacked | single | double
}

/// The squares of `ours` from which `role` (not the king) may legally go
/// to `to`, `to` being no square of the side to move, promoting as `p`
/// says. `None` for a pawn reaching the last rank with no promotion piece
/// written, which only the general path reads.
fn legal_origins_to(
    pos: &Chess,
    p: &MovePattern,
    role: Role,
    ours: Bitboard,
    to: Square,
) -> Option<Bitboard> {
    let turn = pos.turn();
    let promotes = role == Role::Pawn && to.rank() == turn.fold_wb(Rank::Eighth, Rank::First);
    if promotes && p.promotion.is_none() {
        return None;
    }
    if promotes == p.promotion.is_none() || (promotes && p.no_promotion) {
        return Some(Bitboard::EMPTY);
    }
    let occupied = pos.board().occupied();
    let froms = match role {
        Role::Pawn if occupied.contains(to) => attacks::pawn_attacks(!turn, to) & ours,
        Role::Pawn => {
            let back = turn.fold_wb(-8, 8);
            match to.offset(back) {
                Some(one) if occupied.contains(one) => Bitboard::from_square(one) & ours,
                Some(one) if to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth) => {
                    one.offset(back)
                        .map_or(Bitboard::EMPTY, Bitboard::from_square)
                        & ours
                }
                _ => Bitboard::EMPTY,
            }
        }
        _ => piece_origins(pos, role, to) & ours,
    };
    Some(legal_origins(pos, froms, to))
}

/// The king's move to a square of `p.to`, when exactly one step there is
/// legal and fits the pattern: the king may go where no enemy piece
/// attacks once it has left its square. `None` otherwise: the general
/// path then reads castling written as a king move (`Kg1`), which only it
/// knows, and reports an ambiguity.
fn king_move(pos: &Chess, p: &MovePattern, origins: Option<&Origins>) -> Option<Move> {
    let king = pos.board().king_of(pos.turn())?;
    // Descriptive squares name both wings (`K-N2`): the one step that is
    // legal, if only one is; otherwise the general path decides, as it
    // does while the king may castle (`K-B1` is also `O-O-O`).
    if p.to.more_than_one() && pos.castles().has_color(pos.turn()) {
        return None;
    }
    let mut found = None;
    for to in p.to & attacks::king_attacks(king) {
        if let Some(m) = king_step(pos, p, origins, king, to) {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
}

/// The king's step from `king` to `to`, if it is legal and fits `p`.
fn king_step(
    pos: &Chess,
    p: &MovePattern,
    origins: Option<&Origins>,
    king: Square,
    to: Square,
) -> Option<Move> {
    let board = pos.board();
    if p.promotion.is_some()
        || !p.from.contains(king)
        || pos.us().contains(to)
        || !attacks::king_attacks(king).contains(to)
    {
        return None;
    }
    let capture = board.role_at(to);
    match p.captured {
        Captured::Piece(captured) if capture != Some(captured) => return None,
        Captured::Nothing if capture.is_some() => return None,
        _ => {}
    }
    if p.captured_on != Bitboard::FULL && (capture.is_none() || !p.captured_on.contains(to)) {
        return None;
    }
    if !king_may_step(pos, king, to) {
        return None;
    }
    let m = Move::Normal {
        role: Role::King,
        from: king,
        capture,
        to,
        promotion: None,
    };
    fits_origins(p, &m, origins).then_some(m)
}

/// Whether the king of the side to move, on `king`, may step to `to` (a
/// square next to it not held by its own side): no enemy piece attacks
/// `to` once the king has left its square.
fn king_may_step(pos: &Chess, king: Square, to: Square) -> bool {
    let without_king = pos.board().occupied() ^ Bitboard::from_square(king);
    pos.board()
        .attacks_to(to, !pos.turn(), without_king)
        .is_empty()
}

/// Whether the side to move is checkmated, as [`Position::is_checkmate`]
/// says. That generates every legal move of a position in check, which
/// most checks do not need: a king that may step aside is no mate, and
/// its steps are tested from attack tables first.
pub fn is_checkmate(pos: &Chess) -> bool {
    if !pos.is_check() {
        return false;
    }
    let Some(king) = pos.board().king_of(pos.turn()) else {
        return pos.is_checkmate();
    };
    let steps = attacks::king_attacks(king) & !pos.us();
    !steps.into_iter().any(|to| king_may_step(pos, king, to)) && pos.legal_moves().is_empty()
}

fn candidates(pos: &Chess, pattern: &MovePattern) -> MoveList {
    if let Some(side) = pattern.castle {
        return pos.castling_moves(side);
    }
    match (pattern.role, single_square(pattern.to)) {
        (Some(role), Some(to)) => pos.san_candidates(role, to),
        _ => pos.legal_moves(),
    }
}

fn single_square(bb: Bitboard) -> Option<Square> {
    bb.single_square()
}

/// Squares from which a knight, bishop, rook or queen of the side to move
/// attacks `to` (empty for other pieces).
pub fn piece_origins(pos: &Chess, role: Role, to: Square) -> Bitboard {
    let occupied = pos.board().occupied();
    pos.our(role)
        & match role {
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::bishop_attacks(to, occupied),
            Role::Rook => attacks::rook_attacks(to, occupied),
            Role::Queen => attacks::queen_attacks(to, occupied),
            Role::Pawn | Role::King => Bitboard::EMPTY,
        }
}

/// Those of `froms` from which a non-king move to `to` (not en passant)
/// leaves the king safe: with the piece moved, no enemy piece but one
/// captured on `to` attacks it.
pub fn legal_origins(pos: &Chess, froms: Bitboard, to: Square) -> Bitboard {
    let turn = pos.turn();
    let occupied = pos.board().occupied();
    let Some(king) = pos.board().king_of(turn) else {
        return Bitboard::EMPTY;
    };
    let target = Bitboard::from_square(to);
    let mut legal = Bitboard::EMPTY;
    for from in froms {
        let after = (occupied ^ Bitboard::from_square(from)) | target;
        if (pos.king_attackers(king, !turn, after) & !target).is_empty() {
            legal.add(from);
        }
    }
    legal
}

/// Whether `m` satisfies every constraint of `pattern` that the board
/// alone decides.
pub fn matches(pattern: &MovePattern, m: &Move) -> bool {
    if let Some(side) = pattern.castle {
        return m.castling_side() == Some(side);
    }
    // Coordinates may write castling as the king taking its rook (`e1h1`).
    let lands = pattern.to.contains(destination(m))
        || (pattern.role.is_none() && m.is_castle() && pattern.to.contains(m.to()));
    pattern.role.is_none_or(|r| r == m.role())
        && m.from().is_some_and(|from| pattern.from.contains(from))
        && lands
        && (pattern.promotion.is_none() || pattern.promotion == m.promotion())
        && !(pattern.no_promotion && m.is_promotion())
        && match pattern.captured {
            Captured::Unconstrained => true,
            Captured::Piece(role) => m.capture() == Some(role),
            Captured::Nothing => m.capture().is_none(),
        }
        && (pattern.captured_on == Bitboard::FULL
            || captured_square(m).is_some_and(|sq| pattern.captured_on.contains(sq)))
}

/// Whether the pieces' starting squares fit what `pattern` says of them.
fn fits_origins(pattern: &MovePattern, m: &Move, origins: Option<&Origins>) -> bool {
    let Some(origins) = origins else {
        return true;
    };
    let started = |sq: Option<Square>, allowed: Bitboard| {
        allowed == Bitboard::FULL
            || sq
                .and_then(|sq| origins.start_of(sq))
                .is_some_and(|s| allowed.contains(s))
    };
    started(m.from(), pattern.origin) && started(captured_square(m), pattern.captured_origin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position as pos;
    use crate::lang::Language;
    use crate::notation::san;
    use shakmaty::fen::Fen;
    use shakmaty::File;


    fn resolve_en(pos: &Chess, token: &str) -> Resolution {
        resolve_with(pos, &san::parse(token, Language::english()).unwrap(), None)
    }

    fn unique(pos: &Chess, token: &str) -> String {
        match resolve_en(pos, token) {
            Resolution::Unique(m) => shakmaty::san::San::from_move(pos, m).to_string(),
            other => panic!("{token}: {other:?}"),
        }
    }

    #[test]
    fn pins_resolve_an_unmarked_ambiguity() {
        // The knight on c3 is pinned, so Ne2 can only be the g1 knight.
        let p = pos("rnb1kbnr/pppp1ppp/8/4p3/1q2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 4");
        match resolve_en(&p, "Ne2") {
            Resolution::Unique(m) => assert_eq!(m.from(), Some(Square::G1)),
            other => panic!("{other:?}"),
        }
    }

    /// The position after `moves` (SAN) from the start, and where each
    /// piece began.
    fn played(moves: &str) -> (Chess, Origins) {
        let mut p = Chess::default();
        let mut origins = Origins::new(&p);
        for token in moves.split_whitespace() {
            let san: shakmaty::san::San = token.parse().unwrap();
            let m = san.to_move(&p).unwrap();
            origins.play(m);
            p.play_unchecked(m);
        }
        (p, origins)
    }

    #[test]
    fn a_wing_word_that_names_one_piece_by_its_start_is_that_piece() {
        // The king's rook has crossed to d1: both rooks stand on the
        // queen's side, but only the one on a1 began there.
        let (p, origins) = played("e4 e5 Nf3 Nc6 Be2 Nf6 d3 Be7 O-O O-O Nc3 d6 Be3 Be6 Qd2 Qd7 Rfd1 a6");
        let readings =
            crate::notation::descriptive::parse("QR-N1", Language::english(), shakmaty::Color::White).unwrap();
        match resolve_readings(&p, &readings, Some(&origins)) {
            Resolution::Unique(m) => assert_eq!(m.from(), Some(Square::A1)),
            other => panic!("{other:?}"),
        }
        // Where no reading names one piece, the move stays open.
        let readings =
            crate::notation::descriptive::parse("R-N1", Language::english(), shakmaty::Color::White).unwrap();
        assert!(matches!(
            resolve_readings(&p, &readings, Some(&origins)),
            Resolution::Ambiguous(_)
        ));
    }

    #[test]
    fn ambiguous_and_illegal() {
        let p = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        assert!(matches!(resolve_en(&p, "Rd1"), Resolution::Ambiguous(ref c) if c.len() == 2));
        assert!(matches!(resolve_en(&p, "Rd2"), Resolution::Illegal));
        assert_eq!(unique(&p, "Rad1"), "Rad1");
    }

    #[test]
    fn castling_as_king_move() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(unique(&p, "Kg1"), "O-O");
        assert_eq!(unique(&p, "Ke1-c1"), "O-O-O");
        assert_eq!(unique(&p, "e1g1"), "O-O");
        assert_eq!(unique(&p, "0-0-0"), "O-O-O");
    }

    #[test]
    fn en_passant_and_two_file_captures() {
        let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assert_eq!(unique(&p, "exf6"), "exf6");
        assert_eq!(unique(&p, "ef"), "exf6");
        assert_eq!(unique(&p, "ef6"), "exf6");
        let after = pos("rnbqkbnr/ppp1p1pp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
        assert!(matches!(resolve_en(&after, "ef"), Resolution::Illegal));
        let _ = Fen::from_position(&p, EnPassantMode::Legal);
    }

    /// The general path: every legal move, filtered.
    fn by_filtering(pos: &Chess, p: &MovePattern) -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|m| matches(p, m))
            .collect()
    }

    #[test]
    fn attack_table_path_agrees_with_filtering_legal_moves() {
        use rand::SeedableRng;
        use rand::rngs::StdRng;
        use rand::seq::IndexedRandom;
        let mut rng = StdRng::seed_from_u64(7);
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ];
        let mut checked = 0;
        for _ in 0..30 {
            let mut pos = Chess::default();
            for _ in 0..120 {
                let mut patterns: Vec<MovePattern> = Vec::new();
                for to in Square::ALL {
                    for role in roles {
                        for promotion in [None, Some(Role::Queen), Some(Role::Knight)] {
                            patterns.push(MovePattern {
                                promotion,
                                ..MovePattern::piece_to(role, to)
                            });
                        }
                    }
                    // Coordinates: an origin square and no piece.
                    for from in [Square::E2, Square::G1, Square::D7, to.flip_vertical()] {
                        patterns.push(MovePattern {
                            from: Bitboard::from_square(from),
                            to: Bitboard::from_square(to),
                            ..MovePattern::ANY
                        });
                    }
                }
                // Descriptive: a piece that takes a piece, squares in pairs.
                for role in roles {
                    for captured in roles {
                        patterns.push(MovePattern {
                            role: Some(role),
                            captured: Captured::Piece(captured),
                            ..MovePattern::ANY
                        });
                    }
                    for rank in Rank::ALL {
                        let pair = Bitboard::from_square(Square::from_coords(File::C, rank))
                            | Bitboard::from_square(Square::from_coords(File::F, rank));
                        patterns.push(MovePattern {
                            role: Some(role),
                            to: pair,
                            ..MovePattern::ANY
                        });
                    }
                }
                for p in &patterns {
                    let want = by_filtering(&pos, p);
                    if let Some(found) = by_attacks(&pos, p, None) {
                        let got = match found {
                            Resolution::Unique(m) => vec![m],
                            Resolution::Ambiguous(moves) => moves,
                            Resolution::Illegal => vec![],
                        };
                        let (mut got, mut want) = (got, want);
                        got.sort_by_key(|m| format!("{m:?}"));
                        want.sort_by_key(|m| format!("{m:?}"));
                        assert_eq!(
                            got,
                            want,
                            "{p:?} in {}",
                            Fen::from_position(&pos, EnPassantMode::Legal)
                        );
                        checked += 1;
                    }
                }
                let moves = pos.legal_moves();
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
        assert!(checked > 250_000, "{checked}");
    }

    #[test]
    fn checkmate_as_shakmaty_tells_it() {
        use rand::SeedableRng;
        use rand::rngs::StdRng;
        use rand::seq::IndexedRandom;
        for fen in [
            // Fool's mate, a smothered mate, a back-rank mate.
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",
            "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
            // The king cannot step, but the check can be blocked, or the
            // checker taken.
            "3R2k1/5ppp/8/8/8/8/4r3/6K1 b - - 0 1",
            "3R2k1/5ppp/8/8/8/8/3r4/6K1 b - - 0 1",
            "4r1k1/5ppp/8/8/8/5n2/6PP/4R1K1 w - - 0 1",
            // Double check, and no square for the king.
            "6k1/8/8/8/8/8/5nPP/4r2K w - - 0 1",
        ] {
            let p = pos(fen);
            assert_eq!(is_checkmate(&p), p.is_checkmate(), "{fen}");
        }
        let mut rng = StdRng::seed_from_u64(5);
        let (mut checks, mut mates) = (0, 0);
        for _ in 0..3000 {
            let mut pos = Chess::default();
            for _ in 0..300 {
                assert_eq!(
                    is_checkmate(&pos),
                    pos.is_checkmate(),
                    "{}",
                    Fen::from_position(&pos, EnPassantMode::Legal)
                );
                checks += usize::from(pos.is_check());
                let moves = pos.legal_moves();
                let Some(&m) = moves.choose(&mut rng) else {
                    mates += usize::from(pos.is_check());
                    break;
                };
                pos.play_unchecked(m);
            }
        }
        assert!(
            checks > 10_000 && mates > 50,
            "{checks} checks, {mates} mates"
        );
    }

    #[test]
    fn promotion_without_piece_is_ambiguous() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert!(matches!(resolve_en(&p, "e8"), Resolution::Ambiguous(ref c) if c.len() == 4));
        assert_eq!(unique(&p, "e8=N"), "e8=N");
    }
}
