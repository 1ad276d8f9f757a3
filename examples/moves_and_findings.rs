//! Streams a file of games and prints each game's moves and findings:
//! `cargo run --example moves_and_findings -- examples/book-page.txt`

use scoresheet::Reader;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: FILE")?;
    for game in Reader::new().read_path(&path)? {
        let game = game?;
        let (notation, letters) = (game.notation(), game.letters());
        println!("game {}, read as {notation} {letters}", game.index());
        for m in game.moves() {
            let (ply, san, uci, at) = (m.ply, m.san(), m.uci(), m.location);
            println!(
                "{ply:>4}. {san:<7} {uci:<5} {}:{} {:?}",
                at.line, at.column, m.written
            );
        }
        for (f, at) in game.findings() {
            let (kind, message) = (f.kind.as_str(), &f.message);
            println!("  {}:{} {kind}: {message}", at.line, at.column);
        }
        println!("  final position: {}", game.fen());
    }
    Ok(())
}
