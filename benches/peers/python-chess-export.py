"""Benchmark peer for scoresheet: python-chess reads every game of a PGN
file (replaying its moves) and exports it as PGN.

Usage: python python-chess-export.py IN.pgn OUT.pgn
"""

import sys

import chess.pgn


def main() -> int:
    source, target = sys.argv[1], sys.argv[2]
    games = 0
    errors = 0
    with open(source, encoding="utf-8", errors="replace") as pgn, open(
        target, "w", encoding="utf-8"
    ) as out:
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            games += 1
            errors += bool(game.errors)
            exporter = chess.pgn.FileExporter(out)
            game.accept(exporter)
    print(f"{games} games, {errors} with errors", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
