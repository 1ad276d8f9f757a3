#!/usr/bin/env python3
"""Games per second of the Python API against python-chess on one file.

    python3 benches/python_api.py [FILE] [ROUNDS]

Reads every game of FILE (default: the TWIC sample of ../shared/corpus)
with scoresheet.read_games (every move verified, findings, PGN written),
then again touching every move's UCI from Python, and with
python-chess's read_game followed by a replay of the main line on its
board; each the best of ROUNDS (default 3) rounds. Needs the package
(pip install ./python) and python-chess.
"""

import sys
import time

import chess.pgn

import scoresheet

path = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/twic1599-sample.pgn"
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def ours():
    return len(list(scoresheet.read_games(path)))


def ours_with_moves():
    return sum(len([m.uci for m in g.moves]) >= 0 for g in scoresheet.read_games(path))


def theirs():
    count = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            count += 1
    return count


def best(fn):
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        games = fn()
        times.append(time.perf_counter() - started)
    return games, min(times)


games, t_ours = best(ours)
_, t_moves = best(ours_with_moves)
games_chess, t_chess = best(theirs)
print(f"file: {path}")
print(f"scoresheet.read_games: {games} games in {t_ours:.3f} s = {games / t_ours:,.0f} games/s ({t_chess / t_ours:.1f}x)")
print(f"  every move's UCI touched: {t_moves:.3f} s = {games / t_moves:,.0f} games/s ({t_chess / t_moves:.1f}x)")
print(f"python-chess read_game + replay: {games_chess} games in {t_chess:.3f} s = {games_chess / t_chess:,.0f} games/s")
